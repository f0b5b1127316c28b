import SegueAnimation

/// The stock tab switch of Segue (UIKit has none: its tabs switch at once): both pages slide a full
/// width, side by side, and the new page enters from the side its tab lies on (from the trailing edge
/// for a tab to the right, from the leading edge for one to the left).
///
/// Motion and timing: not interactive, the navigation spring (critically damped, response
/// ``TransitionSettings/springResponse``, starting at ``TransitionSettings/initialVelocity`` widths per
/// second, spec §6), so a key press feels like a push; scrubbed by a swipe, linear in the progress, so
/// the pages track the finger exactly. Its duration is the spring's settling time in both cases, so a
/// progress maps to the same time.
@MainActor
public final class TabSlideTransitionAnimator: ViewControllerAnimatedTransitioning {
    /// Which way the switch goes.
    public enum Direction: Sendable, Hashable {
        /// To a tab on the right (a higher index): the new page enters from the right.
        case forward
        /// To a tab on the left (a lower index): the new page enters from the left.
        case backward
    }

    /// Which way the switch goes.
    public let direction: Direction
    /// The numbers it moves with.
    public let settings: TransitionSettings

    /// A slide in `direction` with `settings`' spring.
    public init(direction: Direction, settings: TransitionSettings = TransitionSettings()) {
        self.direction = direction
        self.settings = settings
    }

    /// The spring's settling time, in seconds.
    public func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        settings.springDuration
    }

    /// Slides the new page in from the side it lies on and the old one out, on the settings' spring (linear
    /// while an interaction scrubs it).
    public func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
              let toVC = transitionContext.viewController(forKey: .to) else {
            preconditionFailure("TabSlideTransitionAnimator needs both views")
        }
        let final = transitionContext.finalFrame(for: toVC)
        let end = final == .zero ? container.bounds : final
        // +1: the new page comes from the right and the old one leaves to the left.
        let side: CGFloat = direction == .forward ? 1 : -1
        let width = container.bounds.width
        View.performWithoutAnimation {
            toView.frame = end.offsetBy(dx: side * width, dy: 0)
            fromView.frame = end
            container.addSubview(toView)
        }
        let changes = {
            toView.frame = end
            fromView.frame = end.offsetBy(dx: -side * width, dy: 0)
        }
        let finish: (Bool) -> Void = { finished in
            guard finished else { return }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        let duration = transitionDuration(using: transitionContext)
        let spring = AnimationTemplate.Timing.spring(settings.spring, initialVelocity: settings.initialVelocity)
        // The coordinator's alongside blocks (the tab bar's selection indicator) move with the same motion.
        if let engine = transitionContext as? ContainerTransition {
            engine.alongsideTiming = transitionContext.isInteractive ? .curve(.linear) : spring
        }
        if transitionContext.isInteractive {
            View.animate(withDuration: duration, delay: 0, options: [.curveLinear], animations: changes, completion: finish)
        } else {
            let template = AnimationTemplate(duration: duration, timing: spring)
            Transaction.perform(capturing: template, changes)
            template.onAllStopped(finish)
        }
    }
}
