import SegueAnimation

/// Portal: the back page splits down the middle into two halves that slide apart, left and right, like
/// doors opening, revealing the front page, which grows to its full size behind them.
///
/// Geometry, forwards, at progress `p`, for a back page of width `w`: its picture's left half moves
/// `-p·w/2` and its right half `+p·w/2` (at the end both are just off the page); the front page is
/// scaled by `revealedScale + (1 - revealedScale)·p` about its centre. The back page is hidden for the
/// effect and its halves are snapshots. With no back page (a presentation that keeps the presenter out
/// of the transition) only the front page grows.
///
/// Differs from UIKit: no stock counterpart (VCTransitionsLibrary's `PortalAnimationController`).
@MainActor
public final class PortalAnimator: ReversibleTransitionAnimator {
    /// The front page's scale when the doors start to open, a fraction of its size (our choice, near
    /// VCTransitionsLibrary's 0.8).
    public var revealedScale: Double = 0.8

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front
        var halves: [(view: View, away: Double)] = []
        if let back = stage.back {
            let size = back.bounds.size, half = size.width / 2
            let pieces = stage.addPieces(of: back, rects: [CGRect(x: 0, y: 0, width: half, height: size.height),
                                                           CGRect(x: half, y: 0, width: half, height: size.height)])
            stage.hide(back)
            halves = [(pieces[0], -half), (pieces[1], half)]
        }
        let scale = revealedScale
        func place(_ p: Double) {
            let s = scale + (1 - scale) * p
            front.transform3D = Transform3D(scaleX: s, y: s)
            for (view, away) in halves { view.transform3D = Transform3D(translationX: away * p, y: 0) }
        }
        return (start: { place(0) }, end: { place(1) })
    }
}

extension TransitionEffect {
    /// The back page opens like two doors onto the front page: ``PortalAnimator``.
    public static var portal: TransitionEffect {
        TransitionEffect(name: "portal") { PortalAnimator(reverse: $0) }
    }
}
