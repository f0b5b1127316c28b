import SegueAnimation

/// The one spring every move of a detent sheet runs on: the presentation and the dismissal (the stock
/// cover-vertical animator, when no finger drives it), a detent change made in code
/// (``SheetPresentationController/animateChanges(_:)``), and the settle after a drag between detents is
/// let go. ``DimmingSheetPresentationController/spring`` holds it (``standard`` by default).
///
/// The spring moves a sheet the same way whatever the distance: its progress is a fraction of the travel,
/// and it starts at ``initialVelocity`` travels per second, so it has no ease-in. A drag's release starts
/// it at the finger's velocity instead (``relativeVelocity(fingerVelocity:travel:)``): the two are not
/// added, the finger's replaces the fixed one, as a release hands its velocity to UIKit's spring.
///
/// Differs from UIKit: iOS 27 does not publish the sheet's spring, and the device's settings the spec
/// quotes (spec gestures-and-timing, "iOS 27's own tuning") name none for sheets. ``standard`` is a fit
/// to the shape the spec measured on an iPhone 16 Pro ("Sheets, measured on the same device"): the
/// fraction of the travel covered is 0.23-0.29 at 50 ms, 0.55-0.60 at 100 ms, 0.88-0.90 at 200 ms and
/// 0.97-0.98 at 300 ms after the motion starts, and the sheet is within 0.5 pt of its end after 460-520 ms,
/// for travels of 225 to 811 pt. The fit (damping ratio 0.97, response 0.37 s, 3.0 travels per second)
/// covers 0.277, 0.571, 0.886 and 0.976 of the travel at those times, and comes within 0.5 pt of its end
/// 437 ms (225 pt), 473 ms (451 pt) and 502 ms (811 pt) after it starts (on Segue's 60 Hz frames: 450,
/// 483 and 517 ms). Residuals: none at the four times; a short travel settles a little early (225 pt:
/// 23 ms before the range, one 60 Hz frame on the frame clock), as any linear spring must that is still
/// at 0.97-0.98 at 300 ms and settles 0.5 pt within a 60 ms window over travels 3.6 times apart.
/// A spring whose speed is greatest at its start (no acceleration at all: an initial velocity of at least
/// `ω / 2ζ`, 8.75 travels per second here) cannot meet the ranges: they cover 0.23-0.29 in the first 50 ms
/// and 0.26-0.37 in the next, so the device's sheet still gains a little speed over its first ~50 ms. The
/// fit's speed rises from 3.0 to 6.5 travels per second at 47 ms, then falls.
public struct SheetSpring: Sendable, Hashable {
    /// The damping ratio (1: critically damped; below, a slight overshoot).
    public var dampingRatio: Double
    /// The response, in seconds: the period of the undamped spring (`UISpringTimingParameters`'
    /// `dampingRatio:response:` semantics).
    public var response: Double
    /// The speed a move that no finger starts begins at, in travels per second (the travel: the distance
    /// from where the sheet is drawn to where it goes).
    public var initialVelocity: Double

    /// How close to its end the sheet counts as settled, in points (the spec's measure of the device's
    /// settle: within 0.5 pt of the end).
    public static let settleTolerance: CGFloat = 0.5

    /// The damping ratio of ``standard`` (fitted; see the type's description).
    public static let standardDampingRatio = 0.97
    /// The response of ``standard``, in seconds (fitted; see the type's description).
    public static let standardResponse = 0.37
    /// The initial velocity of ``standard``, in travels per second (fitted; see the type's description).
    public static let standardInitialVelocity = 3.0

    /// The fit to iOS 27's sheet (damping ratio 0.97, response 0.37 s, 3.0 travels per second): see the
    /// type's description for the device's ranges and the fit's residuals.
    public static let standard = SheetSpring(dampingRatio: standardDampingRatio, response: standardResponse,
                                             initialVelocity: standardInitialVelocity)

    /// A sheet spring of `dampingRatio`, `response` (seconds) and `initialVelocity` (travels per second).
    public init(dampingRatio: Double, response: Double, initialVelocity: Double) {
        self.dampingRatio = dampingRatio
        self.response = response
        self.initialVelocity = initialVelocity
    }

    /// The spring's physical parameters (mass 1).
    public var spring: Spring { Spring(dampingRatio: dampingRatio, response: response) }

    /// The start velocity of a released drag, in travels per second: the finger's velocity
    /// (`fingerVelocity`, points per second, positive towards the end) over the travel (points); 0 for no
    /// travel. It replaces ``initialVelocity``: a release at rest starts the spring from rest.
    public func relativeVelocity(fingerVelocity: CGFloat, travel: CGFloat) -> Double {
        travel == 0 ? 0 : Double(fingerVelocity / travel)
    }

    /// How long the spring takes over `travel` points, started at `initialVelocity` travels per second,
    /// until it stays within ``settleTolerance`` of its end, in seconds (read off the spring's envelope, so
    /// a little late rather than early); 0 when the travel is under the tolerance.
    public func duration(travel: CGFloat, initialVelocity: Double) -> Double {
        let distance = abs(travel)
        guard distance > Self.settleTolerance else { return 0 }
        return spring.settlingDuration(initialVelocity: initialVelocity, tolerance: Double(Self.settleTolerance / distance))
    }

    /// The progress of a move at `time` seconds after it starts, started at `initialVelocity` travels per
    /// second (0...1, a hair over 1 while it overshoots).
    public func progress(at time: Double, initialVelocity: Double) -> Double {
        SpringSimulation(spring: spring, initialVelocity: initialVelocity).value(at: time)
    }

    /// The pacing of a sheet move started at `initialVelocity` travels per second.
    func timing(initialVelocity: Double) -> AnimationTemplate.Timing { .spring(spring, initialVelocity: initialVelocity) }
}
