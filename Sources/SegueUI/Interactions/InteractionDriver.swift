import SegueAnimation

/// The part the ready interaction controllers (``SwipeInteractionController``,
/// ``VerticalSwipeInteractionController``, ``PinchInteractionController``) share: starting a container's
/// transition from a gesture and knowing whether the container took the controller, scrubbing it,
/// letting go by the release rule of ``TransitionSettings`` (through
/// ``PercentDrivenInteractiveTransition/release(at:velocity:rule:)``), and catching it while it finishes
/// or cancels. Each controller turns its own gesture into progress (0...1) and velocity (progress per
/// second) and calls in here; this is its recognizers' delegate.
@MainActor
final class InteractionDriver: GestureRecognizerDelegate {
    /// The controller driven (it owns this driver).
    unowned let interaction: PercentDrivenInteractiveTransition
    /// The gesture that starts transitions, on the wired controller's view.
    let gesture: GestureRecognizer
    /// The gesture that catches a transition the interaction let go, on the transition's container view
    /// while it runs.
    let catchGesture: GestureRecognizer
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
    private(set) var inProgress = false
    /// The progress when the transition was caught.
    private var caughtAt: CGFloat = 0

    init(interaction: PercentDrivenInteractiveTransition, gesture: GestureRecognizer, catchGesture: GestureRecognizer) {
        self.interaction = interaction
        self.gesture = gesture
        self.catchGesture = catchGesture
        gesture.delegate = self
        catchGesture.delegate = self
        catchGesture.arenaPriority = .high
    }

    /// Makes `handle` an action of `recognizer` (``gesture`` or ``catchGesture``, as the class the owner
    /// made it), called with `owner` while `owner` lives; a recognizer left on a view after its owner is
    /// gone turns itself off.
    func addAction<Owner: AnyObject, Recognizer: GestureRecognizer>(
        to recognizer: Recognizer, for owner: Owner, _ handle: @escaping @MainActor (Owner, Recognizer) -> Void
    ) {
        precondition(recognizer === gesture || recognizer === catchGesture, "InteractionDriver.addAction: not the driver's gesture")
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

    /// The gesture began: performs `action` with ``inProgress`` set, so that a delegate asked inside it
    /// hands the controller over; if the container did not take it (no transition started, or another
    /// interaction controller drives it), the rest of the gesture does nothing.
    func begin(_ action: InteractionAction) {
        guard let vc = viewController, action.canPerform(on: vc) else { return }
        inProgress = true
        let started = action.perform(on: vc)
        if started?.interactionController !== interaction { inProgress = false }
    }

    /// Moves the transition to `progress` (ignored unless the gesture drives it).
    func update(_ progress: CGFloat) {
        guard inProgress else { return }
        interaction.follow(progress)
    }

    /// Lets go at `progress` with `velocity` (progress per second) by the release rule.
    func release(at progress: CGFloat, velocity: CGFloat) {
        guard inProgress else { return }
        inProgress = false
        interaction.release(at: min(max(progress, 0), 1), velocity: velocity, rule: settings)
    }

    /// The gesture was cancelled (a pointer cancel, focus loss): a release where the transition is, with
    /// zero velocity (spec: gestures-and-timing, "cancelled").
    func abandon() {
        guard inProgress else { return }
        inProgress = false
        interaction.release(at: interaction.percentComplete, velocity: 0, rule: settings)
    }

    /// Follows the gesture's `state`: `began` runs `begin` (which calls ``begin(_:)`` when the gesture
    /// has an action), `changed` moves to `progress`, `ended` lets go at `progress` with `velocity`
    /// (progress per second), `cancelled` and `failed` abandon.
    func follow(_ state: GestureRecognizer.State, progress: CGFloat, velocity: CGFloat, begin: () -> Void) {
        switch state {
        case .began: begin()
        case .changed: update(progress)
        case .ended: release(at: progress, velocity: velocity)
        case .cancelled, .failed: abandon()
        case .possible: break
        }
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

    /// The catch began: the transition follows the gesture again from where it is on screen.
    func beginCatch() {
        guard canCatch else { return }
        interaction.pauseInteractiveTransition()
        caughtAt = interaction.percentComplete
        inProgress = true
    }

    /// Moves a caught transition `delta` (progress) from where it was caught.
    func updateCatch(_ delta: CGFloat) {
        update(caughtAt + delta)
    }

    /// Lets go of a caught transition `delta` from where it was caught.
    func releaseCatch(_ delta: CGFloat, velocity: CGFloat) {
        release(at: caughtAt + delta, velocity: velocity)
    }

    /// Follows the catch gesture's `state`: `began` catches, `changed` moves the caught transition
    /// `delta` (progress) from where it was caught, `ended` lets go there with `velocity`, `cancelled`
    /// and `failed` abandon.
    func followCatch(_ state: GestureRecognizer.State, delta: CGFloat, velocity: CGFloat) {
        switch state {
        case .began: beginCatch()
        case .changed: updateCatch(delta)
        case .ended: releaseCatch(delta, velocity: velocity)
        case .cancelled, .failed: abandon()
        case .possible: break
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
