// How UIKit apps relate their gestures to the navigation controller's pop recognizers, written as iOS
// developers write it against UIKit (the recognizers are `UIGestureRecognizer?`, so the code chains
// optionally): a page that disables the back swipe while it edits, a pager that waits for the content pop,
// and a delegate that decides when the edge pop may begin.
// Changes Swift on Linux forces: `import UIKit` -> `import SegueUIKit`; no NSObject superclass, no @objc.
import SegueUIKit
import Testing

@MainActor
final class EditingPageViewController: UIViewController, UIGestureRecognizerDelegate {
    var isEditingText = false
    let pagerPan = UIPanGestureRecognizer()

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        navigationController?.interactivePopGestureRecognizer?.delegate = self
        navigationController?.interactiveContentPopGestureRecognizer?.isEnabled = !isEditingText
        if let contentPop = navigationController?.interactiveContentPopGestureRecognizer {
            pagerPan.require(toFail: contentPop)
        }
        view.addGestureRecognizer(pagerPan)
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        !isEditingText
    }
}

@MainActor
@Suite struct PopGestureRecognizerPortTests {
    let h = PortHarness()

    @Test func theRecognizersAreOptionalAsInUIKitAndTheirSettingsTakeEffect() {
        let root = UIViewController()
        let nav = UINavigationController(rootViewController: root)
        h.window.rootViewController = nav
        h.frames(1)
        let page = EditingPageViewController()
        page.isEditingText = true
        nav.pushViewController(page, animated: false)
        h.frames(2)
        #expect(nav.interactivePopGestureRecognizer?.delegate === page)
        #expect(nav.interactiveContentPopGestureRecognizer?.isEnabled == false)
        // The delegate refuses: an edge drag does not pop while the page edits.
        h.down(5, 300, at: 10)
        for (i, x) in [40.0, 80, 140, 200].enumerated() {
            h.move(CGFloat(x), 300, at: 10 + Double(i + 1) / 60)
            h.frames(1)
        }
        h.up(200, 300, at: 10.2)
        h.frames(60)
        #expect(nav.topViewController === page && nav.viewControllers.count == 2)
        // Done editing: the edge drag pops.
        page.isEditingText = false
        h.down(5, 300, at: 20)
        for (i, x) in [40.0, 80, 140, 200, 260].enumerated() {
            h.move(CGFloat(x), 300, at: 20 + Double(i + 1) / 60)
            h.frames(1)
        }
        h.up(260, 300, at: 20.3)
        h.frames(90)
        #expect(nav.topViewController === root)
    }
}
