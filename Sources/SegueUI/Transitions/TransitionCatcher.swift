import SegueAnimation

/// Catching, the same for every container's built-in interactive transitions (the pop, the tab swipe, the
/// sheet's drag, and the transitions they take over): a pointer down on the moving page or sheet of a
/// transition that was let go (finishing or cancelling) takes it where it is drawn, with no slop; the page
/// follows the pointer 1:1 from there, and the next release decides again by the container's release rule
/// (spec: gestures-and-timing, "Catching"). A container may also take over a transition that animates on
/// its own (``takeOver``): a stock push or pop, a sheet being presented or dismissed by a button.
///
/// A container makes one, puts ``recognizer`` on the view its transitions run in, says how the pointer's
/// movement maps to progress, and hands it the ``InteractionDriver`` its own gesture drives with: the
/// driver holds the caught transition, follows it and releases it by the container's rule. The ready
/// interaction controllers catch their own transitions through the same driver (``InteractionWiring``).
@MainActor
final class TransitionCatcher: GestureRecognizerDelegate {
    /// The pan that catches: it begins the moment the pointer goes down.
    let recognizer = CatchGestureRecognizer()
    /// The transition running now in the container.
    var transition: () -> ContainerTransition? = { nil }
    /// The built-in interaction driving it, if it is one of the container's.
    var interaction: () -> PercentDrivenInteractiveTransition? = { nil }
    /// The views a pointer must be on to catch (where they are drawn).
    var movingViews: (ContainerTransition) -> [View] = { _ in [] }
    /// Progress per point of the pointer's movement (x and y), at the moment of the catch: e.g. `1 / width`
    /// along x for a pop, `1 / height` along y for a sheet.
    var progressPerPoint: () -> CGPoint = { CGPoint(x: 0, y: 0) }
    /// Holds, follows and releases the caught transition (the container's, with its release rule).
    var driver = InteractionDriver()
    /// Whether a transition animating on its own may be taken over, and how: returns the interaction that
    /// drives from now on (nil: not taken) and the progress it starts at.
    var takeOver: ((ContainerTransition) -> (PercentDrivenInteractiveTransition, CGFloat)?)?
    /// Whether ``takeOver`` applies to a transition animating on its own.
    var canTakeOver: (ContainerTransition) -> Bool = { _ in false }

    /// The mapping of the pointer's movement to progress, fixed at the catch.
    private var perPoint = CGPoint(x: 0, y: 0)
    /// Whether another gesture of the same driver took the caught transition over (``handOff()``).
    private var handedOff = false

    init() {
        recognizer.delegate = self
        recognizer.addAction { [weak self] pan in self?.handle(pan) }
    }

    /// Whether a pointer down now catches: the container's interaction was let go, or a transition that may
    /// be taken over animates on its own (and has started: one asked for in this frame shows nothing yet);
    /// and the pointer is on a moving view, where it is drawn.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let t = transition(), let touch = gestureRecognizer.trackedTouches.first else { return false }
        let letGo = (t.phase == .finishing || t.phase == .cancelling)
            && interaction().map { t.interactionController === $0 } == true
        let animating = t.phase == .animating && t.interactionController == nil && takeOver != nil && canTakeOver(t)
        guard letGo || animating else { return false }
        return movingViews(t).contains { view in
            guard let superview = view.superview else { return false }
            return view.layer.renderedProperties.frame.contains(touch.location(in: superview))
        }
    }

    /// The pointer's movement as progress along the mapping fixed at the catch.
    private func progress(_ moved: CGPoint) -> CGFloat {
        moved.x * perPoint.x + moved.y * perPoint.y
    }

    /// Another gesture of ``driver`` (a pinch by a second finger) drives the caught transition from now
    /// on: the catching pan's later moves and its end no longer follow or release it. Until its next catch.
    func handOff() {
        handedOff = true
        recognizer.arena?.stopsDriving(recognizer)
    }

    private func handle(_ pan: PanGestureRecognizer) {
        if pan.state == .began {
            perPoint = progressPerPoint()
            handedOff = false
        }
        guard !handedOff else { return }
        driver.driveCaught(pan.state, delta: progress(pan.translation(in: nil)),
                           velocity: progress(pan.releaseVelocity(in: nil))) {
            guard let t = transition() else { return }
            if t.phase == .animating, let takeOver, let (interaction, at) = takeOver(t) {
                driver.hold(interaction, at: at)
            } else if let interaction = interaction(), t.interactionController === interaction {
                driver.catchLetGo(interaction)
            }
        }
    }
}
