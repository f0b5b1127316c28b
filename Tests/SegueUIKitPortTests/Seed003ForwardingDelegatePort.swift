// The navigation delegate of seed article 003_31d92ab708bd8117.txt that forwards to another
// (STMTransitionProxy, set between the navigation controller and its real delegate), and its per-page bar
// look (`stm_barTintView` on the navigation item). Ported from Objective-C to Swift. Changes Swift on Linux
// forces:
// - Objective-C -> Swift; `import UIKit` -> `import SegueUIKit`; `NSObject` dropped;
// - `[self.delegate respondsToSelector:_cmd]` -> calling the delegate (no Objective-C runtime: the
//   optional members are requirements with defaults returning nil, "use your own");
// - the runtime hook of `setDelegate:` (method swizzling + an associated object) -> setting the proxy as
//   the delegate in code (Segue has no swizzling; a Swift port of the library does the same);
// - `stm_barTintView` (a category property) -> `navigationItem.barTintColor`, Segue's per-page bar tint.
import SegueUIKit
import Testing

@MainActor
final class STMTransitionProxy: UINavigationControllerDelegate {
    weak var delegate: UINavigationControllerDelegate?
    weak var navigationController: UINavigationController?
    var interacting = false
    var interactionController: UIPercentDrivenInteractiveTransition?

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        if let delegate, let forwarded = delegate.navigationController(navigationController,
                                                                       interactionControllerFor: animationController) {
            return forwarded
        }
        return interacting ? interactionController : nil
    }

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        if let delegate {
            let animator = delegate.navigationController(navigationController, animationControllerFor: operation,
                                                         from: fromVC, to: toVC)
            return animator
        }
        return nil
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                              animated: Bool) {
        delegate?.navigationController(navigationController, didShow: viewController, animated: animated)
    }
}

/// The app's real delegate: the seed 002 animator (ported in Seed002NavigationPort.swift) for every push
/// and pop, and a record of the pages shown.
@MainActor
final class AppNavigationDelegate: UINavigationControllerDelegate {
    var shown: [UIViewController] = []
    var animators: [CustomNavigationAnimatior] = []

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let animator = CustomNavigationAnimatior()
        animator.operation = operation
        animators.append(animator)
        return animator
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                              animated: Bool) {
        shown.append(viewController)
    }
}

@MainActor
@Suite struct Seed003ForwardingDelegatePortTests {
    let h = PortHarness()
    let proxy = STMTransitionProxy()
    let app = AppNavigationDelegate()

    @Test func proxyForwardsTheAnimatorAndDidShowToTheRealDelegate() {
        let first = UIViewController(), second = UIViewController()
        let nav = UINavigationController(rootViewController: first)
        proxy.delegate = app
        proxy.navigationController = nav
        nav.delegate = proxy
        h.window.rootViewController = nav
        h.frames(1)
        nav.pushViewController(second, animated: true)
        #expect(app.animators.count == 1 && app.animators[0].operation == .push)
        h.frames(1)
        h.frames(9)   // half of the seed 002 animator's 0.3 s: its transform slide, not the stock parallax
        let f = CAMediaTimingFunction(name: .easeInEaseOut).value(at: 0.5)
        #expect(abs(second.view.layer.presentation()!.transform.m41 - 400 * (1 - f)) < 1e-6)
        h.frames(9)
        #expect(nav.transitionCoordinator == nil)
        #expect(app.shown.count == 1 && app.shown[0] === second)
        nav.popViewController(animated: true)
        for _ in 0..<30 where nav.transitionCoordinator != nil { h.frames(1) }
        #expect(app.animators.count == 2 && app.animators[1].operation == .pop)
        #expect(app.shown.count == 2 && app.shown[1] === first)
    }

    @Test func perPageBarTintShowsTheTopPagesTint() {
        let first = UIViewController(), second = UIViewController()
        first.navigationItem.barTintColor = .red
        second.navigationItem.barTintColor = .blue
        let nav = UINavigationController(rootViewController: first)
        h.window.rootViewController = nav
        h.frames(1)
        #expect(nav.navigationBar.currentTintColor == .red)
        nav.pushViewController(second, animated: true)
        for _ in 0..<60 where nav.transitionCoordinator != nil { h.frames(1) }
        #expect(nav.navigationBar.currentTintColor == .blue)
        nav.popViewController(animated: true)
        for _ in 0..<60 where nav.transitionCoordinator != nil { h.frames(1) }
        #expect(nav.navigationBar.currentTintColor == .red)
    }
}
