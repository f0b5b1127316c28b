#!/usr/bin/env python3
"""docs-offline.py SITE OUT: writes a plain-HTML copy of a DocC static site, readable from a file browser.

DocC's static-hosting output is a JavaScript app: each page's index.html loads /js/... and fetches its content
from /data/....json, with paths from the site's root. Opened as file://, those paths point at the root of the
file system and browsers refuse fetch() of file:// URLs, so the pages stay blank. This script reads the same
render JSON (SITE/data/**/*.json, DocC's RenderNode format) and writes one self-contained HTML page a JSON,
with relative links and the images beside them: no server, no JavaScript. It renders what the articles and
symbol pages use (headings, paragraphs, code, lists, tables, asides, rows and columns of pictures,
declarations, parameters, topic sections); anything else is rendered as its text.
"""
import html
import json
import os
import shutil
import sys
import urllib.parse

STYLE = """
body { font: 16px/1.5 -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; max-width: 60em; margin: 0 auto;
       padding: 1em 2em 4em; color: #1d1d1f; }
a { color: #0066cc; text-decoration: none; } a:hover { text-decoration: underline; }
code, pre { font-family: "DejaVu Sans Mono", Menlo, monospace; font-size: 0.9em; }
code { background: #f2f2f4; padding: 0 0.2em; border-radius: 3px; }
pre { background: #f5f5f7; padding: 0.8em 1em; overflow-x: auto; border-radius: 6px; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; display: block; overflow-x: auto; }
th, td { border: 1px solid #d2d2d7; padding: 0.3em 0.6em; vertical-align: top; text-align: left; }
img { max-width: 100%; height: auto; }
.crumbs { font-size: 0.85em; color: #6e6e73; } .role { color: #6e6e73; text-transform: uppercase; font-size: 0.8em; }
.abstract { font-size: 1.2em; color: #424245; }
.aside { border-left: 4px solid #0066cc; background: #f5f8ff; padding: 0.4em 1em; margin: 1em 0; }
.row { display: flex; flex-wrap: wrap; gap: 1em; } .row > div { flex: 1 1 14em; }
.topic { margin: 0.4em 0 0.8em; } .topic p { margin: 0.1em 0 0 1.2em; color: #424245; font-size: 0.95em; }
.decl { background: #f5f5f7; padding: 0.6em 1em; border-radius: 6px; font-family: "DejaVu Sans Mono", monospace; }
"""


def page_path(url):
    """The file, relative to OUT, of a page at DocC url `url` (/documentation/segueui/view)."""
    path = url.split("#")[0].strip("/")
    return (path or "index") + ".html"


