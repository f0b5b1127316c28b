import SegueAnimation

/// Slide (a pan): the two pages move together by a whole page, the front page coming in from the edge
/// opposite ``direction`` as the back page leaves through the edge in ``direction`` (CATransition's
/// `push` type; the seeds' tab slide). Without a back page (a presentation that keeps the presenter out of
/// the transition) only the front page moves, as ``CoverAnimator`` does.
///
/// Differs from UIKit: UIKit has no such stock animator; Segue's works in every container.
@MainActor
public final class SlideAnimator: ReversibleTransitionAnimator {
    /// Which way the pages travel, forwards (backwards they travel the other way).
    public let direction: TransitionEffect.Direction

    /// A slide towards `direction`, over `duration` seconds; `reverse` plays it backwards.
    public init(direction: TransitionEffect.Direction = .left, duration: Double = ReversibleTransitionAnimator.defaultDuration,
                reverse: Bool = false) {
        self.direction = direction
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front, back = stage.back
        let frontAway = stage.translation(of: front, outTowards: direction.opposite)
        let backAway = back.map { stage.translation(of: $0, outTowards: direction) } ?? .identity
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
    /// Both pages slide by a whole page towards `direction` (``SlideAnimator``).
    public static func slide(_ direction: Direction = .left) -> TransitionEffect {
        TransitionEffect(name: "slide \(direction)") { SlideAnimator(direction: direction, reverse: $0) }
    }
}
