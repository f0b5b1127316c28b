import Foundation
import SegueAnimation

/// The state of an animator (`UIViewAnimatingState`).
public enum ViewAnimatingState: Sendable, Equatable {
    /// Not started, or finished: the views show their model values.
    case inactive
    /// Started (running or paused).
    case active
    /// Stopped by ``ViewPropertyAnimator/stopAnimation(_:)`` and waiting for
    /// ``ViewPropertyAnimator/finishAnimation(at:)``.
    case stopped
}

/// Where an animator ended (`UIViewAnimatingPosition`).
public enum ViewAnimatingPosition: Sendable, Equatable {
    /// At the end values; at the start values; wherever the animation was stopped.
    case end, start, current
}

/// An interruptible, scrubbable, reversible animation of views (`UIViewPropertyAnimator`).
///
/// The animations block runs when added; its changes set the model at once and are shown through
/// animations whose progress the animator drives from its tree's clock. While paused,
/// ``fractionComplete`` scrubs them (linearly when ``scrubsLinearly``); ``isReversed`` runs them back;
/// ``continueAnimation(withTimingParameters:durationFactor:)`` plays the rest with other timing, starting
/// from what is on screen, so nothing jumps.
///
/// Misuse fails loudly (a precondition failure naming the rule), as UIKit raises: starting or pausing a
/// stopped animator, finishing one that is not stopped, stopping an inactive one, pausing or stopping
/// one that is not interruptible, adding animations to a stopped one.
///
/// Differs from UIKit: the animator reads time from the ``LayerTree`` its views are in, so start it once
/// its views are in a window; an animator whose block changed nothing completes at once on start.
@MainActor
public final class ViewPropertyAnimator: FrameObserver {
    /// The duration of a full run, in seconds.
    public let duration: Double
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

    private var animationBlocks: [() -> Void] = []
    private var completions: [(ViewAnimatingPosition) -> Void] = []
    private var driven: [AnyDrivenAnimation] = []
    private weak var tree: LayerTree?

    /// How far the animation has progressed in time, 0...1.
    private var fraction: Double = 0
    /// What is shown: the progress between the old values (0) and the new (1).
    private var shown: Double = 0
    private var segment: Segment?
    private var reversed = false

    /// A stretch of running from one fraction to another.
    private struct Segment {
        var fromFraction: Double
        var toFraction: Double
        var fromShown: Double
        var toShown: Double
        var duration: Double
        /// Nil until the first frame after it was set up (it begins at that frame).
        var startTime: Double?
        /// Whether the shown progress follows the animator's own curve at the current fraction (a
        /// plain run or resume), or the segment's own timing from `fromShown` to `toShown` (after a
        /// linear scrub or with new timing parameters).
        var followsCurve: Bool
        var timing: TimingCurveProvider
    }

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
    public static func runningPropertyAnimator(withDuration duration: Double, delay: Double = 0,
                                               options: ViewAnimationOptions = [], animations: @escaping () -> Void,
                                               completion: ((ViewAnimatingPosition) -> Void)? = nil) -> ViewPropertyAnimator {
        let animator = ViewPropertyAnimator(duration: duration, timingParameters: CubicTimingParameters(options.timingFunction))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Animations and completions

    /// Adds animations: the block runs now when the animator is active (joining at the current
    /// progress), else when it becomes active.
    public func addAnimations(_ animation: @escaping () -> Void) {
        precondition(state != .stopped, "ViewPropertyAnimator: cannot add animations to a stopped animator")
        if state == .active {
            capture(animation)
        } else {
            animationBlocks.append(animation)
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
        get { fraction }
        set {
            precondition(state != .stopped, "ViewPropertyAnimator: cannot scrub a stopped animator")
            if state == .inactive { pauseAnimation() }
            guard !isRunning else { return }
            fraction = min(max(newValue, 0), 1)
            shown = scrubsLinearly ? fraction : curveProgress(fraction)
        }
    }

    /// Whether the animation runs towards its start. Changing it while running turns it around at once,
    /// along the same curve.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            reversed = newValue
            if isRunning { beginSegment(timing: nil, durationFactor: 1) }
        }
    }

