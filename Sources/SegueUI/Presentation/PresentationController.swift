import SegueAnimation

/// Manages one modal presentation from its start to its dismissal (`UIPresentationController`): the
/// container view the transitions run in, the presented view's frame, and chrome of its own (a dimming
/// view) added when the presentation begins and removed when the dismissal ends.
///
/// The presentation keeps it alive (the presented controller holds it) until a dismissal completes. Its
/// lifecycle, called by the presenting machinery in this order:
/// - presenting: the presented view is loaded, ``containerView`` is set, then
///   ``presentationTransitionWillBegin()`` (the coordinator exists: animate chrome alongside), the
///   animator runs, then ``presentationTransitionDidEnd(_:)`` (false: the presentation was cancelled and
///   the container view is removed after it);
/// - dismissing: ``dismissalTransitionWillBegin()``, the animator, ``dismissalTransitionDidEnd(_:)``
///   (remove chrome only when it completed: a cancelled dismissal leaves the presentation as it was);
///   after a completed dismissal the container view leaves the window.
/// - Layout of the container view (resizes): ``containerViewWillLayoutSubviews()`` and
///   ``containerViewDidLayoutSubviews()``.
///
/// Differs from UIKit: no adaptivity or traits (the ``delegate`` hears of swipe dismissals only); the
/// container view lives in the window above the root controller's view (and above earlier presentations),
/// or, for `.currentContext` and `.overCurrentContext`, above the context's view in its superview. The base class does not place the
/// presented view on layout (as in UIKit, a subclass sets it in ``containerViewWillLayoutSubviews()``).
@MainActor
open class PresentationController: ContentContainer {
    /// The controller presented.
    public let presentedViewController: ViewController
    /// The controller presenting it: the one given to the initializer, or (when nil was given) the
    /// presenting controller the presentation chose. Reading it before the presentation starts with nil
    /// given fails loudly.
    open var presentingViewController: ViewController {
        guard let presenting else {
            preconditionFailure("PresentationController.presentingViewController: the presentation has not started "
                + "and no presenting controller was given")
        }
        return presenting
    }
    var presenting: ViewController?
    /// The view the presentation lives in (nil before the presentation begins and after the dismissal).
    open internal(set) var containerView: View?
    /// The style the presentation was made with.
    public internal(set) var presentationStyle: ModalPresentationStyle = .custom
    /// The transition running for this presentation, if any.
    var transition: ContainerTransition?
    /// Where the presenter's view was before a presentation that removes it (put back on dismissal), and
    /// the size of its superview then.
    var presenterViewPlace: (superview: View, index: Int, frame: CGRect, superviewSize: CGSize)?

    /// The frame the presenter's view takes when it is put back: where it was, resized by its autoresizing
    /// mask for its superview as it is now (the window may have been resized while the view was out of it,
    /// where nothing lays it out). Nil when no presentation removed it.
    var presenterFrameToRestore: CGRect? {
        guard let place = presenterViewPlace, let view = presentingViewController.viewIfLoaded else { return nil }
        return view.frame(resizedFrom: place.frame, superviewSize: place.superviewSize, to: place.superview.bounds.size)
    }
    /// The interaction controller the presentation drives a dismissal with when the transitioning delegate
    /// gives none (the sheet's drag), while it drives one.
    var dismissalInteractionController: PercentDrivenInteractiveTransition?
    /// Whether the dismissal running (or about to run) was started by the user (a swipe): its completion
    /// tells the ``delegate``.
    var isUserDismissal = false

    /// Hears of the user's swipe dismissals (held weakly, as in UIKit). Set it before presenting through
    /// ``ViewController/presentationController``, or while presented.
    public weak var delegate: (any AdaptivePresentationControllerDelegate)?

    /// Asks whether a swipe that begins now may dismiss the presentation (the presented controller's
    /// ``ViewController/isModalInPresentation``, then the delegate's
    /// ``AdaptivePresentationControllerDelegate/presentationControllerShouldDismiss(_:)``); a refusal tells
    /// the delegate (``AdaptivePresentationControllerDelegate/presentationControllerDidAttemptToDismiss(_:)``).
    /// For presentation controllers with a dismissing gesture of their own.
    public func userDismissalIsAllowed() -> Bool {
        let allowed = !presentedViewController.isModalInPresentation
            && (delegate?.presentationControllerShouldDismiss(self) ?? true)
        if !allowed { delegate?.presentationControllerDidAttemptToDismiss(self) }
        return allowed
    }

    /// Starts a dismissal the user asked for (a swipe): tells the delegate
    /// (``AdaptivePresentationControllerDelegate/presentationControllerWillDismiss(_:)``, and
    /// ``AdaptivePresentationControllerDelegate/presentationControllerDidDismiss(_:)`` when it completes)
    /// and dismisses the presented controller, driven by `interaction` when given (nil: animated on its own).
    /// Check ``userDismissalIsAllowed()`` first.
    func beginUserDismissal(driving interaction: PercentDrivenInteractiveTransition?) {
        dismissalInteractionController = interaction
        isUserDismissal = true
        delegate?.presentationControllerWillDismiss(self)
        presentedViewController.dismiss(animated: true)
        if let interaction, transition?.interactionController !== interaction { dismissalInteractionController = nil }
        if transition?.kind != .dismiss { isUserDismissal = false }
    }

