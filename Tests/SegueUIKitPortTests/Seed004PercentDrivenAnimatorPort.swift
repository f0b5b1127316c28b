// The navigation code of seed article 004_56ab4f68eb18f7cf.txt: JWNTNavigationSlideTransition, a
// UIPercentDrivenInteractiveTransition subclass that is also the animator and, on push, adds its own edge
// pan to the pushed page to pop it interactively; JWNTNavigationDelegate returns it as both controllers.
// Ported from Objective-C to Swift. Changes Swift on Linux forces:
// - Objective-C -> Swift (classes, `(CGRect){...}` -> `CGRect(x:y:width:height:)`, `MIN/MAX/fabs` ->
//   `min/max/abs`, `fpclassify(x) == FP_ZERO` -> `x == 0`, `isKindOfClass:` -> `as?`);
// - `import UIKit` -> `import SegueUIKit`; `NSObject` dropped from the delegate (no Objective-C runtime);
// - `@selector(didPanContainerViewEdge:)` -> `JWNTNavigationSlideTransition.didPanContainerViewEdge`
//   (no `@objc`);
// - `[UIScreen mainScreen].bounds` (used only when the container has no width) -> the container's window
//   (Segue has windows, no screen object).
// `kNavigatioinSlideDuration` and `kNavigationPopThreshhold` are not given in the article: 0.3 s and 0.5.
import SegueUIKit
import Testing

let kNavigatioinSlideDuration: TimeInterval = 0.3
let kNavigationPopThreshhold: CGFloat = 0.5

@MainActor
final class JWNTNavigationSlideTransition: UIPercentDrivenInteractiveTransition, UIViewControllerAnimatedTransitioning {
    var naviOperation: UINavigationController.Operation = .none
    var isInteractive = false
    var transitionContext: UIViewControllerContextTransitioning?   // strong, as an Objective-C property is by default
    var panHorizontalTreshhold: CGFloat = 0

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        kNavigatioinSlideDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        if naviOperation == .none {
            return
        }
        let isPushOperation = naviOperation == .push
        let fromView = transitionContext.view(forKey: .from)!
        let toView = transitionContext.view(forKey: .to)!
        let containerView = transitionContext.containerView

        let containerViewBounds = containerView.bounds
        let leftRect = CGRect(x: -containerViewBounds.width, y: 0,
                              width: containerViewBounds.width, height: containerViewBounds.height)
        let rightRect = CGRect(x: containerViewBounds.width, y: 0,
                               width: containerViewBounds.width, height: containerViewBounds.height)
        fromView.frame = containerView.bounds
        toView.frame = isPushOperation ? rightRect : leftRect

        containerView.addSubview(fromView)
        containerView.addSubview(toView)
        if isPushOperation {
            self.transitionContext = transitionContext
            let edgePanGest = UIScreenEdgePanGestureRecognizer(target: self,
                                                               action: JWNTNavigationSlideTransition.didPanContainerViewEdge)
            edgePanGest.maximumNumberOfTouches = 1
            edgePanGest.edges = .left
            toView.addGestureRecognizer(edgePanGest)
            let containerHalfWidth = 0.5 * containerViewBounds.width
            panHorizontalTreshhold = containerHalfWidth == 0
                ? 0.5 * containerView.window!.bounds.size.width : containerHalfWidth
        }

        UIView.animate(withDuration: kNavigatioinSlideDuration, animations: {
            fromView.frame = isPushOperation ? leftRect : rightRect
            toView.frame = containerViewBounds
        }, completion: { finished in
            let transitionCancelled = transitionContext.transitionWasCancelled
            transitionContext.completeTransition(!transitionCancelled)
        })
    }

    func didPanContainerViewEdge(_ contaierEdgePan: UIScreenEdgePanGestureRecognizer) {
        let transition = contaierEdgePan.translation(in: contaierEdgePan.view)
        let horizontalCompletionPercent = min(1.0, max(0, abs(transition.x) / panHorizontalTreshhold))
        switch contaierEdgePan.state {
        case .began:
            isInteractive = true
            contaierEdgePan.setTranslation(.zero, in: contaierEdgePan.view)
            let toVC = transitionContext?.viewController(forKey: .to)
            toVC?.navigationController?.popViewController(animated: true)
        case .changed:
            update(horizontalCompletionPercent)
        default:
            isInteractive = false
            if horizontalCompletionPercent >= kNavigationPopThreshhold {
                finish()
            } else {
                cancel()
            }
        }
    }
}

