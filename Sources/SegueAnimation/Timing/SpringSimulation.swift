import Foundation

/// A damped spring run from progress 0 to 1, as a ``Simulation``: the pacing of a `CASpringAnimation`.
///
/// Value and velocity come from the exact closed-form solution of `m·x'' + c·x' + k·x = 0` for the
/// displacement `x = 1 − value`, with `x(0) = 1` and `x'(0) = −initialVelocity`, in its under-damped,
/// critically damped or over-damped form; nothing is integrated step by step, so any time can be asked
/// for in any order.
///
/// Differs from Core Animation: the run is in normalized progress, so one simulation paces any property,
/// and it reports a velocity (for handing a gesture's speed over, or a spring's speed back to a gesture).
/// The value is not snapped to 1 at ``settlingDuration``: it keeps following the closed form, which stays
/// within the settling tolerance of 1 from then on; whoever drives the simulation finishes it when
/// ``isDone(at:)`` says so.
public struct SpringSimulation: Simulation {
    /// The spring's parameters.
    public let spring: Spring
    /// The velocity at time 0, in progress (whole distances) per second, positive toward the end. This is
    /// UIKit's `initialSpringVelocity` (which is in distances per second) and `CASpringAnimation`'s
    /// `initialVelocity`.
    public let initialVelocity: Double
    /// When the motion has settled, in seconds (``Spring/settlingDuration(initialVelocity:tolerance:)``
    /// with the default tolerance); infinite for an undamped spring.
    public let settlingDuration: Double

    private let displacement: Displacement

    /// A spring run from 0 to 1, starting with `initialVelocity` (progress per second).
    ///
    /// - Precondition: the spring's mass and stiffness are positive, its damping is not negative, and
    ///   all of them and `initialVelocity` are finite.
    public init(spring: Spring, initialVelocity: Double = 0) {
        self.spring = spring
        self.initialVelocity = initialVelocity
        displacement = Displacement(spring: spring, initialVelocity: initialVelocity)
        settlingDuration = displacement.settlingTime(tolerance: Spring.defaultSettlingTolerance)
    }

    /// The progress at `time` seconds: 0 before the start, then `1 − x(time)`; it overshoots 1 when the
    /// spring oscillates.
    public func value(at time: Double) -> Double {
        guard time >= 0 else { return 0 }
        return 1 - displacement.position(at: time)
    }

    /// The rate of change of progress at `time`, per second: 0 before the start, ``initialVelocity`` at 0.
    public func velocity(at time: Double) -> Double {
        guard time >= 0 else { return 0 }
        return -displacement.velocity(at: time)
    }

    /// Whether `time` has reached ``settlingDuration``.
    public func isDone(at time: Double) -> Bool {
        time >= settlingDuration
    }
}

extension SpringSimulation {
    /// A damping ratio within this distance of 1 (unitless) counts as critical damping. The critical
    /// formula then differs from the exact motion by about this fraction of the distance, while the
    /// under- and over-damped formulas would divide by √|1 − ζ²|, which vanishes at 1.
    static let criticalDampingTolerance = 1e-9

    /// The closed-form displacement `x(t)` (1 at the start, 0 at rest) of `m·x'' + c·x' + k·x = 0` with
    /// `x(0) = 1`, `x'(0) = −v₀`, and the envelope that bounds `|x(t)|`.
    enum Displacement: Sendable {
        /// `e^(−decay·t)·(a·cos(ω·t) + b·sin(ω·t))`, ζ < 1.
        case underdamped(decay: Double, frequency: Double, a: Double, b: Double)
        /// `(a + b·t)·e^(−rate·t)`, ζ = 1.
        case critical(rate: Double, a: Double, b: Double)
        /// `a·e^(slow·t) + b·e^(fast·t)` with `fast < slow < 0`, ζ > 1.
        case overdamped(slow: Double, fast: Double, a: Double, b: Double)

        init(spring: Spring, initialVelocity v0: Double) {
            let m = spring.mass, k = spring.stiffness, c = spring.damping
            precondition(m > 0 && m.isFinite, "Spring mass must be positive and finite, got \(m)")
            precondition(k > 0 && k.isFinite, "Spring stiffness must be positive and finite, got \(k)")
            precondition(c >= 0 && c.isFinite, "Spring damping must be non-negative and finite, got \(c)")
            precondition(v0.isFinite, "Spring initial velocity must be finite, got \(v0)")
            let omega0 = (k / m).squareRoot()
            let zeta = spring.dampingRatio
            let x0 = 1.0, dx0 = -v0
            if abs(zeta - 1) < SpringSimulation.criticalDampingTolerance {
                self = .critical(rate: omega0, a: x0, b: dx0 + omega0 * x0)
            } else if zeta < 1 {
                let decay = zeta * omega0
                let frequency = omega0 * ((1 - zeta) * (1 + zeta)).squareRoot()
                self = .underdamped(decay: decay, frequency: frequency, a: x0, b: (dx0 + decay * x0) / frequency)
            } else {
                // Roots −ω₀(ζ ∓ √(ζ²−1)); the slow one as −ω₀/(ζ + √(ζ²−1)) avoids cancellation.
                let root = ((zeta - 1) * (zeta + 1)).squareRoot()
                let slow = -omega0 / (zeta + root)
                let fast = -omega0 * (zeta + root)
                let b = (dx0 - slow * x0) / (fast - slow)
                self = .overdamped(slow: slow, fast: fast, a: x0 - b, b: b)
            }
        }

