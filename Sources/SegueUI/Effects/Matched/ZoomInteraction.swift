import SegueAnimation

/// The drag that zooms a detail page back into its source view (iOS 18's interactive zoom dismissal): a
/// percent-driven interaction with its own pan and pinch recognizers on the detail page's view.
///
/// A pan that starts downwards (|dy| > |dx|, dy > 0) or from leading to trailing (|dx| > |dy|, dx > 0)
/// anywhere on the page begins it, as the device's `_UIContentSwipeDismissGestureRecognizer` does (not
/// limited to the edge: a drag starting 80 pt in dismisses too): it calls ``begin`` (a ``ZoomTransition``
/// pops or dismisses the detail there), and while ``interactionInProgress`` is true a ready delegate hands
/// it to the container. A screen-edge pan (the navigation controller's ``NavigationController/interactivePopGestureRecognizer``)
/// keeps precedence at the edge: the pan requires it to fail. For a pushed page this pan, not the
/// navigation controller's ``NavigationController/interactiveContentPopGestureRecognizer``, owns the
/// leading-to-trailing swipe on the page's content (the content pop does not begin on a page with a zoom
/// ``ViewController/preferredTransition``), so one recognizer drives the pop and the page roams.
///
/// The progress is measured along the axis the drag began on, in page lengths: `p = dy / H` for a drag
/// down, `p = dx / W` for a sideways one (clamped to 0...1). A pinch in does the same
/// (``pinchGestureRecognizer``): `p = clamp((1 - scale) / pinchSpan, 0, 1)`. While held, the zoom's
/// progress is drawn through iOS 27's tracking spring (``TransitionSettings/trackingSpring``), as the
/// built-in pop is, and the page roams under the finger (the pinch's centroid): the point of the page the
/// finger went down on stays under the finger in x and y, and the page's size is the zoom's at the drawn
/// progress (it shrinks from the page's towards the source's as the drag goes on). So for a page at rest
/// at `R` held at a point `a` of its size (`a = (down - R.origin) / R.size`) by a finger at `f`, the page
/// is drawn at `size(p) = lerp(R.size, S.size, p)` (`S`: the source end's frame) and
/// `origin = f - a * size(p)` once the tracking settles. A scroll view inside the page that scrolls to its
/// top and goes on down hands the rest of its drag over here (as a sheet's list does): the progress then
/// counts from where the content reached its top.
///
/// The release rule (``settings``: `flickVelocity` 1.06 and `commitFraction` 0.3 by default) is the
/// built-in pop's, measured on iOS 26/27 (../shared/spec/gestures-and-timing.md, "Interactive pop"), used
/// on the drag's axis in page lengths, as the spec's modal sheet uses it in heights and the content pop in
/// widths: a flick of at least 1.06 page lengths per second along the axis decides by its sign (down or
/// towards the trailing edge finishes, the other way cancels); otherwise the zoom back finishes from 0.3 of
/// the page's length on. A pinch decides the same way in its progress. Apple documents no numbers for the
/// zoom's dismissal. On release the page completes with the interactive-release spring from where it is
/// drawn: finishing, it flies from there to the source view's frame; cancelling, it springs back to full
/// screen. How far it is off the straight path shrinks in step with the
/// zoom's progress: `offset = offset₀ × (target - p) / (target - p₀)`, so nothing jumps at the release and
/// the page lands exactly on the source (or at rest).
///
/// Catching: a touch on the detail page while its zoom plays on its own (in or out) or after a drag was
/// let go catches it where it is drawn: a zoom back is taken over at that progress; a zoom in completes at
/// once and turns into an interactive zoom back from where the page is drawn (UIKit's rule for interrupted
/// pushes); the touch then drives it 1:1 down the page (`1 / H` per point) and the page roams under it
/// from where it was caught. A second finger that comes down and pinches continues the caught zoom as a
/// pinch (from the progress it was caught at), and the next release decides again.
///
/// Differs from UIKit: UIKit's interactive zoom dismissal is built into the zoom transition and cannot be
/// configured beyond `interactiveDismissShouldBegin` (``shouldBegin`` here); here it is an ordinary
/// ``PercentDrivenInteractiveTransition`` you may drive yourself
/// (``PercentDrivenInteractiveTransition/update(_:)``, ``PercentDrivenInteractiveTransition/release(at:velocity:rule:)``) or attach to any view.
/// The page roams only in the whole-page zoom (``ZoomPageAnimator``, `preferredTransition`); Segue's older
/// image zoom (``ZoomTransitionAnimator``) scrubs along its straight path.
@MainActor
public final class ZoomInteraction: PercentDrivenInteractiveTransition, GestureDrivenInteraction, GestureRecognizerDelegate {
    /// How far a pinch goes (in scale, from 1) for the whole zoom back: a pinch to 0.4 of the spread is
    /// the end (our choice: about where iOS 18's pinched page reaches the cell's size in Photos).
    public static let pinchSpan: CGFloat = 0.6

