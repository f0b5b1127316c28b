#!/usr/bin/env bash
# Builds the documentation of every catalogue (SegueUIKit, SegueUI, SegueSDL, SegueTesting) into one site, in
# two forms, under .build/docs (or $SEGUE_DOCS_DIR):
#   site/     DocC's static-hosting output, one combined archive (swift-docc-plugin's combined documentation:
#             a landing page linking the four modules). DocC's JavaScript app: it needs a web server, since
#             its pages load /js/... and fetch /data/... from the site's root, which file:// cannot give.
#   offline/  the same pages as plain HTML (scripts/docs-offline.py renders DocC's render JSON): relative links,
#             the pictures beside them, no JavaScript. Open offline/index.html from a file browser.
# scripts/docs.sh --open  builds, then serves site/ on localhost (python3's http.server) and prints the URL;
#                         Ctrl+C stops it. PORT=8080 by default.
# scripts/check-docs.sh checks the catalogues with warnings as errors; this script builds what a reader reads.
set -euo pipefail
cd "$(dirname "$0")/.."
open=false
case "${1:-}" in
    --open) open=true ;;
    "") ;;
    *) echo "usage: scripts/docs.sh [--open]" >&2; exit 2 ;;
esac
out="${SEGUE_DOCS_DIR:-$PWD/.build/docs}"
rm -rf "$out/site" "$out/offline"
mkdir -p "$out"
swift package --allow-writing-to-directory "$out" generate-documentation \
    --target SegueUIKit --target SegueUI --target SegueSDL --target SegueTesting \
    --enable-experimental-combined-documentation --transform-for-static-hosting \
    --output-path "$out/site" 2>&1 | grep -v 'prohibited flag(s)' || true
[ -f "$out/site/data/documentation.json" ] || { echo "error: DocC wrote no combined site in $out/site" >&2; exit 1; }
python3 scripts/docs-offline.py "$out/site" "$out/offline" Segue
echo "offline: file://$out/offline/index.html (no server needed)"
if $open; then
    port="${PORT:-8080}"
    echo "serving $out/site at http://localhost:$port/documentation/ (Ctrl+C stops it)"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/site"
fi
