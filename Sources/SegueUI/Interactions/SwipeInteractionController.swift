import SegueAnimation

/// A ready interaction controller driven by a horizontal swipe (VCTransitionsLibrary's
/// `CEHorizontalSwipeInteractionController`): ``wire(to:for:)`` puts its pan on a controller's view, and
/// the swipe pops the controller's navigation controller, dismisses the controller, switches its tab bar
/// controller's tab, or runs a custom container's action — with whatever animator the container's
/// delegate gives, scrubbed by the finger.
///
/// Hand it to the container while its gesture drives (``interactionInProgress``), in the delegate that
/// gives the animator:
/// ```swift
/// func navigationController(_ nc: NavigationController,
///                           interactionControllerFor animator: any ViewControllerAnimatedTransitioning)
///     -> (any ViewControllerInteractiveTransitioning)? {
///     swipe.interactionInProgress ? swipe : nil
/// }
/// ```
/// (for a dismissal: `interactionControllerForDismissal(using:)` of the presented controller's
/// transitioning delegate; for tabs: `tabBarController(_:interactionControllerFor:)`.) The same
/// transition then runs animated when started by a button, interactive when started by the swipe.
///
/// - Start: ``Start/edge`` begins only from the edge strip (``TransitionSettings/edgeWidth``) of the
///   wired view, as a ``ScreenEdgePanGestureRecognizer``: the left edge for a pop or dismissal, either
///   edge for tabs and custom actions; ``Start/anywhere`` begins anywhere in it. Either begins after
///   ``TransitionSettings/popSlop`` of mostly horizontal travel.
/// - Direction: a pop or dismissal swipes right; tabs: left brings the next tab, right the previous one
///   (nothing begins towards a missing tab); a custom action is told the direction.
/// - Progress: `p = dx / W`, with `dx` the travel since the swipe was recognized (as the built-in pop
///   counts) in its direction and `W` the wired view's width. Release: the rule of
///   ``transitionSettings`` with the release velocity (``PanGestureRecognizer/releaseVelocity(in:)``) in widths per second (a flick by its sign, else finish iff
///   `p >= commitFraction`), completing with the interactive-release spring; a pointer cancel or focus
///   loss is a release with zero velocity.
/// - Catching (``catchesTransitions``): a pointer down in the transition's container view while it
///   finishes or cancels takes it back where it is on screen, 1:1 from the down, with no slop; the next
///   release decides again. (Unlike the navigation controller's built-in catch, the whole container
///   catches: the controller does not know which view the animator moves.)
/// - Nothing to do (the root of a stack, nothing presented, no tab that way, a transition running): the
///   pan does not begin, and the touch goes to the other recognizers.
/// - Built-in gestures: the navigation controller's edge and full-width pop pans, the tab bar controller's
///   swipe and a sheet's drag wait for this swipe to fail, so the two never fight over a drag; when it
///   fails (a down outside its edge strip), they go ahead. With the delegate above, the built-in edge pan
///   still drives pops it begins itself (the stock animator, or a custom one with
///   ``NavigationController/edgePanDrivesCustomAnimators``).
///
/// For tabs, the tab bar controller's delegate must give an animator: without one a switch in code
/// happens at once (UIKit's rule), and the swipe does nothing more. Wire it to the tab bar controller
/// itself to swipe on every tab (VCTransitionsLibrary rewires it to each new tab's page).
///
/// Segue's own (UIKit has no ready interaction controllers).
@MainActor
open class SwipeInteractionController: PercentDrivenInteractiveTransition, GestureDrivenInteraction {
    /// Where the swipe may start.
    public enum Start: Sendable, Hashable {
        /// Only from an edge strip of the wired view (a screen-edge pan).
        case edge
        /// Anywhere in the wired view.
        case anywhere
    }

    /// The way the finger moves.
    public enum Direction: Sendable, Hashable {
        case left, right
    }

    /// What the swipe does to the wired controller (VCTransitionsLibrary's `CEInteractionOperation`).
    public enum Operation {
        /// Pops its navigation controller (the controller itself, if it is one): swipe right.
        case pop
        /// Dismisses it (it, or an ancestor, is presented): swipe right.
        case dismiss
        /// Selects the next tab (swipe left) or the previous one (swipe right) of its tab bar controller
        /// (the controller itself, if it is one).
        case tab
        /// Runs a custom container's action for the direction and returns the transition it started
        /// (`transition(from:to:in:animator:interactionController:)` with this controller), or nil.
        case custom(@MainActor (Direction) -> ContainerTransition?)
    }

