import Foundation
import SegueAnimation

/// How fast a flicked collection view slows down (`UIScrollView.DecelerationRate`): the fraction of its
/// velocity kept per millisecond.
public struct DecelerationRate: Sendable, Hashable, RawRepresentable {
    /// The fraction of the velocity kept per millisecond, in 0..<1.
    public let rawValue: CGFloat
    /// A rate; it must be in 0..<1 (1 would never stop).
    public init(rawValue: CGFloat) {
        precondition(rawValue > 0 && rawValue < 1, "DecelerationRate must be in 0..<1 (got \(rawValue))")
        self.rawValue = rawValue
    }
    /// UIKit's `.normal`: 0.998 per millisecond (a flick travels about half a second's worth of its speed).
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIKit's `.fast`: 0.99 per millisecond.
    public static let fast = DecelerationRate(rawValue: 0.99)
}

/// A flick's deceleration as a `Simulation` (SegueAnimation) (Flutter's `FrictionSimulation`, iOS's
/// scroll-view decay): the velocity decays exponentially, `v(t) = v0 · r^(1000 t)` (t in seconds, `r` the
/// rate per millisecond), so the offset travelled is
///
///     x(t) = v0 · (r^(1000 t) − 1) / (1000 · ln r)
///
/// and the whole travel ``distance`` is `−v0 / (1000 · ln r)`. As a simulation its value is the fraction of
/// that travel done, `1 − r^(1000 t)`, from 0 towards 1. It is done once less than ``restDistance`` of the
/// travel is left (the offset then stops where it is).
public struct ScrollDecaySimulation: Simulation {
    /// The travel left, in points, under which a flick stops: half a point (Segue's rule: less than a
    /// pixel on a 2x screen).
    public static let restDistance = 0.5

    /// The velocity at the release, in points per second.
    public let initialVelocity: Double
    /// The fraction of the velocity kept per millisecond.
    public let rate: Double
    /// The whole travel, in points (signed as the velocity).
    public let distance: Double

    /// A flick at `velocity` points per second slowing at `rate` per millisecond.
    public init(velocity: Double, rate: DecelerationRate) {
        initialVelocity = velocity
        self.rate = Double(rate.rawValue)
        distance = -velocity / (1000 * Foundation.log(self.rate))
    }

    /// The points travelled after `time` seconds (signed as the velocity).
    public func offset(at time: Double) -> Double {
        distance * value(at: time)
    }

    /// The fraction of the travel done: `1 − r^(1000 t)`.
    public func value(at time: Double) -> Double {
        1 - Foundation.pow(rate, 1000 * max(time, 0))
    }

    /// The rate of the fraction done, per second: `−1000 · ln r · r^(1000 t)`.
    public func velocity(at time: Double) -> Double {
        -1000 * Foundation.log(rate) * Foundation.pow(rate, 1000 * max(time, 0))
    }

    /// Whether less than ``restDistance`` of the travel is left.
    public func isDone(at time: Double) -> Bool {
        abs(distance) * (1 - value(at: time)) < Self.restDistance
    }
}
