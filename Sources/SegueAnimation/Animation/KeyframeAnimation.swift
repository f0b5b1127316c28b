/// An animation through a list of values (`CAKeyframeAnimation`).
///
/// Differs from Core Animation: no path; the cubic modes are Catmull-Rom splines through the values at
/// their key times (Core Animation's Kochanek-Bartels spline with tension, continuity and bias 0, its
/// defaults) that start and end at rest and hold a value repeated in neighbouring keyframes (no overshoot
/// there); the paced modes measure the distance between values by their components, so values without
/// components (transforms) are paced evenly.
@MainActor
open class KeyframeAnimation<Value: Interpolatable>: PropertyAnimation<Value> {
    /// How values between keyframes are computed.
    public enum CalculationMode: Sendable {
        /// Interpolated between neighbouring keyframes.
        case linear
        /// Each value holds until the next keyframe's time.
        case discrete
        /// Interpolated linearly at an even speed: the key times are where the distance travelled along
        /// the values reaches each keyframe (``keyTimes`` and ``timingFunctions`` are ignored).
        case paced
        /// A smooth curve through the values at their key times (a Catmull-Rom spline: each keyframe's
        /// tangent points from its previous keyframe to its next; none at the ends and at a keyframe equal
        /// to a neighbour, so the curve starts and ends at rest and a repeated value holds).
        case cubic
        /// The cubic curve, paced as ``paced`` is (``keyTimes`` and ``timingFunctions`` are ignored).
        case cubicPaced

        /// The same mode for another value type (the mode does not depend on it).
        public init<Other>(_ other: KeyframeAnimation<Other>.CalculationMode) {
            switch other {
            case .linear: self = .linear
            case .discrete: self = .discrete
            case .paced: self = .paced
            case .cubic: self = .cubic
            case .cubicPaced: self = .cubicPaced
            }
        }

        /// Whether the key times come from the distances between values.
        var isPaced: Bool { self == .paced || self == .cubicPaced }
        /// Whether values between keyframes lie on the spline.
        var isCubic: Bool { self == .cubic || self == .cubicPaced }
    }

    /// The keyframe values, at least one (adding an animation with none fails, naming the property).
    public var values: [Value] = []
    /// The time of each keyframe as a fraction of the duration, increasing from 0 to 1; nil spaces them
    /// evenly.
    public var keyTimes: [Double]?
    /// One timing function per segment (values.count - 1); nil is linear.
    public var timingFunctions: [MediaTimingFunction]?
    /// How values between keyframes are computed (default linear; Core Animation's
    /// `kCAAnimationLinear`, `Discrete`, `Paced`, `Cubic`, `CubicPaced`).
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
            if calculationMode.isCubic { return Self.spline(values, times: resolvedKeyTimes(), segment: segment, local: local) }
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
            case .between(let segment, let local) where mode.isCubic:
                value = Self.spline(values, times: times, segment: segment, local: local)
            case .between(let segment, let local):
                let interpolation = segments[segment] ?? Value.makeInterpolation(from: values[segment],
                                                                                 to: values[segment + 1])
                segments[segment] = interpolation
                value = interpolation(local)
            }
            self.write(value, to: &state)
        }
    }

    /// The key times: from the distances between values in the paced modes, else given or evenly spaced,
    /// checked against the values.
    private func resolvedKeyTimes() -> [Double] {
        precondition(!values.isEmpty, "KeyframeAnimation(\(property)) has no values")
        let count = values.count
        guard count > 1 else { return [0] }   // One value holds throughout; key times are not read.
        let even = (0..<count).map { Double($0) / Double(count - 1) }
        if calculationMode.isPaced { return Self.pacedKeyTimes(values) ?? even }
        let times = keyTimes ?? even
        precondition(times.count == count, "KeyframeAnimation(\(property)): \(times.count) keyTimes for \(count) values")
        return times
    }

    /// The key times at which an even speed along the values reaches each one: the distance travelled so
    /// far over the whole (Euclidean, over the values' components); nil when the values have no components
    /// or do not move.
    static func pacedKeyTimes(_ values: [Value]) -> [Double]? {
        guard let points = values as? [any VectorInterpolatable] else { return nil }
        var travelled = [0.0]
        for (a, b) in zip(points, points.dropFirst()) {
            let d = b.components - a.components
            travelled.append(travelled.last! + (d * d).sum().squareRoot())
        }
        guard let total = travelled.last, total > 0 else { return nil }
        return travelled.map { $0 / total }
    }

    /// The Catmull-Rom spline through `values` at `times`, inside `segment` at a local fraction: the cubic
    /// Bezier from keyframe i to i + 1 whose tangents point from each keyframe's previous neighbour to its
    /// next, over their time apart (at the ends, the neighbour is the end itself), drawn by linear
    /// interpolations (de Casteljau), so any value with ``Interpolatable/adding(_:)`` works. A keyframe
    /// equal to a neighbour has no tangent: a value that holds between two keyframes stays put, and the
    /// curve eases into and out of it instead of overshooting (UIKit's keyframes hold a property between
    /// the keyframes that change it).
    static func spline(_ values: [Value], times: [Double], segment i: Int, local: Double) -> Value {
        let n = values.count
        let p0 = values[max(i - 1, 0)], p1 = values[i], p2 = values[i + 1], p3 = values[min(i + 2, n - 1)]
        let t1 = times[i], t2 = times[i + 1], span = t2 - t1
        let t0 = i > 0 ? times[i - 1] : t1 - span
        let t3 = i + 2 < n ? times[i + 2] : t2 + span
        guard span > 0 else { return p2 }
        /// A third of the tangent at a keyframe, times the segment's span: the control point's offset.
        func offset(before: Value, at value: Value, after: Value, _ tBefore: Double, _ tAfter: Double) -> Value {
            guard before != value, after != value, tAfter > tBefore else { return Value.additiveIdentity }
            return Value.interpolate(from: .additiveIdentity, to: after.subtracting(before), fraction: span / (tAfter - tBefore) / 3)
        }
        let c1 = p1.adding(offset(before: p0, at: p1, after: p2, t0, t2))
        let c2 = p2.subtracting(offset(before: p1, at: p2, after: p3, t1, t3))
        func lerp(_ a: Value, _ b: Value) -> Value { Value.interpolate(from: a, to: b, fraction: local) }
        let a = lerp(p1, c1), b = lerp(c1, c2), c = lerp(c2, p2)
        return lerp(lerp(a, b), lerp(b, c))
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
        if !mode.isPaced, let functions = timingFunctions, segment < functions.count {
            local = functions[segment].value(at: local)
        }
        return .between(segment: segment, local: local)
    }

    /// Writes the keyframed value at an iteration time.
    open override func apply(atIterationTime time: Double, to state: inout LayerProperties) {
        write(value(atFraction: easedFraction(atIterationTime: time)), to: &state)
    }
}
