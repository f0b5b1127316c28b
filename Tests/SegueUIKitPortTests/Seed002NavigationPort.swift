// The navigation code of seed article 002_23d3013449054066.txt (demo 1: a navigation delegate, an animator
// that slides both pages with transforms, and an edge-pan interaction added by a base page), ported from
// Objective-C to Swift as an iOS developer would write it against UIKit. Changes Swift on Linux forces:
// - Objective-C -> Swift (`@interface`/`@implementation` -> classes, the lazy getter -> `lazy var`,
//   `CGAffineTransformMakeTranslation` -> `CGAffineTransform(translationX:y:)`, `fabs` -> `abs`);
// - `import UIKit` -> `import SegueUIKit`; `NSObject` dropped as the delegate's superclass (no
//   Objective-C runtime: the protocols are Swift protocols);
// - `@selector(handleEdgePanGesture:)` -> `CustomBaseViewController.handleEdgePanGesture` (no `@objc`).
import SegueUIKit
import Testing

@MainActor
final class CustomNavigationDelegate: UINavigationControllerDelegate {
    lazy var interactionController = UIPercentDrivenInteractiveTransition()
    var interactive = false

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let animatior = CustomNavigationAnimatior()
        animatior.operation = operation
        return animatior
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        interactive ? interactionController : nil
    }
}

@MainActor
final class CustomNavigationAnimatior: UIViewControllerAnimatedTransitioning {
    var operation: UINavigationController.Operation = .none

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.3
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromVC = transitionContext.viewController(forKey: .from)!
        let toVC = transitionContext.viewController(forKey: .to)!
        let containerView = transitionContext.containerView
        let fromView = fromVC.view!
        let toView = toVC.view!
        var translation = containerView.frame.size.width
        if operation == .pop {
            translation *= -1
        }
        let toViewTransform = CGAffineTransform(translationX: translation, y: 0)
        let fromViewTransform = CGAffineTransform(translationX: -translation, y: 0)
        containerView.addSubview(toView)
        toView.transform = toViewTransform
        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            fromView.transform = fromViewTransform
            toView.transform = .identity
        }, completion: { finished in
            fromView.transform = .identity
            toView.transform = .identity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    func animationEnded(_ transitionCompleted: Bool) {}
}

@MainActor
class CustomBaseViewController: UIViewController {
    private var navDelegate: CustomNavigationDelegate?
    var log: [String] = []
    var name = ""

    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log("\(name).viewWillAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log("\(name).viewDidDisappear") }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log("\(name).viewDidAppear")
        if navigationController!.viewControllers.count > 1 {
            addEdgePanGes()
        }
    }

    /// The test's record (not in the seed): appearance callbacks, shared through the navigation stack.
    func log(_ entry: String) { shared?.append(entry) }
    var shared: SharedLog?

    func addEdgePanGes() {
        let panGes = UIScreenEdgePanGestureRecognizer(target: self, action: CustomBaseViewController.handleEdgePanGesture)
        panGes.edges = .left
        view.addGestureRecognizer(panGes)
    }

    func handleEdgePanGesture(_ panGes: UIScreenEdgePanGestureRecognizer) {
        let translationX = panGes.translation(in: view).x
        let percent = abs(translationX) / view.frame.size.width
        switch panGes.state {
        case .began:
            navDelegate = navigationController?.delegate as? CustomNavigationDelegate
            navDelegate?.interactive = true
            navigationController?.popViewController(animated: true)
        case .changed:
            navDelegate?.interactionController.update(percent)
        case .ended, .cancelled:
            if percent > 0.5 {
                navDelegate?.interactionController.finish()
            } else {
                navDelegate?.interactionController.cancel()
            }
            navDelegate?.interactive = false
        default:
            break
        }
    }
}

/// A log the test's pages share.
@MainActor
final class SharedLog {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}

@MainActor
@Suite struct Seed002NavigationPortTests {
    let h = PortHarness()
    let log = SharedLog()
    let navDelegate = CustomNavigationDelegate()

    func page(_ name: String) -> CustomBaseViewController {
        let p = CustomBaseViewController()
        p.name = name
        p.shared = log
        return p
    }

    /// A, then B pushed with the seed's animator (0.3 s, UIKit's default ease-in-ease-out).
    func pushed() -> (UINavigationController, CustomBaseViewController, CustomBaseViewController) {
        let a = page("A"), b = page("B")
        let nav = UINavigationController(rootViewController: a)
        nav.delegate = navDelegate
        h.window.rootViewController = nav
        h.frames(1)
        log.entries.removeAll()
        nav.pushViewController(b, animated: true)
        return (nav, a, b)
    }

    func settle(_ nav: UINavigationController) {
        for _ in 0..<120 where nav.transitionCoordinator != nil { h.frames(1) }
        h.frames(1)
    }

    @Test func pushSlidesBothPagesByTheContainerWidthOverPointThreeSeconds() {
        let (nav, a, b) = pushed()
        let w = nav.transitionView.bounds.width
        h.frames(1)    // the frame the transition starts in
        h.frames(9)    // half of 0.3 s (18 frames)
        let f = CAMediaTimingFunction(name: .easeInEaseOut).value(at: 0.5)
        #expect(abs(b.view.layer.presentation()!.transform.m41 - w * (1 - f)) < 1e-6)
        #expect(abs(a.view.layer.presentation()!.transform.m41 + w * f) < 1e-6)
        h.frames(9)
        #expect(nav.transitionCoordinator == nil)
        #expect(nav.viewControllers.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        #expect(log.entries == ["A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewDidAppear"])
        #expect(a.view.transform == .identity && b.view.transform == .identity)
        #expect(b.view.gestureRecognizers.count == 1)   // the base page added its edge pan
    }

    /// Drags B's edge pan from x = 5 to `x` and releases at rest.
    func drag(to x: CGFloat) {
        h.down(5, 300, at: 10)
        var t = 10.0
        for step in stride(from: 25.0, through: Double(x), by: 20) + [Double(x)] {
            t += 1.0 / 60
            h.move(CGFloat(step), 300, at: t)
            h.frames(1)
        }
        h.up(x, 300, at: t + 0.2)
    }

    @Test func edgePanPastHalfTheWidthFinishesThePop() {
        let (nav, a, b) = pushed()
        settle(nav)
        log.entries.removeAll()
        drag(to: 5 + 0.6 * 400)
        #expect(nav.transitionCoordinator?.isInteractive == false)   // released: finishing
        settle(nav)
        #expect(nav.viewControllers.map(ObjectIdentifier.init) == [a].map(ObjectIdentifier.init))
        #expect(b.view.superview == nil && a.view.transform == .identity)
        #expect(log.entries == ["B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear", "A.viewDidAppear"])
        #expect(navDelegate.interactive == false)
    }

    @Test func edgePanShortOfHalfTheWidthCancelsAndPutsEverythingBack() {
        let (nav, a, b) = pushed()
        settle(nav)
        log.entries.removeAll()
        drag(to: 5 + 0.3 * 400)
        // Scrubbed: B is at the seed's percent (translation since the down over the width) along its curve.
        settle(nav)
        #expect(nav.viewControllers.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        #expect(b.view.transform == .identity && b.view.superview === nav.transitionView)
        #expect(a.view.superview == nil)
        #expect(log.entries == ["B.viewWillDisappear", "A.viewWillAppear",
                                "A.viewWillDisappear", "A.viewDidDisappear", "B.viewWillAppear", "B.viewDidAppear"])
    }
}