@MainActor
final class JWNTNavigationDelegate: UINavigationControllerDelegate {
    let slideTransition = JWNTNavigationSlideTransition()

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let slideTransitionAnimator = slideTransition
        slideTransitionAnimator.naviOperation = operation
        return slideTransitionAnimator
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        if let slide = animationController as? JWNTNavigationSlideTransition {
            return slide.isInteractive ? slide : nil
        }
        return nil
    }
}

@MainActor
@Suite struct Seed004PercentDrivenAnimatorPortTests {
    let h = PortHarness()
    let localNaviDelegate = JWNTNavigationDelegate()

    /// JWNTViewController pushes JWNTSecondViewController with the delegate set before the push.
    func pushed() -> (UINavigationController, UIViewController, UIViewController) {
        let first = UIViewController(), second = UIViewController()
        let nav = UINavigationController(rootViewController: first)
        h.window.rootViewController = nav
        h.frames(1)
        first.navigationController?.delegate = localNaviDelegate
        first.navigationController?.pushViewController(second, animated: true)
        for _ in 0..<60 where nav.transitionCoordinator != nil { h.frames(1) }
        h.frames(1)
        return (nav, first, second)
    }

    func same(_ a: [UIViewController], _ b: [UIViewController]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    /// Drags the pushed page's edge pan from x = 5, `travel` points past the recognition point (the
    /// translation is reset at `.began`), and releases at rest.
    func drag(travel: CGFloat) -> CGFloat {
        h.down(5, 300, at: 10)
        var t = 10.0 + 1.0 / 60
        h.move(25, 300, at: t)   // past the slop: began (translation reset here)
        h.frames(1)
        var x: CGFloat = 25
        while x < 25 + travel {
            x = min(x + 20, 25 + travel)
            t += 1.0 / 60
            h.move(x, 300, at: t)
            h.frames(1)
        }
        h.up(x, 300, at: t + 0.2)
        return x
    }

    @Test func pushAddsTheEdgePanAndEndsWithThePushedPageInPlace() {
        let (nav, first, second) = pushed()
        #expect(same(nav.viewControllers, [first, second]))
        #expect(second.view.frame == nav.transitionView.bounds)
        #expect(second.view.gestureRecognizers.count == 1)
        #expect(localNaviDelegate.slideTransition.panHorizontalTreshhold == 200)
    }

    @Test func dragScrubsThePopAtTheSeedsPercentAndFinishesFromTheThreshold() {
        let (nav, first, second) = pushed()
        // 0.6 of the half width: 120 pt past the recognition point.
        h.down(5, 300, at: 10)
        h.move(25, 300, at: 10 + 1.0 / 60)
        h.frames(1)
        h.move(145, 300, at: 10 + 2.0 / 60)
        h.frames(1)
        #expect(nav.transitionCoordinator?.isInteractive == true)
        #expect(localNaviDelegate.slideTransition.percentComplete == 0.6)
        // The seed's animator uses UIKit's default curve: the page is at easeInEaseOut(0.6) of its way.
        let f = CAMediaTimingFunction(name: .easeInEaseOut).value(at: 0.6)
        #expect(abs(second.view.layer.presentation()!.frame.minX - 400 * f) < 1e-6)
        h.up(145, 300, at: 10.5)
        for _ in 0..<60 where nav.transitionCoordinator != nil { h.frames(1) }
        #expect(same(nav.viewControllers, [first]))
        #expect(first.view.frame == nav.transitionView.bounds && second.view.superview == nil)
    }

    @Test func releaseShortOfTheThresholdCancelsAndKeepsTheStack() {
        let (nav, first, second) = pushed()
        _ = drag(travel: 0.45 * 200)
        for _ in 0..<60 where nav.transitionCoordinator != nil { h.frames(1) }
        #expect(same(nav.viewControllers, [first, second]))
        #expect(second.view.frame == nav.transitionView.bounds)
        #expect(first.view.superview == nil)
        // A second drag pops (the same animator instance serves again).
        _ = drag(travel: 0.5 * 200)
        for _ in 0..<60 where nav.transitionCoordinator != nil { h.frames(1) }
        #expect(same(nav.viewControllers, [first]))
    }
}