class Page:
    def __init__(self, node, out_file, out_root):
        self.node = node
        self.refs = node.get("references", {})
        self.dir = os.path.dirname(os.path.join(out_root, out_file))
        self.out_root = out_root

    def href(self, target_file, anchor=None):
        rel = os.path.relpath(os.path.join(self.out_root, target_file), self.dir)
        return urllib.parse.quote(rel) + ("#" + anchor if anchor else "")

    def site_link(self, url):
        """A link to `url`: a page of the site (/documentation/...) becomes its relative .html file."""
        if url.startswith("/documentation") or url.startswith("/tutorials"):
            anchor = url.split("#", 1)[1] if "#" in url else None
            return self.href(page_path(url), anchor)
        return html.escape(url)

    def ref_link(self, identifier, title=None):
        ref = self.refs.get(identifier)
        if not ref:
            return html.escape(title or identifier.rsplit("/", 1)[-1])
        text = title or ref.get("title") or identifier
        if ref.get("type") == "link":
            return '<a href="%s">%s</a>' % (self.site_link(ref.get("url", "")), html.escape(text))
        url = ref.get("url")
        if not url:
            return html.escape(text)
        anchor = url.split("#", 1)[1] if "#" in url else None
        is_code = ref.get("kind") == "symbol" and ref.get("role") not in ("collection",)
        label = "<code>%s</code>" % html.escape(text) if is_code else html.escape(text)
        return '<a href="%s">%s</a>' % (self.href(page_path(url), anchor), label)

    def image(self, identifier, alt=None):
        ref = self.refs.get(identifier, {})
        variants = ref.get("variants") or []
        if not variants:
            return ""
        url = variants[0]["url"]
        alt = alt or ref.get("alt") or ""
        return '<img src="%s" alt="%s">' % (self.href(url.lstrip("/")), html.escape(alt))

    def inline(self, items):
        out = []
        for item in items or []:
            kind = item.get("type")
            if kind == "text":
                out.append(html.escape(item["text"]))
            elif kind == "codeVoice":
                out.append("<code>%s</code>" % html.escape(item["code"]))
            elif kind == "emphasis":
                out.append("<em>%s</em>" % self.inline(item.get("inlineContent")))
            elif kind == "strong" or kind == "inlineHead":
                out.append("<strong>%s</strong>" % self.inline(item.get("inlineContent")))
            elif kind == "newTerm":
                out.append("<dfn>%s</dfn>" % self.inline(item.get("inlineContent")))
            elif kind in ("superscript", "subscript"):
                tag = "sup" if kind == "superscript" else "sub"
                out.append("<%s>%s</%s>" % (tag, self.inline(item.get("inlineContent")), tag))
            elif kind == "strikethrough":
                out.append("<s>%s</s>" % self.inline(item.get("inlineContent")))
            elif kind == "reference":
                overriding = item.get("overridingTitle")
                out.append(self.ref_link(item["identifier"], overriding))
            elif kind == "link":
                out.append('<a href="%s">%s</a>' % (self.site_link(item.get("destination", "")),
                                                    html.escape(item.get("title") or item.get("destination", ""))))
            elif kind == "image":
                out.append(self.image(item["identifier"]))
            else:
                out.append(self.inline(item.get("inlineContent")))
        return "".join(out)

    def blocks(self, items):
        out = []
        for block in items or []:
            kind = block.get("type")
            if kind == "heading":
                level = min(max(block.get("level", 2), 2), 6)
                out.append('<h%d id="%s">%s</h%d>' % (level, html.escape(block.get("anchor", "")),
                                                      html.escape(block["text"]), level))
            elif kind == "paragraph":
                out.append("<p>%s</p>" % self.inline(block.get("inlineContent")))
            elif kind == "codeListing":
                code = "\n".join(block.get("code") or [])
                out.append("<pre><code>%s</code></pre>" % html.escape(code))
            elif kind in ("unorderedList", "orderedList"):
                tag = "ul" if kind == "unorderedList" else "ol"
                items_html = "".join("<li>%s</li>" % self.blocks(i.get("content")) for i in block.get("items", []))
                out.append("<%s>%s</%s>" % (tag, items_html, tag))
            elif kind == "table":
                rows = block.get("rows", [])
                header = block.get("header") == "row"
                parts = []
                for r, row in enumerate(rows):
                    cell = "th" if header and r == 0 else "td"
                    parts.append("<tr>%s</tr>" % "".join("<%s>%s</%s>" % (cell, self.blocks(c), cell) for c in row))
                out.append("<table>%s</table>" % "".join(parts))
            elif kind == "aside":
                name = block.get("name") or block.get("style", "").capitalize()
                out.append('<div class="aside"><strong>%s</strong>%s</div>' % (html.escape(name),
                                                                               self.blocks(block.get("content"))))
            elif kind == "row":
                cols = "".join("<div>%s</div>" % self.blocks(c.get("content")) for c in block.get("columns", []))
                out.append('<div class="row">%s</div>' % cols)
            elif kind == "termList":
                parts = ["<dt>%s</dt><dd>%s</dd>" % (self.inline(i["term"].get("inlineContent")),
                                                     self.blocks(i["definition"].get("content")))
                         for i in block.get("items", [])]
                out.append("<dl>%s</dl>" % "".join(parts))
            elif kind == "thematicBreak":
                out.append("<hr>")
            elif kind == "links":
                out.append("<ul>%s</ul>" % "".join("<li>%s</li>" % self.ref_link(i) for i in block.get("items", [])))
            else:
                out.append(self.blocks(block.get("content")) + self.inline(block.get("inlineContent")))
        return "".join(out)

    def topics(self, sections, heading):
        if not sections:
            return ""
        out = ["<h2>%s</h2>" % heading]
        for section in sections:
            if section.get("title"):
                out.append("<h3>%s</h3>" % html.escape(section["title"]))
            for identifier in section.get("identifiers", []):
                ref = self.refs.get(identifier, {})
                out.append('<div class="topic">%s<p>%s</p></div>' % (self.ref_link(identifier),
                                                                     self.inline(ref.get("abstract"))))
        return "".join(out)

    def render(self, site_title):
        node = self.node
        meta = node.get("metadata", {})
        title = meta.get("title", "")
        parts = []
        crumbs = [self.ref_link(i) for i in (node.get("hierarchy", {}).get("paths") or [[]])[0]]
        crumbs.insert(0, '<a href="%s">%s</a>' % (self.href("index.html"), html.escape(site_title)))
        parts.append('<p class="crumbs">%s</p>' % " › ".join(crumbs))
        if meta.get("roleHeading"):
            parts.append('<p class="role">%s</p>' % html.escape(meta["roleHeading"]))
        parts.append("<h1>%s</h1>" % html.escape(title))
        if node.get("abstract"):
            parts.append('<p class="abstract">%s</p>' % self.inline(node["abstract"]))
        for section in node.get("primaryContentSections", []):
            kind = section.get("kind")
            if kind == "declarations":
                for declaration in section.get("declarations", []):
                    tokens = "".join(t.get("text", "") for t in declaration.get("tokens", []))
                    parts.append('<div class="decl">%s</div>' % html.escape(tokens))
            elif kind == "parameters":
                parts.append("<h2>Parameters</h2><dl>%s</dl>" % "".join(
                    "<dt><code>%s</code></dt><dd>%s</dd>" % (html.escape(p["name"]), self.blocks(p.get("content")))
                    for p in section.get("parameters", [])))
            elif kind == "content":
                parts.append(self.blocks(section.get("content")))
            elif kind == "properties":
                parts.append("<h2>%s</h2>" % html.escape(section.get("title", "Properties")))
        parts.append(self.topics(node.get("topicSections"), "Topics"))
        parts.append(self.topics(node.get("relationshipsSections"), "Relationships"))
        parts.append(self.topics(node.get("seeAlsoSections"), "See Also"))
        return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title>"
                "<meta name=\"viewport\" content=\"width=device-width\"><style>%s</style></head><body>%s</body></html>\n"
                % (html.escape(title), STYLE, "\n".join(parts)))


