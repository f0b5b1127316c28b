import SegueAnimation

/// The zoom transition of one detail controller: what ``ViewController/preferredTransition``'s
/// ``ViewController/Transition/zoom(options:sourceViewProvider:)`` runs (made by the controller when the
/// property is set), and, Segue's own older API, a delegate object you may still use yourself: keep it, make it the navigation controller's
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
/// Made by ``init(detail:sourceView:destinationView:)`` (Segue's own API, kept for code that uses it), the
/// detail names its image area (``destinationView``), the image flies between the cell and it and the rest of
/// its page fades (``ZoomTransitionAnimator``). Made for `preferredTransition` (UIKit's API), the whole page
/// zooms (``ZoomPageAnimator``), the source view provider gets its context and the options apply. Both
/// dismiss by a drag down or a pinch in (``interaction``) and can be caught while they move.
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
    /// The UIKit zoom's options and source view provider, when made for `preferredTransition`.
    private var pageZoom: (options: ViewController.Transition.ZoomOptions?,
                           provider: @MainActor (ZoomTransitionSourceViewProviderContext) -> View?)?

    /// A zoom from `sourceView` into `detail`'s `destinationView`; the drag-down interaction is attached to
    /// `detail`'s view (which is loaded now).
    public init(detail: ViewController, sourceView: @escaping @MainActor () -> View?,
                destinationView: @escaping @MainActor () -> View?) {
        self.detail = detail
        self.sourceView = sourceView
        self.destinationView = destinationView
        interaction.attach(to: detail.view)
        configureInteraction()
    }

    /// The zoom `preferredTransition = .zoom(options:sourceViewProvider:)` plays for `zoomed`: the whole
    /// page zooms out of the view the provider returns (asked at the start of each transition). The
    /// interaction is attached to `zoomed`'s view (which is loaded when first needed: at the push).
    init(zoomedViewController zoomed: ViewController, options: ViewController.Transition.ZoomOptions?,
         sourceViewProvider: @escaping @MainActor (ZoomTransitionSourceViewProviderContext) -> View?) {
        detail = zoomed
        sourceView = { nil }
        destinationView = { nil }
        pageZoom = (options, sourceViewProvider)
        interaction.shouldBegin = options?.interactiveDismissShouldBegin
        configureInteraction()
        if zoomed.isViewLoaded { interaction.attach(to: zoomed.view) }
    }

    /// Attaches the interaction to the zoomed page's view if it is not yet.
    func attachIfNeeded() {
        guard let detail, interaction.panGestureRecognizer.view !== detail.view else { return }
        interaction.attach(to: detail.view)
    }

    private func configureInteraction() {
        interaction.zoomTransition = { [weak detail] in
            guard let detail else { return nil }
            if let t = detail.navigationController?.currentTransition,
               t.viewController(forKey: .from) === detail || t.viewController(forKey: .to) === detail { return t }
            guard let window = detail.viewIfLoaded?.window,
                  let t = window.modalPresentations.lifecycle.current,
                  t.viewController(forKey: .from) === detail || t.viewController(forKey: .to) === detail else { return nil }
            return t
        }
        interaction.begin = { [weak detail] in
            guard let detail else { return }
            if let navigation = detail.navigationController, navigation.topViewController === detail {
                navigation.popViewController(animated: true)
            } else if detail.presentingViewController != nil {
                detail.dismiss(animated: true)
            }
        }
    }

    /// The animator for one direction: UIKit's whole-page zoom when made for `preferredTransition`, else
    /// ``animator(reversed:)``'s.
    func zoomAnimator(reversed: Bool) -> any ViewControllerAnimatedTransitioning {
        guard let (options, provider) = pageZoom else { return animator(reversed: reversed) }
        attachIfNeeded()
        let findSource: @MainActor (ViewController, ViewController) -> View? = { source, zoomed in
            provider(ZoomTransitionSourceViewProviderContext(sourceViewController: source, zoomedViewController: zoomed))
        }
        var alignment: (@MainActor (View, ViewController) -> CGRect)?
        if let align = options?.alignmentRectProvider {
            alignment = { source, zoomed in align(ZoomTransitionAlignmentRectContext(sourceView: source, zoomedViewController: zoomed)) }
        }
        let page = ZoomPageAnimator(reversed: reversed, sourceView: findSource, alignmentRect: alignment, duration: duration)
        if let color = options?.dimmingColor { page.dimmingColor = color }
        page.onStart = { [weak interaction] container in interaction?.attachCatcher(to: container) }
        page.onEnd = { [weak interaction] in interaction?.detachCatcher() }
        page.dimmingVisualEffect = options?.dimmingVisualEffect
        return page
    }

    /// The animator for one direction (the image-area zoom of ``init(detail:sourceView:destinationView:)``).
    public func animator(reversed: Bool) -> ZoomTransitionAnimator {
        ZoomTransitionAnimator(reversed: reversed, sourceView: sourceView,
                               destinationView: { [destinationView] _ in destinationView() }, duration: duration)
    }

    var interactionIfDragging: (any ViewControllerInteractiveTransitioning)? {
        interaction.interactionInProgress ? interaction : nil
    }

    // MARK: Navigation

    /// The zoom for a push or pop between the source page and a detail page, else nil (the stock one).
    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationController.Operation,
                                     from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        guard let detail else { return nil }
        if operation == .push, toVC === detail { return zoomAnimator(reversed: false) }
        if operation == .pop, fromVC === detail { return zoomAnimator(reversed: true) }
        return nil
    }

    /// The pinch or drag dismissing the detail page while it drives the pop, else nil.
    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? {
        let reversed = (animationController as? ZoomTransitionAnimator)?.isReversed
            ?? (animationController as? ZoomPageAnimator)?.isReversed ?? false
        return reversed ? interactionIfDragging : nil
    }

    // MARK: Modal presentation

    /// The zoom, growing the presented page from the source view.
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        presented === detail ? zoomAnimator(reversed: false) : nil
    }

    /// The zoom, shrinking the presented page back to the source view.
    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        dismissed === detail ? zoomAnimator(reversed: true) : nil
    }

    /// The gesture dismissing the page while it drives the dismissal, else nil.
    public func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? {
        interactionIfDragging
    }
}
