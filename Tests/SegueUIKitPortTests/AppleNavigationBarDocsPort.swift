// The code of Apple's documentation for the navigation bar, as the pages show it: "Customizing your app's
// navigation bar" (an opaque red appearance with light title text for the standard, scroll-edge and compact
// situations, set on the navigation item), `prefersLargeTitles` ("set this property to true on the
// navigation bar ... and use largeTitleDisplayMode to choose per item"), and `backButtonDisplayMode`
// (`.minimal` for a chevron without text). Changes Swift on Linux forces: `import UIKit` -> `import SegueUIKit`.
import SegueUIKit
import Testing

@MainActor
final class RedBarViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Red"
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .systemRed
        appearance.titleTextAttributes = [.foregroundColor: UIColor.lightText] // With a red background, make the title more readable.
        navigationItem.standardAppearance = appearance
        navigationItem.scrollEdgeAppearance = appearance
        navigationItem.compactAppearance = appearance // For iPhone small navigation bar in landscape.
    }
}

@MainActor
final class LargeTitleRootViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        navigationController?.navigationBar.prefersLargeTitles = true
    }
}

@MainActor
@Suite struct AppleNavigationBarDocsPortTests {
    let h = PortHarness()

    @Test func theRedAppearanceColoursTheBarAndItsTitleOnItsPageOnly() {
        let root = LargeTitleRootViewController()
        let nav = UINavigationController(rootViewController: root)
        h.window.rootViewController = nav
        h.frames(1)
        #expect(nav.navigationBar.frame.height == 96)   // the root's large title (.automatic at the root)
        let red = RedBarViewController()
        red.navigationItem.largeTitleDisplayMode = .never
        red.navigationItem.backButtonDisplayMode = .minimal
        nav.pushViewController(red, animated: true)
        h.frames(60)
        #expect(nav.navigationBar.frame.height == 44)
        #expect(nav.navigationBar.currentTintColor == .systemRed)
        #expect(nav.navigationBar.titleLabel?.textColor == UIColor.lightText)
        #expect(nav.navigationBar.backButton?.currentTitle == "")   // the chevron alone
        nav.popViewController(animated: true)
        h.frames(60)
        // Back on the root, whose item has no appearance: the bar's own, transparent at the scroll edge.
        #expect(nav.navigationBar.currentTintColor == .clear)
        #expect(nav.navigationBar.frame.height == 96)
    }
}