    /// The pan that drives the interaction (attached by ``attach(to:)``): down, or leading to trailing.
    public let panGestureRecognizer = PanGestureRecognizer()
    /// The pinch in that drives it too (attached by ``attach(to:)``).
    public let pinchGestureRecognizer = PinchGestureRecognizer()
    /// The release rule (flick velocity in page lengths per second, commit fraction) and the tracking spring.
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
    /// The pinch that continues a caught zoom: on the container with the catch (the moving page takes no
    /// touches), where a second finger joins the catching one.
    private let caughtPinch = PinchGestureRecognizer()
    /// True while a catch turns a transition into this interaction (the container asks meanwhile).
    private var isTakingOver = false
    /// The transition of the zoom now, if one runs (set by ``ZoomTransition``).
    var zoomTransition: () -> ContainerTransition? = { nil }

    /// The axis a drag measures its progress along, fixed when it begins.
    private enum Axis { case vertical, horizontal }
    private var axis = Axis.vertical
    /// Where a handed-over drag's translation counts from (window points along the axis).
    private var dragOrigin: CGFloat = 0
    /// The progress a caught zoom's pinch counts from.
    private var pinchBase: CGFloat = 0
    /// The point of the page held under the finger, in fractions of the page's drawn size, and where the
    /// finger is (window points): set when a gesture takes hold of the page, cleared when it lets go.
    private var held: (anchor: CGPoint, finger: () -> CGPoint)?
    /// The page's offset off its path and the progress drawn when it was let go (the offset shrinks to
    /// zero in step with the progress from there).
    private var letGo: (offset: CGVector, progress: CGFloat)?
    /// The progress drawn last.
    private var lastDrawn: CGFloat = 0
    /// Where the page was drawn when a catch took its zoom over (in its superview), read before the take
    /// over changes it; the catching touch anchors the page there.
    private var caughtFrame: CGRect?

    /// An interaction with its recognizers not yet attached.
    public override init() {
        super.init()
        panGestureRecognizer.name = "zoom.dismiss"
        panGestureRecognizer.delegate = self
        panGestureRecognizer.addAction { [weak self] pan in self?.handle(pan) }
        pinchGestureRecognizer.name = "zoom.pinch"
        pinchGestureRecognizer.delegate = self
        pinchGestureRecognizer.addAction { [weak self] pinch in self?.handle(pinch) }
        caughtPinch.name = "zoom.caughtPinch"
        caughtPinch.delegate = self
        caughtPinch.addAction { [weak self] pinch in self?.handleCaught(pinch) }
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
        // After the catcher's own action (which takes hold): the page roams under the catching touch.
        catcher.recognizer.addAction { [weak self] pan in self?.roamWithCatch(pan) }
    }

    /// Attaches the pan and the pinch to `view` (the detail page's view).
    public func attach(to view: View) {
        view.addGestureRecognizer(panGestureRecognizer)
        view.addGestureRecognizer(pinchGestureRecognizer)
    }

    /// The interaction whose pan is attached to `view`, if any (the zoomed page a view is in).
    static func attached(to view: View) -> ZoomInteraction? {
        for recognizer in view.gestureRecognizers {
            if let zoom = recognizer.delegate as? ZoomInteraction, zoom.panGestureRecognizer === recognizer { return zoom }
        }
        return nil
    }

    /// Puts the catch (and the pinch that continues it) on `container`, the view a zoom runs in (a moving
    /// page takes no touches: UIKit's rule), while the zoom runs.
    func attachCatcher(to container: View) {
        guard catcher.recognizer.view !== container else { return }
        container.addGestureRecognizer(catcher.recognizer)
        container.addGestureRecognizer(caughtPinch)
    }

    /// Takes the catch off its container, unless it is catching now (it goes on holding the zoom back it
    /// started).
    func detachCatcher() {
        guard catcher.recognizer.state == .possible || catcher.recognizer.state == .failed else { return }
        catcher.recognizer.view?.removeGestureRecognizer(catcher.recognizer)
        if caughtPinch.state == .possible || caughtPinch.state == .failed {
            caughtPinch.view?.removeGestureRecognizer(caughtPinch)
        }
    }

    /// Whether a drag of `translation` goes from the leading to the trailing edge (rightward, mostly
    /// horizontal): the content swipe.
    static func isContentSwipe(_ translation: CGPoint) -> Bool {
        translation.x > 0 && abs(translation.x) > abs(translation.y)
    }

