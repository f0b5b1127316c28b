import SegueAnimation

/// Every number Segue's built-in transitions decide or move with, in one value a container carries
/// (`navigationController.transitionSettings.commitFraction = 0.5`). Defaults follow
/// `spec/gestures-and-timing.md` and `spec/uikit-semantics.md` §6 (modern iOS as measured on devices).
public struct TransitionSettings: Sendable, Hashable {
    /// Releasing at or above this speed, in container widths per second, decides by the direction alone
    /// (iOS 26/27 on device: +1.02 W/s returns, +1.10 W/s pops).
    public static let defaultFlickVelocity: CGFloat = 1.06
    /// Released slower than a flick, a pop finishes from this fraction on (iOS 26/27 on device: returns
    /// from 0.27 W, pops from 0.32 W).
    public static let defaultCommitFraction: CGFloat = 0.3
    /// How far an edge pan moves before it begins a pop, in points (iOS 27: the page sits 13-15 pt short
    /// of the finger's travel; the pop counts from there).
    public static let defaultPopSlop: CGFloat = 14
    /// Width of the edge strip that starts an interactive pop, in points (Flutter uses 20, UIKit 13).
    public static let defaultEdgeWidth: CGFloat = 20
    /// How far the lower page moves, as a fraction of the width (iOS's parallax 0.3).
    public static let defaultParallax: CGFloat = 0.3
    /// The black dimming over the lower page at rest under a pushed page (alpha 0.1).
    public static let defaultDimmingAlpha: CGFloat = 0.1
    /// Width of the soft shadow on the top page's leading edge, in points (about 9 pt on iOS).
    public static let defaultEdgeShadowWidth: CGFloat = 9
    /// The response of the critically damped spring of a push or pop, in seconds (UIKit's private
    /// `_UIFluidParallaxTransitionSettings`; measured on iOS 26/27).
    public static let defaultSpringResponse: Double = 0.3
    /// The speed a push or pop starts at, in widths per second (iOS 26/27 on device: 8.0 push, 8.6 pop).
    public static let defaultInitialVelocity: Double = 8.3
    /// The response of the release spring, in seconds, when at most ``defaultReleaseShortDistance`` of the
    /// way is left (fitted to the iPhone's settle times: spec gestures-and-timing, the release table; see
    /// ``releaseSpring(remaining:)``).
    public static let defaultReleaseShortResponse: Double = 0.225
    /// The response of the release spring, in seconds, when at least ``defaultReleaseLongDistance`` of the
    /// way is left (fitted likewise).
    public static let defaultReleaseLongResponse: Double = 0.31
    /// Up to this fraction of the way left, the release spring has the short response (fitted likewise).
    public static let defaultReleaseShortDistance: CGFloat = 0.35
    /// From this fraction of the way left, the release spring has the long response (fitted likewise;
    /// between the two distances the response is interpolated linearly).
    public static let defaultReleaseLongDistance: CGFloat = 0.43

    /// See ``defaultFlickVelocity`` (widths per second).
    public var flickVelocity = TransitionSettings.defaultFlickVelocity
    /// See ``defaultCommitFraction`` (0...1).
    public var commitFraction = TransitionSettings.defaultCommitFraction
    /// See ``defaultPopSlop`` (points).
    public var popSlop = TransitionSettings.defaultPopSlop
    /// See ``defaultEdgeWidth`` (points).
    public var edgeWidth = TransitionSettings.defaultEdgeWidth
    /// See ``defaultParallax`` (a fraction of the width).
    public var parallax = TransitionSettings.defaultParallax
    /// See ``defaultDimmingAlpha``.
    public var dimmingAlpha = TransitionSettings.defaultDimmingAlpha
    /// See ``defaultEdgeShadowWidth`` (points).
    public var edgeShadowWidth = TransitionSettings.defaultEdgeShadowWidth
    /// See ``defaultSpringResponse`` (seconds).
    public var springResponse = TransitionSettings.defaultSpringResponse
    /// See ``defaultInitialVelocity`` (widths per second).
    public var initialVelocity = TransitionSettings.defaultInitialVelocity
    /// See ``defaultReleaseShortResponse`` (seconds).
    public var releaseShortResponse = TransitionSettings.defaultReleaseShortResponse
    /// See ``defaultReleaseLongResponse`` (seconds).
    public var releaseLongResponse = TransitionSettings.defaultReleaseLongResponse
    /// See ``defaultReleaseShortDistance`` (a fraction of the way).
    public var releaseShortDistance = TransitionSettings.defaultReleaseShortDistance
    /// See ``defaultReleaseLongDistance`` (a fraction of the way).
    public var releaseLongDistance = TransitionSettings.defaultReleaseLongDistance

    /// The defaults above.
    public init() {}

    /// The release rule: with `velocity` in widths per second towards the end, a flick
    /// (`|velocity| >= flickVelocity`) decides by its sign; otherwise the transition finishes iff
    /// `progress >= commitFraction`.
    public func shouldFinish(progress: CGFloat, velocity: CGFloat) -> Bool {
        abs(velocity) >= flickVelocity ? velocity > 0 : progress >= commitFraction
    }

    /// The spring that completes a released interactive transition (a pop, a tab swipe, a sheet drag, the
    /// ready interaction controllers), started at the release velocity, `remaining` the fraction of the way
    /// left to go (0...1): critically damped (never past the end, no bounce), with a response that grows
    /// with the distance left: ``releaseShortResponse`` up to ``releaseShortDistance``,
    /// ``releaseLongResponse`` from ``releaseLongDistance``, linear between.
    ///
    /// Fitted to the iPhone (iOS 27) release table of spec gestures-and-timing: replayed at 402 x 874, the
    /// ten recorded releases settle within 14 ms of the device on Segue's 60 Hz frames. On the device a pop
    /// let go at rest just past the commit fraction takes 390 ms, longer than one from two thirds (259 ms)
    /// and than a programmatic pop (373 ms): no spring of fixed stiffness does both, as the time a linear
    /// spring takes from rest grows only with the logarithm of the distance.
    public func releaseSpring(remaining: CGFloat) -> Spring {
        let d = min(max(remaining, 0), 1)
        let response: Double
        if d <= releaseShortDistance || releaseLongDistance <= releaseShortDistance {
            response = d <= releaseShortDistance ? releaseShortResponse : releaseLongResponse
        } else if d >= releaseLongDistance {
            response = releaseLongResponse
        } else {
            let f = Double((d - releaseShortDistance) / (releaseLongDistance - releaseShortDistance))
            response = releaseShortResponse + (releaseLongResponse - releaseShortResponse) * f
        }
        return Spring(dampingRatio: 1, response: response)
    }

    /// The push/pop spring: critically damped, ``springResponse``.
    public var spring: Spring { Spring(dampingRatio: 1, response: springResponse) }

    /// How long the push/pop spring takes to settle when it starts at ``initialVelocity``, in seconds.
    public var springDuration: Double { spring.settlingDuration(initialVelocity: initialVelocity) }
}
