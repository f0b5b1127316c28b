import SegueAnimation

/// Zoom-slide: the pages slide by a whole page towards ``direction``, as ``SlideAnimator``'s do, at
/// ``scale`` of their size while they are away: the front page comes in from the edge opposite
/// ``direction`` growing from ``scale`` to its full size, the back page leaves shrinking to ``scale``.
/// Scale and translation each follow the curve (one segment, no keyframes).
///
/// Without a back page (a presentation that keeps the presenter out of the transition) only the front
/// page moves.
///
/// Differs from UIKit: UIKit has no such stock animator.
@MainActor
public final class ZoomSlideAnimator: ReversibleTransitionAnimator {
    /// The pages' scale while away (our choice, as ``ZoomOutAnimator/defaultScale``).
    nonisolated public static let defaultScale: CGFloat = 0.8

    /// Which way the pages travel, forwards.
    public let direction: TransitionEffect.Direction
    /// The pages' scale while away, a fraction of their size.
    public let scale: CGFloat

    /// A zoom-slide towards `direction` at `scale`; `reverse` plays it backwards.
    public init(direction: TransitionEffect.Direction = .left, scale: CGFloat = ZoomSlideAnimator.defaultScale,
                duration: Double = ReversibleTransitionAnimator.defaultDuration, reverse: Bool = false) {
        self.direction = direction
        self.scale = scale
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front, back = stage.back
        let shrink = Transform3D(scaleX: scale, y: scale)
        // Scaled about the centre, then moved: the page is a whole page away, smaller.
        let frontAway = shrink.concatenating(stage.translation(of: front, outTowards: direction.opposite))
        let backAway = back.map { shrink.concatenating(stage.translation(of: $0, outTowards: direction)) } ?? .identity
        return (start: {
            front.transform3D = frontAway
            back?.transform3D = .identity
        }, end: {
            front.transform3D = .identity
            back?.transform3D = backAway
        })
    }
}

extension TransitionEffect {
    /// The pages slide towards `direction` at `scale` of their size (``ZoomSlideAnimator``).
    public static func zoomSlide(_ direction: Direction = .left, scale: CGFloat = ZoomSlideAnimator.defaultScale) -> TransitionEffect {
        TransitionEffect(name: "zoom slide \(direction)") { ZoomSlideAnimator(direction: direction, scale: scale, reverse: $0) }
    }
}