    /// A presentation of `presentedViewController` by `presentingViewController` (nil: the presenter is
    /// chosen when the presentation starts, as in UIKit).
    public init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        self.presentedViewController = presentedViewController
        presenting = presentingViewController
    }

    /// The view the animator animates in: the presented controller's view by default. A subclass may wrap
    /// it (a shadow, rounded corners) and return the wrapper: the transition context's view for the
    /// presented side (`view(forKey: .to)` presenting, `.from` dismissing) is this view, asked for when the
    /// animator asks (after ``presentationTransitionWillBegin()``, where a wrapper is usually made).
    open var presentedView: View? { presentedViewController.viewIfLoaded }

    // MARK: Content container

    /// The presentation's own preferred size (default zero).
    open var preferredContentSize: CGSize = .zero
    /// The presented controller's ``ViewController/preferredContentSize`` changed: by default the
    /// container view lays out again (``containerViewWillLayoutSubviews()`` places the presented view).
    open func preferredContentSizeDidChange(forChildContentContainer container: any ContentContainer) {
        if container === presentedViewController { containerView?.setNeedsLayout() }
    }
    /// Nothing by default.
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any ContentContainer) {}
    /// The size the presented controller gets in a container of `parentSize` (default `parentSize`; a
    /// subclass returns the presented controller's ``ViewController/preferredContentSize``, as Apple's
    /// samples do).
    open func size(forChildContentContainer container: any ContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }
    /// The window goes to `size`: passed on to the presented controller, with the size this presentation
    /// gives it.
    open func viewWillTransition(to size: CGSize, with coordinator: any ViewControllerTransitionCoordinator) {
        presentedViewController.viewWillTransition(
            to: self.size(forChildContentContainer: presentedViewController, withParentContainerSize: size), with: coordinator)
    }

    /// Where the presented view ends, in the container view's coordinates: the context's final frame for
    /// the presented controller. Default: the container's bounds.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }

    /// Whether touches in the container outside the presented view go to the views below it (the
    /// presenter) rather than stopping at the container: a sheet at an undimmed detent. Default false.
    var passesTouchesOutsidePresentedView: Bool { false }

    /// Whether the presenter's view is removed when the presentation ends (then `view(forKey: .from)` is
    /// the presenter's view, and the presenter gets appearance callbacks). Default false (UIKit's);
    /// the machinery's own `.fullScreen` controller returns true.
    open var shouldRemovePresentersView: Bool { false }

    /// The presentation is about to begin: add chrome to ``PresentationController/containerView`` and animate it with
    /// `presentedViewController.transitionCoordinator?.animate(alongsideTransition:completion:)`.
    open func presentationTransitionWillBegin() {}
    /// The presentation ended; `completed` is false when it was cancelled (remove chrome then).
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// The dismissal is about to begin: animate chrome away alongside it.
    open func dismissalTransitionWillBegin() {}
    /// The dismissal ended; remove chrome only when `completed` (a cancelled dismissal keeps it).
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    /// The container view is about to lay out its subviews (place chrome and the presented view here).
    open func containerViewWillLayoutSubviews() {}
    /// The container view laid out its subviews.
    open func containerViewDidLayoutSubviews() {}
}

/// The presentation controller of `.fullScreen`: the presenter's view is removed when the presentation
/// ends (UIKit's private full-screen presentation controller).
@MainActor
final class FullScreenPresentationController: PresentationController {
    override var shouldRemovePresentersView: Bool { true }

    /// At rest the presented view fills the container as it is now (UIKit's full-screen presentation
    /// resizes the presented view with the window); while a transition runs the animator places it.
    override func containerViewWillLayoutSubviews() {
        if transition == nil, let container = containerView, let view = presentedView, view.superview === container {
            view.frame = frameOfPresentedViewInContainerView
        }
    }
}

/// The view a presentation lives in: it fills the window, above the root and earlier presentations, and
/// tells its presentation controller about its layout.
@MainActor
final class PresentationContainerView: View {
    unowned let presentationController: PresentationController

    init(presentationController: PresentationController, frame: CGRect) {
        self.presentationController = presentationController
        super.init(frame: frame)
        layer.name = "presentation container"
    }

    /// Touches on the container itself or its chrome (not on the presented view) pass through while the
    /// presentation lets them (``PresentationController/passesTouchesOutsidePresentedView``).
    override func hitTest(_ point: CGPoint, with event: Event?) -> View? {
        guard let hit = super.hitTest(point, with: event) else { return nil }
        guard presentationController.passesTouchesOutsidePresentedView,
              let presented = presentationController.presentedView else { return hit }
        var v: View? = hit
        while let current = v, current !== self {
            if current === presented { return hit }
            v = current.superview
        }
        return nil
    }

    override func layoutSubviews() {
        presentationController.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController.containerViewDidLayoutSubviews()
    }
}
