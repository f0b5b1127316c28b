/// A seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64, as in `java.util.SplittableRandom`):
/// the same seed gives the same numbers on every platform and Swift version, which the standard library's
/// `random(in:using:)` does not promise. The monkey draws every choice from it.
struct SplitMix64: RandomNumberGenerator {
    /// SplitMix64's increment: 2^64 divided by the golden ratio, odd.
    private static let goldenGamma: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= Self.goldenGamma
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range` (Lemire's multiply-shift; its tiny bias is irrelevant here).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// A uniform double in `range`, from the top 53 bits.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { double(in: 0...1) < p }

    /// One of `weights`' indices, each with a probability proportional to its weight.
    mutating func pick(weights: [Double]) -> Int {
        var r = double(in: 0...weights.reduce(0, +))
        for (i, w) in weights.enumerated() {
            if r < w { return i }
            r -= w
        }
        return weights.count - 1
    }
}