    // MARK: State machine

    /// Starts (or resumes) the animation.
    public func startAnimation() {
        precondition(state != .stopped, "ViewPropertyAnimator: cannot start a stopped animator; finish it first")
        if state == .inactive { activate() }
        guard !isRunning else { return }
        isRunning = true
        beginSegment(timing: nil, durationFactor: 1)
        if driven.isEmpty && tree == nil { completeAtOnce() }
    }

    /// Starts the animation after `delay` seconds (from the first frame).
    public func startAnimation(afterDelay delay: Double) {
        startAnimation()
        if delay > 0, segment != nil { pendingDelay = delay }
    }
    private var pendingDelay: Double = 0

    /// Pauses the animation where it is (making an inactive animator active and paused at 0).
    public func pauseAnimation() {
        precondition(state != .stopped, "ViewPropertyAnimator: cannot pause a stopped animator")
        precondition(isInterruptible, "ViewPropertyAnimator: cannot pause an animator that is not interruptible")
        if state == .inactive { activate() }
        isRunning = false
        segment = nil
    }

    /// Resumes a paused animator with other timing: the rest plays from what is on screen in
    /// `durationFactor` times the original duration, scaled by the part left (nil: the animator's own
    /// timing).
    public func continueAnimation(withTimingParameters parameters: TimingCurveProvider?, durationFactor: Double) {
        precondition(state == .active, "ViewPropertyAnimator: only an active animator can continue (state: \(state))")
        isRunning = true
        beginSegment(timing: parameters, durationFactor: durationFactor)
    }

