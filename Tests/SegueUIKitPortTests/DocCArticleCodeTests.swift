// The DocC articles quote only code that compiles and runs: every ```swift block of every article in
// every catalogue (Sources/*/*.docc) must appear, line for line, in a Swift file that a test target or the
// example compiles (this target's ports, whose tests run that code, Examples/SlideTransition, which
// ExampleScriptsTests replays, and the example's tests in Examples/SlideTransition/Tests). A block may be indented less than its source (a method quoted out of its
// class); every line keeps its indentation relative to the block's first line. Code that is not Segue's
// (the seed articles' Objective-C, UIKit originals) goes in blocks tagged `objc` or with no language, and
// shell commands in `sh` blocks: those are not checked.
//
// Why not DocC snippets: SwiftPM builds a package's Snippets/ as executables no test runs, while the
// ports here are what the tests drive frame by frame.
import Foundation
import Testing

/// The package's root, from this file's path.
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The ```swift blocks of a Markdown text, each as its lines.
func swiftBlocks(in markdown: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if current != nil {
            if trimmed == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current!.append(line)
            }
        } else if trimmed == "```swift" {
            current = []
        }
    }
    return blocks
}

/// Whether `block` appears in `source` as consecutive lines, each indented by the same extra amount.
func appears(_ block: [String], in source: [String]) -> Bool {
    guard let first = block.first, !first.trimmingCharacters(in: .whitespaces).isEmpty else { return false }
    for start in source.indices where source[start].hasSuffix(first) {
        let indent = String(source[start].dropLast(first.count))
        guard indent.allSatisfy({ $0 == " " }), start + block.count <= source.count else { continue }
        let matches = block.indices.allSatisfy { k in
            block[k].isEmpty ? source[start + k].trimmingCharacters(in: .whitespaces).isEmpty
                             : source[start + k] == indent + block[k]
        }
        if matches { return true }
    }
    return false
}

@Suite struct DocCArticleCodeTests {
    /// Every article of every catalogue in Sources/, as its path and text.
    static func allArticles() throws -> [(path: String, text: String)] {
        let sources = packageRoot.appendingPathComponent("Sources")
        var articles: [(path: String, text: String)] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let moduleURL = sources.appendingPathComponent(module)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: moduleURL.path)) ?? []
            for catalogue in entries where catalogue.hasSuffix(".docc") {
                let url = moduleURL.appendingPathComponent(catalogue)
                for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".md") {
                    let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                    articles.append(("\(module)/\(catalogue)/\(name)", text))
                }
            }
        }
        return articles
    }
    /// The tutorial articles: each must quote code (the seed articles' flows, ported).
    static let tutorials = ["CustomTransitions.md", "InteractiveTransitions.md", "TabTransitions.md",
                            "ModalPresentation.md", "CustomContainers.md", "PortingFromUIKit.md"]

    /// The compiled Swift files articles may quote, each as its lines.
    static func quotableSources() throws -> [String: [String]] {
        var sources: [String: [String]] = [:]
        for directory in ["Tests/SegueUIKitPortTests", "Examples/SlideTransition", "Examples/SlideTransition/Tests"] {
            let url = packageRoot.appendingPathComponent(directory)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".swift") {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                sources["\(directory)/\(name)"] = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
        }
        return sources
    }

    @Test func everySwiftBlockOfEveryArticleIsCompiledCode() throws {
        let sources = try Self.quotableSources()
        #expect(sources.count > 10)
        let articles = try Self.allArticles()
        let tutorialPaths = Set(Self.tutorials.map { "SegueUIKit/SegueUIKit.docc/\($0)" })
        #expect(tutorialPaths.isSubset(of: Set(articles.map(\.path))))
        for (article, text) in articles {
            let blocks = swiftBlocks(in: text)
            if tutorialPaths.contains(article) {
                #expect(blocks.count >= 2, "\(article) quotes no ported code")
            }
            for block in blocks {
                #expect(sources.values.contains { appears(block, in: $0) },
                        "\(article): this block is in no compiled file:\n\(block.joined(separator: "\n"))")
            }
        }
    }

    @Test func theReadmesTestYourTransitionQuotesTheExamplesTests() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Test your transition\n"))
        let end = try #require(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
        let blocks = swiftBlocks(in: String(readme[start.upperBound..<end.lowerBound]))
        #expect(blocks.count == 2)
        let sources = try Self.quotableSources()
        for block in blocks {
            #expect(sources.values.contains { appears(block, in: $0) },
                    "README.md, Test your transition: this block is in no compiled file:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func aBlockMatchesLessIndentedButNotAlteredOrReindented() {
        let source = ["final class A {", "    func f() {", "        g()", "", "    }", "}"]
        #expect(appears(["func f() {", "    g()", "", "}"], in: source))
        #expect(appears(["    func f() {", "        g()"], in: source))
        #expect(!appears(["func f() {", "g()"], in: source))          // the body's indentation changed
        #expect(!appears(["func f() {", "    h()"], in: source))      // the code changed
        #expect(!appears(["        func f() {"], in: source))         // more indented than its source
        #expect(swiftBlocks(in: "a\n```swift\nx\n  y\n```\n```sh\nz\n```\n") == [["x", "  y"]])
    }
}
