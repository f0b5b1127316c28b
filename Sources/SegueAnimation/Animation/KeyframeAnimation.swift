/// An animation through a list of values (`CAKeyframeAnimation`).
///
/// Differs from Core Animation: only the `linear` and `discrete` calculation modes (no paced or cubic),
/// and no path.
@MainActor
open class KeyframeAnimation<Value: Interpolatable>: PropertyAnimation<Value> {
    /// How values between keyframes are computed.
    public enum CalculationMode: Sendable {
        /// Interpolated between neighbouring keyframes.
        case linear
        /// Each value holds until the next keyframe's time.
        case discrete
    }

    /// The keyframe values, at least one.
    public var values: [Value] = []
    /// The time of each keyframe as a fraction of the duration, increasing from 0 to 1; nil spaces them
    /// evenly.
    public var keyTimes: [Double]?
    /// One timing function per segment (values.count - 1); nil is linear.
    public var timingFunctions: [MediaTimingFunction]?
    /// How values between keyframes are computed (default linear).
    public var calculationMode: CalculationMode = .linear

    /// A keyframe animation of `property`; set ``values`` before adding it.
    public override init(_ property: LayerProperty<Value>) {
        super.init(property)
    }

    /// A copy of `other`, with its keyframes.
    public required init(copying other: Animation) {
        let source = other as! KeyframeAnimation<Value>
        values = source.values
        keyTimes = source.keyTimes
        timingFunctions = source.timingFunctions
        calculationMode = source.calculationMode
        super.init(copying: other)
    }

    /// The value at a fraction (0...1) of the duration.
    public func value(atFraction fraction: Double) -> Value {
        precondition(!values.isEmpty, "KeyframeAnimation(\(property)) has no values")
        let count = values.count
        if count == 1 { return values[0] }
        let times = keyTimes ?? (0..<count).map { Double($0) / Double(count - 1) }
        precondition(times.count == count, "KeyframeAnimation(\(property)): \(times.count) keyTimes for \(count) values")
        if fraction <= times[0] { return values[0] }
        if fraction >= times[count - 1] { return values[count - 1] }
        var segment = 0
        while segment < count - 2 && fraction >= times[segment + 1] { segment += 1 }
        if calculationMode == .discrete { return values[segment] }
        let span = times[segment + 1] - times[segment]
        var local = span > 0 ? (fraction - times[segment]) / span : 1
        if let functions = timingFunctions, segment < functions.count {
            local = functions[segment].value(at: local)
        }
        return Value.interpolate(from: values[segment], to: values[segment + 1], fraction: local)
    }

    /// Writes the keyframed value at an iteration time.
    open override func apply(atIterationTime time: Double, to state: inout LayerProperties) {
        write(value(atFraction: easedFraction(atIterationTime: time)), to: &state)
    }
}
