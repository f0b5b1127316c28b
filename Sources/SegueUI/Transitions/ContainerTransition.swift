import SegueAnimation

/// One running transition of a container (navigation, tabs, modal, a custom container): the engine every
/// container shares. It is the animator's context (``ViewControllerContextTransitioning``) and the
/// coordinator controllers see (``ViewControllerTransitionCoordinator``).
///
/// Its life is a small state machine: ``Phase/pending`` from its creation (in a frame's input phase) until
/// ``start()`` (in that frame's callbacks phase), then ``Phase/animating`` or ``Phase/interacting``;
/// interacting -> finishing or cancelling (an interaction controller let go), finishing/cancelling ->
/// interacting (caught), animating -> interacting (paused); any -> ended at ``completeTransition(_:)``.
/// Illegal moves fail loudly.
///
/// Inside ``completeTransition(_:)``, in UIKit's order: a cancelled transition's changes are reverted
/// (every view exactly at its start), the container's bookkeeping runs (stack, children, view removal,
/// appearance), then the coordinator's completion blocks, then the animator's `animationEnded(_:)`.
@MainActor
public final class ContainerTransition: ViewControllerContextTransitioning, ViewControllerTransitionCoordinator {
    /// What kind of change a transition makes.
    public enum Kind: String, Sendable {
        case push, pop, tab, present, dismiss, custom
    }

    /// What a container tells observers about its transitions.
    public enum Event: String, Sendable {
        case began, finished, cancelled
    }

    /// Where the transition is.
    public enum Phase: String, Sendable {
        /// Made by its container, not started yet: ``start()`` runs in the frame's callbacks phase (a
        /// container asks for its transition in the input phase). Segue's own: UIKit's context exists only
        /// once the transition starts. A trace taken at the end of a frame never shows it.
        case pending
        /// Playing on its own (not interactive).
        case animating
        /// Driven by an interaction controller.
        case interacting
        /// Let go towards its end.
        case finishing
        /// Let go towards its start.
        case cancelling
        /// `completeTransition` was called.
        case ended
    }

    /// What the transition does.
    public let kind: Kind
    /// The view the animator animates in.
    public let containerView: View
    /// Whether the transition animates (false for an unanimated present or dismiss).
    public let isAnimated: Bool
    /// The modal presentation style (`.fullScreen` for push, pop, tab and custom transitions).
    public let presentationStyle: ModalPresentationStyle
    /// Whether it started interactive (never changes).
    public let initiallyInteractive: Bool
    /// The animation controller.
    public let animator: any ViewControllerAnimatedTransitioning
    /// The interaction controller, if the transition is interactive (or was taken over by one).
    public private(set) var interactionController: (any ViewControllerInteractiveTransitioning)?
    /// The duration the animator asked for, in seconds: its `transitionDuration(using:)` asked with this
    /// transition as the context (so ``isAnimated`` and the rest are already set), as UIKit asks it. The
    /// coordinator's alongside animations run over it.
    public private(set) var transitionDuration: Double = 0

    /// Where the transition is (see ``Phase``).
    public private(set) var phase: Phase
    /// Whether it was cancelled (an interaction let go towards its start).
    public private(set) var transitionWasCancelled = false
    /// The progress, 0...1, as the coordinator reports it: the interaction's while interacting, live while
    /// finishing or cancelling, and the fraction of the duration played while animating on its own.
    public internal(set) var percentComplete: CGFloat {
        get {
            guard phase == .animating, transitionDuration > 0 else { return storedPercent }
            let local = containerView.layer.currentLocalTime
            return CGFloat(min(max(local / transitionDuration, 0), 1))
        }
        set { storedPercent = newValue }
    }
    private var storedPercent: CGFloat = 0
    /// The velocity the rest of an interactive transition plays at (the interaction's completion speed).
    public internal(set) var completionVelocity: CGFloat = 1
    /// The curve the rest of an interactive transition plays along.
    public internal(set) var completionCurve: ViewAnimationCurve = .easeInOut

