import Foundation

/// A damped spring's physical parameters (those of Core Animation's `CASpringAnimation`): a mass on a
/// spring of some stiffness, slowed by a damper, pulled from 0 to 1.
///
/// The motion obeys `mass·x'' + damping·x' + stiffness·x = 0` for the displacement `x = 1 - progress`.
/// ``SpringSimulation`` runs it; this type only holds the parameters and the quantities derived from them.
///
/// Differs from Core Animation:
/// - A value type separate from the animation, shared by ``SpringSimulation`` and the layer animations.
/// - Also describable by damping ratio and response (the parameters of SwiftUI's
///   `Spring(response:dampingRatio:)`), and ``fitting(dampingRatio:duration:)`` gives the spring of UIKit's
///   `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`.
/// - The parameters are not clamped: ``SpringSimulation`` stops the program on a mass or stiffness that is
///   not positive, or a negative damping, instead of producing nonsense motion.
public struct Spring: Hashable, Sendable {
    /// The moving mass (`CASpringAnimation.mass`, default 1).
    public var mass: Double
    /// The spring constant, force per unit of displacement (`CASpringAnimation.stiffness`, default 100).
    public var stiffness: Double
    /// The damping coefficient, force per unit of velocity (`CASpringAnimation.damping`, default 10).
    public var damping: Double

    /// `CASpringAnimation`'s default mass.
    public static let defaultMass = 1.0
    /// `CASpringAnimation`'s default stiffness.
    public static let defaultStiffness = 100.0
    /// `CASpringAnimation`'s default damping (with the defaults above, a damping ratio of 0.5).
    public static let defaultDamping = 10.0

    /// The fraction of the distance within which a spring counts as settled: it is settled once the
    /// envelope of its displacement stays below 0.1 % of the distance, a tenth of a point over a
    /// 100-point move. `CASpringAnimation.settlingDuration` is a similar estimate whose method and
    /// threshold Apple does not document, so the two durations may differ somewhat.
    public static let defaultSettlingTolerance = 0.001

    /// A spring from its physical parameters (`CASpringAnimation`'s `mass`, `stiffness`, `damping`).
    public init(mass: Double = Spring.defaultMass, stiffness: Double = Spring.defaultStiffness,
                damping: Double = Spring.defaultDamping) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring from its damping ratio and response (SwiftUI's `Spring(response:dampingRatio:)`, with a
    /// mass): `stiffness = mass·(2π/response)²` and `damping = 4π·dampingRatio·mass/response`.
    ///
    /// - Parameters:
    ///   - dampingRatio: 1 is critically damped (the fastest approach without overshoot), below 1 it
    ///     oscillates, above 1 it creeps.
    ///   - response: The period of the undamped oscillation, in seconds.
    ///   - mass: The moving mass; it scales the other two parameters, not the motion.
    public init(dampingRatio: Double, response: Double, mass: Double = Spring.defaultMass) {
        let angularFrequency = 2 * Double.pi / response
        self.init(mass: mass, stiffness: mass * angularFrequency * angularFrequency,
                  damping: 4 * Double.pi * dampingRatio * mass / response)
    }

    /// The damping ratio ζ = damping / (2·√(mass·stiffness)): below 1 the spring overshoots and
    /// oscillates, at 1 it is critically damped, above 1 it creeps to the end.
    public var dampingRatio: Double {
        damping / (2 * (mass * stiffness).squareRoot())
    }

    /// The period of the undamped oscillation, 2π·√(mass/stiffness), in seconds.
    public var response: Double {
        2 * Double.pi * (mass / stiffness).squareRoot()
    }

    /// The time, in seconds, after which the spring's motion stays within `tolerance` of the distance
    /// (`CASpringAnimation.settlingDuration`), for a run from 0 to 1 starting at `initialVelocity`.
    ///
    /// It is read off the envelope of the exact solution: `A·e^(−ζω₀t)` for an oscillating spring (the
    /// displacement reaches the envelope twice per period, so the estimate is late by less than half a
    /// period), `(|A| + |B|·t)·e^(−ω₀t)` for a critically damped one, and `|A|·e^(r₁t) + |B|·e^(r₂t)` for
    /// an overdamped one. An undamped spring never settles: the result is infinite.
    ///
    /// - Parameters:
    ///   - initialVelocity: In progress (whole distances) per second, positive toward the end.
    ///   - tolerance: A fraction of the distance (default ``defaultSettlingTolerance``).
    public func settlingDuration(initialVelocity: Double = 0,
                                 tolerance: Double = Spring.defaultSettlingTolerance) -> Double {
        SpringSimulation.Displacement(spring: self, initialVelocity: initialVelocity)
            .settlingTime(tolerance: tolerance)
    }

    /// The spring UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`
    /// animates with: mass 1, the given damping ratio, and the stiffness that makes its
    /// ``settlingDuration(initialVelocity:tolerance:)`` (at rest, default tolerance) equal `duration`.
    ///
    /// UIKit does not document how it maps the duration to a spring; choosing the stiffness this way
    /// makes the motion end when the animation's duration does, which is what that API promises. For a
    /// fixed damping ratio and no initial velocity the settling time is proportional to 1/ω₀ = √(m/k), so
    /// the stiffness follows exactly from the settling time of a unit spring. An initial velocity (UIKit's
    /// `initialSpringVelocity`, to pass to ``SpringSimulation``) shifts the settling time a little.
    ///
    /// - Precondition: `dampingRatio > 0` (an undamped spring never settles) and `duration > 0`.
    public static func fitting(dampingRatio: Double, duration: Double) -> Spring {
        precondition(dampingRatio > 0 && dampingRatio.isFinite,
                     "Spring.fitting needs a positive, finite damping ratio, got \(dampingRatio)")
        precondition(duration > 0 && duration.isFinite,
                     "Spring.fitting needs a positive, finite duration, got \(duration)")
        // ω₀ = 1: mass 1, stiffness 1, damping 2ζ.
        let unitSettling = Spring(mass: 1, stiffness: 1, damping: 2 * dampingRatio).settlingDuration()
        let angularFrequency = unitSettling / duration
        return Spring(mass: 1, stiffness: angularFrequency * angularFrequency,
                      damping: 2 * dampingRatio * angularFrequency)
    }
}
