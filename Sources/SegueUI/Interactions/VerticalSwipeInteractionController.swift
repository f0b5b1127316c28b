import SegueAnimation

/// A ready interaction controller driven by dragging down (VCTransitionsLibrary's
/// `CEVerticalSwipeInteractionController`): ``wire(to:for:)`` puts its pan on a controller's view, and a
/// downward drag dismisses the controller, pops its navigation controller, or runs a custom container's
/// action — with whatever animator the container's delegate gives, scrubbed by the finger.
///
/// Hand it to the container while its gesture drives, in the delegate that gives the animator:
/// ```swift
/// func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning)
///     -> (any ViewControllerInteractiveTransitioning)? {
///     drag.interactionInProgress ? drag : nil
/// }
/// ```
///
/// - Begins after ``TransitionSettings/popSlop`` of mostly vertical, downward travel anywhere in the
///   wired view (an upward drag does not begin it).
/// - Progress: `p = dy / H`, with `dy` the downward travel since the drag was recognized and `H` the
///   wired view's height. Release: the rule of ``transitionSettings`` with the release velocity (``PanGestureRecognizer/releaseVelocity(in:)``) in heights per
///   second (a flick by its sign, else finish iff `p >= commitFraction`), completing with the
///   interactive-release spring; a pointer cancel or focus loss is a release with zero velocity.
/// - Catching, nothing to do, and built-in gestures (a sheet's own drag waits for this one to fail): as
///   ``SwipeInteractionController``.
///
/// Segue's own (UIKit has no ready interaction controllers).
@MainActor
open class VerticalSwipeInteractionController: PercentDrivenInteractiveTransition, GestureDrivenInteraction {
    /// What the drag does to the wired controller: dismiss, pop or a custom action (the operation
    /// ``PinchInteractionController`` shares; this name is kept for code written against it).
    public typealias Operation = InteractionOperation

    /// The pan on the wired controller's view (vertical).
    public let gestureRecognizer = PanGestureRecognizer()
    /// The operation of the last ``wire(to:for:)``.
    public private(set) var operation: Operation?
    /// The wired controller (held weakly).
    public var viewController: ViewController? { wiring.viewController }
    /// Whether the drag drives a transition now: from its start until its release (and again while a
    /// caught transition is held).
    public var interactionInProgress: Bool { wiring.inProgress }
    /// The release rule and slop.
    public var transitionSettings: TransitionSettings {
        get { wiring.settings }
        set { wiring.settings = newValue; gestureRecognizer.settings.slop = Double(newValue.popSlop) }
    }
    /// Whether a pointer down catches a transition the drag let go (default true).
    public var catchesTransitions: Bool {
        get { wiring.catchesTransitions }
        set { wiring.catchesTransitions = newValue }
    }

    private let catchGesture = CatchGestureRecognizer()
    private var wiring: InteractionWiring!
    /// The pan's vertical translation when it was recognized (the drag counts from there).
    private var origin: CGFloat = 0

    /// A drag-down controller; wire it with ``wire(to:for:)``.
    public override init() {
        super.init()
        gestureRecognizer.name = "VerticalSwipeInteractionController"
        gestureRecognizer.axis = .vertical
        gestureRecognizer.settings.slop = Double(TransitionSettings.defaultPopSlop)
        wiring = InteractionWiring(interaction: self, gesture: gestureRecognizer, catchGesture: catchGesture)
        wiring.actionForGesture = { [unowned self] in
            self.gestureRecognizer.translation(in: nil).y > 0 ? self.action : nil
        }
        wiring.addAction(to: gestureRecognizer, for: self) { c, r in c.handleDrag(r) }
        wiring.addAction(to: catchGesture, for: self) { c, r in c.handleCatch(r) }
    }

    /// Puts the drag on `viewController`'s view (loading it) for `operation`, taking it off the view it
    /// was on.
    open func wire(to viewController: ViewController, for operation: Operation) {
        self.operation = operation
        wiring.wire(to: viewController, action: operation.action)
    }

    /// Runs the transition's animator, then lets the catch gesture join its container.
    open override func startInteractiveTransition(_ transitionContext: any ViewControllerContextTransitioning) {
        super.startInteractiveTransition(transitionContext)
        if let t = transition { wiring.transitionStarted(t) }
    }

    private var action: InteractionAction? { operation?.action }

    private var height: CGFloat { max(wiring.viewController?.viewIfLoaded?.bounds.height ?? 1, 1) }

    private func handleDrag(_ pan: PanGestureRecognizer) {
        let progress = (pan.translation(in: nil).y - origin) / height
        wiring.follow(pan.state, progress: progress, velocity: pan.releaseVelocity(in: nil).y / height) {
            guard let action else { return }
            origin = pan.translation(in: nil).y
            wiring.begin(action)
        }
    }

    private func handleCatch(_ pan: PanGestureRecognizer) {
        wiring.followCatch(pan.state, delta: pan.translation(in: nil).y / height, velocity: pan.releaseVelocity(in: nil).y / height)
    }
}
