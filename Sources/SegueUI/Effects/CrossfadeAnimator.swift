import SegueAnimation

/// Crossfade: the front page fades in over the back page (a push or present), or out of it (a pop or
/// dismiss). The back page stays as it is.
///
/// Differs from UIKit: UIKit's `.crossDissolve` modal style fades the presented view the same way; Segue's
/// works in every container.
@MainActor
public final class CrossfadeAnimator: ReversibleTransitionAnimator {
    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front
        return (start: { front.alpha = 0 }, end: { front.alpha = 1 })
    }
}

extension TransitionEffect {
    /// The front page fades in (or out, backwards) over the back page: ``CrossfadeAnimator``.
    public static var crossfade: TransitionEffect {
        TransitionEffect(name: "crossfade") { CrossfadeAnimator(reverse: $0) }
    }
}
