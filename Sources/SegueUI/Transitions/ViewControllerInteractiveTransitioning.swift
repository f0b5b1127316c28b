import SegueAnimation

/// An interaction controller (`UIViewControllerInteractiveTransitioning`): drives a transition from
/// input. ``PercentDrivenInteractiveTransition`` is the ready one.
///
/// Differs from UIKit: the optional members are requirements with defaults (completion speed 1, curve
/// ease-in-ease-out, interactive start).
@MainActor
public protocol ViewControllerInteractiveTransitioning: AnyObject {
    /// Starts the transition (the container calls it instead of `animateTransition`).
    func startInteractiveTransition(_ transitionContext: any ViewControllerContextTransitioning)
    /// How fast the rest plays after a finish or cancel (<= 0 counts as 1).
    var completionSpeed: CGFloat { get }
    /// The curve of the rest after a finish or cancel.
    var completionCurve: ViewAnimationCurve { get }
    /// Whether the transition starts interactive (false: it animates until paused).
    var wantsInteractiveStart: Bool { get }
}

extension ViewControllerInteractiveTransitioning {
    /// 1: the rest plays at the transition's own pace.
    public var completionSpeed: CGFloat { 1 }
    /// Ease-in-ease-out, UIKit's default.
    public var completionCurve: ViewAnimationCurve { .easeInOut }
    /// True: the transition starts driven by the interaction.
    public var wantsInteractiveStart: Bool { true }
}
