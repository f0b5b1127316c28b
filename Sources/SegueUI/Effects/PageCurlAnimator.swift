import SegueAnimation

/// Page curl, approximated: a picture of a page turns about its top edge, darkening as it turns, as
/// UIKit's legacy `transitionCurlUp` and `transitionCurlDown` options lift a page off or lay one down.
///
/// ``Direction/up``: the back page lifts away, revealing the front page below it. ``Direction/down``:
/// the front page comes down over the back page. Either way the page that moves is replaced, for the
/// effect, by its snapshot (with a shade over it) and is hidden.
///
/// Geometry, forwards, at progress `p`: for `up` the back page's picture turns `-p·a` about x around its
/// top edge (its bottom edge going away from the viewer, up the page), its shade at alpha `shade·p`;
/// for `down` the front page's picture turns `-(1 - p)·a`, its shade at `shade·(1 - p)`. Seen in
/// perspective from ``perspectiveDistance`` in front of the container's centre. The lift `a` is
/// ``liftAngle``, or by default the angle at which the viewer sees the page edge-on,
/// `π/2 + atan((eye.y - top) / distance)` (a page turned only a quarter turn lies flat above the
/// viewer's eye and is seen from below), plus ``pastEdgeOn``: the page lifted away is seen from behind
/// and culled.
///
/// Differs from UIKit: UIKit curls the page along a cylinder that sweeps diagonally, showing the back
/// of the paper; Segue's approximation turns the page flat about its top edge (no cylinder, no paper
/// back), in every container, forwards and backwards, scrubbed.
@MainActor
public final class PageCurlAnimator: ReversibleTransitionAnimator {
    /// Which way the page goes on a forward transition.
    public enum Direction: Sendable, CaseIterable {
        /// The back page lifts off (`transitionCurlUp`).
        case up
        /// The front page comes down (`transitionCurlDown`).
        case down
    }

    /// Which way the page goes forwards.
    public var direction: Direction
    /// How far past edge-on (as the viewer sees it) the default lift goes, in radians: a thousandth, so
    /// that the lifted page is seen from behind and culled rather than drawn as a line.
    public static let pastEdgeOn = 0.001

    /// How far the page turns about its top edge when fully lifted, in radians; `nil` (the default):
    /// until the viewer sees it edge-on, and ``pastEdgeOn`` beyond (nothing of it left to see).
    public var liftAngle: Double?
    /// How dark the page gets when fully lifted: the alpha of the black shade over it (our choice).
    public var shade: Double = 0.45
    /// The viewer's distance in front of the container, in points (`m34 = -1/distance`; our choice).
    public var perspectiveDistance: Double = 1000

    /// A page curl going `direction` forwards.
    public init(direction: Direction = .up, duration: Double = ReversibleTransitionAnimator.defaultDuration,
                reverse: Bool = false) {
        self.direction = direction
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let container = stage.container
        // The page that moves: curl up lifts the back page off; curl down lays the front page down (and
        // with no back page, curl up lays the front page down too, the only page there is).
        let lifting = direction == .up && stage.back != nil
        let page = lifting ? stage.back! : stage.front
        let eye = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
        let sheet = stage.addPieces(of: page, rects: [page.bounds])[0]
        let sheetShade = stage.addShade(over: sheet, inside: true)
        stage.hide(page)
        View.performWithoutAnimation {
            let f = sheet.frame
            sheet.layer.anchorPoint = CGPoint(x: 0.5, y: 0)
            sheet.layer.position = CGPoint(x: f.midX, y: f.minY)
        }
        let distance = perspectiveDistance
        let lift = liftAngle ?? (.pi / 2 + atan((eye.y - sheet.frame.minY) / distance) + Self.pastEdgeOn)
        sheet.layer.isDoubleSided = false
        let darkest = shade
        func place(_ p: Double) {
            // How far lifted: the back page lifts as p grows, the front page settles.
            let lifted = lifting ? p : 1 - p
            // About x a negative angle takes the part below the top edge (y > 0) away from the viewer.
            sheet.transform3D = Transform3D(rotationAngle: -lift * lifted, x: 1, y: 0, z: 0)
                .seenInPerspective(distance: distance, from: eye, anchor: sheet.layer.position)
            sheetShade.alpha = darkest * lifted
        }
        return (start: { place(0) }, end: { place(1) })
    }
}

extension TransitionEffect {
    /// A page lifts off (`.up`) or comes down (`.down`) about its top edge: ``PageCurlAnimator``.
    public static func pageCurl(_ direction: PageCurlAnimator.Direction = .up) -> TransitionEffect {
        TransitionEffect(name: direction == .up ? "page curl up" : "page curl down") {
            PageCurlAnimator(direction: direction, reverse: $0)
        }
    }
}