    private let fromViewController: ViewController
    private let toViewController: ViewController
    private let fromView: View?
    private let toView: View?
    private let frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)]
    private var alongside: [(animation: ((any ViewControllerTransitionCoordinatorContext) -> Void)?,
                             completion: ((any ViewControllerTransitionCoordinatorContext) -> Void)?)] = []
    private var interactionHandlers: [(any ViewControllerTransitionCoordinatorContext) -> Void] = []
    /// Layers whose time the interaction drives: the container's, and those of views registered with
    /// ``animateAlongsideTransition(in:animation:completion:)``.
    public private(set) var drivenLayers: [Layer]
    /// What `animateTransition` and the alongside blocks changed (reverted on cancel).
    private var changes = ChangeRecord()
    private var bookkeeping: ((Bool) -> Void)?
    private var interruptible: (any ViewImplicitlyAnimating)?
    private var askedForInterruptible = false

    // MARK: The completion watchdog

    /// How long past its due end, in seconds of animation time (the window's time scale applies), a
    /// transition that plays on its own may go without `completeTransition(_:)` before the engine gives
    /// up on the animator: 2 s, long enough for a spring's settle or a late completion block, short
    /// enough that a forgetful animator is caught in the first seconds of use rather than as a frozen
    /// screen. The due end is ``transitionDuration`` (divided by the playing speed of the driven layers)
    /// after the transition last began to play on its own: at its start, or when an interaction let go.
    /// Time spent interacting does not count (a finger may hold a transition as long as it likes), nor time
    /// held by an enclosing transition's interaction (``isHeldByEnclosingTime``).
    ///
    /// Past it, debug builds stop with an assertion naming the animator's type; release builds complete
    /// the transition (as its phase points: cancelled if it was cancelling) so the screen is usable.
    public static let completionGracePeriod: Double = 2

    /// Counts the animation time played on its own since the transition last began to (nil: not yet
    /// started, or no layer tree to count frames on).
    private var watchdog: DisplayLink?
    /// The window whose running transitions list this one, from its start to its end.
    private weak var runningIn: Window?
    /// Seconds of animation time played on its own since the last phase change.
    private var unattendedTime: Double = 0
    /// The pace of the part played on its own relative to ``transitionDuration`` (an interaction that
    /// lets go with a completion speed sets it), which scales ``completionDeadline``.
    var playingSpeed: Double = 1

    /// The animation time the transition may play on its own before it is overdue, in seconds.
    var completionDeadline: Double {
        transitionDuration / max(abs(playingSpeed), Self.minimumWatchdogSpeed) + Self.completionGracePeriod
    }

    /// The slowest playing speed the deadline scales with (a speed of 0 would make it infinite).
    private static let minimumWatchdogSpeed = 0.01

    /// Starts counting, once per frame at the start of the callbacks phase.
    private func startWatchdog() {
        guard watchdog == nil, let tree = containerView.layer.tree else { return }
        let link = DisplayLink { [weak self] link in
            guard let self else { link.invalidate(); return }
            self.watchdogTick(elapsed: link.timestamp - link.previousTimestamp)
        }
        link.add(to: tree)
        watchdog = link
    }

    /// Whether a layer above the container's is frozen (speed 0): an enclosing transition's interaction
    /// holds this one's time (a tab switch in a presenter's view while a finger holds the sheet's
    /// dismissal, whose animator drives that view alongside). Its animations cannot end then; like time
    /// spent interacting, that time does not count against its deadline.
    public var isHeldByEnclosingTime: Bool {
        var layer = containerView.layer.superlayer
        while let l = layer {
            if l.timing.speed == 0 { return true }
            layer = l.superlayer
        }
        return false
    }

    private func watchdogTick(elapsed: Double) {
        guard phase != .ended else { watchdog?.invalidate(); watchdog = nil; return }
        guard phase != .interacting, !isHeldByEnclosingTime else { return }
        unattendedTime += max(elapsed, 0)
        guard unattendedTime > completionDeadline else { return }
        let message = "ContainerTransition: the animator \(type(of: animator)) did not call completeTransition(_:) within "
            + "\(transitionDuration) s + the \(Self.completionGracePeriod) s grace period of its \(kind) transition "
            + "(phase \(phase)); an animator must call it once its animations end"
        assertionFailure(message)
        completeTransition(phase != .cancelling)
    }

    /// A transition between two controllers in `containerView`. `fromView`/`toView` nil mean the animator
    /// must not touch that side. `frames` gives each controller's initial and final frames (missing:
    /// `.zero`). `bookkeeping` is the container's own work at completion (called with whether the
    /// transition completed), before the coordinator's completion blocks.
    public init(kind: Kind, containerView: View, from: ViewController, to: ViewController,
                fromView: View?, toView: View?, isAnimated: Bool,
                presentationStyle: ModalPresentationStyle = .fullScreen,
                animator: any ViewControllerAnimatedTransitioning,
                interactionController: (any ViewControllerInteractiveTransitioning)?,
                frames: [(ViewController, initial: CGRect, final: CGRect)] = [],
                bookkeeping: @escaping (Bool) -> Void) {
        self.kind = kind
        self.containerView = containerView
        self.isAnimated = isAnimated
        self.presentationStyle = presentationStyle
        self.animator = animator
        self.interactionController = interactionController
        fromViewController = from
        toViewController = to
        self.fromView = fromView
        self.toView = toView
        var table: [ObjectIdentifier: (CGRect, CGRect)] = [:]
        for (vc, initial, final) in frames { table[ObjectIdentifier(vc)] = (initial, final) }
        self.frames = table
        self.bookkeeping = bookkeeping
        let interactive = interactionController.map { $0.wantsInteractiveStart } ?? false
        initiallyInteractive = interactive
        phase = .pending
        drivenLayers = [containerView.layer]
        transitionDuration = animator.transitionDuration(using: self)
    }

    // MARK: Starting

    /// Runs the animator (or the interaction controller) and the alongside blocks given so far, recording
    /// what they change. Called once by the container, in a frame's callbacks phase (so that the
    /// coordinator exists when the call that asked for the transition returns, and the animations begin
    /// in the frame they were asked in). A transition whose container view has left the window by then
    /// (asked for while it was shown) ends at once, as ``endAtOnce()`` says: an interactive one is cancelled.
    public func start() {
        precondition(phase == .pending, "ContainerTransition.start(): the transition was started already (phase: \(phase))")
        phase = initiallyInteractive ? .interacting : .animating
        startWatchdog()
        // The driven layers' local time counts from the start of the transition, so that progress can be
        // read from it and frozen at it (a pause, a catch) without a jump.
        resumeDrivenLayers(atOffset: 0, speed: 1)
        changes = Transaction.recordChanges {
            if let interactionController {
                interactionController.startInteractiveTransition(self)
            } else {
                animator.animateTransition(using: self)
            }
            runAlongside(alongside.map(\.animation))
        }
        // Started in a view outside any window (asked for while it was shown, started after a full-screen
        // presentation took it out), where nothing animates and no finger can reach: it ends at once, as
        // endAtOnce() says, in any phase (an interactive start is cancelled; left interacting, it could
        // neither be played on by its interaction, which needs the window's time, nor released).
        if containerView.window == nil, phase != .ended { endAtOnce() }
        // Listed by its window while it runs: if its container view leaves the window, it ends at once
        // (``Window/endTransitions(inside:)``).
        if phase != .ended, let window = containerView.window {
            window.runningTransitions.append(self)
            runningIn = window
        }
    }

    /// Runs alongside blocks as animations of the transition; `elapsed` (seconds into the transition)
    /// makes late blocks join where the transition is, as if they had started with it.
    private func runAlongside(_ blocks: [((any ViewControllerTransitionCoordinatorContext) -> Void)?], elapsed: Double = 0) {
        let blocks = blocks.compactMap { $0 }
        guard !blocks.isEmpty else { return }
        // An unanimated transition (an unanimated present or dismiss) changes the values at once.
        guard isAnimated else {
            View.performWithoutAnimation { for block in blocks { block(self) } }
            return
        }
        // Scrubbed with an interaction, they are linear in its percent (as the stock pages are) unless the
        // animator said otherwise; not interactive, they ease in and out over the transition's duration.
        let timing = alongsideTiming ?? .curve(phase == .interacting ? .linear : .easeInEaseOut)
        let template = AnimationTemplate(duration: alongsideDuration ?? transitionDuration, delay: -elapsed, timing: timing)
        Transaction.perform(capturing: template) {
            for block in blocks { block(self) }
        }
    }

    /// The pacing of the coordinator's alongside animations: the animator's curve. An animator that knows
    /// its own (the stock push/pop: linear while interactive, its spring otherwise) sets it in
    /// `animateTransition`; nil: linear while interactive, else ease-in-ease-out (UIKit's default).
    public var alongsideTiming: AnimationTemplate.Timing?
    /// The duration of the alongside animations when the animator's differs from ``transitionDuration``
    /// (nil: the transition's).
    public var alongsideDuration: Double?

    /// The interruptible animator, asked once (the same one for the whole transition).
    public var interruptibleAnimator: (any ViewImplicitlyAnimating)? {
        if !askedForInterruptible {
            askedForInterruptible = true
            interruptible = animator.declaredInterruptibleAnimator(using: self)
        }
        return interruptible
    }

    /// Whether the animator gave an interruptible animator.
    public var isInterruptible: Bool { interruptibleAnimator != nil }

    /// Makes a transition that animates on its own interactive from where it is shown, `progress`
    /// (0...1 along the animator's interactive, linear, motion): its animations are removed and its models
    /// put back to the start, then `interaction` starts it again (the animator runs again, now
    /// interactive) and is moved to `progress`. How a container catches a running push or pop. The
    /// animator must tolerate being run twice (its first run's animations stop unfinished).
    public func takeOver(with interaction: PercentDrivenInteractiveTransition, at progress: CGFloat) {
        precondition(phase == .animating, "ContainerTransition.takeOver: only a transition animating on its own can be taken over (phase: \(phase))")
        changes.revert()
        for record in changesFromLaterBlocks.reversed() { record.revert() }
        changesFromLaterBlocks.removeAll()
        interactionController = interaction
        move(to: .interacting)
        resumeDrivenLayers(atOffset: 0, speed: 1)
        changes = Transaction.recordChanges {
            interaction.startInteractiveTransition(self)
            runAlongside(alongside.map(\.animation))
        }
        moveWhenBegun(interaction, to: progress)
    }

    /// Moves `interaction` to `progress` once the animations just added have their begin times fixed (at
    /// the frozen time 0, in the next sweep of a callbacks phase), so they are scrubbed from their start.
    func moveWhenBegun(_ interaction: PercentDrivenInteractiveTransition, to progress: CGFloat) {
        guard progress > 0 else { return }
        Transaction.enqueueCallback { [weak self] in
            guard let self, self.phase == .interacting else { return }
            interaction.update(progress)
        }
    }

    /// Completes a transition that animates on its own right now, where its models already are (the
    /// end): its animations are removed first. How a container turns a caught push into a pop.
    public func completeNow() {
        precondition(phase == .animating, "ContainerTransition.completeNow: only a transition animating on its own (phase: \(phase))")
        changes.removeAnimations()
        for record in changesFromLaterBlocks { record.removeAnimations() }
        completeTransition(true)
    }

    /// Ends the transition at once, whatever its phase, as UIKit does when its container view leaves the
    /// window (a full-screen presentation takes the container's view out, the window's root controller is
    /// replaced, the view is removed: ``Window`` calls it as the view leaves): there nothing animates, so its
    /// animations are removed as if they had ended and the gesture driving an interaction is cancelled. A
    /// transition playing on its own or let go towards its end completes where its models are (the end);
    /// one interacting or let go towards its start is cancelled (every view exactly at its start). In
    /// UIKit's order: the animator's completions run first (in this frame's callbacks phase, so an
    /// animator cleans up after itself and calls ``completeTransition(_:)`` as at a normal end), then, if
    /// it did not, the engine completes it. Nothing happens before ``start()`` or after the end.
    ///
    /// Differs from UIKit: UIKit's completions report unfinished there; here finished, so animators that
    /// ignore unfinished ends (as a caught transition's first run must) still clean up and complete.
    public func endAtOnce() {
        guard phase != .pending, phase != .ended else { return }
        let completes = phase == .animating || phase == .finishing
        if phase == .interacting { cancelInteractiveTransition() }
        if let interruptible, interruptible.state == .active {
            interruptible.stopAnimation(false)
            interruptible.finishAnimation(at: completes ? .end : .start)
        }
        changes.removeAnimationsAsFinished()
        for record in changesFromLaterBlocks { record.removeAnimationsAsFinished() }
        // Runs after the removed animations' completions (queued before it, in the same callbacks phase).
        Transaction.enqueueCallback { [weak self] in self?.completeTransition(completes) }
    }

    // MARK: Context

    /// Whether an interaction drives the transition now; before ``start()`` (``Phase/pending``), whether it
    /// will start interactive (a page's `viewWillAppear`, which runs right before the start, sees it so).
    public var isInteractive: Bool { phase == .interacting || (phase == .pending && initiallyInteractive) }

    /// The controller on one side.
    public func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController? {
        key == .from ? fromViewController : toViewController
    }

    /// The view on one side the animator may touch (nil: it must not; see the context's rules).
    public func view(forKey key: TransitionContextViewKey) -> View? {
        if let late = lateView?(key) { return late }
        return key == .from ? fromView : toView
    }

    /// Gives a side's view when the animator asks, where it is not known when the transition is made (a
    /// presentation controller's ``PresentationController/presentedView``, made in
    /// `presentationTransitionWillBegin`); nil falls back to the view given at creation.
    var lateView: ((TransitionContextViewKey) -> View?)?

    /// Identity: Segue does not rotate.
    public var targetTransform: CGAffineTransform { .identity }

    /// Where a controller's view starts (`.zero`: unknown).
    public func initialFrame(for viewController: ViewController) -> CGRect {
        frames[ObjectIdentifier(viewController)]?.initial ?? .zero
    }

    /// Where a controller's view ends (`.zero`: unknown, or removed at the end).
    public func finalFrame(for viewController: ViewController) -> CGRect {
        frames[ObjectIdentifier(viewController)]?.final ?? .zero
    }

    /// Moves an interactive transition to `percentComplete` (clamped to 0...1; ignored unless interacting).
    public func updateInteractiveTransition(_ percentComplete: CGFloat) {
        guard phase == .interacting else { return }
        self.percentComplete = min(max(percentComplete, 0), 1)
        containerView.window?.interactiveTransitionMoved(self)
    }

    /// The interaction let go towards the end.
    public func finishInteractiveTransition() {
        guard phase == .interacting else { return }
        move(to: .finishing)
    }

    /// The interaction let go towards the start: the transition is cancelled.
    public func cancelInteractiveTransition() {
        guard phase == .interacting else { return }
        transitionWasCancelled = true
        move(to: .cancelling)
    }

    /// Makes a transition playing on its own interactive where it is (iOS 10).
    public func pauseInteractiveTransition() {
        guard phase != .interacting, phase != .ended else { return }
        if phase == .cancelling { transitionWasCancelled = false }
        move(to: .interacting)
    }

    /// Moves between phases, telling the interaction-change handlers when interactivity changes.
    func move(to next: Phase) {
        let allowed: Bool
        switch (phase, next) {
        case (.interacting, .finishing), (.interacting, .cancelling),
             (.finishing, .interacting), (.cancelling, .interacting), (.animating, .interacting),
             (.interacting, .animating), (_, .ended):
            allowed = phase != .ended
        default:
            allowed = false
        }
        precondition(allowed, "ContainerTransition: \(kind) cannot go from \(phase) to \(next)")
        let wasInteractive = isInteractive
        phase = next
        unattendedTime = 0
        if wasInteractive != isInteractive, next != .ended {
            for handler in interactionHandlers { handler(self) }
        }
    }

    /// Ends the transition (once; a second call does nothing), in UIKit's order: see the type's description.
    public func completeTransition(_ didComplete: Bool) {
        guard phase != .ended else { return }   // a second call does nothing
        let cancelled = !didComplete
        if cancelled { transitionWasCancelled = true }
        phase = .ended
        watchdog?.invalidate()
        watchdog = nil
        runningIn?.runningTransitions.removeAll { $0 === self }
        runningIn = nil
        percentComplete = didComplete ? 1 : 0
        if cancelled {
            let resizing = RevertResizing(views: [fromView, toView].compactMap { $0 }, records: [changes] + changesFromLaterBlocks)
            for record in changesFromLaterBlocks.reversed() { record.revert() }
            changes.revert()
            resizing.resizeViewsTheRevertMissed()
        }
        for layer in drivenLayers { layer.timing = MediaTimingValues() }
        let work = bookkeeping
        bookkeeping = nil
        work?(didComplete)
        for block in alongside { block.completion?(self) }
        alongside.removeAll()
        interactionHandlers.removeAll()
        animator.animationEnded(didComplete)
    }

    // MARK: Coordinator

    /// True for a cancelled transition (only an interaction can cancel one).
    public var isCancelled: Bool { transitionWasCancelled }

    @discardableResult
    /// Runs `animation` with the transition (its duration, its curve, scrubbed with it) and `completion`
    /// after it; true.
    public func animate(alongsideTransition animation: ((any ViewControllerTransitionCoordinatorContext) -> Void)?,
                        completion: ((any ViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard phase != .ended else { return false }
        alongside.append((animation, completion))
        if phase != .pending {
            // Joins where the transition is drawn: at its frozen time while an interaction drives it, begun
            // at once (a page following a finger through the tracking spring is drawn behind the percent it
            // reports, and its time moves by itself before the next frame would fix the begin).
            let frozen = drivenTiming.flatMap { $0.speed == 0 ? $0.timeOffset : nil }
            let elapsed = frozen ?? Double(percentComplete) * transitionDuration
            let record = Transaction.recordChanges { runAlongside([animation], elapsed: elapsed) }
            if frozen != nil { record.beginAnimationsNow() }
            changesFromLaterBlocks.append(record)
        }
        return true
    }

    private var changesFromLaterBlocks: [ChangeRecord] = []

    @discardableResult
    /// As ``animate(alongsideTransition:completion:)``, for a view outside the container: its layer's time
    /// is driven with the transition's.
    public func animateAlongsideTransition(in view: View?,
                                           animation: ((any ViewControllerTransitionCoordinatorContext) -> Void)?,
                                           completion: ((any ViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        if let view, !drivenLayers.contains(where: { $0 === view.layer }) {
            drivenLayers.append(view.layer)
            if let drivenTiming { view.layer.timing = drivenTiming }
        }
        return animate(alongsideTransition: animation, completion: completion)
    }

    // MARK: Driving layer time (for interaction controllers)

    /// The timing given to every driven layer, and to layers registered later, while an interaction
    /// drives the transition's time (nil: the layers run on their own).
    private var drivenTiming: MediaTimingValues?

    /// Freezes every driven layer at `offset` seconds into the transition (speed 0), as a percent-driven
    /// interaction does.
    public func freezeDrivenLayers(atOffset offset: Double) {
        var timing = MediaTimingValues()
        timing.speed = 0
        timing.timeOffset = offset
        drivenTiming = timing
        for layer in drivenLayers { layer.timing = timing }
    }

    /// Lets every driven layer's time run again from `offset` seconds into the transition, at `speed`
    /// (1: towards the end; -1: back to the start, where the animations end).
    public func resumeDrivenLayers(atOffset offset: Double, speed: Double) {
        drivenTiming = nil
        for layer in drivenLayers {
            var timing = MediaTimingValues()
            timing.speed = speed
            timing.timeOffset = offset
            timing.beginTime = layer.superlayer?.currentLocalTime ?? layer.tree?.mediaTime ?? 0
            layer.timing = timing
        }
    }

    /// Calls `handler` at every change between interactive and not, before a cancel's appearance callbacks.
    public func notifyWhenInteractionChanges(_ handler: @escaping (any ViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }
}
