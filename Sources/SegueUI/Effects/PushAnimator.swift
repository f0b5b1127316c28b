import SegueAnimation

/// Push: the front page slides in over the back page from the edge opposite ``direction``, and the back
/// page moves ``parallax`` of the way out towards ``direction`` under it: the stock push's geometry in any
/// direction, without its dimming and edge shadow (``SystemPushAnimator`` has them).
///
/// Differs from UIKit: UIKit's push is leftwards only, on a spring; this one plays along
/// ease-in-ease-out, in every container and direction.
@MainActor
public final class PushAnimator: ReversibleTransitionAnimator {
    /// How far the back page moves, as a fraction of the way out (iOS's push: 0.3).
    nonisolated public static let defaultParallax: CGFloat = TransitionSettings.defaultParallax

    /// Which way the pages travel, forwards.
    public let direction: TransitionEffect.Direction
    /// How far the back page moves, as a fraction of the distance that takes it out of the container.
    public let parallax: CGFloat

    /// A push towards `direction`, the back page moving `parallax` of the way; `reverse` plays it backwards.
    public init(direction: TransitionEffect.Direction = .left, parallax: CGFloat = PushAnimator.defaultParallax,
                duration: Double = ReversibleTransitionAnimator.defaultDuration, reverse: Bool = false) {
        self.direction = direction
        self.parallax = parallax
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front, back = stage.back
        let frontAway = stage.translation(of: front, outTowards: direction.opposite)
        let backStep = back.map { stage.translation(of: $0, outTowards: direction, fraction: parallax) } ?? .identity
        return (start: {
            front.transform3D = frontAway
            back?.transform3D = .identity
        }, end: {
            front.transform3D = .identity
            back?.transform3D = backStep
        })
    }
}

extension TransitionEffect {
    /// The front page slides in over the back page, which moves `parallax` of the way (``PushAnimator``).
    public static func push(_ direction: Direction = .left, parallax: CGFloat = PushAnimator.defaultParallax) -> TransitionEffect {
        TransitionEffect(name: "push \(direction)") { PushAnimator(direction: direction, parallax: parallax, reverse: $0) }
    }
}
