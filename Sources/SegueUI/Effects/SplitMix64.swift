/// A small seeded random number generator (Steele, Lea and Flood's SplitMix64, the generator Java's
/// `SplittableRandom` and many seeding routines use): the same seed always gives the same numbers, on
/// every platform and in every run. Effects that scatter pieces (``ExplodeAnimator``) draw from it, so
/// an effect is deterministic given its seed.
///
/// Differs from UIKit: no counterpart (effect libraries call `arc4random`, which cannot be replayed).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state: advanced by the golden-ratio increment at each draw.
    public private(set) var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<1` from the next draw's top 53 bits (every value a `Double` step of 2⁻⁵³ apart).
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