        /// x(t).
        func position(at t: Double) -> Double {
            switch self {
            case let .underdamped(decay, frequency, a, b):
                return exp(-decay * t) * (a * cos(frequency * t) + b * sin(frequency * t))
            case let .critical(rate, a, b):
                return (a + b * t) * exp(-rate * t)
            case let .overdamped(slow, fast, a, b):
                return a * exp(slow * t) + b * exp(fast * t)
            }
        }

        /// x'(t).
        func velocity(at t: Double) -> Double {
            switch self {
            case let .underdamped(decay, frequency, a, b):
                let cs = cos(frequency * t), sn = sin(frequency * t)
                return exp(-decay * t) * ((b * frequency - decay * a) * cs - (a * frequency + decay * b) * sn)
            case let .critical(rate, a, b):
                return (b - rate * (a + b * t)) * exp(-rate * t)
            case let .overdamped(slow, fast, a, b):
                return a * slow * exp(slow * t) + b * fast * exp(fast * t)
            }
        }

        /// An upper bound of |x(t)| that decreases once the motion is under way.
        func envelope(at t: Double) -> Double {
            switch self {
            case let .underdamped(decay, _, a, b):
                return (a * a + b * b).squareRoot() * exp(-decay * t)
            case let .critical(rate, a, b):
                return (abs(a) + abs(b) * t) * exp(-rate * t)
            case let .overdamped(slow, fast, a, b):
                return abs(a) * exp(slow * t) + abs(b) * exp(fast * t)
            }
        }

        /// The time after which the envelope stays below `tolerance`, in seconds (later than the exact
        /// crossing by at most 2e-12 of it); 0 if it never exceeds it, infinite if it never falls below it
        /// (no damping).
        func settlingTime(tolerance: Double) -> Double {
            precondition(tolerance > 0, "Spring settling tolerance must be positive, got \(tolerance)")
            switch self {
            case let .underdamped(decay, _, a, b):
                let amplitude = (a * a + b * b).squareRoot()
                if amplitude <= tolerance { return 0 }
                if decay == 0 { return .infinity }
                return Self.roundedUp(log(amplitude / tolerance) / decay)
            case let .critical(rate, a, b):
                // (|a| + |b|t)e^(−rate·t) rises until t* = 1/rate − |a|/|b|, then falls.
                let peak = b == 0 ? 0 : max(0, 1 / rate - abs(a) / abs(b))
                if envelope(at: peak) <= tolerance { return 0 }
                return lastCrossing(of: tolerance, after: peak, timeScale: 1 / rate)
            case let .overdamped(slow, _, _, _):
                if envelope(at: 0) <= tolerance { return 0 }
                return lastCrossing(of: tolerance, after: 0, timeScale: -1 / slow)
            }
        }

        /// The envelope's rate of change at `t`, for the critically and over-damped forms (the Newton
        /// steps of ``lastCrossing(of:after:timeScale:)``).
        private func envelopeSlope(at t: Double) -> Double {
            switch self {
            case let .underdamped(decay, _, a, b):
                return -decay * (a * a + b * b).squareRoot() * exp(-decay * t)
            case let .critical(rate, a, b):
                return (abs(b) - rate * (abs(a) + abs(b) * t)) * exp(-rate * t)
            case let .overdamped(slow, fast, a, b):
                return abs(a) * slow * exp(slow * t) + abs(b) * fast * exp(fast * t)
            }
        }

        /// Relative precision of the settling time (unitless); far below a frame.
        private static let settlingTimeRelativePrecision = 1e-12
        /// Cap on solver steps, a guard only: ln(envelope) is concave (critical) or convex (overdamped) on
        /// the bracket, so Newton's method converges monotonically there, in about 5 steps.
        private static let maximumSolverSteps = 100

        /// The `t > start` where the envelope, above `level` at `start` and decreasing after it, falls to
        /// `level`. `timeScale` (the slowest decay time) sizes the first bracket, which doubles until it
        /// holds the crossing (usually at once); then Newton's method on ln(envelope / level), nearly a
        /// straight line, finishes in a few steps, falling back to bisection when a step leaves the bracket.
        private func lastCrossing(of level: Double, after start: Double, timeScale: Double) -> Double {
            // A pure exponential decay from envelope(start) would cross after timeScale·ln(envelope/level).
            var lo = start, step = timeScale * max(1, log(envelope(at: start) / level)), hi = start + step
            while envelope(at: hi) > level {
                lo = hi
                step *= 2
                hi = start + step
            }
            var t = hi
            for _ in 0..<Self.maximumSolverSteps {
                let value = envelope(at: t)
                let excess = log(value / level)
                if excess == 0 { return Self.roundedUp(t) }
                if excess > 0 { lo = t } else { hi = t }
                let newton = t - excess * value / envelopeSlope(at: t)
                if abs(newton - t) <= Self.settlingTimeRelativePrecision * t { return Self.roundedUp(newton) }
                // A step out of the bracket (or a NaN one) becomes a bisection.
                t = newton > lo && newton < hi ? newton : 0.5 * (lo + hi)
                if hi - lo <= Self.settlingTimeRelativePrecision * hi { return Self.roundedUp(hi) }
            }
            return Self.roundedUp(hi)
        }

        /// A crossing time moved later by the solver's precision, so that the envelope is past the level
        /// at the time returned, rounding included, not just at it.
        private static func roundedUp(_ crossing: Double) -> Double {
            crossing * (1 + 2 * settlingTimeRelativePrecision)
        }
    }
}
