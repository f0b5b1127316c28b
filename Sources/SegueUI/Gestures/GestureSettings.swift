/// Every number the gesture recognizers and the velocity tracker decide with, in one value an app can
/// change (per recognizer: `recognizer.settings.edgeWidth = 30`). The defaults are Segue's rules from
/// `spec/gestures-and-timing.md`; each says its unit and where it comes from.
public struct GestureSettings: Sendable, Hashable {
    /// How far a pan or edge pan must move from the down location before it begins, in points.
    /// Segue's rule (4 pt); UIKit's pan waits about 10 pt (folklore), Flutter's touch slop is 18 px.
    public static let defaultSlop = 4.0
    /// Width of the strip along a view's edge where a screen-edge pan must go down, in points.
    /// Flutter's back gesture uses 20, UIKit's screen edge about 13 (folklore).
    public static let defaultEdgeWidth = 20.0
    /// How far the pointer may move between down and up for a tap, in points (UIKit's
    /// `allowableMovement` folklore: 10 pt).
    public static let defaultTapAllowableMovement = 10.0
    /// The velocity tracker fits the samples of this many seconds before the newest one (100 ms; Flutter's
    /// `_horizonMilliseconds`).
    public static let defaultVelocityHorizon = 0.1
    /// The most samples the velocity tracker fits (20; Flutter's `_historySize`).
    public static let defaultVelocityMaxSamples = 20
    /// A gap between samples longer than this, in seconds, ends the fitted history (40 ms; Flutter's
    /// `_assumePointerMoveStoppedMilliseconds`).
    public static let defaultVelocityMaxGap = 0.04
    /// Fewer samples than this are not fitted (3: enough for a quadratic); two then give their difference
    /// quotient, one gives zero.
    public static let defaultVelocityMinSamples = 3
    /// If the pointer did not move for longer than this before release, in seconds, the release velocity is
    /// zero: the pointer stopped (50 ms, Segue's rule).
    public static let defaultStopThreshold = 0.05
    /// The release rule's velocity (``VelocityTracker/releaseRuleVelocity(at:position:)``) is the
    /// displacement from the newest sample at least this many seconds older than the last one to the last
    /// one, over their time apart (50 ms: the measure the iPhone's thresholds in spec gestures-and-timing,
    /// "Release", were fitted with).
    public static let defaultReleaseVelocityWindow = 0.05
    /// Velocities are clamped to this magnitude, in points per second (8000; Flutter's
    /// `kMaxFlingVelocity`).
    public static let defaultMaximumVelocity = 8000.0

    /// See ``defaultSlop``.
    public var slop = GestureSettings.defaultSlop
    /// See ``defaultEdgeWidth``.
    public var edgeWidth = GestureSettings.defaultEdgeWidth
    /// See ``defaultTapAllowableMovement``.
    public var tapAllowableMovement = GestureSettings.defaultTapAllowableMovement
    /// See ``defaultVelocityHorizon``.
    public var velocityHorizon = GestureSettings.defaultVelocityHorizon
    /// See ``defaultVelocityMaxSamples``.
    public var velocityMaxSamples = GestureSettings.defaultVelocityMaxSamples
    /// See ``defaultVelocityMaxGap``.
    public var velocityMaxGap = GestureSettings.defaultVelocityMaxGap
    /// See ``defaultVelocityMinSamples``.
    public var velocityMinSamples = GestureSettings.defaultVelocityMinSamples
    /// See ``defaultStopThreshold``.
    public var stopThreshold = GestureSettings.defaultStopThreshold
    /// See ``defaultReleaseVelocityWindow``.
    public var releaseVelocityWindow = GestureSettings.defaultReleaseVelocityWindow
    /// See ``defaultMaximumVelocity``.
    public var maximumVelocity = GestureSettings.defaultMaximumVelocity

    /// The defaults.
    public init() {}
}
