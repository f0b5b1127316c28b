import SegueAnimation

/// Cube: the two pages are two faces of a cube that turns a quarter turn, the front page coming round
/// from the right (horizontal) or from below (vertical), each face darkening as it turns away.
///
/// Geometry, forwards, at progress `p`, for the horizontal cube and the front page's frame
/// `(x, y, w, h)`: the faces share their edge at `x + w·(1 - p)` (moving straight across the page's
/// plane) and stay at right angles; the back page turns `-p·90°` about y around its right edge, the
/// front page `(1 - p)·90°` around its left edge, both seen in perspective from
/// ``perspectiveDistance`` in front of the container's centre. The back face's shade has alpha
/// `shade·p`, the front face's `shade·(1 - p)`. The vertical cube is the same about x, the front page
/// coming up from below. Back faces are culled.
///
/// Differs from UIKit: no stock counterpart (VCTransitionsLibrary's `CubeAnimationController`). The
/// shared edge moves in a straight line rather than on the cube's circle, so the cube recedes a little
/// mid-turn instead of swinging its corner towards the viewer; every frame is still a rigid right-angled
/// pair of faces, and each face's motion is an exact rotation and translation that view animations
/// interpolate without drift.
@MainActor
public final class CubeAnimator: ReversibleTransitionAnimator {
    /// The axis the cube turns about.
    public enum Axis: Sendable {
        /// About a vertical axis: the front page comes round from the right.
        case horizontal
        /// About a horizontal axis: the front page comes up from below.
        case vertical
    }

    /// The axis the cube turns about.
    public var axis: Axis
    /// How dark a face gets when it is edge-on: the alpha of the black shade over it (our choice).
    public var shade: Double = 0.5
    /// The viewer's distance in front of the container, in points (`m34 = -1/distance`; our choice).
    public var perspectiveDistance: Double = 1000

    /// A cube turning about `axis`.
    public init(axis: Axis = .horizontal, duration: Double = ReversibleTransitionAnimator.defaultDuration,
                reverse: Bool = false) {
        self.axis = axis
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front, back = stage.back, container = stage.container
        let eye = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
        let frame = front.frame
        let horizontal = axis == .horizontal
        // The shared edge runs from the front page's far side (right or bottom) to its near side.
        let travel = horizontal ? frame.width : frame.height
        let quarter = Double.pi / 2
        let (darkest, distance) = (shade, perspectiveDistance)
        // Each face turns about the shared edge: the back page about its right (bottom) edge, the front
        // page about its left (top) edge. Positions keep the pages where they are.
        let backAnchor = horizontal ? CGPoint(x: 1, y: 0.5) : CGPoint(x: 0.5, y: 1)
        let frontAnchor = horizontal ? CGPoint(x: 0, y: 0.5) : CGPoint(x: 0.5, y: 0)
        let frontShade = stage.addShade(over: front)
        let backShade = back.map { stage.addShade(over: $0) }
        for (view, anchor) in [(front, frontAnchor), (frontShade, frontAnchor)] + (back.map { [($0, backAnchor)] } ?? [])
            + (backShade.map { [($0, backAnchor)] } ?? []) {
            stage.remember(view)
            View.performWithoutAnimation {
                let f = view.frame
                view.layer.anchorPoint = anchor
                view.layer.position = CGPoint(x: f.minX + anchor.x * f.width, y: f.minY + anchor.y * f.height)
                view.layer.isDoubleSided = false
            }
        }
        // A face's pose: turned by `angle` about its anchored edge, moved by `offset` along the travel.
        func pose(_ view: View, angle: Double, offset: Double) -> Transform3D {
            let turn = horizontal ? Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
                                  : Transform3D(rotationAngle: angle, x: 1, y: 0, z: 0)
            let move = horizontal ? Transform3D(translationX: offset, y: 0) : Transform3D(translationX: 0, y: offset)
            return turn.concatenating(move).seenInPerspective(distance: distance, from: eye, anchor: view.layer.position)
        }
        func place(_ p: Double) {
            // Horizontal: the back page's left side turns away for a negative angle about y; vertical:
            // its top turns away for a positive angle about x (row-vector rotations).
            let backAngle = (horizontal ? -quarter : quarter) * p
            let frontAngle = (horizontal ? quarter : -quarter) * (1 - p)
            for view in [front, frontShade] { view.transform3D = pose(view, angle: frontAngle, offset: travel * (1 - p)) }
            for view in [back, backShade].compactMap({ $0 }) { view.transform3D = pose(view, angle: backAngle, offset: -travel * p) }
            frontShade.alpha = darkest * (1 - p)
            backShade?.alpha = darkest * p
        }
        return (start: { place(0) }, end: { place(1) })
    }
}

extension TransitionEffect {
    /// The pages turn as two faces of a cube about `axis`: ``CubeAnimator``.
    public static func cube(_ axis: CubeAnimator.Axis = .horizontal) -> TransitionEffect {
        TransitionEffect(name: axis == .horizontal ? "cube horizontal" : "cube vertical") {
            CubeAnimator(axis: axis, reverse: $0)
        }
    }
}
