import SegueAnimation

/// The pacing of a ``ViewPropertyAnimator`` (`UITimingCurveProvider`): a cubic curve or a spring.
public protocol TimingCurveProvider: Sendable {
    /// Progress (0 -> 1, may overshoot for springs) at `fraction` of a run lasting `duration` seconds.
    func progress(atFraction fraction: Double, duration: Double) -> Double
}

/// The named curves of `UIView.AnimationCurve`.
public enum ViewAnimationCurve: Sendable {
    case easeInOut, easeIn, easeOut, linear

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
    public let timingFunction: MediaTimingFunction

    /// UIKit's default: ease in, ease out.
    public init() { timingFunction = .easeInEaseOut }
    public init(animationCurve: ViewAnimationCurve) { timingFunction = animationCurve.timingFunction }
    public init(controlPoint1 p1: Point, controlPoint2 p2: Point) {
        timingFunction = MediaTimingFunction(controlPoints: p1.x, p1.y, p2.x, p2.y)
    }
    public init(_ function: MediaTimingFunction) { timingFunction = function }

    public func progress(atFraction fraction: Double, duration: Double) -> Double {
        timingFunction.value(at: fraction)
    }
}

/// A spring pacing (`UISpringTimingParameters`), fitted to settle at the run's duration.
///
/// Differs from UIKit: the initial velocity is a number (units of the whole distance per second), not a
/// `CGVector`; and only the damping-ratio form is offered (its duration is always the animator's).
public struct SpringTimingParameters: TimingCurveProvider, Hashable {
    public let dampingRatio: Double
    public let initialVelocity: Double

    public init(dampingRatio: Double, initialVelocity: Double = 0) {
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
    }

    public func progress(atFraction fraction: Double, duration: Double) -> Double {
        if fraction >= 1 { return 1 }
        let spring = Spring.fitting(dampingRatio: dampingRatio, duration: duration)
        return SpringSimulation(spring: spring, initialVelocity: initialVelocity).value(at: fraction * duration)
    }
}
