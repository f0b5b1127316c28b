import SegueAnimation

/// The stock modal animator (UIKit's `.coverVertical`): presenting, the presented view rises from just
/// below the container's bottom edge to its final frame; dismissing, it falls back below the bottom edge.
/// A presenter's view that was removed (`.fullScreen`) is put under it in the container when a dismissal
/// starts; a kept one (`view(forKey: .to)` nil) is never touched.
///
/// Timing: ``duration`` (0.5 s) along ease-in-ease-out when it plays on its own; linear while scrubbed, so
/// a dragged sheet follows the finger exactly (its top edge at `final.minY + p x height`). With a
/// ``spring`` (the stock animator of a ``SheetPresentationController``: its ``DimmingSheetPresentationController/spring``)
/// it plays on that spring instead, for as long as the spring takes to come within
/// ``SheetSpring/settleTolerance`` of the end, and the coordinator's alongside animations (the dimming,
/// the receding presenter) move on the same spring.
///
/// Differs from UIKit: UIKit's cover-vertical runs on a private spring; 0.5 s is the duration UIKit's
/// coordinator reports for a stock present (folklore, not documented); Segue uses the sheet's spring for
/// detent sheets only (the one measured), and the curve for the other modal styles. Segue has no other
/// modal transition styles (cross-dissolve, flip, partial curl).
@MainActor
public final class CoverVerticalAnimator: ViewControllerAnimatedTransitioning {
    /// The duration of a stock present or dismiss, in seconds (what UIKit's coordinator reports; folklore).
    public static let duration: Double = 0.5

    /// A present (true) or a dismiss.
    public let isPresenting: Bool
    /// The spring the move plays on when no finger drives it; nil: ``duration`` along ease-in-ease-out.
    public let spring: SheetSpring?
    /// The velocity a released drag hands the move, in points per second towards its end (it replaces the
    /// spring's ``SheetSpring/initialVelocity``); nil: the spring's own.
    public let releaseVelocity: CGFloat?

    /// The animator of the presentation (`presenting`) or of the dismissal, on `spring` when given (see the
    /// type's description), started at `releaseVelocity` when a released drag starts it.
    public init(presenting: Bool, spring: SheetSpring? = nil, releaseVelocity: CGFloat? = nil) {
        isPresenting = presenting
        self.spring = spring
        self.releaseVelocity = releaseVelocity
    }

    /// ``duration``, in seconds; with a ``spring`` and no finger driving the move, the time the spring
    /// takes over the travel.
    public func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        guard let spring, let transitionContext, !transitionContext.isInteractive,
              let travel = travel(in: transitionContext) else { return Self.duration }
        return spring.duration(travel: travel, initialVelocity: startVelocity(spring, travel: travel))
    }

    /// The speed the spring starts at, in travels per second.
    private func startVelocity(_ spring: SheetSpring, travel: CGFloat) -> Double {
        releaseVelocity.map { spring.relativeVelocity(fingerVelocity: $0, travel: travel) } ?? spring.initialVelocity
    }

    /// The sheet's rest frame, and where it is just below the container's bottom edge.
    private func frames(in transitionContext: any ViewControllerContextTransitioning) -> (shown: CGRect, below: CGRect)? {
        let key: TransitionContextViewControllerKey = isPresenting ? .to : .from
        guard let controller = transitionContext.viewController(forKey: key) else { return nil }
        let container = transitionContext.containerView
        let rest = isPresenting ? transitionContext.finalFrame(for: controller) : transitionContext.initialFrame(for: controller)
        let shown = rest == .zero ? container.bounds : rest
        return (shown, shown.offsetBy(dx: 0, dy: container.bounds.maxY - shown.minY))
    }

    /// How far the sheet moves, in points.
    private func travel(in transitionContext: any ViewControllerContextTransitioning) -> CGFloat? {
        frames(in: transitionContext).map { $0.below.minY - $0.shown.minY }
    }

    /// Slides the presented view up from the bottom (presenting) or down out of the container (dismissing).
    public func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let moving = transitionContext.view(forKey: isPresenting ? .to : .from),
              let (shown, below) = frames(in: transitionContext) else {
            preconditionFailure("CoverVerticalAnimator needs the presented controller's view")
        }
        View.performWithoutAnimation {
            if isPresenting {
                moving.frame = below
                container.addSubview(moving)
            } else if let presenter = transitionContext.view(forKey: .to),
                      let presenterController = transitionContext.viewController(forKey: .to) {
                presenter.frame = transitionContext.finalFrame(for: presenterController)
                container.insertSubview(presenter, belowSubview: moving)
            }
        }
        let move = { moving.frame = self.isPresenting ? shown : below }
        let finish: (Bool) -> Void = { finished in
            guard finished else { return }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        if let spring, !transitionContext.isInteractive {
            let travel = below.minY - shown.minY
            let duration = spring.duration(travel: travel, initialVelocity: startVelocity(spring, travel: travel))
            let timing = spring.timing(initialVelocity: startVelocity(spring, travel: travel))
            if let engine = transitionContext as? ContainerTransition {
                engine.alongsideTiming = timing
                engine.alongsideDuration = duration
            }
            let template = AnimationTemplate(duration: duration, timing: timing)
            Transaction.perform(capturing: template, move)
            template.onAllStopped(finish)
            return
        }
        let options: ViewAnimationOptions = transitionContext.isInteractive ? [.curveLinear] : [.curveEaseInOut]
        View.animate(withDuration: Self.duration, delay: 0, options: options, animations: move, completion: finish)
    }
}

/// What an unanimated presentation or dismissal runs: the views are put where they end, at once, and the
/// transition completes in the same frame (after the alongside blocks, which then change values without
/// animation).
@MainActor
final class ImmediateModalAnimator: ViewControllerAnimatedTransitioning {
    let isPresenting: Bool

    init(presenting: Bool) {
        isPresenting = presenting
    }

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { 0 }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        View.performWithoutAnimation {
            if isPresenting, let view = transitionContext.view(forKey: .to), let vc = transitionContext.viewController(forKey: .to) {
                let final = transitionContext.finalFrame(for: vc)
                view.frame = final == .zero ? container.bounds : final
                container.addSubview(view)
            } else if !isPresenting {
                transitionContext.view(forKey: .from)?.removeFromSuperview()
            }
        }
        Transaction.enqueueCallback { transitionContext.completeTransition(true) }
    }
}
