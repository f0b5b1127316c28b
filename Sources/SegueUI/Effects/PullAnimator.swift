import SegueAnimation

/// Pull: the stock pop's geometry played forwards, in any direction. The back page, drawn above the front
/// page, slides out towards ``direction``; the front page comes out from under it, from ``parallax`` of
/// the way out on the other side. The back page's z position is 1 for the effect's duration (put back at
/// the end).
///
/// Without a back page (a presentation that keeps the presenter out of the transition) the front page
/// comes in from the parallax step fading in (alpha 0 to 1), as it would from under a page.
///
/// Differs from UIKit: UIKit has no such stock animator (its pop is a backward push).
@MainActor
public final class PullAnimator: ReversibleTransitionAnimator {
    /// The back page's z position while it is drawn above the front page.
    static let backOnTopZPosition: CGFloat = 1

    /// Which way the pages travel, forwards.
    public let direction: TransitionEffect.Direction
    /// Where the front page starts, as a fraction of the distance that takes it out of the container.
    public let parallax: CGFloat

    /// A pull towards `direction`, the front page starting `parallax` of the way out; `reverse` plays it
    /// backwards.
    public init(direction: TransitionEffect.Direction = .right, parallax: CGFloat = PushAnimator.defaultParallax,
                duration: Double = ReversibleTransitionAnimator.defaultDuration, reverse: Bool = false) {
        self.direction = direction
        self.parallax = parallax
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front, back = stage.back
        let frontStep = stage.translation(of: front, outTowards: direction.opposite, fraction: parallax)
        guard let back else {
            return (start: { front.transform3D = frontStep; front.alpha = 0 },
                    end: { front.transform3D = .identity; front.alpha = 1 })
        }
        View.performWithoutAnimation { back.layer.zPosition = Self.backOnTopZPosition }
        let backAway = stage.translation(of: back, outTowards: direction)
        return (start: {
            front.transform3D = frontStep
            back.transform3D = .identity
        }, end: {
            front.transform3D = .identity
            back.transform3D = backAway
        })
    }
}

extension TransitionEffect {
    /// The back page slides out towards `direction` and the front page comes out from under it
    /// (``PullAnimator``).
    public static func pull(_ direction: Direction = .right, parallax: CGFloat = PushAnimator.defaultParallax) -> TransitionEffect {
        TransitionEffect(name: "pull \(direction)") { PullAnimator(direction: direction, parallax: parallax, reverse: $0) }
    }
}
