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
    /// The damping ratio of the spring that completes a released pop (iOS 27's interactive spring,
    /// `_UIFluidNavigationTransitionsSpec`, read on the device: spec gestures-and-timing, "iOS 27's own
    /// tuning").
    public static let defaultReleaseDampingRatio: Double = 0.85
    /// The response of the spring that completes a released pop, in seconds (iOS 27's interactive spring).
    public static let defaultReleaseResponse: Double = 0.3
    /// The damping ratio of the spring through which a dragged page follows the finger (iOS 27's
    /// interactive tracking spring).
    public static let defaultTrackingDampingRatio: Double = 0.85
    /// The response of the spring through which a dragged page follows the finger, in seconds (iOS 27's
    /// interactive tracking spring).
    public static let defaultTrackingResponse: Double = 0.08
    /// Whether a dragged page is drawn exactly at the finger instead of following it through the tracking
    /// spring (iOS 27's `tracksImmediatelyWithoutSpring`, false).
    public static let defaultTracksImmediately = false
    /// From this release speed on, in widths per second by the release rule's measure, a flick of the edge
    /// pop towards the decided end is boosted (iOS 27's `edgeFlickBoostThreshold`).
    public static let defaultEdgeFlickBoostThreshold: CGFloat = 1.5
    /// The factor a boosted edge flick multiplies the page's velocity by at the hand-over to the release
    /// spring (iOS 27's `edgeFlickVelocityBoostFactor`).
    public static let defaultEdgeFlickVelocityBoostFactor: CGFloat = 4.25
    /// How far past its ends, in widths, UIKit lets a dragged page rubber-band (iOS 27's
    /// `rubberBandExtent`). Kept for reference: Segue's pages are drawn by scrubbing the transition's time,
    /// which has no "past the end", and the finger of a pop cannot take its page past either end except
    /// back over the slop, where the page rests at its start.
    public static let defaultRubberBandExtent: CGFloat = 0.5

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
    /// See ``defaultReleaseDampingRatio``.
    public var releaseDampingRatio = TransitionSettings.defaultReleaseDampingRatio
    /// See ``defaultReleaseResponse`` (seconds).
    public var releaseResponse = TransitionSettings.defaultReleaseResponse
    /// See ``defaultTrackingDampingRatio``.
    public var trackingDampingRatio = TransitionSettings.defaultTrackingDampingRatio
    /// See ``defaultTrackingResponse`` (seconds).
    public var trackingResponse = TransitionSettings.defaultTrackingResponse
    /// See ``defaultTracksImmediately``.
    public var tracksImmediately = TransitionSettings.defaultTracksImmediately
    /// See ``defaultEdgeFlickBoostThreshold`` (widths per second).
    public var edgeFlickBoostThreshold = TransitionSettings.defaultEdgeFlickBoostThreshold
    /// See ``defaultEdgeFlickVelocityBoostFactor``.
    public var edgeFlickVelocityBoostFactor = TransitionSettings.defaultEdgeFlickVelocityBoostFactor
    /// See ``defaultRubberBandExtent`` (widths).
    public var rubberBandExtent = TransitionSettings.defaultRubberBandExtent

    /// The defaults above.
    public init() {}

    /// The release rule: with `velocity` in widths per second towards the end, a flick
    /// (`|velocity| >= flickVelocity`) decides by its sign; otherwise the transition finishes iff
    /// `progress >= commitFraction`.
    public func shouldFinish(progress: CGFloat, velocity: CGFloat) -> Bool {
        abs(velocity) >= flickVelocity ? velocity > 0 : progress >= commitFraction
    }

    /// The spring that completes a released interactive transition (a pop, a tab swipe, a sheet's
    /// dismissal drag, the ready interaction controllers): iOS 27's interactive spring,
    /// ``releaseDampingRatio`` and ``releaseResponse``, started where the page is drawn at the page's
    /// velocity (spec gestures-and-timing, "iOS 27's own tuning").
    ///
    /// Differs from the device: the spring oscillates (damping 0.85) and on the iPhone the page swings past
    /// its end by 0.6 % of the way left before it rests, which is why a pop let go at rest near the
    /// commit fraction settles later there (390 ms) than one from two thirds (259 ms): only over more than
    /// about 170 pt does the swing exceed the table's 1 pt. Segue draws its pages by scrubbing the
    /// transition's time, which has no "past the end": the page stops at its end the first time it gets
    /// there. `segue fidelity` prints both settle times.
    public var releaseSpring: Spring { Spring(dampingRatio: releaseDampingRatio, response: releaseResponse) }

    /// The spring through which a dragged page follows the finger (``trackingDampingRatio``,
    /// ``trackingResponse``), or nil when it is drawn at the finger (``tracksImmediately``).
    public var trackingSpring: Spring? {
        tracksImmediately ? nil : Spring(dampingRatio: trackingDampingRatio, response: trackingResponse)
    }

    /// The velocity, in progress per second, a released page hands to the release spring: its own
    /// `pageVelocity` (where the tracking spring left it), multiplied by ``edgeFlickVelocityBoostFactor``
    /// when the finger's `releaseVelocity` (the rule's measure, widths per second) reaches
    /// ``edgeFlickBoostThreshold`` in the direction the transition goes (`finishes`: towards the end).
    ///
    /// How this reading was decided: the constants' names say an edge flick's velocity is boosted past a
    /// threshold; in widths per second, 1.5 is just above the fastest release of the device's table
    /// (1.49 W/s, not boosted: its settle time is an unboosted spring's), and a boosted 2 W/s flick leaves
    /// at 8.5 W/s, the speed at which a programmatic pop starts on the device (8.6 W/s).
    public func handedOverVelocity(pageVelocity: CGFloat, releaseVelocity: CGFloat, finishes: Bool) -> CGFloat {
        let towardsEnd = finishes ? releaseVelocity : -releaseVelocity
        return towardsEnd >= edgeFlickBoostThreshold ? pageVelocity * edgeFlickVelocityBoostFactor : pageVelocity
    }

    /// The push/pop spring: critically damped, ``springResponse``.
    public var spring: Spring { Spring(dampingRatio: 1, response: springResponse) }

    /// How long the push/pop spring takes to settle when it starts at ``initialVelocity``, in seconds.
    public var springDuration: Double { spring.settlingDuration(initialVelocity: initialVelocity) }
}
