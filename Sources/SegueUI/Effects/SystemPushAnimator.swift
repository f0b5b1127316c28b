import SegueAnimation

/// The system push as an effect: ``PushAnimator``'s geometry towards the left with the numbers of a
/// ``TransitionSettings`` (parallax 0.3), a black dimming over the back page that moves with it and
/// darkens to ``TransitionSettings/dimmingAlpha``, and the soft shadow on the front page's leading edge
/// that moves with it — what ``NavigationTransitionAnimator`` draws. Backwards it is the system pop.
///
/// Without a back page (a presentation that keeps the presenter out of the transition) the dimming covers
/// the container, so the presenter shows through it dimmed.
///
/// Differs from the stock ``NavigationTransitionAnimator`` (and UIKit's push): it plays along
/// ease-in-ease-out over the spring's settling time (``TransitionSettings/springDuration``) rather than on
/// the critically damped spring, as every reversible effect does, and works in every container.
@MainActor
public final class SystemPushAnimator: ReversibleTransitionAnimator {
    /// The numbers it moves with (parallax, dimming, shadow width, duration).
    public let settings: TransitionSettings

    /// The system push with `settings`; `reverse` plays it backwards (the system pop).
    public init(settings: TransitionSettings = TransitionSettings(), reverse: Bool = false) {
        self.settings = settings
        super.init(duration: settings.springDuration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front, back = stage.back
        let frontAway = stage.translation(of: front, outTowards: .right)
        let backStep = back.map { stage.translation(of: $0, outTowards: .left, fraction: settings.parallax) } ?? .identity
        let dimming = stage.addDimming(over: back)
        let shadowWidth = settings.edgeShadowWidth
        let shadow = EdgeShadowView(width: shadowWidth, height: front.frame.height)
        shadow.frame.origin = CGPoint(x: front.frame.minX - shadowWidth, y: front.frame.minY)
        stage.addTemporary(shadow, above: dimming)
        let dimmingAlpha = settings.dimmingAlpha
        return (start: {
            front.transform3D = frontAway
            shadow.transform3D = frontAway
            back?.transform3D = .identity
            dimming.transform3D = .identity
            dimming.alpha = 0
        }, end: {
            front.transform3D = .identity
            shadow.transform3D = .identity
            back?.transform3D = backStep
            if back != nil { dimming.transform3D = backStep }
            dimming.alpha = dimmingAlpha
        })
    }
}

extension TransitionEffect {
    /// The system push and pop with parallax, dimming and edge shadow (``SystemPushAnimator``).
    public static func systemPush(settings: TransitionSettings = TransitionSettings()) -> TransitionEffect {
        TransitionEffect(name: "system push") { SystemPushAnimator(settings: settings, reverse: $0) }
    }
}
