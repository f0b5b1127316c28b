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
/// Differs from UIKit: UIKit's interactive zoom dismissal is built into the zoom transition and cannot be
/// configured; here it is an ordinary ``PercentDrivenInteractiveTransition`` you may drive yourself
/// (``PercentDrivenInteractiveTransition/update(_:)``, ``PercentDrivenInteractiveTransition/release(at:velocity:rule:)``) or attach to any view.
@MainActor
public final class ZoomInteraction: PercentDrivenInteractiveTransition, GestureDrivenInteraction, GestureRecognizerDelegate {
    /// The pan that drives the interaction (attached by ``attach(to:)``).
    public let panGestureRecognizer = PanGestureRecognizer()
    /// The release rule (flick velocity in page heights per second, commit fraction).
    public var settings = TransitionSettings()
    /// What starts the transition when the drag begins (a ``ZoomTransition`` sets it to pop or dismiss
    /// its detail controller).
    public var begin: (@MainActor () -> Void)?
    /// True from the drag's start until it is let go.
    public var interactionInProgress: Bool { driver.isHolding }
    /// Follows the pan: begin, follow, release by ``settings``' rule.
    private let driver = InteractionDriver()

    /// An interaction with its pan not yet attached.
    public override init() {
        super.init()
        panGestureRecognizer.name = "zoom.dismiss"
        panGestureRecognizer.delegate = self
        panGestureRecognizer.addAction { [weak self] pan in self?.handle(pan) }
        driver.rule = { [unowned self] in InteractionDriver.ReleaseRule(settings: self.settings) }
    }

    /// Attaches the pan to `view` (the detail page's view).
    public func attach(to view: View) {
        view.addGestureRecognizer(panGestureRecognizer)
    }

    /// The pan begins only downwards, and not while the interaction already drives a transition.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        let t = panGestureRecognizer.translation(in: nil)
        return !interactionInProgress && t.y > 0 && abs(t.y) > abs(t.x)
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
}
