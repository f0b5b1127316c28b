import Foundation
import SegueAnimation

/// An interruptible, scrubbable, reversible animation of views (`UIViewPropertyAnimator`).
///
/// The animations block runs when the animator becomes active; its changes set the model at once and are
/// shown through layer animations that run on each view's own layer time, like every other animation:
/// a container at `speed = 0` freezes the animator's views too, its `timeOffset` scrubs them, and the
/// window's slow-motion time scale slows them. While paused, ``fractionComplete`` scrubs them (linearly
/// when ``scrubsLinearly``); ``isReversed`` runs them back; ``continueAnimation(withTimingParameters:durationFactor:)``
/// plays the rest with other timing, starting from what is on screen, so nothing jumps. ``changes``
/// records what the blocks changed.
///
/// Misuse fails loudly (a precondition failure naming the rule), as UIKit raises: starting or pausing a
/// stopped animator, finishing one that is not stopped, stopping an inactive one, pausing or stopping
/// one that is not interruptible, adding animations to a stopped one. Starting an animator whose views
/// are in no layer tree fails in debug builds (its animations could never run).
///
/// Differs from UIKit: completions run in a frame's callbacks phase, never inside the call that started
/// the animator (an animator whose blocks changed nothing completes in the next frame); when views in
/// different layer-time subtrees run at different speeds, the animator completes once all of them have
/// reached the end, and reports the progress of the first view it animates.
@MainActor
public final class ViewPropertyAnimator: ViewImplicitlyAnimating {
    /// The duration of a full run, in seconds of animation time, as given at creation. Timing that fixes
    /// its own length (``TimingCurveProvider/implicitDuration``: a spring given by its constants) makes
    /// the runs last that long instead; this property still reports the duration given.
    public let duration: Double
    /// The length of a full run: the timing's own duration if it fixes one, else ``duration``.
    private var runDuration: Double { timingParameters.implicitDuration ?? duration }
    /// The pacing of a full run.
    public let timingParameters: TimingCurveProvider
    /// Where the animator is in its life: inactive, active (running or paused), or stopped.
    public private(set) var state: ViewAnimatingState = .inactive
    /// Whether the animation is playing (active and not paused).
    public private(set) var isRunning = false
    /// Whether the animation can be paused and stopped (default true).
    public var isInterruptible = true
    /// Whether, while paused, ``fractionComplete`` maps linearly to what is shown (default true); when
    /// false, the timing curve applies.
    public var scrubsLinearly = true
    /// Whether the animator stays active and paused at its end instead of completing (default false).
    /// Completion handlers then run only once it is stopped and finished.
    public var pausesOnCompletion = false
    /// Whether the animated views take pointers while the animator runs (default true, as in UIKit: a
    /// tap can catch a view in flight). Read when animations are added.
    public var isUserInteractionEnabled = true
    /// Whether the app hit-tests the animated views itself (default false). When false, as in UIKit,
    /// hit testing places each animated view where it is drawn (its presentation geometry), so a tap
    /// lands on a view in flight; when true, at its model geometry (where it will end), as for views in
    /// `View.animate` blocks. Read when animations are added (at start, pause, continue, ...).
    public var isManualHitTestingEnabled = false
    /// What the animator's animation blocks changed, from which value to which (see `ChangeRecord`).
    public private(set) var changes = ChangeRecord()

    private var pendingBlocks: [(block: () -> Void, delayFactor: Double)] = []
    private var completions: [(ViewAnimatingPosition) -> Void] = []
    /// Every change the blocks made, each shown by one layer animation at a time.
    private var driven: [any AnimatorDrivenChange] = []
    /// The layer animations attached now (one per driven change whose view is alive), by key.
    private var attached: [(layer: WeakReference<Layer>, key: String)] = []
    /// Counts the sets of attached animations; a stop from an older set is ignored.
    private var generation = 0
    private var stoppedInGeneration = 0

