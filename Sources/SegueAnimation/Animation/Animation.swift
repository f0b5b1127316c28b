/// Told when an animation starts and stops (`CAAnimationDelegate`).
@MainActor
public protocol AnimationDelegate: AnyObject {
    func animationDidStart(_ animation: Animation)
    /// `finished` is false when the animation was removed before it ran to its end.
    func animationDidStop(_ animation: Animation, finished: Bool)
}

extension AnimationDelegate {
    public func animationDidStart(_ animation: Animation) {}
    public func animationDidStop(_ animation: Animation, finished: Bool) {}
}

/// The base of every layer animation (`CAAnimation`): a timeline (``MediaTiming``), a timing function,
/// and what happens when it ends.
///
/// Differs from Core Animation: adding an animation to a layer does not copy it, so do not change it
/// after adding; besides the delegate there is a ``completion`` closure; an animation with duration 0
/// gets ``defaultDuration`` (0.25 s, Core Animation's default) when added.
@MainActor
open class Animation: MediaTiming {
    /// Core Animation's default duration for an animation whose duration is 0, in seconds.
    public static let defaultDuration: Double = 0.25

    public var timing = MediaTimingValues()
    /// The pacing of the whole animation; nil is linear (as in Core Animation).
    public var timingFunction: MediaTimingFunction?
    /// Whether the layer drops the animation once it has run to its end (default true). When false the
    /// animation keeps applying its end state (with a `forwards` fill) and never completes.
    public var isRemovedOnCompletion = true
    /// Told when the animation starts and stops.
    public weak var delegate: AnimationDelegate?
    /// Called once when the animation stops, with `true` if it ran to its end and `false` if it was
    /// removed first.
    public var completion: ((Bool) -> Void)?
    /// Whether the animated layer still takes pointer input while this runs (UIKit's
    /// `allowUserInteraction` view-animation option). Default true; view animations set it from their
    /// options.
    public var allowsUserInteraction = true

    public init() {}

    /// Applies the animation at `time`, a time inside one iteration (0...duration), to `state`.
    /// `base` is the layer's model. Subclasses override this.
    open func apply(atIterationTime time: Double, to state: inout LayerProperties, base: LayerProperties) {
        preconditionFailure("\(type(of: self)) must override apply(atIterationTime:to:base:)")
    }

    /// The animation's progress at an iteration time: the fraction of the duration, through the timing
    /// function.
    public func easedFraction(atIterationTime time: Double) -> Double {
        let d = timing.duration
        let linear = d > 0 ? min(max(time / d, 0), 1) : 1
        return timingFunction?.value(at: linear) ?? linear
    }

    /// Applies the animation at a time in its parent's (the layer's or group's) time space, whose begin
    /// is `begin`. Returns where it stands on its timeline.
    @discardableResult
    final func apply(parentTime: Double, begin: Double, to state: inout LayerProperties,
                     base: LayerProperties) -> TimelinePosition {
        let position = timing.position(atActiveTime: timing.activeTime(parentTime: parentTime, beginTime: begin))
        if case .active(let t) = position {
            apply(atIterationTime: t, to: &state, base: base)
        }
        return position
    }

    /// Whether the animation's active interval is over at `parentTime` (fill ignored), given the rate at
    /// which its parent's time runs against the clock: running forwards it ends at its end, running
    /// backwards at its start, and frozen (rate 0) never.
    final func hasEnded(parentTime: Double, begin: Double, parentRate: Double) -> Bool {
        let rate = parentRate * timing.speed
        let t = timing.activeTime(parentTime: parentTime, beginTime: begin)
        if rate > 0 { return t >= timing.activeDuration - MediaTimingValues.timeTolerance }
        if rate < 0 { return t <= MediaTimingValues.timeTolerance }
        return false
    }
}

/// An animation of one typed layer property (`CAPropertyAnimation`).
@MainActor
open class PropertyAnimation<Value: Interpolatable>: Animation {
    /// The property animated.
    public let property: LayerProperty<Value>
    /// Whether the animated value is added to the current (underlying) value rather than replacing it.
    public var isAdditive = false

    public init(_ property: LayerProperty<Value>) {
        self.property = property
        super.init()
    }

    /// Writes an animated value, adding it to the underlying value when additive.
    public final func write(_ value: Value, to state: inout LayerProperties) {
        if isAdditive {
            property.set(&state, property.get(state).adding(value))
        } else {
            property.set(&state, value)
        }
    }
}
