import SegueAnimation

/// A ready interaction controller driven by pinching in (VCTransitionsLibrary's
/// `CEPinchInteractionController`): ``wire(to:for:)`` puts a ``PinchGestureRecognizer`` on a controller's
/// view, and pinching in (zooming out) pops its navigation controller, dismisses it, or runs a custom
/// container's action — with whatever animator the container's delegate gives, scrubbed by the pinch.
///
/// Hand it to the container while its gesture drives, in the delegate that gives the animator:
/// ```swift
/// func navigationController(_ nc: NavigationController,
///                           interactionControllerFor animator: any ViewControllerAnimatedTransitioning)
///     -> (any ViewControllerInteractiveTransitioning)? {
///     pinch.interactionInProgress ? pinch : nil
/// }
/// ```
///
/// - Begins when the pinch is recognized (the distance changed by more than the recognizer's slop) and
///   is pinching in (scale < 1); pinching out does not begin it. With one pointer, hold Ctrl (or Alt) as
///   the pointer goes down: the second touch is the pointer's mirror image about the wired view's
///   centre, so dragging towards the centre pinches in (see ``PinchGestureRecognizer``).
/// - Progress: `p = 1 - s / s0`, with `s` the pinch's scale and `s0` its scale when recognized: 0 where
///   it began, 0.5 at half that distance, 1 with the touches together; pinching out past the start
///   reads 0. Velocity: `-v / s0` progress per second (`v` the scale's release velocity,
///   ``PinchGestureRecognizer/releaseVelocity``: the release rule's measure). Release: the rule of
///   ``transitionSettings`` (a flick by its sign, else finish iff `p >= commitFraction`), completing with
///   the interactive-release spring; a pointer cancel or focus loss is a release with zero velocity.
/// - Catching (``catchesTransitions``): a new pinch in the transition's container view while it finishes
///   or cancels takes it back where it is on screen (no jump), and moves it from there by the same
///   mapping, measured from that pinch's own recognition.
/// - Nothing to do, built-in gestures: as ``SwipeInteractionController``.
///
/// Segue's own (UIKit has no ready interaction controllers).
@MainActor
open class PinchInteractionController: PercentDrivenInteractiveTransition, GestureDrivenInteraction {
    /// What pinching in does to the wired controller: pop, dismiss or a custom action (the operation
    /// ``VerticalSwipeInteractionController`` shares; this name is kept for code written against it).
    public typealias Operation = InteractionOperation

    /// The pinch on the wired controller's view.
    public let gestureRecognizer = PinchGestureRecognizer()
    /// The operation of the last ``wire(to:for:)``.
    public private(set) var operation: Operation?
    /// The wired controller (held weakly).
    public var viewController: ViewController? { wiring.viewController }
    /// Whether the pinch drives a transition now: from its start until it ends (and again while a caught
    /// transition is held).
    public var interactionInProgress: Bool { wiring.inProgress }
    /// The release rule.
    public var transitionSettings: TransitionSettings {
        get { wiring.settings }
        set { wiring.settings = newValue }
    }
    /// Whether a new pinch catches a transition the last one let go (default true).
    public var catchesTransitions: Bool {
        get { wiring.catchesTransitions }
        set { wiring.catchesTransitions = newValue }
    }

    private let catchGesture = PinchGestureRecognizer()
    private var wiring: InteractionWiring!
    /// The scale when the pinch (or the catching pinch) was recognized.
    private var startScale: CGFloat = 1

    /// A pinch controller; wire it with ``wire(to:for:)``.
    public override init() {
        super.init()
        gestureRecognizer.name = "PinchInteractionController"
        wiring = InteractionWiring(interaction: self, gesture: gestureRecognizer, catchGesture: catchGesture)
        wiring.actionForGesture = { [unowned self] in self.gestureRecognizer.scale < 1 ? self.action : nil }
        wiring.addAction(to: gestureRecognizer, for: self) { c, r in c.handlePinch(r) }
        wiring.addAction(to: catchGesture, for: self) { c, r in c.handleCatch(r) }
    }

    /// Puts the pinch on `viewController`'s view (loading it) for `operation`, taking it off the view it
    /// was on.
    open func wire(to viewController: ViewController, for operation: Operation) {
        self.operation = operation
        wiring.wire(to: viewController, action: operation.action)
    }

    /// Runs the transition's animator, then lets the catching pinch join its container.
    open override func startInteractiveTransition(_ transitionContext: any ViewControllerContextTransitioning) {
        super.startInteractiveTransition(transitionContext)
        if let t = transition { wiring.transitionStarted(t) }
    }

    private var action: InteractionAction? { operation?.action }

    /// Progress since recognition: `1 - s / s0`.
    private func progress(_ pinch: PinchGestureRecognizer) -> CGFloat { 1 - pinch.scale / startScale }
    /// Progress per second.
    private func velocity(_ pinch: PinchGestureRecognizer) -> CGFloat { -pinch.releaseVelocity / startScale }

    private func handlePinch(_ pinch: PinchGestureRecognizer) {
        wiring.follow(pinch.state, progress: progress(pinch), velocity: velocity(pinch)) {
            guard let action else { return }
            startScale = pinch.scale
            wiring.begin(action)
        }
    }

    private func handleCatch(_ pinch: PinchGestureRecognizer) {
        if pinch.state == .began { startScale = pinch.scale }
        wiring.followCatch(pinch.state, delta: progress(pinch), velocity: velocity(pinch))
    }
}