    /// Progress in time and progress shown while not running (while running, read from the views).
    private var fraction: Double = 0
    private var shown: Double = 0
    /// The run in progress, while running.
    private var segment: AnimatorSegment?
    private var reversed = false

    /// An animator with a timing curve provider (`init(duration:timingParameters:)`).
    public init(duration: Double, timingParameters: TimingCurveProvider) {
        precondition(duration >= 0, "ViewPropertyAnimator: duration must not be negative, got \(duration)")
        self.duration = duration
        self.timingParameters = timingParameters
    }

    /// An animator with a named curve (`init(duration:curve:animations:)`).
    public convenience init(duration: Double, curve: ViewAnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: CubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a Bézier curve (`init(duration:controlPoint1:controlPoint2:animations:)`).
    public convenience init(duration: Double, controlPoint1: CGPoint, controlPoint2: CGPoint, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: CubicTimingParameters(controlPoint1: controlPoint1, controlPoint2: controlPoint2))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a spring (`init(duration:dampingRatio:animations:)`).
    public convenience init(duration: Double, dampingRatio: Double, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: SpringTimingParameters(dampingRatio: dampingRatio))
        if let animations { addAnimations(animations) }
    }

    /// Starts a running animator (`runningPropertyAnimator(withDuration:delay:options:animations:completion:)`).
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: Double, delay: Double = 0,
                                               options: ViewAnimationOptions = [], animations: @escaping () -> Void,
                                               completion: ((ViewAnimatingPosition) -> Void)? = nil) -> ViewPropertyAnimator {
        let animator = ViewPropertyAnimator(duration: duration, timingParameters: CubicTimingParameters(options.timingFunction))
        animator.isUserInteractionEnabled = options.contains(.allowUserInteraction) || animator.isUserInteractionEnabled
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Animations and completions

    /// Adds animations. On an inactive animator the block runs when it becomes active. On an active one
    /// it runs now: the new changes start from the values on screen and reach their new values with the
    /// rest of the run, over the remaining time (UIKit's rule).
    public func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds animations that start `delayFactor` (0...1) of the remaining progress later.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: Double) {
        precondition(state != .stopped, "ViewPropertyAnimator: cannot add animations to a stopped animator")
        let delayFactor = min(max(delayFactor, 0), 1)
        guard state == .active else {
            pendingBlocks.append((animation, delayFactor))
            return
        }
        syncFromViews()
        let target: Double = reversed ? 0 : 1
        capture(animation, startingAt: shown + (target - shown) * delayFactor)
        if isRunning {
            beginSegment(timing: nil, durationFactor: 1, delay: 0)
        } else {
            attach(.paused(PausedProgress(animator: self)), delay: 0)
        }
    }

    /// Adds a block run with the final position when the animator finishes.
    public func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Progress

    /// How far the animation has progressed, 0...1. Setting it (which pauses an inactive animator
    /// first) moves a paused animator there; a running one ignores it, as in UIKit.
    public var fractionComplete: Double {
        get { isRunning ? liveState().fraction : fraction }
        set {
            precondition(state != .stopped, "ViewPropertyAnimator: cannot scrub a stopped animator")
            if state == .inactive { pauseAnimation() }
            guard !isRunning else { return }
            fraction = min(max(newValue, 0), 1)
            shown = scrubsLinearly ? fraction : curveProgress(fraction)
        }
    }

    /// Whether the animation runs towards its start. Changing it while running turns it around at the
    /// next frame, from what is on screen, along the same curve.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            if isRunning { syncFromViews() }
            reversed = newValue
            if isRunning { beginSegment(timing: nil, durationFactor: 1, delay: 0) }
        }
    }

    /// The progress shown now, 0 (old values) to 1 (new values); springs overshoot.
    var shownProgress: Double { isRunning ? liveState().shown : shown }

    // MARK: State machine

    /// Starts (or resumes) the animation at the next frame.
    public func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Starts the animation `delay` seconds (of animation time) after the next frame.
    public func startAnimation(afterDelay delay: Double) {
        precondition(state != .stopped, "ViewPropertyAnimator: cannot start a stopped animator; finish it first")
        if state == .inactive { activate() }
        guard !isRunning else { return }
        isRunning = true
        beginSegment(timing: nil, durationFactor: 1, delay: max(delay, 0))
    }

    /// Pauses the animation where it is (making an inactive animator active and paused at 0).
    public func pauseAnimation() {
        precondition(state != .stopped, "ViewPropertyAnimator: cannot pause a stopped animator")
        precondition(isInterruptible, "ViewPropertyAnimator: cannot pause an animator that is not interruptible")
        if state == .inactive { activate() }
        syncFromViews()
        isRunning = false
        segment = nil
        attach(.paused(PausedProgress(animator: self)), delay: 0)
    }

    /// Resumes a paused animator with other timing: the rest plays from what is on screen in
    /// `durationFactor` times the original duration, scaled by the part left (nil: the animator's own
    /// timing).
    public func continueAnimation(withTimingParameters parameters: TimingCurveProvider?, durationFactor: Double) {
        precondition(state == .active, "ViewPropertyAnimator: only an active animator can continue (state: \(state))")
        syncFromViews()
        isRunning = true
        beginSegment(timing: parameters, durationFactor: durationFactor, delay: 0)
    }

    /// Stops the animation where it is. With `withoutFinishing` the views keep what is on screen as
    /// their model values and the animator becomes inactive at once, running no completion; otherwise
    /// it becomes ``ViewAnimatingState/stopped`` (frozen) until ``finishAnimation(at:)``.
    public func stopAnimation(_ withoutFinishing: Bool) {
        precondition(state == .active, "ViewPropertyAnimator: only an active animator can be stopped (state: \(state))")
        precondition(isInterruptible, "ViewPropertyAnimator: cannot stop an animator that is not interruptible")
        syncFromViews()
        isRunning = false
        segment = nil
        if withoutFinishing {
            settleWhereShown()
            state = .inactive
            detach()
        } else {
            state = .stopped
            attach(.paused(PausedProgress(animator: self)), delay: 0)
        }
    }

    /// Finishes a stopped animator: the views take their start, current or end values and the
    /// completions run (inside this call) with that position.
    public func finishAnimation(at position: ViewAnimatingPosition) {
        precondition(state == .stopped, "ViewPropertyAnimator: finishAnimation(at:) needs a stopped animator (state: \(state))")
        switch position {
        case .start: settle(at: 0)
        case .end: settle(at: 1)
        case .current: settleWhereShown()
        }
        finish(at: position)
    }

    // MARK: Driving

    private func activate() {
        state = .active
        fraction = 0
        shown = 0
        changes = ChangeRecord()
        let blocks = pendingBlocks
        pendingBlocks.removeAll()
        for (block, delayFactor) in blocks { capture(block, startingAt: delayFactor) }
    }

    private func capture(_ block: () -> Void, startingAt start: Double) {
        let capture = AnimatorCapture(record: changes, startProgress: start)
        Transaction.perform(capturing: capture, block)
        driven.append(contentsOf: capture.made)
    }

    /// The animator's own curve at a time fraction.
    private func curveProgress(_ f: Double) -> Double {
        timingParameters.progress(atFraction: f, duration: runDuration)
    }

    /// Time and shown progress now, read from the first attached view's layer time.
    private func liveState() -> (fraction: Double, shown: Double) {
        guard let segment else { return (fraction, shown) }
        for item in attached {
            if let layer = item.layer.object, let t = layer.activeTime(ofAnimationForKey: item.key) {
                return segment.state(atElapsed: t)
            }
        }
        return (segment.fromFraction, segment.fromShown)
    }

    /// Makes ``fraction`` and ``shown`` what is on screen now.
    private func syncFromViews() {
        guard isRunning else { return }
        (fraction, shown) = liveState()
    }

    private func beginSegment(timing: TimingCurveProvider?, durationFactor: Double, delay: Double) {
        let target: Double = reversed ? 0 : 1
        let remaining = abs(target - fraction)
        let follows = timing == nil && abs(shown - curveProgress(fraction)) < 1e-12
        // New timing that fixes its own length (a spring given by its constants) runs its course from what
        // is shown; otherwise the run lasts the part left of the full run, scaled by the factor.
        let length = timing?.implicitDuration ?? runDuration * durationFactor * remaining
        let s = AnimatorSegment(fromFraction: fraction, toFraction: target, fromShown: shown, toShown: target,
                                duration: length, followsCurve: follows,
                                timing: timing ?? timingParameters, curve: timingParameters, curveDuration: runDuration)
        segment = s
        attach(.segment(s), delay: delay)
    }

    /// Replaces the attached animations with one per driven change showing `progress`.
    private func attach(_ progress: AnimatorProgress, delay: Double) {
        removeAttached()
        generation += 1
        stoppedInGeneration = 0
        let id = ObjectIdentifier(self).hashValue
        for (index, change) in driven.enumerated() {
            guard let layer = change.layer else { continue }
            let animation = change.makeAnimation(progress)
            animation.allowsUserInteraction = isUserInteractionEnabled
            animation.hitTestsPresentation = !isManualHitTestingEnabled
            let g = generation
            animation.completion = { [weak self] _ in self?.attachedAnimationStopped(generation: g) }
            let key = "\u{1}animator-\(id)-\(index)"
            layer.add(animation, forKey: key, delay: delay)
            attached.append((WeakReference(layer), key))
        }
        guard case .segment = progress else { return }
        if attached.isEmpty {
            // Nothing to show: the run ends in the next frame's callbacks phase.
            let g = generation
            Transaction.enqueueCallback { [weak self] in
                guard let self, self.generation == g else { return }
                self.segmentEnded()
            }
        } else {
            assert(attached.contains { $0.layer.object?.tree != nil },
                   "ViewPropertyAnimator started with views that are in no window (no layer tree): its animations could never run")
        }
    }

    private func attachedAnimationStopped(generation g: Int) {
        guard g == generation, isRunning else { return }
        stoppedInGeneration += 1
        if stoppedInGeneration >= attached.count { segmentEnded() }
    }

    /// The run reached its end (called in a frame's callbacks phase).
    private func segmentEnded() {
        guard isRunning, let s = segment else { return }
        let position: ViewAnimatingPosition = s.toFraction == 0 ? .start : .end
        fraction = s.toFraction
        shown = s.toShown
        isRunning = false
        segment = nil
        if pausesOnCompletion {
            attach(.paused(PausedProgress(animator: self)), delay: 0)
            return
        }
        settle(at: position == .start ? 0 : 1)
        finish(at: position)
    }

    /// Removes the animations and sets every changed model value `progress` of the way (0: the values
    /// before the blocks, 1: the new values).
    private func settle(at progress: Double) {
        removeAttached()
        changes.settle(at: progress)
    }

    /// Removes the animations and makes what is on screen the model.
    private func settleWhereShown() {
        let values = driven.compactMap { $0.presentationSetter() }
        removeAttached()
        Transaction.perform(capturing: nil) { for set in values { set() } }
    }

    private func finish(at position: ViewAnimatingPosition) {
        state = .inactive
        detach()
        let run = completions
        completions.removeAll()
        for completion in run { completion(position) }
    }

    private func removeAttached() {
        generation += 1
        let items = attached
        attached.removeAll()
        for item in items { item.layer.object?.removeAnimation(forKey: item.key) }
    }

    private func detach() {
        removeAttached()
        driven.removeAll()
        reversed = false
        segment = nil
    }

    /// The shown progress of a paused animator, read by its paused animations every frame.
    fileprivate var pausedShown: Double { shown }
}

/// What a paused animator's animations read: its shown progress, live (scrubbing moves them).
@MainActor
struct PausedProgress {
    fileprivate weak var animator: ViewPropertyAnimator?
    var shown: Double { animator?.pausedShown ?? 1 }
}