    /// Where the swipe may start (fixed at init).
    public let start: Start
    /// The pan on the wired controller's view: a ``ScreenEdgePanGestureRecognizer`` for ``Start/edge``.
    public let gestureRecognizer: PanGestureRecognizer
    /// The operation of the last ``wire(to:for:)``.
    public private(set) var operation: Operation?
    /// The wired controller (held weakly).
    public var viewController: ViewController? { wiring.viewController }
    /// Whether the swipe drives a transition now: from the swipe's start until its release (and again
    /// while a caught transition is held).
    public var interactionInProgress: Bool { wiring.inProgress }
    /// The release rule, edge strip and slop.
    public var transitionSettings: TransitionSettings {
        get { wiring.settings }
        set { wiring.settings = newValue; configureGesture() }
    }
    /// Whether a pointer down catches a transition the swipe let go (default true).
    public var catchesTransitions: Bool {
        get { wiring.catchesTransitions }
        set { wiring.catchesTransitions = newValue }
    }

    private let catchGesture = CatchGestureRecognizer()
    private var wiring: InteractionWiring!
    /// +1 when rightward travel advances the transition, -1 when leftward does.
    private var sign: CGFloat = 1
    /// The pan's horizontal translation when it was recognized (the swipe counts from there).
    private var origin: CGFloat = 0

    /// A swipe controller starting from `start` (default: the edge); wire it with ``wire(to:for:)``.
    public init(start: Start = .edge) {
        self.start = start
        gestureRecognizer = start == .edge ? ScreenEdgePanGestureRecognizer() : PanGestureRecognizer()
        super.init()
        gestureRecognizer.name = "SwipeInteractionController"
        gestureRecognizer.axis = .horizontal
        wiring = InteractionWiring(interaction: self, gesture: gestureRecognizer, catchGesture: catchGesture)
        wiring.actionForGesture = { [unowned self] in self.action(for: self.direction) }
        wiring.addAction(to: gestureRecognizer, for: self) { c, r in c.handleSwipe(r) }
        wiring.addAction(to: catchGesture, for: self) { c, r in c.handleCatch(r) }
        configureGesture()
    }

    /// Puts the swipe on `viewController`'s view (loading it) for `operation`, taking it off the view it
    /// was on (VCTransitionsLibrary's `wireToViewController:forOperation:`).
    open func wire(to viewController: ViewController, for operation: Operation) {
        self.operation = operation
        if let edgePan = gestureRecognizer as? ScreenEdgePanGestureRecognizer {
            switch operation {
            case .pop, .dismiss: edgePan.edges = .left
            case .tab, .custom: edgePan.edges = [.left, .right]
            }
        }
        wiring.wire(to: viewController, action: action(for: .right) ?? action(for: .left)!)
    }

    /// Runs the transition's animator, then lets the catch gesture join its container.
    open override func startInteractiveTransition(_ transitionContext: any ViewControllerContextTransitioning) {
        super.startInteractiveTransition(transitionContext)
        if let t = transition { wiring.transitionStarted(t) }
    }

    private func configureGesture() {
        gestureRecognizer.settings.slop = Double(wiring.settings.popSlop)
        gestureRecognizer.settings.edgeWidth = Double(wiring.settings.edgeWidth)
    }

    /// The direction of the pan's travel so far (nil: none yet).
    private var direction: Direction? {
        let dx = gestureRecognizer.translation(in: nil).x
        return dx > 0 ? .right : dx < 0 ? .left : nil
    }

    private func action(for direction: Direction?) -> InteractionAction? {
        guard let direction, let operation else { return nil }
        switch operation {
        case .pop: return direction == .right ? .pop : nil
        case .dismiss: return direction == .right ? .dismiss : nil
        case .tab: return .selectTab(offset: direction == .left ? 1 : -1)
        case .custom(let perform): return .custom { perform(direction) }
        }
    }

    private var width: CGFloat { max(wiring.viewController?.viewIfLoaded?.bounds.width ?? 1, 1) }

    private func handleSwipe(_ pan: PanGestureRecognizer) {
        let progress = (pan.translation(in: nil).x - origin) * sign / width
        wiring.follow(pan.state, progress: progress, velocity: pan.releaseVelocity(in: nil).x * sign / width) {
            guard let direction, let action = action(for: direction) else { return }
            sign = direction == .right ? 1 : -1
            origin = pan.translation(in: nil).x
            wiring.begin(action)
        }
    }

    private func handleCatch(_ pan: PanGestureRecognizer) {
        wiring.followCatch(pan.state, delta: pan.translation(in: nil).x * sign / width,
                           velocity: pan.releaseVelocity(in: nil).x * sign / width)
    }
}
