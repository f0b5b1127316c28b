import SegueAnimation

/// Zoom: the front page grows from ``scale`` of its size about its centre to its full size as it fades in
/// (alpha 0 to 1), over the back page, which stays. Backwards it shrinks and fades away.
///
/// Differs from UIKit: UIKit has no such stock animator (iOS 18's zoom transition grows from a source
/// view; this one grows from the page's centre).
@MainActor
public final class ZoomAnimator: ReversibleTransitionAnimator {
    /// The front page's scale at the start (our choice: half size, a visible zoom that still reads as
    /// the page).
    nonisolated public static let defaultScale: CGFloat = 0.5

    /// The front page's scale at the start, a fraction of its size.
    public let scale: CGFloat

    /// A zoom from `scale`; `reverse` plays it backwards.
    public init(scale: CGFloat = ZoomAnimator.defaultScale, duration: Double = ReversibleTransitionAnimator.defaultDuration,
                reverse: Bool = false) {
        self.scale = scale
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front
        let small = Transform3D(scaleX: scale, y: scale)
        return (start: { front.transform3D = small; front.alpha = 0 },
                end: { front.transform3D = .identity; front.alpha = 1 })
    }
}

extension TransitionEffect {
    /// The front page grows from `scale` as it fades in (``ZoomAnimator``).
    public static func zoom(scale: CGFloat = ZoomAnimator.defaultScale) -> TransitionEffect {
        TransitionEffect(name: "zoom") { ZoomAnimator(scale: scale, reverse: $0) }
    }
}
