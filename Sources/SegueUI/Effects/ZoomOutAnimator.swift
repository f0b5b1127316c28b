import SegueAnimation

/// Zoom out: the back page shrinks to ``scale`` of its size about its centre and fades away (alpha 1 to
/// 0) while the front page fades in above it (alpha 0 to 1) at its full size. Backwards, the back page
/// grows back from ``scale`` as the front page fades out.
///
/// Without a back page (a presentation that keeps the presenter out of the transition) only the front
/// page fades.
///
/// Differs from UIKit: UIKit has no such stock animator.
@MainActor
public final class ZoomOutAnimator: ReversibleTransitionAnimator {
    /// The back page's scale at the end (our choice: the page recedes by a fifth).
    nonisolated public static let defaultScale: CGFloat = 0.8

    /// The back page's scale at the end, a fraction of its size.
    public let scale: CGFloat

    /// A zoom out to `scale`; `reverse` plays it backwards.
    public init(scale: CGFloat = ZoomOutAnimator.defaultScale, duration: Double = ReversibleTransitionAnimator.defaultDuration,
                reverse: Bool = false) {
        self.scale = scale
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front, back = stage.back
        let small = Transform3D(scaleX: scale, y: scale)
        return (start: {
            front.alpha = 0
            back?.transform3D = .identity
            back?.alpha = 1
        }, end: {
            front.alpha = 1
            back?.transform3D = small
            back?.alpha = 0
        })
    }
}

extension TransitionEffect {
    /// The back page shrinks to `scale` and fades as the front page fades in (``ZoomOutAnimator``).
    public static func zoomOut(scale: CGFloat = ZoomOutAnimator.defaultScale) -> TransitionEffect {
        TransitionEffect(name: "zoom out") { ZoomOutAnimator(scale: scale, reverse: $0) }
    }
}
