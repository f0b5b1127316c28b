import Foundation
import SegueAnimation

/// The pacing of a ``ViewPropertyAnimator`` (`UITimingCurveProvider`): a cubic curve or a spring.
public protocol TimingCurveProvider: Sendable {
    /// Progress (0 -> 1, may overshoot for springs) at `fraction` of a run lasting `duration` seconds.
    func progress(atFraction fraction: Double, duration: Double) -> Double
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

/// A spring pacing (`UISpringTimingParameters`), fitted to settle at the run's duration.
///
/// Differs from UIKit: the initial velocity is a number (units of the whole distance per second), not a
/// `CGVector`; and only the damping-ratio form is offered (its duration is always the animator's).
public struct SpringTimingParameters: TimingCurveProvider, Hashable {
    /// The damping ratio: 1 settles without overshoot, less than 1 bounces.
    public let dampingRatio: Double
    /// The starting velocity, in units of the whole distance per second (0 starts from rest).
    public let initialVelocity: Double

    /// A spring with `dampingRatio` and `initialVelocity` (a number, not UIKit's `CGVector`).
    public init(dampingRatio: Double, initialVelocity: Double = 0) {
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
    }

    /// The value at `fraction` of a spring fitted to settle in `duration` seconds; exactly 1 from
    /// `fraction` 1 on.
    public func progress(atFraction fraction: Double, duration: Double) -> Double {
        if fraction >= 1 { return 1 }
        let spring = Spring.fitting(dampingRatio: dampingRatio, duration: duration)
        return SpringSimulation(spring: spring, initialVelocity: initialVelocity).value(at: fraction * duration)
    }
}
