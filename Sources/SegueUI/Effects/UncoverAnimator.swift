import SegueAnimation

/// Uncover: the back page slides away towards ``direction`` and reveals the front page, which lies still
/// under it (CATransition's `reveal` type). The back page is drawn above the front page for the effect's
/// duration (its z position is 1, and put back at the end). Backwards, the back page slides back over the
/// front page.
///
/// Without a back page (a presentation that keeps the presenter out of the transition: there is nothing
/// of the presenter to move) the front page fades in instead, as ``CrossfadeAnimator`` does.
///
/// Differs from UIKit: UIKit has no such stock animator.
@MainActor
public final class UncoverAnimator: ReversibleTransitionAnimator {
    /// Which way the back page travels, forwards.
    public let direction: TransitionEffect.Direction
    /// The back page's z position while it is drawn above the front page.
    static let backOnTopZPosition: CGFloat = 1

    /// An uncover towards `direction`, over `duration` seconds; `reverse` plays it backwards.
    public init(direction: TransitionEffect.Direction = .left, duration: Double = ReversibleTransitionAnimator.defaultDuration,
                reverse: Bool = false) {
        self.direction = direction
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front
        guard let back = stage.back else {
            return (start: { front.alpha = 0 }, end: { front.alpha = 1 })
        }
        View.performWithoutAnimation { back.layer.zPosition = Self.backOnTopZPosition }
        let away = stage.translation(of: back, outTowards: direction)
        return (start: { back.transform3D = .identity }, end: { back.transform3D = away })
    }
}

extension TransitionEffect {
    /// The back page slides away towards `direction` and uncovers the front page (``UncoverAnimator``).
    public static func uncover(_ direction: Direction = .left) -> TransitionEffect {
        TransitionEffect(name: "uncover \(direction)") { UncoverAnimator(direction: direction, reverse: $0) }
    }
}
