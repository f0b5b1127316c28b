/// A single-segment animation of one property (`CABasicAnimation`).
///
/// `fromValue`/`toValue`/`byValue` combine as in Core Animation: from+to, from+by (to = from + by),
/// by+to (from = to - by), from alone (to the current value), to alone (from the current value), by alone
/// (from the current value by `by`). "Current" is the value beneath this animation: the model plus the
/// animations added before it. Do not change the values once the animation is added.
@MainActor
open class BasicAnimation<Value: Interpolatable>: PropertyAnimation<Value> {
    /// The value at the start.
    public var fromValue: Value?
    /// The value at the end.
    public var toValue: Value?
    /// The change over the animation, when one end is not given.
    public var byValue: Value?

    /// An animation of `property`, e.g. `BasicAnimation(.position)`.
    public override init(_ property: LayerProperty<Value>) {
        super.init(property)
    }

    /// A copy of `other`, with its values.
    public required init(copying other: Animation) {
        let source = other as! BasicAnimation<Value>
        fromValue = source.fromValue
        toValue = source.toValue
        byValue = source.byValue
        super.init(copying: other)
    }

    /// An animation of `property` between two values, with optional duration and curve.
    public convenience init(_ property: LayerProperty<Value>, from: Value? = nil, to: Value? = nil,
                            duration: Double = 0, timingFunction: MediaTimingFunction? = nil) {
        self.init(property)
        fromValue = from
        toValue = to
        self.duration = duration
        self.timingFunction = timingFunction
    }

    /// The two ends of the animation, given the value beneath it.
    public final func endpoints(current: Value) -> (from: Value, to: Value) {
        let zero = Value.additiveIdentity
        let underlying = isAdditive ? zero : current
        switch (fromValue, toValue, byValue) {
        case let (from?, to?, _): return (from, to)
        case let (from?, nil, by?): return (from, from.adding(by))
        case let (nil, to?, by?): return (to.subtracting(by), to)
        case let (from?, nil, nil): return (from, underlying)
        case let (nil, to?, nil): return (underlying, to)
        case let (nil, nil, by?): return (underlying, underlying.adding(by))
        case (nil, nil, nil): return (underlying, underlying)
        }
    }

    /// The map from an iteration time to progress (0 at the start, 1 at the end, beyond for springs),
    /// made once when the animation is added.
    open func makeFraction() -> (Double) -> Double { makeEasing() }

    /// The fast path's pacing (nil: only the closure path can pace this animation).
    func fastPacing() -> FastAnimation.Pacing? { .curve(timingFunction, duration: timing.duration) }

    override func makeFastAnimation() -> FastAnimation? {
        guard let vectorType = Value.self as? any VectorInterpolatable.Type, vectorType.storesComponentsInOrder,
              let offset = property.storageOffset,
              let from = fromValue, toValue != nil || byValue != nil, let pacing = fastPacing() else { return nil }
        let to = toValue ?? from.adding(byValue!)
        guard let a = (from as? any VectorInterpolatable)?.components,
              let b = (to as? any VectorInterpolatable)?.components else { return nil }
        return FastAnimation(offset: offset, width: vectorType.componentCount, additive: isAdditive,
                             from: a, delta: b - a, pacing: pacing)
    }

    /// Interpolates between the two ends at the paced fraction; the ends are fixed once when both are known.
    open override func makeEvaluator() -> Evaluator {
        let fraction = makeFraction()
        if let from = fromValue, toValue != nil || byValue != nil {
            let step = property.makeInterpolator(from, toValue ?? from.adding(byValue!), isAdditive)
            return { state, time in step(&state, fraction(time)) }
        }
        // An end depends on the value underneath: resolved every frame, and prepared again only when
        // the ends change (the value underneath is usually the model, which stays put while it runs).
        var prepared: (from: Value, to: Value, interpolation: (Double) -> Value)?
        return { [self] state, time in
            let (from, to) = self.endpoints(current: self.property.get(state))
            let interpolation: (Double) -> Value
            if let p = prepared, p.from == from, p.to == to {
                interpolation = p.interpolation
            } else {
                interpolation = Value.makeInterpolation(from: from, to: to)
                prepared = (from, to, interpolation)
            }
            self.write(interpolation(fraction(time)), to: &state)
        }
    }

    /// Applies the animation at an iteration time (the slow path; the presentation pass uses ``makeEvaluator()`` or the fast path).
    open override func apply(atIterationTime time: Double, to state: inout LayerProperties) {
        makeEvaluator()(&state, time)
    }
}
