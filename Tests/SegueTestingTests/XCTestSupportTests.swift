import SegueAnimation
import SegueTesting
import XCTest

/// SegueTesting from XCTest: the same host and assertions in an `XCTestCase`. XCTest on Linux runs test
/// methods on the main thread but cannot call a `@MainActor` one: the body says it is on the main actor.
final class XCTestSupportTests: XCTestCase {
    func testTheHomePageMatchesItsReferenceUnderXCTest() throws {
        try MainActor.assumeIsolated {
            let host = try SegueTestHost(size: CGSize(width: 240, height: 260)) { Home() }
            XCTAssertEqual(host.views.map(\.id), ["Home0"])
            assertSnapshot(of: host, named: "home")
        }
    }
}
