import SegueAnimation

/// The zoom from a source view (iOS 18's `UIViewController.Transition.zoom`, the Photos app): going
/// forwards (push, present), a source view of the page that leaves (a photo cell) grows into the detail
/// page's image area while the rest of the detail page fades in over the list; going backwards (pop,
/// dismiss), the image shrinks back into the same cell while the detail page fades out.
///
/// The source view is asked for by ``sourceView`` at the start of each transition (not when the animator is
/// made), so a list that scrolled or reloaded while the detail was shown still zooms back into the right
/// cell; ``destinationView`` is asked for the detail page's image area the same way. Either may return nil:
/// the detail page then only fades (iOS falls back to a zoom into the centre). The flying image is drawn
/// in the container (a matched element's flight: frame, corner radius and background colour from the
/// source's to the destination's, content cross-fading); the cell and the image area are hidden during it
/// and shown again at the end, finished or cancelled.
///
/// Timing: ``curve`` over ``duration`` when it plays on its own; linear when it starts interactive, so a
/// drag scrubs the image along the straight path between the two frames (see ``ZoomInteraction``).
///
/// Differs from UIKit: the detail page's image area is named (UIKit zooms the whole detail view out of the
/// cell and lets `alignmentRectProvider` narrow it); the list page stays put under the detail (UIKit
/// also scales it down slightly); the interactive dismissal scrubs along the path between the two frames
/// rather than letting the image roam freely under the finger.
@MainActor
public final class ZoomTransitionAnimator: ViewControllerAnimatedTransitioning {
    /// Seconds the zoom takes when it plays on its own (our choice, near iOS 18's zoom, which settles in
    /// about half a second).
    public static let defaultDuration = 0.45

    /// Whether it zooms back into the source (pop, dismiss) rather than out of it (push, present).
    public let isReversed: Bool
    /// Finds the source view (the cell) in the list page, at the start of each transition.
    public let sourceView: @MainActor () -> View?
    /// Finds the image area in the detail controller, at the start of each transition.
    public let destinationView: @MainActor (ViewController) -> View?
    /// Seconds it takes when it plays on its own.
    public let duration: Double
    /// The curve when it plays on its own (default ease-in-ease-out).
    public let curve: ViewAnimationCurve

    private var flight: MatchedElementFlight?

    /// A zoom out of `sourceView` into `destinationView` of the detail controller (`reversed`: back into it).
    public init(reversed isReversed: Bool = false, sourceView: @escaping @MainActor () -> View?,
                destinationView: @escaping @MainActor (ViewController) -> View?,
                duration: Double = ZoomTransitionAnimator.defaultDuration, curve: ViewAnimationCurve = .easeInOut) {
        self.isReversed = isReversed
        self.sourceView = sourceView
        self.destinationView = destinationView
        self.duration = duration
        self.curve = curve
    }

    /// The duration given at init, in seconds.
    public func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { duration }

    /// Grows the detail page from the source view's frame (or shrinks it back), the source hidden meanwhile.
    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        let fromView = context.view(forKey: .from)
        let toView = context.view(forKey: .to)
        // The detail page is the one that arrives going forwards and the one that leaves going backwards.
        let detailController = context.viewController(forKey: isReversed ? .from : .to)
        let detailPage = isReversed ? fromView : toView
        let savedAlpha = detailPage.map { ($0, $0.alpha) }

        View.performWithoutAnimation {
            ContextPlacement.placeToView(in: context, reversed: isReversed)
            (toView ?? context.viewController(forKey: .to)?.viewIfLoaded)?.layoutIfNeeded()
            if !isReversed { detailPage?.alpha = 0 }
        }
        let cell = sourceView()
        let image = detailController.flatMap { destinationView($0) }
        if let cell, let image, cell.window != nil || cell.isDescendant(of: container) {
            let (start, end) = isReversed ? (image, cell) : (cell, image)
            flight = MatchedElementFlight(from: start, to: end, in: container, named: "zoom.flight")
        }
        let options: ViewAnimationOptions = context.isInteractive ? .curveLinear : curve.matchedTransitionOptions
        View.animate(withDuration: duration, delay: 0, options: options, animations: {
            detailPage?.alpha = self.isReversed ? 0 : 1
            self.flight?.moveToEnd()
        }, completion: { _ in
            let cancelled = context.transitionWasCancelled
            self.flight?.land()
            self.flight = nil
            if let (page, alpha) = savedAlpha { View.performWithoutAnimation { page.alpha = alpha } }
            context.completeTransition(!cancelled)
        })
    }
}
