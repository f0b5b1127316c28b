/// A value that follows a moving target through a spring: each step runs the exact motion of the spring
/// from the value's position and velocity towards the target as it is then, so a target that moves every
/// frame retargets the spring without restarting it (position and velocity carry over). This is how iOS 27
/// draws a page under a dragging finger (`tracksImmediatelyWithoutSpring` false, spec gestures-and-timing,
/// "iOS 27's own tuning"): the page trails a moving finger and settles on a resting one.
///
/// Differs from UIKit: UIKit's tracking springs are private (`UIViewSpringAnimationBehaviorSettings`); this
/// is the same model in the open, in any unit (points, progress), stepped by whoever owns the clock.
public struct SpringTracker: Sendable, Hashable {
    /// The spring that pulls the value towards the target.
    public var spring: Spring
    /// Where the value is now.
    public private(set) var position: Double
    /// How fast the value moves now, in its unit per second.
    public private(set) var velocity: Double
    /// Where the value is pulled to.
    public var target: Double

    /// A value at `position` moving at `velocity`, pulled by `spring` towards `target` (by default, where
    /// it is).
    public init(spring: Spring, position: Double, velocity: Double = 0, target: Double? = nil) {
        self.spring = spring
        self.position = position
        self.velocity = velocity
        self.target = target ?? position
    }

    /// Runs the spring for `duration` seconds towards ``target`` (held still meanwhile), from the current
    /// position and velocity: the closed-form solution, so two steps of 1/120 s end where one of 1/60 s
    /// does. A duration that is not positive changes nothing.
    public mutating func advance(by duration: Double) {
        guard duration > 0 else { return }
        let offset = position - target
        guard offset != 0 || velocity != 0 else { return }
        // The displacement is linear in its start: offset·A(t) + velocity·(B(t) − A(t)), with A started at
        // 1 from rest and B at 1 moving at +1 per second (SpringSimulation's `initialVelocity` is −x'(0)).
        let fromRest = SpringSimulation.Displacement(spring: spring, initialVelocity: 0)
        let moving = SpringSimulation.Displacement(spring: spring, initialVelocity: -1)
        let x = offset * fromRest.position(at: duration)
            + velocity * (moving.position(at: duration) - fromRest.position(at: duration))
        let v = offset * fromRest.velocity(at: duration)
            + velocity * (moving.velocity(at: duration) - fromRest.velocity(at: duration))
        position = target + x
        velocity = v
    }

    /// Whether the value rests on the target: within `tolerance` of it and moving slower than `tolerance`
    /// per second.
    public func isResting(tolerance: Double) -> Bool {
        abs(position - target) <= tolerance && abs(velocity) <= tolerance
    }

    /// Places the value at `position` with `velocity` (a hand-over from another motion), keeping the target.
    public mutating func jump(to position: Double, velocity: Double = 0) {
        self.position = position
        self.velocity = velocity
    }
}
