import Foundation
import Testing
@testable import segue

/// The version `segue --version` prints is the release the changelog's newest entry describes (the tag a
/// release gets: CHANGELOG.md says which).
struct VersionTests {
    @Test func segueVersionPrintsTheChangelogsNewestRelease() throws {
        #expect(SegueCommand.configuration.version == SegueCommand.version)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") && $0 != "## Unreleased" }
        #expect(releases.first == "## \(SegueCommand.version)")
        #expect(SegueCommand.version == "0.1.0")
    }
}
