import SegueAnimation

/// A ready sheet presentation (Segue's; the `.pageSheet` style uses it, and a transitioning delegate may
/// return it for `.custom`): the presented view is a sheet from ``topInset`` below the container's top to
/// its bottom, over a black ``dimmingView`` that fades in with the presentation and out with the
/// dismissal, animated alongside through the coordinator (so it is scrubbed with an interactive
/// dismissal). The presenter's view stays underneath.
///
/// Dragging the sheet down dismisses it interactively: with `dy` the pointer's travel since the pan was
/// recognized, `p = dy / sheetHeight` (spec: gestures-and-timing, "Modal sheet"); the dimming's alpha is
/// `dimmingAlpha x (1 - p)`. On release, ``transitionSettings``' rule decides with the velocity in sheet
/// heights per second: a flick by its sign, otherwise finish iff `p >= commitFraction`; a drag released
/// short of it springs back. The transitioning delegate's own dismissal interaction controller, when it
/// gives one, takes precedence over the drag.
///
/// The swipe is the user's: it asks the presented controller's ``ViewController/isModalInPresentation`` and
/// the ``PresentationController/delegate`` first. Refused, the sheet rubber-bands under the finger
/// (``rubberBandOffset(_:dimension:)``) and springs back on release, and the delegate hears
/// `presentationControllerDidAttemptToDismiss`; allowed, the delegate hears `presentationControllerWillDismiss`
/// and, when the dismissal completes, `presentationControllerDidDismiss`.
///
/// Differs from UIKit's `UISheetPresentationController`: no detents, grabber or corner radius; the
/// presenter is not scaled back.
@MainActor
open class DimmingSheetPresentationController: PresentationController, GestureRecognizerDelegate {
    /// The gap above the sheet, in points (iOS's page sheet starts about 10 pt below the status bar; Segue
    /// has no status bar, and leaves the presenter visible above the sheet).
    public static let defaultTopInset: CGFloat = 40
    /// The alpha of the black dimming when the sheet is up (UIKit's dimming view behind sheets: black at
    /// 0.4; folklore, from its private `UIDimmingView`).
    public static let defaultDimmingAlpha: CGFloat = 0.4
    /// The size of a form sheet in a regular-width container, in points (UIKit's default form sheet on an
    /// iPad since iOS 13: 540 x 620, the `preferredContentSize` a form sheet gets when it sets none;
    /// published measurements of iPadOS 13-17).
    public static let formSheetSize = CGSize(width: 540, height: 620)
    /// From this container width on, a form sheet is centred at ``formSheetSize`` (UIKit: regular horizontal
    /// size class; the narrowest regular-width window, an iPad's one-third split, is 320 pt, but a 540 pt
    /// sheet needs a wider one: Segue takes the iPhone Plus's landscape width, 736 pt, its smallest
    /// regular-width screen).
    public static let formSheetMinimumContainerWidth: CGFloat = 736
    /// The rubber band's stiffness constant (UIScrollView's: `(1 - 1 / (x c / d + 1)) d` with c = 0.55,
    /// as reverse-engineered and published by Grant Paul).
    public static let rubberBandConstant: CGFloat = 0.55

