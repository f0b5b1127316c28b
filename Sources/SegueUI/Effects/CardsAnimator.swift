import SegueAnimation

/// Cards: the back page tilts back (its top edge turning away about its horizontal centre line) and
/// shrinks a little, darkening, while the front page rises over it from the bottom of the container.
///
/// Geometry, forwards, at progress `p`: the back page's pose is a uniform scale
/// `1 - (1 - recededScale)·p` times a rotation of `tiltAngle·p` about x, seen in perspective from
/// ``perspectiveDistance`` in front of the container's centre; a black shade over it has alpha
/// `shade·p`; the front page is moved down by `(1 - p)` times the distance from its top to the bottom
/// of the container.
///
/// Differs from UIKit: no stock counterpart (the "cards" effect of VCTransitionsLibrary and of iOS's
/// stacked sheets).
@MainActor
public final class CardsAnimator: ReversibleTransitionAnimator {
    /// How far the back page tilts back at the end, in radians (our choice: 15°, a clear tilt that keeps
    /// the page readable).
    public var tiltAngle: Double = .pi / 12
    /// The back page's scale at the end, a fraction of its size (our choice, near iOS's stacked sheet).
    public var recededScale: Double = 0.9
    /// How dark the back page gets at the end: the alpha of the black shade over it (our choice).
    public var shade: Double = 0.35
    /// The viewer's distance in front of the container, in points (`m34 = -1/distance`; our choice: a
    /// visible depth for pages up to about 1000 points).
    public var perspectiveDistance: Double = 1000

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front, back = stage.back, container = stage.container
        let eye = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
        let rise = container.bounds.maxY - front.frame.minY
        let shadeView = back.map { stage.addShade(over: $0) }
        let (tilt, scale, darkest, distance) = (tiltAngle, recededScale, shade, perspectiveDistance)
        func backPose(_ p: Double) -> Transform3D {
            guard let back else { return .identity }
            let s = 1 - (1 - scale) * p
            return Transform3D(scaleX: s, y: s, z: s).rotated(by: tilt * p, x: 1, y: 0, z: 0)
                .seenInPerspective(distance: distance, from: eye, anchor: back.layer.position)
        }
        func pose(_ p: Double) {
            front.transform3D = Transform3D(translationX: 0, y: rise * (1 - p))
            back?.transform3D = backPose(p)
            shadeView?.transform3D = backPose(p)
            shadeView?.alpha = darkest * p
        }
        return (start: { pose(0) }, end: { pose(1) })
    }
}

extension TransitionEffect {
    /// The back page tilts back and recedes while the front page rises over it: ``CardsAnimator``.
    public static var cards: TransitionEffect {
        TransitionEffect(name: "cards") { CardsAnimator(reverse: $0) }
    }
}
