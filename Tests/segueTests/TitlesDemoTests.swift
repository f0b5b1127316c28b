import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// The gallery's titles page (T): each row's page shows its `largeTitleDisplayMode` and its back button as
/// UIKit would on a 402-point window, measured with DejaVu Sans (SDL2_ttf) as the app draws it.
@MainActor
@Suite(.serialized) struct TitlesDemoTests {
    @Test func eachRowShowsItsModeAndItsBackButton() throws {
        let measurer = try SDLTextMeasurer(fonts: FontLocator().locate())
        try TextMeasurement.withMeasurer(measurer) {
            let host = HeadlessHost(size: CGSize(width: 402, height: 874)) { GalleryWindow(clock: $0, size: $1) }
            host.key(Key("T"), at: 0)
            host.frames(60)
            let nav = try #require(host.window.presentedTitles)
            #expect(nav.navigationBar.frame.height == 96 && nav.navigationBar.largeTitleLabel?.text == "Titles")
            // Large or not; the back button's title ("" = the chevron alone).
            let expected: [(Bool, String)] = [(true, "Titles"), (true, "Titles"), (false, "Titles"), (false, "Titles"),
                                              (false, "Back"), (false, ""), (false, "Back"), (false, "")]
            for (index, (large, back)) in expected.enumerated() {
                (nav.viewControllers[0] as? TitlesListPage)?.onSelect?(index)
                host.frames(60)
                #expect(nav.viewControllers.count == 2)
                #expect((nav.navigationBar.largeTitleLabel != nil) == large, "row \(index)")
                #expect(nav.navigationBar.frame.height == (large ? 96 : 44), "row \(index)")
                #expect(nav.navigationBar.backButton?.currentTitle == back, "row \(index)")
                nav.popViewController(animated: true)
                host.frames(60)
            }
        }
    }
}