    /// How far a sheet follows a refused swipe of `distance` points, with `dimension` the sheet's height:
    /// UIScrollView's rubber band, `(1 - 1 / (distance x 0.55 / dimension + 1)) x dimension` (0 for a
    /// distance of 0 or less; never more than `dimension`).
    public static func rubberBandOffset(_ distance: CGFloat, dimension: CGFloat) -> CGFloat {
        guard distance > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (distance * rubberBandConstant / dimension + 1)) * dimension
    }

    /// The gap above the sheet, in points.
    public var topInset = DimmingSheetPresentationController.defaultTopInset
    /// The alpha of the dimming view when the sheet is up.
    public var dimmingAlpha = DimmingSheetPresentationController.defaultDimmingAlpha
    /// The release rule of the drag (velocities in sheet heights per second).
    public var transitionSettings = TransitionSettings()
    /// The spring the sheet settles on after a drag: a refused swipe's spring-back and a dismissal drag's finish
    /// or return here; for a
    /// ``SheetPresentationController`` also its presentation and dismissal, its detent changes in code and
    /// the settle after a drag between detents (default ``SheetSpring/standard``, iOS 27's sheet as
    /// measured). This base class presents and dismisses with ``CoverVerticalAnimator``'s curve.
    public var spring = SheetSpring.standard
    /// The black view between the presenter and the sheet (in the container while presented).
    public let dimmingView = View()
    /// The pan that drags the sheet down (on the container view, for touches on the sheet only).
    public let dismissPanGestureRecognizer = PanGestureRecognizer()
    /// The pan's translation when it was recognized, in points (the drag counts from there).
    var dragOrigin: CGFloat = 0
    /// Catches the sheet while it is presented, dismissed or springs back (on the container view).
    private let catcher = TransitionCatcher()
    /// Follows the drag to dismiss and the catch: begin, follow, release by ``transitionSettings``' rule.
    private let dismissDriver = InteractionDriver()
    /// Whether this is a `.formSheet` presentation (centred at ``formSheetSize`` in a wide container).
    var isFormSheet = false
    /// Whether a refused swipe is rubber-banding the sheet now.
    private(set) var isRubberBanding = false
    /// Whether the drag moves the sheet between detents now (a ``SheetPresentationController``'s).
    var isDraggingDetents = false

    /// Whether a drag that begins now moves the sheet between detents (then ``dragDetents(_:)`` follows
    /// it) rather than dismissing it. A subclass's hook; the base class: never.
    func beginsDetentDrag(_ pan: PanGestureRecognizer) -> Bool { false }
    /// Follows a drag between detents (`state`: the pan's, or the one a scroll view's handover gives). A
    /// subclass's hook.
    func dragDetents(_ pan: PanGestureRecognizer, state: GestureRecognizer.State) {}
    /// Whether the drag may begin upwards. A subclass's hook; the base class: no.
    func allowsUpwardDrag() -> Bool { false }
    /// Follows a drag to dismiss in `state` (the drag's; `.began` once its dismissal began), `overflow`
    /// being how far the finger is above where the drag began (points; the dismissal's progress is 0
    /// there). A subclass's hook (a page sheet scrolls the list the drag began on by it); the base class:
    /// nothing.
    func followDismissalDrag(_ pan: PanGestureRecognizer, state: GestureRecognizer.State, overflow: CGFloat) {}

    public override init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        dimmingView.layer.name = "dimming"
        dismissPanGestureRecognizer.delegate = self
        dismissPanGestureRecognizer.addAction { [weak self] pan in self?.handleDrag(pan) }
        configureCatcher()
    }

    /// The sheet: the container's bounds below ``topInset`` (a form sheet in a container at least
    /// ``formSheetMinimumContainerWidth`` wide: at most ``formSheetSize``, centred horizontally, and
    /// vertically in the space below ``topInset``).
    open override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        let page = CGRect(x: bounds.minX, y: bounds.minY + topInset, width: bounds.width, height: max(bounds.height - topInset, 0))
        guard isFormSheet, bounds.width >= Self.formSheetMinimumContainerWidth else { return page }
        let size = CGSize(width: min(Self.formSheetSize.width, page.width), height: min(Self.formSheetSize.height, page.height))
        return CGRect(x: page.midX - size.width / 2, y: page.midY - size.height / 2, width: size.width, height: size.height)
    }

    open override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
        dimmingView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.insertSubview(dimmingView, at: 0)
        container.addGestureRecognizer(dismissPanGestureRecognizer)
        container.addGestureRecognizer(catcher.recognizer)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { [dimmingView, dimmingAlpha] _ in
            dimmingView.alpha = dimmingAlpha
        }, completion: nil)
    }

    open override func presentationTransitionDidEnd(_ completed: Bool) {
        guard !completed else { return }
        removeChrome()
    }

    open override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { [dimmingView] _ in
            dimmingView.alpha = 0
        }, completion: nil)
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        guard completed else { return }
        removeChrome()
    }

    /// Keeps the dimming over the whole container and, when no transition moves it, the sheet at its frame.
    open override func containerViewWillLayoutSubviews() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
        if transition == nil, !isRubberBanding, !isDraggingDetents, let sheet = presentedView, sheet.superview === container {
            sheet.frame = frameOfPresentedViewInContainerView
        }
    }

    private func removeChrome() {
        dimmingView.removeFromSuperview()
        containerView?.removeGestureRecognizer(dismissPanGestureRecognizer)
        containerView?.removeGestureRecognizer(catcher.recognizer)
    }

    // MARK: Catching

    /// The catch (spec: gestures-and-timing, "Modal sheet"): a pointer down on the sheet where it is drawn
    /// while its drag's dismissal finishes or springs back, or while the stock animator presents or
    /// dismisses it on its own. The sheet then follows the pointer 1:1 downwards, and the next release
    /// decides by the drag's rule. A caught presentation completes at once and turns into an interactive
    /// dismissal from where the sheet is drawn (as a caught push turns into a pop), so appearance stays
    /// balanced.
    private func configureCatcher() {
        catcher.transition = { [weak self] in self?.transition }
        catcher.interaction = { [weak self] in self?.dismissalInteractionController }
        catcher.movingViews = { [weak self] _ in [self?.presentedView].compactMap { $0 } }
        catcher.progressPerPoint = { [weak self] in
            CGPoint(x: 0, y: 1 / max(self?.frameOfPresentedViewInContainerView.height ?? 1, 1))
        }
        // A release finishes or springs back on the sheet's spring (at the dragged sheet's velocity).
        dismissDriver.rule = { [weak self] in
            InteractionDriver.ReleaseRule(settings: self?.transitionSettings ?? TransitionSettings(),
                                          spring: (self?.spring ?? SheetSpring.standard).spring)
        }
        dismissDriver.tracking = { [weak self] in (self?.transitionSettings ?? TransitionSettings()).trackingSpring }
        catcher.driver = dismissDriver
        catcher.canTakeOver = { t in t.animator is CoverVerticalAnimator }
        catcher.takeOver = { [weak self] t in self?.catchAnimating(t) }
    }

    /// How far down from its rest frame the sheet is drawn, in sheet heights (0...1).
    private var shownDismissalProgress: CGFloat {
        guard let sheet = presentedView else { return 0 }
        let rest = frameOfPresentedViewInContainerView
        return min(max((sheet.layer.renderedProperties.frame.minY - rest.minY) / max(rest.height, 1), 0), 1)
    }

    private func catchAnimating(_ t: ContainerTransition) -> (PercentDrivenInteractiveTransition, CGFloat)? {
        let interaction = PercentDrivenInteractiveTransition()
        let p = shownDismissalProgress
        switch t.kind {
        case .dismiss:
            dismissalInteractionController = interaction
            t.takeOver(with: interaction, at: p)
            return (interaction, p)
        case .present:
            t.completeNow()
            // Turning the caught presentation into a dismissal is the user's swipe: it may be refused.
            guard userDismissalIsAllowed() else { return nil }
            interaction.startProgress = p
            beginUserDismissal(driving: interaction)
            guard transition?.interactionController === interaction else {
                dismissalInteractionController = nil
                return nil
            }
            return (interaction, p)
        default:
            return nil
        }
    }

    // MARK: The drag

    /// Only touches on the sheet.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard let sheet = presentedView, let container = containerView else { return false }
        return sheet.frame.contains(touch.location(in: container))
    }

    /// Downwards, more vertical than horizontal, and no presentation or dismissal running.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? PanGestureRecognizer, transition == nil,
              TransitionLifecycle.isIdle(in: containerView) else { return false }
        let v = pan.translation(in: nil)
        return (v.y > 0 || (v.y < 0 && allowsUpwardDrag())) && abs(v.y) > abs(v.x)
    }

    /// A refused swipe, as the driver holds it: the sheet follows the finger down on UIScrollView's rubber
    /// band (`offset` from its rest frame, in points)...
    private func followRefusedSwipe(_ offset: CGFloat) {
        guard let sheet = presentedView else { isRubberBanding = false; return }
        let rest = frameOfPresentedViewInContainerView
        View.performWithoutAnimation { sheet.frame = rest.offsetBy(dx: 0, dy: offset) }
    }

    /// ...then springs back whatever the release, on ``spring`` from rest (the rubber band's offset does
    /// not move with the finger's speed).
    private func releaseRefusedSwipe(_ offset: CGFloat) {
        isRubberBanding = false
        guard let sheet = presentedView else { return }
        let rest = frameOfPresentedViewInContainerView
        let duration = spring.duration(travel: offset, initialVelocity: 0)
        guard duration > 0 else {
            View.performWithoutAnimation { sheet.frame = rest }
            return
        }
        let template = AnimationTemplate(duration: duration, timing: spring.timing(initialVelocity: 0))
        Transaction.perform(capturing: template) { sheet.frame = rest }
    }

    /// The drag: a refused swipe rubber-bands, a drag between detents follows them; a drag to dismiss goes
    /// through the driver with `p = clamp(dy / sheetHeight, 0, 1)`, the travel since the pan was recognized.
    ///
    /// `state` (nil: the pan's) and `origin` (the translation the drag counts from, y; nil: the pan's at
    /// its began) are given by a scroll view handing its drag over mid-way (``ScrollEdgeHandover``).
    func handleDrag(_ pan: PanGestureRecognizer, state givenState: GestureRecognizer.State? = nil, origin: CGFloat? = nil) {
        let state = givenState ?? pan.state
        if isRubberBanding {
            let rest = frameOfPresentedViewInContainerView
            dismissDriver.drive(state, progress: Self.rubberBandOffset(pan.translation(in: nil).y - dragOrigin,
                                                                         dimension: max(rest.height, 1)),
                                velocity: 0) {}
            return
        }
        if isDraggingDetents {
            dragDetents(pan, state: state)
            return
        }
        let height = max(frameOfPresentedViewInContainerView.height, 1)
        dismissDriver.drive(state, progress: min(max((pan.translation(in: nil).y - dragOrigin) / height, 0), 1),
                            velocity: pan.releaseVelocity(in: nil).y / height) {
            dragOrigin = origin ?? pan.translation(in: nil).y
            if beginsDetentDrag(pan) {
                isDraggingDetents = true
                dragDetents(pan, state: state)
                return
            }
            guard userDismissalIsAllowed() else {
                isRubberBanding = true
                dismissDriver.hold(GestureDrivenValue(
                    follow: { [weak self] offset in self?.followRefusedSwipe(offset) },
                    release: { [weak self] offset, _, _ in self?.releaseRefusedSwipe(offset) }), at: 0)
                return
            }
            let interaction = PercentDrivenInteractiveTransition()
            dismissDriver.begin(interaction) {
                beginUserDismissal(driving: interaction)
                return transition
            }
        }
        if !isDraggingDetents, !isRubberBanding, state == .began ? dismissDriver.isHolding : true {
            followDismissalDrag(pan, state: state, overflow: dragOrigin - pan.translation(in: nil).y)
        }
    }
}

