import SegueAnimation

/// The stock modal animator (UIKit's `.coverVertical`): presenting, the presented view rises from just
/// below the container's bottom edge to its final frame; dismissing, it falls back below the bottom edge.
/// A presenter's view that was removed (`.fullScreen`) is put under it in the container when a dismissal
/// starts; a kept one (`view(forKey: .to)` nil) is never touched.
///
/// Timing: ``duration`` (0.5 s) along ease-in-ease-out when it plays on its own; linear while scrubbed, so
/// a dragged sheet follows the finger exactly (its top edge at `final.minY + p x height`).
///
/// Differs from UIKit: UIKit's cover-vertical runs on a private spring; 0.5 s is the duration UIKit's
/// coordinator reports for a stock present (folklore, not documented). Segue has no other modal
/// transition styles (cross-dissolve, flip, partial curl).
@MainActor
public final class CoverVerticalAnimator: ViewControllerAnimatedTransitioning {
    /// The duration of a stock present or dismiss, in seconds (what UIKit's coordinator reports; folklore).
    public static let duration: Double = 0.5

    /// A present (true) or a dismiss.
    public let isPresenting: Bool

    /// The animator of the presentation (`presenting`) or of the dismissal.
    public init(presenting: Bool) {
        isPresenting = presenting
    }

    /// ``duration``, in seconds.
    public func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        Self.duration
    }

    /// Slides the presented view up from the bottom (presenting) or down out of the container (dismissing).
    public func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let key: TransitionContextViewControllerKey = isPresenting ? .to : .from
        guard let moving = transitionContext.view(forKey: isPresenting ? .to : .from),
              let controller = transitionContext.viewController(forKey: key) else {
            preconditionFailure("CoverVerticalAnimator needs the presented controller's view")
        }
        let rest = isPresenting ? transitionContext.finalFrame(for: controller) : transitionContext.initialFrame(for: controller)
        let shown = rest == .zero ? container.bounds : rest
        // Just below the bottom edge.
        let below = shown.offsetBy(dx: 0, dy: container.bounds.maxY - shown.minY)
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
        let options: ViewAnimationOptions = transitionContext.isInteractive ? [.curveLinear] : [.curveEaseInOut]
        View.animate(withDuration: Self.duration, delay: 0, options: options, animations: {
            moving.frame = self.isPresenting ? shown : below
        }, completion: { finished in
            guard finished else { return }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
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
