import SegueAnimation

/// Options for view animations (`UIView.AnimationOptions`).
///
/// Differs from UIKit: `layoutSubviews`, `allowAnimatedContent`, `showHideTransitionViews`,
/// `overrideInheritedCurve`/`Duration`/`Options`, `preferredFramesPerSecond*` are not offered.
/// As in UIKit, a view whose layer runs a view animation without `allowUserInteraction` is skipped by
/// hit testing (`Layer.isInteractionBlockedByAnimation`).
public struct ViewAnimationOptions: OptionSet, Sendable, Hashable {
    /// The option set's bits.
    public let rawValue: UInt
    /// An option set of these bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The animated views still receive pointers (otherwise hit testing skips them, as in UIKit).
    public static let allowUserInteraction = ViewAnimationOptions(rawValue: 1 << 1)
    /// A non-additive property that is already animating starts from its on-screen value, not its old
    /// model value. Geometry is additive and always continuous.
    public static let beginFromCurrentState = ViewAnimationOptions(rawValue: 1 << 2)
    /// Repeats forever.
    public static let `repeat` = ViewAnimationOptions(rawValue: 1 << 3)
    /// Plays each cycle forwards, then backwards.
    public static let autoreverse = ViewAnimationOptions(rawValue: 1 << 4)

    // Curves: a 2-bit field, as in UIKit (curveEaseInOut is 0, the default).
    /// Ease in and out (the default: the zero value of the field).
    public static let curveEaseInOut = ViewAnimationOptions(rawValue: 0 << 16)
    /// Ease in.
    public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 16)
    /// Ease out.
    public static let curveEaseOut = ViewAnimationOptions(rawValue: 2 << 16)
    /// Constant speed.
    public static let curveLinear = ViewAnimationOptions(rawValue: 3 << 16)

    // Legacy transitions: a 3-bit field, as in UIKit.
    /// A 3D flip about the vertical axis, from the left.
    public static let transitionFlipFromLeft = ViewAnimationOptions(rawValue: 1 << 20)
    /// A 3D flip about the vertical axis, from the right.
    public static let transitionFlipFromRight = ViewAnimationOptions(rawValue: 2 << 20)
    /// The old look lifts away about its top edge (an approximation of UIKit's page curl).
    public static let transitionCurlUp = ViewAnimationOptions(rawValue: 3 << 20)
    /// The new look comes down about its top edge (an approximation of UIKit's page curl).
    public static let transitionCurlDown = ViewAnimationOptions(rawValue: 4 << 20)
    /// The old look fades out as the new one fades in.
    public static let transitionCrossDissolve = ViewAnimationOptions(rawValue: 5 << 20)
    /// A 3D flip about the horizontal axis, from the top.
    public static let transitionFlipFromTop = ViewAnimationOptions(rawValue: 6 << 20)
    /// A 3D flip about the horizontal axis, from the bottom.
    public static let transitionFlipFromBottom = ViewAnimationOptions(rawValue: 7 << 20)

    /// The timing curve the options select (UIKit's default, ease-in-ease-out, when none is given).
    public var timingFunction: MediaTimingFunction {
        switch (rawValue >> 16) & 0x3 {
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .linear
        default: return .easeInEaseOut
        }
    }

    /// The legacy transition the options select, if any.
    public var transition: ViewTransition? { ViewTransition(rawValue: Int((rawValue >> 20) & 0x7)) }
}

/// The legacy view transitions of `View.transition(with:...)` and `transition(from:to:...)`.
public enum ViewTransition: Int, Sendable {
    /// The transitions of the `transition…` options, in the same order.
    case flipFromLeft = 1, flipFromRight, curlUp, curlDown, crossDissolve, flipFromTop, flipFromBottom
}
