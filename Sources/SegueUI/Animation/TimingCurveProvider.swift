import Foundation
import SegueAnimation

/// The pacing of a ``ViewPropertyAnimator`` (`UITimingCurveProvider`): a cubic curve or a spring.
public protocol TimingCurveProvider: Sendable {
    /// Progress (0 -> 1, may overshoot for springs) at `fraction` of a run lasting `duration` seconds.
    func progress(atFraction fraction: Double, duration: Double) -> Double
    /// The length of a full run that the timing fixes itself, in seconds, or nil (the default) when the
    /// animator's duration sets it. A spring given by its constants
    /// (``SpringTimingParameters/init(mass:stiffness:damping:initialVelocity:)``) runs for its settling
    /// duration, as UIKit's does ("the duration is computed assuming a small settling oscillation").
    var implicitDuration: Double? { get }
}

extension TimingCurveProvider {
    /// None: the animator's duration sets the run's length.
    public var implicitDuration: Double? { nil }
}

/// The named curves of `UIView.AnimationCurve`.
public enum ViewAnimationCurve: Sendable {
    /// UIKit's four named curves.
    case easeInOut, easeIn, easeOut, linear

    /// The cubic curve the name stands for (the `MediaTimingFunction` of the same name).
    public var timingFunction: MediaTimingFunction {
        switch self {
        case .easeInOut: return .easeInEaseOut
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .linear: return .linear
        }
    }
}

/// A cubic Bézier pacing (`UICubicTimingParameters`).
public struct CubicTimingParameters: TimingCurveProvider, Hashable {
    /// The curve from time fraction to progress.
    public let timingFunction: MediaTimingFunction

    /// UIKit's default: ease in, ease out.
    public init() { timingFunction = .easeInEaseOut }
    /// The pacing of a named curve.
    public init(animationCurve: ViewAnimationCurve) { timingFunction = animationCurve.timingFunction }
    /// A cubic Bézier from (0, 0) to (1, 1) with control points `p1` and `p2`.
    public init(controlPoint1 p1: CGPoint, controlPoint2 p2: CGPoint) {
        timingFunction = MediaTimingFunction(controlPoints: p1.x, p1.y, p2.x, p2.y)
    }
    /// A pacing along `function` (our addition).
    public init(_ function: MediaTimingFunction) { timingFunction = function }

    /// The curve's value at `fraction`; `duration` is not used.
    public func progress(atFraction fraction: Double, duration: Double) -> Double {
        timingFunction.value(at: fraction)
    }
}

/// A spring pacing (`UISpringTimingParameters`): either fitted to settle at the run's duration (the
/// damping-ratio form), or a physical spring given by its constants that runs for its own settling duration.
///
/// Differs from UIKit:
/// - The initial velocity is one number, in units of the whole distance per second (0 starts from rest).
///   UIKit's initializers take a `CGVector` and use its `dx` for one-dimensional properties and both
///   components for positions and sizes; Segue's animator moves every property along one progress, so
///   the `CGVector` forms use `dx` for everything, UIKit's rule for one-dimensional properties.
/// - With the constants form, ``ViewPropertyAnimator/duration`` keeps the duration the animator was
///   created with; the runs last the spring's ``implicitDuration`` (Segue's `Spring`'s settling
///   estimate, which may differ somewhat from Core Animation's undocumented one).
public struct SpringTimingParameters: TimingCurveProvider, Hashable {
    /// The damping ratio: 1 settles without overshoot, less than 1 bounces.
    public let dampingRatio: Double
    /// The starting velocity, in units of the whole distance per second (0 starts from rest).
    public let initialVelocity: Double
    /// The spring given by its constants (nil: the damping-ratio form, fitted to each run's duration).
    public let spring: Spring?

    /// A spring with `dampingRatio` and `initialVelocity` (a number, not UIKit's `CGVector`), fitted to
    /// settle at the end of each run.
    public init(dampingRatio: Double, initialVelocity: Double = 0) {
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
        spring = nil
    }

    /// UIKit's spelling with a `CGVector` velocity: its `dx` is used (see the type's notes).
    public init(dampingRatio: Double, initialVelocity velocity: CGVector) {
        self.init(dampingRatio: dampingRatio, initialVelocity: Double(velocity.dx))
    }

    /// A physical spring (`init(mass:stiffness:damping:initialVelocity:)`): the constants of Core
    /// Animation's `CASpringAnimation`, starting at `velocity.dx` whole distances per second. Its runs last
    /// its settling duration (``implicitDuration``), whatever the animator's duration.
    ///
    /// - Precondition: `mass` and `stiffness` positive, `damping` not negative (as UIKit requires).
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity velocity: CGVector) {
        precondition(mass > 0 && stiffness > 0 && damping >= 0,
                     "SpringTimingParameters: mass and stiffness must be positive and damping not negative "
                     + "(got \(mass), \(stiffness), \(damping))")
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping)
        self.spring = spring
        dampingRatio = spring.dampingRatio
        initialVelocity = Double(velocity.dx)
    }

    /// The spring's settling duration for the constants form; nil for the damping-ratio form.
    public var implicitDuration: Double? {
        spring?.settlingDuration(initialVelocity: initialVelocity)
    }

    /// The value at `fraction` of a run of `duration` seconds: the physical spring at that time for the
    /// constants form, else a spring fitted to settle in `duration`; exactly 1 from `fraction` 1 on.
    public func progress(atFraction fraction: Double, duration: Double) -> Double {
        if fraction >= 1 { return 1 }
        let spring = spring ?? Spring.fitting(dampingRatio: dampingRatio, duration: duration)
        return SpringSimulation(spring: spring, initialVelocity: initialVelocity).value(at: fraction * duration)
    }
}
