import SegueAnimation

/// The zoom transition of one detail controller, ready to use (iOS 18's
/// `detail.preferredTransition = .zoom(sourceViewProvider:)`): keep it, make it the navigation controller's
/// delegate (or the detail's `transitioningDelegate` for a modal presentation), and push (present) the
/// detail. The push zooms the source view into the detail's image area, the pop zooms back into the source
/// view as found then, and a drag down on the detail page (``interaction``) scrubs the pop (the dismissal).
///
/// ```swift
/// let zoom = ZoomTransition(detail: detail, sourceView: { [unowned grid] in grid.cell(at: index) },
///                           destinationView: { [unowned detail] in detail.imageView })
/// navigationController.delegate = zoom      // held weakly: keep `zoom` (e.g. in the list controller)
/// navigationController.pushViewController(detail, animated: true)
/// ```
///
/// It answers only for transitions to and from its detail controller (pushes onto it, pops off it,
/// presenting and dismissing it); any other push or pop gets the stock animator.
///
/// Differs from UIKit: UIKit's `preferredTransition` is a property of the detail controller that the
/// system containers read; Segue's containers ask their delegates, so this is a delegate object (held
/// weakly by the container, as delegates are). UIKit zooms the whole detail view; here the detail names its
/// image area (``destinationView``) and the rest of its page fades. The source view closure takes no
/// context argument (UIKit's passes a `ZoomTransitionSourceViewProviderContext`).
@MainActor
public final class ZoomTransition: NavigationControllerDelegate, ViewControllerTransitioningDelegate {
    /// The detail controller the zoom leads to.
    public private(set) weak var detail: ViewController?
    /// Finds the source view (the cell), asked at the start of every transition.
    public let sourceView: @MainActor () -> View?
    /// Finds the detail's image area, asked at the start of every transition.
    public let destinationView: @MainActor () -> View?
    /// The drag down on the detail page that scrubs the way back.
    public let interaction = ZoomInteraction()
    /// Seconds the zoom takes when it plays on its own.
    public var duration = ZoomTransitionAnimator.defaultDuration

    /// A zoom from `sourceView` into `detail`'s `destinationView`; the drag-down interaction is attached to
    /// `detail`'s view (which is loaded now).
    public init(detail: ViewController, sourceView: @escaping @MainActor () -> View?,
                destinationView: @escaping @MainActor () -> View?) {
        self.detail = detail
        self.sourceView = sourceView
        self.destinationView = destinationView
        interaction.attach(to: detail.view)
        interaction.begin = { [weak detail] in
            guard let detail else { return }
            if let navigation = detail.navigationController, navigation.topViewController === detail {
                navigation.popViewController(animated: true)
            } else if detail.presentingViewController != nil {
                detail.dismiss(animated: true)
            }
        }
    }

    /// The animator for one direction.
    public func animator(reversed: Bool) -> ZoomTransitionAnimator {
        ZoomTransitionAnimator(reversed: reversed, sourceView: sourceView,
                               destinationView: { [destinationView] _ in destinationView() }, duration: duration)
    }

    private var interactionIfDragging: (any ViewControllerInteractiveTransitioning)? {
        interaction.interactionInProgress ? interaction : nil
    }

    // MARK: Navigation

    /// The zoom for a push or pop between the source page and a detail page, else nil (the stock one).
    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationController.Operation,
                                     from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        guard let detail else { return nil }
        if operation == .push, toVC === detail { return animator(reversed: false) }
        if operation == .pop, fromVC === detail { return animator(reversed: true) }
        return nil
    }

    /// The pinch or drag dismissing the detail page while it drives the pop, else nil.
    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? {
        guard let zoom = animationController as? ZoomTransitionAnimator, zoom.isReversed else { return nil }
        return interactionIfDragging
    }

    // MARK: Modal presentation

    /// The zoom, growing the presented page from the source view.
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        presented === detail ? animator(reversed: false) : nil
    }

    /// The zoom, shrinking the presented page back to the source view.
    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        dismissed === detail ? animator(reversed: true) : nil
    }

    /// The gesture dismissing the page while it drives the dismissal, else nil.
    public func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? {
        interactionIfDragging
    }
}
