import SegueAnimation

/// The drag down that zooms a detail page back into its source view (iOS 18's interactive zoom
/// dismissal): a percent-driven interaction with its own pan recognizer on the detail page's view.
///
/// A pan that starts downwards (|dy| > |dx|, dy > 0) begins it: it calls ``begin`` (a
/// ``ZoomTransition`` pops or dismisses the detail there), and while ``interactionInProgress`` is true a
/// ready delegate hands it to the container. The progress is the drag's downward distance over the
/// detail page's height (`p = dy / H`, clamped to 0...1), so the image shrinks and travels towards the cell
/// as the finger goes down. Releasing decides by the release rule of ``settings`` on the vertical axis
/// (spec gestures-and-timing: a flick of at least `flickVelocity` heights per second decides by its sign,
/// otherwise it finishes from `commitFraction` on) and completes with the interactive-release spring; a
/// cancelled drag plays back to the start, where the detail page is exactly as before.
///
/// A pinch in does the same (``pinchGestureRecognizer``): `p = clamp((1 - scale) / pinchSpan, 0, 1)`, by
/// the same rule. While held, the drawn page follows the progress through iOS 27's tracking spring
/// (``TransitionSettings/trackingSpring``), as the built-in pop does. A pointer down on the detail page
/// while its zoom plays on its own (in or out) or after a drag was let go catches it where it is drawn: a
/// zoom back is taken over at that progress; a zoom in completes at once and turns into an interactive
/// zoom back from where the page is drawn (UIKit's rule for interrupted pushes); the pointer then drives it
/// 1:1 down the page (`1 / H` per point), and the next release decides again.
///
/// The release rule (``settings``: `flickVelocity` 1.06 and `commitFraction` 0.3 by default) is the
/// built-in pop's, measured on iOS 26/27 (../shared/spec/gestures-and-timing.md, "Interactive pop") and
/// used, as the spec's modal sheet does, on the vertical axis in page heights: a flick of at least 1.06
/// heights per second decides by its sign (down finishes, up cancels), otherwise the zoom back finishes
/// from 0.3 of the page's height on. Apple documents no numbers for the zoom's dismissal.
///
/// Differs from UIKit: UIKit's interactive zoom dismissal is built into the zoom transition and cannot be
/// configured beyond `interactiveDismissShouldBegin` (``shouldBegin`` here); here it is an ordinary
/// ``PercentDrivenInteractiveTransition`` you may drive yourself
/// (``PercentDrivenInteractiveTransition/update(_:)``, ``PercentDrivenInteractiveTransition/release(at:velocity:rule:)``) or attach to any view.
@MainActor
public final class ZoomInteraction: PercentDrivenInteractiveTransition, GestureDrivenInteraction, GestureRecognizerDelegate {
    /// How far a pinch goes (in scale, from 1) for the whole zoom back: a pinch to 0.4 of the spread is
    /// the end (our choice: about where iOS 18's pinched page reaches the cell's size in Photos).
    public static let pinchSpan: CGFloat = 0.6

    /// The pan that drives the interaction (attached by ``attach(to:)``).
    public let panGestureRecognizer = PanGestureRecognizer()
    /// The pinch in that drives it too (attached by ``attach(to:)``).
    public let pinchGestureRecognizer = PinchGestureRecognizer()
    /// The release rule (flick velocity in page heights per second, commit fraction) and the tracking spring.
    public var settings = TransitionSettings()
    /// What starts the transition when the drag begins (a ``ZoomTransition`` sets it to pop or dismiss
    /// its detail controller).
    public var begin: (@MainActor () -> Void)?
    /// Asked before a drag or pinch begins (UIKit's `interactiveDismissShouldBegin`), with whether it
    /// would begin by default; nil: the default decides.
    public var shouldBegin: (@MainActor (ZoomTransitionInteractionContext) -> Bool)?
    /// True from the drag's start (or a catch) until it is let go.
    public var interactionInProgress: Bool { driver.isHolding || isTakingOver }
    /// Follows the pan and the pinch: begin, follow, release by ``settings``' rule.
    private let driver = InteractionDriver()
    /// Catches the zoom while it plays on its own or after a let-go.
    private let catcher = TransitionCatcher()
    /// True while a catch turns a transition into this interaction (the container asks meanwhile).
    private var isTakingOver = false
    /// The transition of the zoom now, if one runs (set by ``ZoomTransition``).
    var zoomTransition: () -> ContainerTransition? = { nil }

