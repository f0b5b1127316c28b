/// An animation reduced to plain data for the presentation pass: where a property lies in
/// ``LayerProperties`` (a byte offset), its width in doubles, the two ends, and the pacing. Applying it
/// runs no closure, no generic code and no reference counting — what lets tens of thousands of layers
/// animate within a frame. Made by ``BasicAnimation`` (and ``SpringAnimation``) for properties whose
/// values are ``VectorInterpolatable`` and stored (not computed).
struct FastAnimation {
    /// How progress follows time.
    enum Pacing {
        /// Linear, or through a Bézier curve, over `duration` seconds.
        case curve(MediaTimingFunction?, duration: Double)
        /// A spring (its own time, in seconds).
        case spring(SpringSimulation)
    }

    /// The property's byte offset in ``LayerProperties``.
    let offset: Int
    /// How many doubles it has (1...4).
    let width: Int
    /// Whether the value is added to what is there.
    let additive: Bool
    let from: SIMD4<Double>
    /// `to - from`.
    let delta: SIMD4<Double>
    let pacing: Pacing

    /// The animation's value at an iteration time (added to what is beneath it when additive).
    @inline(__always)
    func value(atIterationTime time: Double) -> SIMD4<Double> {
        let fraction: Double
        switch pacing {
        case .curve(let function, let d):
            let linear = d > 0 ? min(max(time / d, 0), 1) : 1
            fraction = function?.value(at: linear) ?? linear
        case .spring(let simulation):
            fraction = simulation.value(at: time)
        }
        return from + delta * fraction
    }

    /// Writes the animation's value at an iteration time into `properties`.
    func apply(to properties: inout LayerProperties, atIterationTime time: Double) {
        let value = value(atIterationTime: time)
        let current = LayerProperties.read(width: width, at: offset, in: &properties)
        LayerProperties.write(additive ? current + value : value, width: width, at: offset, in: &properties)
    }
}

extension LayerProperties {
    /// The `width` doubles at byte `offset` (the rest zero). Nonisolated and closure-free at the call
    /// site, so the presentation pass pays no isolation checks for it.
    @inline(__always)
    nonisolated static func read(width: Int, at offset: Int, in properties: inout LayerProperties) -> SIMD4<Double> {
        withUnsafeMutableBytes(of: &properties) { raw in
            var v = SIMD4<Double>()
            for i in 0..<width { v[i] = raw.load(fromByteOffset: offset + 8 * i, as: Double.self) }
            return v
        }
    }

    /// Writes the first `width` doubles of `value` at byte `offset`.
    @inline(__always)
    nonisolated static func write(_ value: SIMD4<Double>, width: Int, at offset: Int, in properties: inout LayerProperties) {
        withUnsafeMutableBytes(of: &properties) { raw in
            for i in 0..<width { raw.storeBytes(of: value[i], toByteOffset: offset + 8 * i, as: Double.self) }
        }
    }
}

