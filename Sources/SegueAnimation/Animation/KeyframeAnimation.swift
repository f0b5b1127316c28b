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

    /// The keyframe values, at least one (adding an animation with none fails, naming the property).
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
        switch Self.place(fraction, values: values, times: resolvedKeyTimes(), timingFunctions: timingFunctions,
                          mode: calculationMode) {
        case .keyframe(let i): return values[i]
        case .between(let segment, let local):
            return Value.interpolate(from: values[segment], to: values[segment + 1], fraction: local)
        }
    }

    /// Interpolates with each segment's ends prepared once, the first time the animation reaches it
    /// (a transform keyframe is decomposed once per segment, not every frame).
    open override func makeEvaluator() -> Evaluator {
        let values = self.values, times = resolvedKeyTimes(), functions = timingFunctions, mode = calculationMode
        var segments = [((Double) -> Value)?](repeating: nil, count: max(values.count - 1, 0))
        return { [self] state, time in
            let value: Value
            switch Self.place(self.easedFraction(atIterationTime: time), values: values, times: times,
                              timingFunctions: functions, mode: mode) {
            case .keyframe(let i):
                value = values[i]
            case .between(let segment, let local):
                let interpolation = segments[segment] ?? Value.makeInterpolation(from: values[segment],
                                                                                 to: values[segment + 1])
                segments[segment] = interpolation
                value = interpolation(local)
            }
            self.write(value, to: &state)
        }
    }

    /// The key times, given or evenly spaced, checked against the values.
    private func resolvedKeyTimes() -> [Double] {
        precondition(!values.isEmpty, "KeyframeAnimation(\(property)) has no values")
        let count = values.count
        guard count > 1 else { return [0] }   // One value holds throughout; key times are not read.
        let times = keyTimes ?? (0..<count).map { Double($0) / Double(count - 1) }
        precondition(times.count == count, "KeyframeAnimation(\(property)): \(times.count) keyTimes for \(count) values")
        return times
    }

    /// Where a fraction of the duration falls: on a keyframe's value, or inside a segment at a local
    /// fraction (through the segment's timing function).
    private enum Place {
        case keyframe(Int)
        case between(segment: Int, local: Double)
    }

    private static func place(_ fraction: Double, values: [Value], times: [Double],
                              timingFunctions: [MediaTimingFunction]?, mode: CalculationMode) -> Place {
        let count = values.count
        if count == 1 { return .keyframe(0) }
        if fraction <= times[0] { return .keyframe(0) }
        if fraction >= times[count - 1] { return .keyframe(count - 1) }
        var segment = 0
        while segment < count - 2 && fraction >= times[segment + 1] { segment += 1 }
        if mode == .discrete { return .keyframe(segment) }
        let span = times[segment + 1] - times[segment]
        var local = span > 0 ? (fraction - times[segment]) / span : 1
        if let functions = timingFunctions, segment < functions.count {
            local = functions[segment].value(at: local)
        }
        return .between(segment: segment, local: local)
    }

    /// Writes the keyframed value at an iteration time.
    open override func apply(atIterationTime time: Double, to state: inout LayerProperties) {
        write(value(atFraction: easedFraction(atIterationTime: time)), to: &state)
    }
}
