import SegueAnimation

/// The one place where a gesture drives a transition (gesture -> fraction -> driver -> transition): a
/// recognizer's state comes in with the gesture's progress (0...1 of the transition) and velocity
/// (progress per second); begin, follow, release and catch go out to a
/// ``PercentDrivenInteractiveTransition``. While it holds, the drawn transition follows the gesture through
/// the tracking spring the client gives (``tracking``: iOS 27's, for the built-in pages and sheets); the
/// release decides by one rule (``ReleaseRule``: a flick by its sign, else the commit fraction) and
/// completes with the release spring (``TransitionSettings/releaseSpring``, or the rule's own), handed the
/// drawn page's position and velocity; a cancelled or failed gesture is a release where the transition is,
/// with zero velocity (spec: gestures-and-timing).
///
/// Its clients only turn their gesture into progress: the navigation controller's edge and full-width
/// pop, the tab bar controller's swipe, a sheet's drag to dismiss, ``TransitionCatcher`` (catching a let-go
/// or self-animating transition), ``ZoomInteraction`` and the ready interaction controllers (through
/// ``InteractionWiring``); and a sheet's drag between detents, which is no transition: what a gesture
/// holds is a ``GestureDriven`` (a transition's interaction, or the detent drag). A new gesture is a new
/// source of progress, not a new switch.
@MainActor
final class InteractionDriver {
    /// How a release decides between finishing and cancelling: a flick (`|v| >= flickVelocity`) by its
    /// sign; otherwise by ``TransitionSettings/commitFraction``.
    struct ReleaseRule {
        /// The numbers (flick velocity, commit fraction, the release spring).
        var settings = TransitionSettings()
        /// Whether a slow release must be strictly past the commit fraction to finish (the tab swipe's
        /// rule, the seeds' threshold) rather than at it (the pop's, ``TransitionSettings/shouldFinish(progress:velocity:)``).
        var strictlyPastCommitFraction = false
        /// Whether a flick of the edge boosts the page's velocity at the release
        /// (``TransitionSettings/handedOverVelocity(pageVelocity:releaseVelocity:finishes:)``: the pop's).
        var boostsEdgeFlicks = false
        /// The spring that completes the release (nil: ``TransitionSettings/releaseSpring``).
        var spring: Spring?

        /// Whether a release at `progress` with `velocity` (progress per second) finishes.
        func shouldFinish(progress: CGFloat, velocity: CGFloat) -> Bool {
            guard strictlyPastCommitFraction else { return settings.shouldFinish(progress: progress, velocity: velocity) }
            return abs(velocity) >= settings.flickVelocity ? velocity > 0 : progress > settings.commitFraction
        }
    }

    /// The release rule, read at each release (a container's settings may change meanwhile).
    var rule: () -> ReleaseRule = { ReleaseRule() }
    /// The spring the drawn transition follows the gesture through while held, read when it takes hold
    /// (nil, the default: drawn at the gesture's progress, as UIKit's percent-driven transitions are).
    var tracking: () -> Spring? = { nil }
    /// What a gesture holds now: from its begin (or a catch) until its release.
    private(set) var interaction: (any GestureDriven)?
    /// The progress the held transition was caught at; a catching gesture's movement counts from there.
    private var caughtAt: CGFloat = 0

    /// Whether a gesture holds a transition now.
    var isHolding: Bool { interaction != nil }

    // MARK: Following a gesture

    /// Follows a gesture's `state`: `began` runs `begin` (which takes hold with ``begin(_:start:)``,
    /// ``hold(_:at:)`` or ``catchLetGo(_:)``, or does not), `changed` follows `progress`, `ended` releases
    /// at `progress` with `velocity` (progress per second), `cancelled` and `failed` release where the
    /// transition is with zero velocity. Progress and velocity are read only when needed.
    func drive(_ state: GestureRecognizer.State, progress: @autoclosure () -> CGFloat,
               velocity: @autoclosure () -> CGFloat, begin: () -> Void) {
        switch state {
        case .began: begin()
        case .changed: follow(progress())
        case .ended: release(at: progress(), velocity: velocity())
        case .cancelled, .failed: abandon()
        case .possible: break
        }
    }

    /// Follows a catching gesture: as ``drive(_:progress:velocity:begin:)``, with the progress `delta`
    /// from where the transition was caught (1:1 from the catch, no jump).
    func driveCaught(_ state: GestureRecognizer.State, delta: @autoclosure () -> CGFloat,
                     velocity: @autoclosure () -> CGFloat, catch takeHold: () -> Void) {
        drive(state, progress: caughtAt + delta(), velocity: velocity(), begin: takeHold)
    }

    // MARK: Taking hold

    /// Takes hold of `interaction` and runs `start`, which asks a container for the transition (so that a
    /// delegate asked inside it sees the gesture driving); keeps the hold only if the transition `start`
    /// returns is driven by `interaction`. Returns whether it is.
    @discardableResult
    func begin(_ interaction: PercentDrivenInteractiveTransition, start: () -> ContainerTransition?) -> Bool {
        hold(interaction, at: 0)
        guard start()?.interactionController === interaction else {
            self.interaction = nil
            return false
        }
        return true
    }

    /// Takes hold of `interaction`, which is at `progress` (a transition taken over while it animated on
    /// its own, one the gesture starts itself, a sheet's drag between detents).
    func hold(_ interaction: any GestureDriven, at progress: CGFloat) {
        self.interaction = interaction
        caughtAt = progress
        interaction.track(with: tracking())
    }

