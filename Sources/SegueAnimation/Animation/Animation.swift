/// Told when an animation starts and stops (`CAAnimationDelegate`).
@MainActor
public protocol AnimationDelegate: AnyObject {
    func animationDidStart(_ animation: Animation)
    /// `finished` is false when the animation was removed before it ran to its end.
    func animationDidStop(_ animation: Animation, finished: Bool)
}

extension AnimationDelegate {
    /// Called when the animation begins (its begin time is fixed, at the frame after it was added); does nothing by default.
    public func animationDidStart(_ animation: Animation) {}
    /// Called once when the animation stops; does nothing by default.
    public func animationDidStop(_ animation: Animation, finished: Bool) {}
}

/// The base of every layer animation (`CAAnimation`): a timeline (``MediaTiming``), a timing function,
/// and what happens when it starts and stops.
///
/// As in Core Animation, ``Layer/add(_:forKey:)`` adds a copy: changing the animation afterwards does not
/// affect the one running, and the delegate's callbacks receive the copy. The delegate is retained
/// (strongly held) until the animation is released, as `CAAnimation` retains its delegate.
///
/// Differs from Core Animation: besides the delegate there is a ``completion`` closure; a subclass with
/// stored properties of its own overrides ``init(copying:)`` to copy them.
@MainActor
open class Animation: MediaTiming {
    /// The name of the layer property it animates (`position`, `opacity`); nil for a group. Core Animation's
    /// `keyPath`, as a name: inspectors show it for animations added without a key.
    open var animatedPropertyName: String? { nil }

    /// Core Animation's default duration for an animation whose duration is 0, in seconds.
    public static let defaultDuration: Double = 0.25

    /// The animation's timeline: begin time, duration, speed, repetition, fill (`CAMediaTiming`).
    public var timing = MediaTimingValues()
    /// The pacing of the whole animation; nil is linear (as in Core Animation).
    public var timingFunction: MediaTimingFunction?
    /// Whether the layer drops the animation once it has run to its end (default true). When false the
    /// animation keeps applying its end state (with a `forwards` fill) and never completes.
    public var isRemovedOnCompletion = true
    /// Told when the animation starts and stops; retained, as Core Animation retains its delegate.
    public var delegate: AnimationDelegate?
    /// Called once when the animation stops, with `true` if it ran to its end and `false` if it was
    /// removed first.
    public var completion: ((Bool) -> Void)?
    /// Whether the animated layer still takes pointer input while this runs (UIKit's
    /// `allowUserInteraction` view-animation option). Default true; view animations set it from their
    /// options.
    public var allowsUserInteraction = true
    /// Whether hit testing places the layer where it is drawn (its presentation geometry, as computed by
    /// the last presentation pass) while this animation is attached, rather than at its model geometry.
    /// Default false, as in Core Animation, whose hit testing uses the model; property animators set it
    /// (UIKit's `UIViewPropertyAnimator` with `isManualHitTestingEnabled == false`), so that a tap
    /// catches a view in flight. No Core Animation counterpart.
    public var hitTestsPresentation = false

    /// Told (internally) when this animation stops, after the delegate and the completion: how
    /// transactions and animation blocks learn that every animation they added has stopped. Not copied.
    var stopObservers: [(Bool) -> Void] = []

    /// An animation with Core Animation's defaults.
    public init() {}

    /// A copy of `other`: its timing, timing function, removal, delegate, completion and interaction
    /// flags. Subclasses with stored properties override this, copy theirs and call `super`.
    public required init(copying other: Animation) {
        timing = other.timing
        timingFunction = other.timingFunction
        isRemovedOnCompletion = other.isRemovedOnCompletion
        delegate = other.delegate
        completion = other.completion
        allowsUserInteraction = other.allowsUserInteraction
        hitTestsPresentation = other.hitTestsPresentation
    }

    /// A copy of the animation, of the same class (what ``Layer/add(_:forKey:)`` adds).
    public final func copy() -> Self {
        type(of: self).init(copying: self)
    }

    /// The per-frame work of an animation: applies it at a time inside one iteration (0...duration) to a
    /// set of layer properties.
    public typealias Evaluator = (inout LayerProperties, Double) -> Void

    /// Applies the animation at `time`, a time inside one iteration (0...duration), to `state`.
    /// Subclasses override this (or ``makeEvaluator()`` for speed).
    open func apply(atIterationTime time: Double, to state: inout LayerProperties) {
        preconditionFailure("\(type(of: self)) must override apply(atIterationTime:to:)")
    }

    /// Makes the function the presentation pass calls every frame, once, when the animation is added.
    /// The default calls ``apply(atIterationTime:to:)``; subclasses return specialized closures so the
    /// pass runs no generic code.
    open func makeEvaluator() -> Evaluator {
        { [self] state, time in self.apply(atIterationTime: time, to: &state) }
    }

    /// The animation as plain data for the presentation pass's fast path, when it can be (see
    /// ``FastAnimation``); made once when the animation is added.
    func makeFastAnimation() -> FastAnimation? { nil }

    /// The map from an iteration time to progress along the timing function, as a closure made once.
    public final func makeEasing() -> (Double) -> Double {
        let d = timing.duration
        guard let function = timingFunction else {
            return { time in d > 0 ? min(max(time / d, 0), 1) : 1 }
        }
        return { time in function.value(at: d > 0 ? min(max(time / d, 0), 1) : 1) }
    }

    /// The animation's progress at an iteration time: the fraction of the duration, through the timing
    /// function.
    public func easedFraction(atIterationTime time: Double) -> Double {
        let d = timing.duration
        let linear = d > 0 ? min(max(time / d, 0), 1) : 1
        return timingFunction?.value(at: linear) ?? linear
    }
}

extension MediaTimingValues {
    /// Whether the active interval is over at active time `t`, given the rate at which the object's
    /// time runs against the clock (including its own speed): running forwards it ends at its end,
    /// running backwards at its start, and frozen (rate 0) never. Fill is ignored.
    func hasEnded(atActiveTime t: Double, rate: Double) -> Bool {
        if rate > 0 { return t >= activeDuration - MediaTimingValues.timeTolerance }
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

    /// An animation of `property`.
    public init(_ property: LayerProperty<Value>) {
        self.property = property
        super.init()
    }

    open override var animatedPropertyName: String? { property.name }

    /// A copy of `other` (a property animation of the same property type).
    public required init(copying other: Animation) {
        let source = other as! PropertyAnimation<Value>
        property = source.property
        isAdditive = source.isAdditive
        super.init(copying: other)
    }

    /// Writes an animated value, adding it to the underlying value when additive (the slow, generic path;
    /// evaluators made by subclasses avoid it).
    public final func write(_ value: Value, to state: inout LayerProperties) {
        if isAdditive {
            property.set(&state, property.get(state).adding(value))
        } else {
            property.set(&state, value)
        }
    }
}