    /// An interaction with its recognizers not yet attached.
    public override init() {
        super.init()
        panGestureRecognizer.name = "zoom.dismiss"
        panGestureRecognizer.delegate = self
        panGestureRecognizer.addAction { [weak self] pan in self?.handle(pan) }
        pinchGestureRecognizer.name = "zoom.pinch"
        pinchGestureRecognizer.delegate = self
        pinchGestureRecognizer.addAction { [weak self] pinch in self?.handle(pinch) }
        driver.rule = { [unowned self] in InteractionDriver.ReleaseRule(settings: self.settings) }
        driver.tracking = { [unowned self] in self.settings.trackingSpring }
        catcher.recognizer.name = "zoom.catch"
        catcher.transition = { [weak self] in self?.zoomTransition() }
        catcher.interaction = { [weak self] in self }
        catcher.movingViews = { [weak self] _ in [self?.panGestureRecognizer.view].compactMap { $0 } }
        catcher.progressPerPoint = { [weak self] in
            CGPoint(x: 0, y: 1 / max(self?.panGestureRecognizer.view?.bounds.height ?? 1, 1))
        }
        catcher.driver = driver
        catcher.canTakeOver = { t in t.animator is ZoomPageAnimator }
        catcher.takeOver = { [weak self] t in self?.takeOver(t) }
    }

    /// Attaches the pan and the pinch to `view` (the detail page's view).
    public func attach(to view: View) {
        view.addGestureRecognizer(panGestureRecognizer)
        view.addGestureRecognizer(pinchGestureRecognizer)
    }

    /// Puts the catch on `container`, the view a zoom runs in (a moving page takes no touches: UIKit's
    /// rule), while the zoom runs.
    func attachCatcher(to container: View) {
        guard catcher.recognizer.view !== container else { return }
        container.addGestureRecognizer(catcher.recognizer)
    }

    /// Takes the catch off its container, unless it is catching now (it goes on holding the zoom back it
    /// started).
    func detachCatcher() {
        guard catcher.recognizer.state == .possible || catcher.recognizer.state == .failed else { return }
        catcher.recognizer.view?.removeGestureRecognizer(catcher.recognizer)
    }

    /// The pan begins only downwards, the pinch only inwards, neither while a transition runs in the
    /// window; then ``shouldBegin`` has the last word.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard !interactionInProgress, TransitionLifecycle.isIdle(in: gestureRecognizer.view) else { return false }
        let view = gestureRecognizer.view
        let willBegin: Bool
        let velocity: CGPoint
        if gestureRecognizer === pinchGestureRecognizer {
            willBegin = pinchGestureRecognizer.scale < 1
            velocity = .zero
        } else {
            let t = panGestureRecognizer.translation(in: nil)
            willBegin = t.y > 0 && abs(t.y) > abs(t.x)
            velocity = panGestureRecognizer.velocity(in: nil)
        }
        guard let shouldBegin else { return willBegin }
        return shouldBegin(ZoomTransitionInteractionContext(location: gestureRecognizer.location(in: view),
                                                            velocity: CGVector(dx: velocity.x, dy: velocity.y),
                                                            willBegin: willBegin))
    }

    /// The drag, through the driver: `p = clamp(dy / H, 0, 1)`; its began holds this interaction and calls
    /// ``begin``.
    private func handle(_ pan: PanGestureRecognizer) {
        let height = max(pan.view?.bounds.height ?? 1, 1)
        driver.drive(pan.state, progress: min(max(pan.translation(in: nil).y / height, 0), 1),
                     velocity: pan.releaseVelocity(in: nil).y / height) {
            driver.hold(self, at: 0)
            begin?()
        }
    }

    /// The pinch, through the driver: `p = clamp((1 - scale) / pinchSpan, 0, 1)`.
    private func handle(_ pinch: PinchGestureRecognizer) {
        driver.drive(pinch.state, progress: min(max((1 - pinch.scale) / Self.pinchSpan, 0), 1),
                     velocity: -pinch.releaseVelocity / Self.pinchSpan) {
            driver.hold(self, at: 0)
            begin?()
        }
    }

    /// Takes over a zoom that plays on its own where its page is drawn: a zoom back at that progress; a
    /// zoom in completes now and becomes a zoom back from there, driven by this interaction.
    private func takeOver(_ t: ContainerTransition) -> (PercentDrivenInteractiveTransition, CGFloat)? {
        let pageFraction = (t.animator as? ZoomPageAnimator)?.drawnPageFraction
        isTakingOver = true
        defer { isTakingOver = false }
        switch t.kind {
        case .pop, .dismiss:
            let p = pageFraction.map { 1 - $0 } ?? t.percentComplete
            t.takeOver(with: self, at: p)
            return (self, p)
        case .push, .present:
            let p = pageFraction.map { 1 - $0 } ?? 1 - t.percentComplete
            t.completeNow()
            startProgress = p
            begin?()
            guard zoomTransition()?.interactionController === self else { return nil }
            return (self, p)
        default:
            return nil
        }
    }
}