    /// Catches `interaction`'s let-go (finishing or cancelling) transition where it is on screen.
    func catchLetGo(_ interaction: PercentDrivenInteractiveTransition) {
        interaction.track(with: tracking())
        interaction.pauseInteractiveTransition()
        hold(interaction, at: interaction.percentComplete)
    }

    // MARK: Follow and release

    /// Moves the held transition to `progress` (nothing held: nothing happens).
    func follow(_ progress: CGFloat) {
        interaction?.follow(progress)
    }

    /// Lets go at `progress` with `velocity` (progress per second) by ``rule``.
    func release(at progress: CGFloat, velocity: CGFloat) {
        guard let interaction else { return }
        self.interaction = nil
        interaction.release(at: progress, velocity: velocity, rule: rule())
    }

    /// Lets go where the transition is, with zero velocity (a cancelled gesture: a pointer cancel, focus
    /// loss).
    func abandon() {
        guard let interaction else { return }
        release(at: interaction.percentComplete, velocity: 0)
    }
}

/// What a gesture holds through an ``InteractionDriver``: something that follows a progress and is let go
/// by the driver's release rule.
@MainActor
protocol GestureDriven: AnyObject {
    /// Where it is now, in its progress's units (a cancelled gesture lets go there).
    var percentComplete: CGFloat { get }
    /// Moves to `progress`.
    func follow(_ progress: CGFloat)
    /// Lets go at `progress` with `velocity` (progress per second), deciding by `rule`.
    func release(at progress: CGFloat, velocity: CGFloat, rule: InteractionDriver.ReleaseRule)
    /// Draws itself following the progress through `spring` from now on (nil: at the progress).
    func track(with spring: Spring?)
}

extension GestureDriven {
    /// Nothing to draw apart: it is drawn where it is followed.
    func track(with spring: Spring?) {}
}

extension PercentDrivenInteractiveTransition: GestureDriven {
    /// Lets go at `progress` (clamped to 0...1) by `rule`, completing with its release spring.
    func release(at progress: CGFloat, velocity: CGFloat, rule: InteractionDriver.ReleaseRule) {
        release(at: min(max(progress, 0), 1), velocity: velocity, settings: rule.settings,
                finishes: rule.shouldFinish(progress:velocity:), spring: rule.spring,
                boostsEdgeFlicks: rule.boostsEdgeFlicks)
    }
}

/// What a gesture holds that is no transition (a sheet's drag between detents, its refused swipe): what
/// following and letting go do, as closures; its progress is in the holder's own units (points). With a
/// tracking spring (``track(with:)``) what it draws follows the progress through it, stepped once a frame
/// in `tree`'s frames, as a held transition's pages do.
@MainActor
final class GestureDrivenValue: GestureDriven {
    /// The progress last followed.
    private(set) var percentComplete: CGFloat = 0
    /// Where the drawn value was and how fast it moved (units per second) when the last hold was let go;
    /// nil when it was drawn at the progress.
    private(set) var drawnAtRelease: (value: CGFloat, velocity: CGFloat)?
    private let onFollow: (CGFloat) -> Void
    private let onRelease: (_ progress: CGFloat, _ velocity: CGFloat, _ rule: InteractionDriver.ReleaseRule) -> Void
    private let tree: () -> LayerTree?
    private var trackingSpring: Spring?
    private var tracker: SpringTracker?
    private var link: DisplayLink?

    /// `follow` draws a value, `release` lets go; `tree` is the tree whose frames step a tracking spring.
    init(tree: @escaping () -> LayerTree? = { nil }, follow: @escaping (CGFloat) -> Void,
         release: @escaping (_ progress: CGFloat, _ velocity: CGFloat, _ rule: InteractionDriver.ReleaseRule) -> Void) {
        self.tree = tree
        onFollow = follow
        onRelease = release
    }

    /// From the next ``follow(_:)`` on, draws through `spring` (nil: at the progress).
    func track(with spring: Spring?) {
        trackingSpring = spring
        stopTracking()
    }

    /// Follows `progress`: drawn there at once, or (tracking) placed there at the first move and pulled
    /// towards it once a frame after.
    func follow(_ progress: CGFloat) {
        percentComplete = progress
        guard let spring = trackingSpring, let tree = tree() else { return onFollow(progress) }
        guard tracker == nil else {
            tracker?.target = Double(progress)
            return
        }
        tracker = SpringTracker(spring: spring, position: Double(progress))
        onFollow(progress)
        let link = DisplayLink { [weak self] link in
            guard let self, var tracker = self.tracker else { return }
            tracker.advance(by: link.timestamp - link.previousTimestamp)
            self.tracker = tracker
            self.onFollow(CGFloat(tracker.position))
        }
        self.link = link
        link.add(to: tree)
    }

    /// Lets go: the tracking stops where it is drawn (``drawnAtRelease``), then `release` runs.
    func release(at progress: CGFloat, velocity: CGFloat, rule: InteractionDriver.ReleaseRule) {
        drawnAtRelease = tracker.map { (CGFloat($0.position), CGFloat($0.velocity)) }
        stopTracking()
        onRelease(progress, velocity, rule)
    }

    private func stopTracking() {
        link?.invalidate()
        link = nil
        tracker = nil
    }
}
