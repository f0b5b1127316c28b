import SegueUI

/// The monkey's draws from SegueUI's ``SegueUI/SplitMix64`` (the seeded generator the effects use): the
/// same seed gives the same numbers on every platform and Swift version, which the standard library's
/// `random(in:using:)` does not promise. The monkey draws every choice from it.
extension SplitMix64 {
    /// A uniform integer in `range` (Lemire's multiply-shift; its tiny bias is irrelevant here).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// A uniform double in `range`, from the top 53 bits.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + nextUnit() * (range.upperBound - range.lowerBound)
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
