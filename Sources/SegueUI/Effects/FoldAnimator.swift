import SegueAnimation

/// Fold: the front page arrives folded like a paper fan against its left edge and unfolds across the
/// back page: its picture is cut into vertical strips whose turns alternate, so that neighbouring strips
/// meet at a crease, the creases away from the viewer in shade. The page below darkens as it is covered.
///
/// Geometry, forwards, at progress `p`, for a front page at `(x, y, w, h)` cut into `n` strips of width
/// `s = w/n`: every strip is turned by `θ = (1 - p)·` ``foldAngle`` (even strips about their left edge,
/// their right edge going away; odd strips the other way about their right edge), strip `i` spanning
/// `x + i·s·cos θ ... x + (i + 1)·s·cos θ` across the page's plane, so that even strips' right edges and
/// odd strips' left edges meet at depth `-s·sin θ`. Seen in perspective from ``perspectiveDistance`` in
/// front of the container's centre. A strip's shade has alpha `shade·sin θ` (odd strips half that: the
/// light comes from the left); a black veil over the container below the strips has alpha
/// `backShade·p`.
///
/// The strips' places follow `cos θ`, which no pair of ends describes, so they are keyframed
/// (``keyframeCount`` segments, each exact at its ends: a chord of at most 90°/24 between them).
///
/// Differs from UIKit: no stock counterpart (VCTransitionsLibrary's `FoldAnimationController`).
@MainActor
public final class FoldAnimator: ReversibleTransitionAnimator {
    /// How many keyframes each strip's path has (our choice: at 24 a 90° fold moves under 4° between
    /// keyframes, where the interpolated strips stay within a point of the exact fan on a 400-point page).
    public static let keyframeCount = 24

    /// How many strips the page is cut into (at least 1).
    public var strips: Int
    /// How far each strip is turned when the page is fully folded, in radians (a quarter turn less a
    /// hair: the folded page is edge-on, with the strips' turn still a definite direction).
    public var foldAngle: Double = .pi / 2 - 0.001
    /// How dark a strip turned edge-on gets: the alpha of the black shade over it (our choice).
    public var shade: Double = 0.5
    /// How dark the page below gets when covered: the alpha of the black veil over it (our choice).
    public var backShade: Double = 0.3
    /// The viewer's distance in front of the container, in points (`m34 = -1/distance`; our choice).
    public var perspectiveDistance: Double = 1000

    /// A fold of `strips` strips.
    public init(strips: Int = 6, duration: Double = ReversibleTransitionAnimator.defaultDuration, reverse: Bool = false) {
        precondition(strips >= 1, "FoldAnimator: at least one strip")
        self.strips = strips
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front, container = stage.container
        let eye = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
        let veil = View(frame: container.bounds)
        veil.backgroundColor = .black
        veil.alpha = 0
        veil.isUserInteractionEnabled = false
        stage.addTemporary(veil)
        let n = strips, size = front.bounds.size, width = size.width / Double(n)
        let rects = (0..<n).map { CGRect(x: Double($0) * width, y: 0, width: width, height: size.height) }
        let pieces = stage.addPieces(of: front, rects: rects)
        stage.hide(front)
        let curve = curve.timingFunction
        let (angle, darkest, distance) = (foldAngle, shade, perspectiveDistance)
        for (i, strip) in pieces.enumerated() {
            let even = i % 2 == 0
            let stripShade = stage.addShade(over: strip, inside: true)
            // Even strips turn about their left edge, odd strips about their right edge.
            let anchor = CGPoint(x: even ? 0 : 1, y: 0.5)
            View.performWithoutAnimation {
                let f = strip.frame
                strip.layer.anchorPoint = anchor
                strip.layer.position = CGPoint(x: f.minX + anchor.x * f.width, y: f.midY)
            }
            let position = strip.layer.position
            // The anchored edge's distance from the page's left edge, flat.
            let flatEdge = Double(even ? i : i + 1) * width
            stage.animate(.transform, of: strip.layer, forKey: "fold", keyframes: Self.keyframeCount, timingFunction: curve) { p in
                let theta = angle * (1 - p)
                // Row-vector rotation about y: a positive angle takes x > 0 away from the viewer.
                let turn = Transform3D(rotationAngle: even ? theta : -theta, x: 0, y: 1, z: 0)
                let shift = Transform3D(translationX: flatEdge * cos(theta) - flatEdge, y: 0)
                return turn.concatenating(shift).seenInPerspective(distance: distance, from: eye, anchor: position)
            }
            stage.animate(.opacity, of: stripShade.layer, forKey: "fold.shade", keyframes: Self.keyframeCount,
                          timingFunction: curve) { p in
                CGFloat(darkest * sin(angle * (1 - p)) * (even ? 1 : 0.5))
            }
        }
        let veiled = backShade
        return (start: { veil.alpha = 0 }, end: { veil.alpha = veiled })
    }
}

extension TransitionEffect {
    /// The front page unfolds like a paper fan of `strips` strips: ``FoldAnimator``.
    public static func fold(strips: Int = 6) -> TransitionEffect {
        TransitionEffect(name: "fold \(strips) strips") { FoldAnimator(strips: strips, reverse: $0) }
    }
}
