import SegueAnimation

/// What the ready interaction controllers (``SwipeInteractionController``,
/// ``VerticalSwipeInteractionController``, ``PinchInteractionController``) share around the
/// ``InteractionDriver`` they drive their transitions with: the gesture on the wired controller's view and
/// whether it may begin (its delegate), starting a container's transition from it (and knowing whether the
/// container took the controller), and the catch gesture that joins a running transition's container view.
/// Each controller turns its own gesture into progress (0...1) and velocity (progress per second); the
/// driver begins, follows, releases (by the rule of ``TransitionSettings``) and catches.
@MainActor
final class InteractionWiring: GestureRecognizerDelegate {
    /// The controller driven (it owns this wiring).
    unowned let interaction: PercentDrivenInteractiveTransition
    /// The gesture that starts transitions, on the wired controller's view.
    let gesture: GestureRecognizer
    /// The gesture that catches a transition the interaction let go, on the transition's container view
    /// while it runs.
    let catchGesture: GestureRecognizer
    /// Follows both gestures: begin, follow, release, catch.
    let driver = InteractionDriver()
    /// The controller whose view has ``gesture`` (held weakly, as VCTransitionsLibrary does).
    private(set) weak var viewController: ViewController?
    /// What the gesture would do now, from its movement so far (nil: nothing; it does not begin).
    var actionForGesture: () -> InteractionAction? = { nil }
    /// An action of the wired operation, whatever the direction (which container it affects).
    private var wiredAction: InteractionAction?
    /// The release rule.
    var settings = TransitionSettings()
    /// Whether a let-go transition can be caught.
    var catchesTransitions = true
    /// Whether a gesture drives a transition now (``GestureDrivenInteraction/interactionInProgress``).
    var inProgress: Bool { driver.isHolding }

    init(interaction: PercentDrivenInteractiveTransition, gesture: GestureRecognizer, catchGesture: GestureRecognizer) {
        self.interaction = interaction
        self.gesture = gesture
        self.catchGesture = catchGesture
        gesture.delegate = self
        catchGesture.delegate = self
        catchGesture.arenaPriority = .high
        driver.rule = { [unowned self] in InteractionDriver.ReleaseRule(settings: self.settings) }
    }

    /// Makes `handle` an action of `recognizer` (``gesture`` or ``catchGesture``, as the class the owner
    /// made it), called with `owner` while `owner` lives; a recognizer left on a view after its owner is
    /// gone turns itself off.
    func addAction<Owner: AnyObject, Recognizer: GestureRecognizer>(
        to recognizer: Recognizer, for owner: Owner, _ handle: @escaping @MainActor (Owner, Recognizer) -> Void
    ) {
        precondition(recognizer === gesture || recognizer === catchGesture, "InteractionWiring.addAction: not the wiring's gesture")
        recognizer.addAction { [weak owner] r in
            guard let owner else { r.isEnabled = false; return }
            handle(owner, r)
        }
    }

    /// Puts the gesture on `viewController`'s view (taking it off the previous one); `action` is one
    /// the wired operation performs (which container it affects).
    func wire(to viewController: ViewController, action: InteractionAction) {
        gesture.view?.removeGestureRecognizer(gesture)
        self.viewController = viewController
        wiredAction = action
        viewController.view.addGestureRecognizer(gesture)
    }

    // MARK: The gesture

    /// Follows the gesture's `state` through the driver: `began` runs `begin` (which calls ``begin(_:)``
    /// when the gesture has an action), `changed` moves to `progress`, `ended` lets go at `progress` with
    /// `velocity` (progress per second), `cancelled` and `failed` let go where the transition is.
    func follow(_ state: GestureRecognizer.State, progress: @autoclosure () -> CGFloat,
                velocity: @autoclosure () -> CGFloat, begin: () -> Void) {
        driver.drive(state, progress: progress(), velocity: velocity(), begin: begin)
    }

    /// The gesture began: performs `action` with the driver holding the controller, so that a delegate
    /// asked inside it hands the controller over; if the container did not take it (no transition started,
    /// or another interaction controller drives it), the rest of the gesture does nothing.
    func begin(_ action: InteractionAction) {
        guard let vc = viewController, action.canPerform(on: vc) else { return }
        driver.begin(interaction) { action.perform(on: vc) }
    }

    // MARK: Catching

    /// The transition started: the catch gesture joins its container view until it ends.
    func transitionStarted(_ transition: ContainerTransition) {
        guard catchesTransitions else { return }
        let container = transition.containerView
        catchGesture.view?.removeGestureRecognizer(catchGesture)
        container.addGestureRecognizer(catchGesture)
        transition.animate(alongsideTransition: nil) { [weak self, weak container] _ in
            guard let self, let container, self.catchGesture.view === container else { return }
            container.removeGestureRecognizer(self.catchGesture)
        }
    }

    /// Whether a down now catches: the transition this controller drives was let go and is finishing
    /// or cancelling.
    private var canCatch: Bool {
        guard catchesTransitions, let t = interaction.transition, t.interactionController === interaction else { return false }
        return t.phase == .finishing || t.phase == .cancelling
    }

    /// Follows the catch gesture's `state` through the driver: `began` catches a let-go transition where
    /// it is on screen, `changed` moves it `delta` (progress) from there, `ended` lets go there with
    /// `velocity`, `cancelled` and `failed` let go where it is.
    func followCatch(_ state: GestureRecognizer.State, delta: @autoclosure () -> CGFloat, velocity: @autoclosure () -> CGFloat) {
        driver.driveCaught(state, delta: delta(), velocity: velocity()) {
            guard canCatch else { return }
            driver.catchLetGo(interaction)
        }
    }

    // MARK: GestureRecognizerDelegate

    /// The gesture begins when its action can run and no gesture drives a transition; the catch, when
    /// the driven transition was let go.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if gestureRecognizer === catchGesture { return canCatch }
        guard !inProgress, let vc = viewController, let action = actionForGesture() else { return false }
        return action.canPerform(on: vc)
    }

    /// The container's own gesture for the same change (a navigation controller's pop pans, a tab bar
    /// controller's swipe, a sheet's drag) waits for this controller's gesture to fail.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        guard gestureRecognizer === gesture, let vc = viewController, let action = wiredAction else { return false }
        return action.isBuiltInGesture(other, of: vc)
    }
}
