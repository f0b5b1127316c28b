import SegueAnimation

/// Cover: the front page slides in over the back page, which stays where it is, from the edge opposite
/// ``direction`` (CATransition's `moveIn` type). Backwards, the front page slides back out that way and
/// uncovers the back page. `.coverVertical` is this effect upwards over UIKit's 0.5 s.
///
/// Differs from UIKit: UIKit's `.coverVertical` modal style is the upward case, for presentations only;
/// Segue's covers in every container and direction, along ease-in-ease-out.
@MainActor
public final class CoverAnimator: ReversibleTransitionAnimator {
    /// Which way the front page travels, forwards.
    public let direction: TransitionEffect.Direction

    /// A cover towards `direction`, over `duration` seconds; `reverse` plays it backwards.
    public init(direction: TransitionEffect.Direction = .left, duration: Double = ReversibleTransitionAnimator.defaultDuration,
                reverse: Bool = false) {
        self.direction = direction
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front
        let away = stage.translation(of: front, outTowards: direction.opposite)
        return (start: { front.transform3D = away }, end: { front.transform3D = .identity })
    }
}

extension TransitionEffect {
    /// The front page slides in over the back page towards `direction` (``CoverAnimator``).
    public static func cover(_ direction: Direction = .left) -> TransitionEffect {
        TransitionEffect(name: "cover \(direction)") { CoverAnimator(direction: direction, reverse: $0) }
    }

    /// The modal cover vertical: the front page rises from below the bottom edge over
    /// ``CoverVerticalAnimator/duration`` (0.5 s), over the back page (``CoverAnimator`` upwards).
    /// Presented with ``EffectTransitioningDelegate``, it presents full screen: the presenter's page is
    /// the back page and is removed when the presentation ends, as with UIKit's default style.
    public static var coverVertical: TransitionEffect {
        TransitionEffect(name: "cover vertical") {
            CoverAnimator(direction: .up, duration: CoverVerticalAnimator.duration, reverse: $0)
        }
    }
}