def main():
    site, out = sys.argv[1], sys.argv[2]
    site_title = sys.argv[3] if len(sys.argv) > 3 else "Documentation"
    data = os.path.join(site, "data")
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    if os.path.isdir(os.path.join(site, "images")):
        shutil.copytree(os.path.join(site, "images"), os.path.join(out, "images"))
    count = 0
    for root, _, files in os.walk(data):
        for name in files:
            if not name.endswith(".json"):
                continue
            path = os.path.join(root, name)
            url = "/" + os.path.relpath(path, data)[: -len(".json")]
            with open(path, encoding="utf-8") as f:
                node = json.load(f)
            out_file = page_path(url)
            os.makedirs(os.path.dirname(os.path.join(out, out_file)), exist_ok=True)
            with open(os.path.join(out, out_file), "w", encoding="utf-8") as f:
                f.write(Page(node, out_file, out).render(site_title))
            count += 1
    # The front page: the combined archive's landing page (its modules), rendered again at the root.
    landing = os.path.join(data, "documentation.json")
    if os.path.exists(landing):
        with open(landing, encoding="utf-8") as f:
            node = json.load(f)
        # Under the modules, every article of each module, so that any page is two clicks away.
        sections = []
        for identifier in [i for section in node.get("topicSections", []) for i in section.get("identifiers", [])]:
            module_url = node["references"].get(identifier, {}).get("url", "")
            module_file = os.path.join(data, module_url.strip("/") + ".json")
            if not os.path.exists(module_file):
                continue
            with open(module_file, encoding="utf-8") as f:
                module = json.load(f)
            articles = [i for section in module.get("topicSections", []) for i in section.get("identifiers", [])
                        if module["references"].get(i, {}).get("role") == "article"]
            node["references"].update({i: module["references"][i] for i in articles})
            if articles:
                sections.append({"title": "%s: articles" % module.get("metadata", {}).get("title", ""),
                                 "identifiers": articles})
        node["topicSections"] = [{"title": "Modules", "identifiers": [i for s in node.get("topicSections", [])
                                                                      for i in s.get("identifiers", [])]}] + sections
        with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
            f.write(Page(node, "index.html", out).render(site_title))
    print("wrote %d pages in %s" % (count, out))


if __name__ == "__main__":
    main()