    /// Whether this interaction's content swipe would take a drag of `translation` that a scroll view in
    /// the page is asked to begin with now (a horizontal list at its leading edge leaves it then): on,
    /// idle, and leading to trailing.
    func takesContentSwipe(translation: CGPoint) -> Bool {
        panGestureRecognizer.isEnabled && !interactionInProgress
            && TransitionLifecycle.isIdle(in: panGestureRecognizer.view) && Self.isContentSwipe(translation)
    }

    /// Whether a drag of `translation` would begin the dismissal by default: down, or leading to trailing.
    static func dismisses(_ translation: CGPoint) -> Bool {
        (translation.y > 0 && abs(translation.y) > abs(translation.x)) || isContentSwipe(translation)
    }

    /// The pan begins only downwards or leading to trailing, the pinch only inwards, neither while a
    /// transition runs in the window; then ``shouldBegin`` has the last word. The pinch that continues a
    /// catch begins only while a catch holds the zoom.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if gestureRecognizer === caughtPinch {
            return driver.isHolding && (catcher.recognizer.state == .began || catcher.recognizer.state == .changed)
        }
        guard !interactionInProgress, TransitionLifecycle.isIdle(in: gestureRecognizer.view) else { return false }
        if gestureRecognizer === pinchGestureRecognizer {
            return asks(willBegin: pinchGestureRecognizer.scale < 1, at: pinchGestureRecognizer.location(in: gestureRecognizer.view),
                        velocity: .zero)
        }
        return asks(willBegin: Self.dismisses(panGestureRecognizer.translation(in: nil)),
                    at: panGestureRecognizer.location(in: gestureRecognizer.view), velocity: panGestureRecognizer.velocity(in: nil))
    }

    /// ``shouldBegin``'s answer (the default's, `willBegin`, when there is none).
    private func asks(willBegin: Bool, at location: CGPoint, velocity: CGPoint) -> Bool {
        guard let shouldBegin else { return willBegin }
        return shouldBegin(ZoomTransitionInteractionContext(location: location, velocity: CGVector(dx: velocity.x, dy: velocity.y),
                                                            willBegin: willBegin))
    }

    /// The pan waits for a screen-edge pan to fail (the edge pop keeps precedence at the edge).
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        gestureRecognizer === panGestureRecognizer && other is ScreenEdgePanGestureRecognizer
    }

    /// The pinch that continues a catch recognizes with the catch (the catching finger stays down).
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        gestureRecognizer === caughtPinch && other === catcher.recognizer
    }

    /// The drag, through the driver: `p = clamp(d / L, 0, 1)` along the axis it began on; its began holds
    /// this interaction, calls ``begin`` and anchors the page under the finger.
    private func handle(_ pan: PanGestureRecognizer) {
        if pan.state == .began {
            axis = Self.isContentSwipe(pan.translation(in: nil)) ? .horizontal : .vertical
            dragOrigin = 0
            holdAtRest(by: pan, at: pan.location(in: nil) - pan.translation(in: nil))
        }
        drive(pan, state: pan.state)
    }

    /// Drives the zoom with `pan`'s movement along ``axis`` from ``dragOrigin``, in the page's length (the
    /// pan may be a scroll view's, handed over).
    private func drive(_ pan: PanGestureRecognizer, state: GestureRecognizer.State) {
        let size = panGestureRecognizer.view?.bounds.size ?? CGSize(width: 1, height: 1)
        let length = max(axis == .vertical ? size.height : size.width, 1)
        let along: (CGPoint) -> CGFloat = { [axis] p in axis == .vertical ? p.y : p.x }
        driver.drive(state, progress: min(max((along(pan.translation(in: nil)) - dragOrigin) / length, 0), 1),
                     velocity: along(pan.releaseVelocity(in: nil)) / length) {
            driver.hold(self, at: 0)
            begin?()
        }
        if state != .began && state != .changed { held = nil }
    }

    /// The pinch, through the driver: `p = clamp((1 - scale) / pinchSpan, 0, 1)`; the page roams under its
    /// centroid.
    private func handle(_ pinch: PinchGestureRecognizer) {
        if pinch.state == .began { holdAtRest(by: pinch, at: pinch.location(in: nil)) }
        driver.drive(pinch.state, progress: min(max((1 - pinch.scale) / Self.pinchSpan, 0), 1),
                     velocity: -pinch.releaseVelocity / Self.pinchSpan) {
            driver.hold(self, at: 0)
            begin?()
        }
        if pinch.state != .began && pinch.state != .changed { held = nil }
    }

    /// A second finger pinching while a catch holds the zoom: the pinch drives it from the progress it is
    /// at (`p = p₀ + (1 - scale) / pinchSpan`), the catch's pan no longer does, and the page roams under
    /// the pinch's centroid from where it is drawn.
    private func handleCaught(_ pinch: PinchGestureRecognizer) {
        if pinch.state == .began {
            catcher.handOff()
            pinchBase = percentComplete - (1 - pinch.scale) / Self.pinchSpan
            holdWhereDrawn(by: pinch)
        }
        driver.drive(pinch.state, progress: min(max(pinchBase + (1 - pinch.scale) / Self.pinchSpan, 0), 1),
                     velocity: -pinch.releaseVelocity / Self.pinchSpan) {}
        if pinch.state != .began && pinch.state != .changed { held = nil }
    }

    /// The catching touch: from the catch on, the page roams under it from where it is drawn.
    private func roamWithCatch(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began: if driver.isHolding { holdWhereDrawn(by: pan) }
        case .changed: break
        default: if caughtPinch.state != .began && caughtPinch.state != .changed { held = nil }
        }
    }

    /// Anchors the page at rest under `recognizer`'s finger, which went down at `down` (window points).
    private func holdAtRest(by recognizer: GestureRecognizer, at down: CGPoint) {
        guard let page = panGestureRecognizer.view else { return }
        let local = page.convert(down, from: nil)
        let size = page.bounds.size
        held = (CGPoint(x: local.x / max(size.width, 1), y: local.y / max(size.height, 1)),
                { [weak recognizer] in recognizer?.location(in: nil) ?? down })
        letGo = nil
    }

    /// Anchors the page where it is drawn under `recognizer`'s finger.
    private func holdWhereDrawn(by recognizer: GestureRecognizer) {
        guard let page = panGestureRecognizer.view, let superview = page.superview else { return }
        let drawn = caughtFrame ?? page.layer.renderedProperties.frame
        caughtFrame = nil
        let finger = recognizer.location(in: nil)
        let local = superview.convert(finger, from: nil)
        held = (CGPoint(x: (local.x - drawn.minX) / max(drawn.width, 1), y: (local.y - drawn.minY) / max(drawn.height, 1)),
                { [weak recognizer] in recognizer?.location(in: nil) ?? finger })
        letGo = nil
    }

    /// Places the page for the progress just drawn: while held, under the finger; once let go, off its
    /// path by the offset it had at the release, shrunk in step with the progress.
    override func didDraw(_ progress: CGFloat, in t: ContainerTransition) {
        defer { lastDrawn = progress }
        guard let zoom = t.animator as? ZoomPageAnimator, zoom.isReversed else { return }
        switch t.phase {
        case .interacting:
            letGo = nil
            guard let held, let frame = zoom.pathFrame(at: progress) else { return }
            let finger = t.containerView.convert(held.finger(), from: nil)
            zoom.roamOffset = CGVector(dx: finger.x - frame.minX - held.anchor.x * frame.width,
                                       dy: finger.y - frame.minY - held.anchor.y * frame.height)
        case .finishing, .cancelling:
            let target: CGFloat = t.phase == .finishing ? 1 : 0
            if letGo == nil { letGo = (zoom.roamOffset, lastDrawn) }
            guard let (offset, from) = letGo else { return }
            let k = abs(target - from) > 1e-9 ? max((target - progress) / (target - from), 0) : 0
            zoom.roamOffset = CGVector(dx: offset.dx * k, dy: offset.dy * k)
        default:
            break
        }
    }

    /// Takes over a zoom that plays on its own where its page is drawn: a zoom back at that progress; a
    /// zoom in completes now and becomes a zoom back from there, driven by this interaction.
    private func takeOver(_ t: ContainerTransition) -> (PercentDrivenInteractiveTransition, CGFloat)? {
        let pageFraction = (t.animator as? ZoomPageAnimator)?.drawnPageFraction
        caughtFrame = panGestureRecognizer.view?.layer.renderedProperties.frame
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

extension ZoomInteraction: ScrollEdgeHandover {
    /// Takes the rest of a scroll view's drag in the zoomed page once its content reached its top and the
    /// finger goes on down: when no transition runs and ``shouldBegin`` agrees (asked as for a drag down).
    func takesHandover(from scrollView: CollectionView) -> Bool {
        guard !interactionInProgress, let page = panGestureRecognizer.view, TransitionLifecycle.isIdle(in: page) else { return false }
        let pan = scrollView.panGestureRecognizer
        return asks(willBegin: true, at: pan.location(in: page), velocity: pan.velocity(in: nil))
    }

    /// Follows the handed-over drag as its own drag down: `p = clamp((dy - origin) / H, 0, 1)`, the page
    /// roaming under the finger from the handover.
    func followHandover(of pan: PanGestureRecognizer, state: GestureRecognizer.State, origin: CGPoint) {
        if state == .began {
            axis = .vertical
            dragOrigin = origin.y
            holdAtRest(by: pan, at: pan.location(in: nil))
        }
        drive(pan, state: state)
    }
}
