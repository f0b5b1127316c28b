import SegueAnimation

/// Scale-in card, the seeds' modal demo (002): the front page grows from ``initialScale`` of its size
/// about its centre to its full size, over ``CardPresentationController``'s card frame (2/3 of the
/// container, centred) and dimming when presented modally with ``TransitionEffect/scaleInCard(initialScale:sizeFraction:)``.
/// Backwards it shrinks back to ``initialScale`` and goes (the seed's dismissal).
///
/// In any other container (navigation, tabs, a custom container) there is no presentation controller:
/// the page grows from ``initialScale`` to fill the container, as its frames say, over the back page,
/// undimmed.
///
/// Differs from UIKit: the seed's animator written once, reversible, for every container; the seed's
/// 0.3 s along UIKit's default ease-in-ease-out.
@MainActor
public final class ScaleInCardAnimator: ReversibleTransitionAnimator {
    /// The seed's duration, in seconds.
    nonisolated public static let seedDuration = 0.3
    /// The seed's starting scale.
    nonisolated public static let defaultInitialScale: CGFloat = 0.1

    /// The front page's scale at the start.
    public let initialScale: CGFloat

    /// A card growing from `initialScale`; `reverse` plays it backwards.
    public init(initialScale: CGFloat = ScaleInCardAnimator.defaultInitialScale,
                duration: Double = ScaleInCardAnimator.seedDuration, reverse: Bool = false) {
        self.initialScale = initialScale
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front
        let small = Transform3D(scaleX: initialScale, y: initialScale)
        return (start: { front.transform3D = small }, end: { front.transform3D = .identity })
    }
}

extension TransitionEffect {
    /// The seeds' modal card: grows from `initialScale` (``ScaleInCardAnimator``); presented modally, at
    /// `sizeFraction` of the container over a dimming (``CardPresentationController``).
    public static func scaleInCard(initialScale: CGFloat = ScaleInCardAnimator.defaultInitialScale,
                                   sizeFraction: CGFloat = CardPresentationController.defaultSizeFraction) -> TransitionEffect {
        var effect = TransitionEffect(name: "scale-in card") { ScaleInCardAnimator(initialScale: initialScale, reverse: $0) }
        effect.makePresentationController = { presented, presenting in
            let controller = CardPresentationController(presentedViewController: presented, presenting: presenting)
            controller.sizeFraction = sizeFraction
            return controller
        }
        return effect
    }
}