    /// Stops the animation where it is. With `withoutFinishing` the views keep what is on screen as
    /// their model values and the animator becomes inactive at once, running no completion; otherwise
    /// it becomes ``ViewAnimatingState/stopped`` until ``finishAnimation(at:)``.
    public func stopAnimation(_ withoutFinishing: Bool) {
        precondition(state == .active, "ViewPropertyAnimator: only an active animator can be stopped (state: \(state))")
        precondition(isInterruptible, "ViewPropertyAnimator: cannot stop an animator that is not interruptible")
        isRunning = false
        segment = nil
        if withoutFinishing {
            settle(at: shown)
            state = .inactive
            detach()
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator: the views take their start, current or end values and the
    /// completions run with that position.
    public func finishAnimation(at position: ViewAnimatingPosition) {
        precondition(state == .stopped, "ViewPropertyAnimator: finishAnimation(at:) needs a stopped animator (state: \(state))")
        switch position {
        case .start: settle(at: 0)
        case .end: settle(at: 1)
        case .current: settle(at: shown)
        }
        finish(at: position)
    }

    // MARK: Driving

    private func activate() {
        state = .active
        fraction = 0
        shown = 0
        let blocks = animationBlocks
        animationBlocks.removeAll()
        for block in blocks { capture(block) }
    }

    private func capture(_ block: () -> Void) {
        let capture = DrivenCapture(animator: self)
        Transaction.perform(capturing: capture, block)
        for animation in capture.made {
            driven.append(animation)
            if tree == nil, let t = animation.layerTree {
                tree = t
                t.addFrameObserver(self)
            }
        }
    }

    /// The animator's own curve at a time fraction.
    private func curveProgress(_ f: Double) -> Double {
        timingParameters.progress(atFraction: f, duration: duration)
    }

    private func beginSegment(timing: TimingCurveProvider?, durationFactor: Double) {
        let target: Double = reversed ? 0 : 1
        let remaining = abs(target - fraction)
        let follows = timing == nil && abs(shown - curveProgress(fraction)) < 1e-12
        segment = Segment(fromFraction: fraction, toFraction: target, fromShown: shown, toShown: target,
                          duration: duration * durationFactor * remaining, startTime: nil, followsCurve: follows,
                          timing: timing ?? timingParameters)
    }

    /// Shown progress for the next frame (called by the tree before its presentation pass).
    public func frameWillUpdate(at time: Double) {
        guard isRunning, var s = segment else { return }
        if s.startTime == nil {
            s.startTime = time + pendingDelay
            pendingDelay = 0
            segment = s
        }
        let elapsed = time - s.startTime!
        guard elapsed >= 0 else { return }
        let atEnd = elapsed >= s.duration - MediaTimingValues.timeTolerance
        let u = atEnd ? 1 : elapsed / s.duration
        fraction = s.fromFraction + (s.toFraction - s.fromFraction) * u
        if s.followsCurve {
            shown = curveProgress(fraction)
        } else {
            shown = s.fromShown + (s.toShown - s.fromShown) * s.timing.progress(atFraction: u, duration: s.duration)
        }
        if u >= 1 { shown = s.toShown }
    }

    /// Finishes when the run reached its end (called by the tree after its presentation pass).
    public func frameDidUpdate(at time: Double) {
        guard isRunning, let s = segment, let start = s.startTime, time - start >= s.duration - MediaTimingValues.timeTolerance else { return }
        let position: ViewAnimatingPosition = s.toFraction == 0 ? .start : .end
        isRunning = false
        segment = nil
        if pausesOnCompletion { return }
        settle(at: position == .start ? 0 : 1)
        finish(at: position)
    }

    /// The progress shown now, 0 (old values) to 1 (new values).
    var shownProgress: Double { shown }

    private func settle(at progress: Double) {
        for animation in driven { animation.settle(at: progress) }
    }

    private func finish(at position: ViewAnimatingPosition) {
        state = .inactive
        detach()
        let run = completions
        completions.removeAll()
        for completion in run { completion(position) }
    }

    private func completeAtOnce() {
        isRunning = false
        segment = nil
        finish(at: .end)
    }

    private func detach() {
        for animation in driven { animation.remove() }
        driven.removeAll()
        tree?.removeFrameObserver(self)
        tree = nil
        reversed = false
    }
}

/// Turns an animator's captured changes into animations that show its progress.
@MainActor
private final class DrivenCapture: AnimationCapture {
    unowned let animator: ViewPropertyAnimator
    var made: [AnyDrivenAnimation] = []

    init(animator: ViewPropertyAnimator) {
        self.animator = animator
    }

    func capture<Value: Interpolatable>(_ property: LayerProperty<Value>, of layer: Layer, from old: Value, to new: Value) {
        let animation = DrivenAnimation(property, layer: layer, from: old, to: new, animator: animator)
        layer.add(animation, forKey: nil)
        made.append(animation)
    }
}

@MainActor
private protocol AnyDrivenAnimation: AnyObject {
    var layerTree: LayerTree? { get }
    /// Makes the model show `progress` and drops the animation.
    func settle(at progress: Double)
    func remove()
}

/// Shows one property between its old and new value at the animator's progress.
@MainActor
private final class DrivenAnimation<Value: Interpolatable>: PropertyAnimation<Value>, AnyDrivenAnimation {
    weak var layer: Layer?
    let old: Value
    let new: Value
    weak var animator: ViewPropertyAnimator?

    init(_ property: LayerProperty<Value>, layer: Layer, from old: Value, to new: Value, animator: ViewPropertyAnimator) {
        self.layer = layer
        self.old = old
        self.new = new
        self.animator = animator
        super.init(property)
        // The animator decides when it ends, not the layer's time.
        duration = .infinity
        isAdditive = property.isAdditiveInViewAnimations
    }

    var layerTree: LayerTree? { layer?.tree }

    override func makeEvaluator() -> Evaluator {
        let step = isAdditive
            ? property.makeInterpolator(old.subtracting(new), Value.additiveIdentity, true)
            : property.makeInterpolator(old, new, false)
        return { [weak animator] state, _ in step(&state, animator?.shownProgress ?? 1) }
    }

    override func apply(atIterationTime time: Double, to state: inout LayerProperties) {
        makeEvaluator()(&state, time)
    }

    func settle(at progress: Double) {
        guard let layer else { return }
        let value = Value.interpolate(from: old, to: new, fraction: progress)
        Transaction.perform(capturing: nil) { layer.setValue(value, for: property) }
    }

    func remove() {
        layer?.removeAnimation(self)
    }
}
