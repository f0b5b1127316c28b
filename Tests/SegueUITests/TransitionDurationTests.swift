import Testing
@testable import SegueAnimation
@testable import SegueUI

/// UIKit asks the animator's `transitionDuration(using:)` with the transition's own context (so
/// `isAnimated` is already set), and the coordinator's duration and alongside animations take that answer.
/// Apple's "Custom Presentation" sample answers `isAnimated == true ? 0.35 : 0`; asked with a nil
/// context it said 0, and alongside animations fell back to Core Animation's 0.25 s.
@MainActor
@Suite struct TransitionDurationTests {
    let h = Harness()
    let log = CallLog()

    /// The fading animator of the interaction tests, but its duration is the sample's: 0.35 s only when
    /// asked with a context that says the transition is animated; it records what it was asked with.
    final class ContextDependentAnimator: ViewControllerAnimatedTransitioning {
        var askedWith: [Bool?] = []
        func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
            askedWith.append(transitionContext?.isAnimated)
            return transitionContext?.isAnimated == true ? 0.35 : 0
        }
        func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
            let from = transitionContext.view(forKey: .from)
            if let to = transitionContext.view(forKey: .to), let toVC = transitionContext.viewController(forKey: .to) {
                to.frame = transitionContext.finalFrame(for: toVC)
                transitionContext.containerView.addSubview(to)
            }
            View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveLinear],
                         animations: { from?.alpha = 0 },
                         completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
        }
    }

    /// A dimming-like view the test fades alongside, and where it is `frames` frames into the transition.
    func alongsideAlpha(of coordinator: any ViewControllerTransitionCoordinator, in container: View, frames: Int) -> Double {
        let chrome = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        chrome.alpha = 0
        container.addSubview(chrome)
        coordinator.animate(alongsideTransition: { _ in chrome.alpha = 1 }, completion: nil)
        h.frames(frames)
        return chrome.layer.renderedProperties.opacity
    }

    /// 10 frames (1/6 s) of a 0.35 s ease-in-ease-out: easeInEaseOut(10/21) = 0.4590, the cubic (0.42, 0,
    /// 0.58, 1) solved at x = 0.47619 (computed outside Segue). A 0.25 s curve would be at 0.7681.
    static let alongsideAfterTenFrames = 0.4590

    @Test func aPushAsksTheAnimatorWithItsContextAndAlongsideRunsOverTheAnswer() throws {
        let animator = ContextDependentAnimator()
        let delegate = AdoptingDelegate()
        delegate.makeAnimator = { animator }
        let nav = h.showStack([LoggingViewController("A", log: log)], delegate: delegate, clearing: log)
        nav.pushViewController(LoggingViewController("B", log: log), animated: true)
        let coordinator = try #require(nav.transitionCoordinator)
        #expect(animator.askedWith.first == true)
        #expect(coordinator.transitionDuration == 0.35)
        // The first frame starts the transition; ten more are 1/6 s into it.
        let alpha = alongsideAlpha(of: coordinator, in: nav.view, frames: 11)
        #expect(abs(alpha - Self.alongsideAfterTenFrames) < 1e-3)
    }

    @Test func aTabSwitchAsksTheAnimatorWithItsContext() throws {
        let animator = ContextDependentAnimator()
        let delegate = AdoptingDelegate()
        delegate.makeAnimator = { animator }
        let tabs = TabBarController()
        tabs.viewControllers = [LoggingViewController("A", log: log), LoggingViewController("B", log: log)]
        tabs.delegate = delegate
        h.showRoot(tabs, clearing: log)
        tabs.selectedIndex = 1
        let coordinator = try #require(tabs.transitionCoordinator)
        #expect(animator.askedWith.first == true && coordinator.transitionDuration == 0.35)
        let alpha = alongsideAlpha(of: coordinator, in: tabs.view, frames: 11)
        #expect(abs(alpha - Self.alongsideAfterTenFrames) < 1e-3)
    }

    /// Hands out the same animator for the presentation and the dismissal.
    final class PresentingDelegate: ViewControllerTransitioningDelegate {
        let animator: ContextDependentAnimator
        init(_ animator: ContextDependentAnimator) { self.animator = animator }
        func animationController(forPresented presented: ViewController, presenting: ViewController,
                                 source: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
        func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
    }

    @Test func aPresentationAndItsDismissalAskWithTheirContext() throws {
        let animator = ContextDependentAnimator()
        let delegate = PresentingDelegate(animator)
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let b = LoggingViewController("B", log: log, style: .custom)
        b.transitioningDelegate = delegate
        a.present(b, animated: true)
        #expect(try #require(b.transitionCoordinator).transitionDuration == 0.35)
        h.settlePresentations()
        a.dismiss(animated: true)
        #expect(try #require(b.transitionCoordinator).transitionDuration == 0.35)
        h.settlePresentations()
        #expect(a.presentedViewController == nil)
        #expect(!animator.askedWith.isEmpty && animator.askedWith.allSatisfy { $0 == true })
    }
}
