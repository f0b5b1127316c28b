import SegueAnimation

/// Flip: the two pages are the two sides of a card that turns over, as UIKit's legacy
/// `transitionFlipFromLeft`, `...FromRight`, `...FromTop` and `...FromBottom` options do; the side facing
/// away is not drawn (back faces culled).
///
/// Geometry, forwards, at progress `p`, for ``Direction/fromLeft``: the back page turns `a·p` about its
/// vertical centre line (its left side towards the viewer), the front page `-a·(1 - p)`, with
/// `a = π - ` ``halfTurnShortfall``, both seen in perspective from ``perspectiveDistance`` in front of
/// the container's centre. `fromRight` turns the other way; `fromTop` and `fromBottom` turn about the
/// horizontal centre line (the top, or the bottom, towards the viewer).
///
/// Differs from UIKit: UIKit's options work only in `transition(from:to:duration:options:)` and
/// `UIView.transition(with:...)`; this works in every container, forwards and backwards, scrubbed.
@MainActor
public final class FlipAnimator: ReversibleTransitionAnimator {
    /// Which side of the card comes towards the viewer (the names of UIKit's options).
    public enum Direction: Sendable, CaseIterable {
        /// About the vertical axis, the left side towards the viewer (`transitionFlipFromLeft`).
        case fromLeft
        /// About the vertical axis, the right side towards the viewer (`transitionFlipFromRight`).
        case fromRight
        /// About the horizontal axis, the top towards the viewer (`transitionFlipFromTop`).
        case fromTop
        /// About the horizontal axis, the bottom towards the viewer (`transitionFlipFromBottom`).
        case fromBottom

        var name: String {
            switch self {
            case .fromLeft: "from left"
            case .fromRight: "from right"
            case .fromTop: "from top"
            case .fromBottom: "from bottom"
            }
        }
    }

    /// How much less than a half turn the card turns, in radians. An exact half turn is the same
    /// matrix whichever way it goes, so its direction would be lost when the transform is interpolated
    /// (the short way round is undefined); a thousandth of a radian (0.06°) is invisible, and the page
    /// that ends that far from edge-on is seen from behind and culled.
    public static let halfTurnShortfall = 0.001

    /// Which side comes towards the viewer.
    public var direction: Direction
    /// The viewer's distance in front of the container, in points (`m34 = -1/distance`; our choice).
    public var perspectiveDistance: Double = 1000

    /// A flip in `direction`.
    public init(direction: Direction = .fromLeft, duration: Double = ReversibleTransitionAnimator.defaultDuration,
                reverse: Bool = false) {
        self.direction = direction
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front, back = stage.back, container = stage.container
        let eye = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
        let distance = perspectiveDistance
        // Row-vector rotations: about y a positive angle brings the left side (x < 0) towards the viewer;
        // about x a negative angle brings the top (y < 0) towards the viewer.
        let turn = Double.pi - Self.halfTurnShortfall
        let (axis, sign): ((Double, Double, Double), Double) = switch direction {
        case .fromLeft: ((0, 1, 0), 1)
        case .fromRight: ((0, 1, 0), -1)
        case .fromTop: ((1, 0, 0), -1)
        case .fromBottom: ((1, 0, 0), 1)
        }
        View.performWithoutAnimation {
            front.layer.isDoubleSided = false
            back?.layer.isDoubleSided = false
        }
        func pose(_ view: View, _ angle: Double) -> Transform3D {
            Transform3D(rotationAngle: angle, x: axis.0, y: axis.1, z: axis.2)
                .seenInPerspective(distance: distance, from: eye, anchor: view.layer.position)
        }
        func place(_ p: Double) {
            back?.transform3D = pose(back!, sign * turn * p)
            front.transform3D = pose(front, -sign * turn * (1 - p))
        }
        return (start: { place(0) }, end: { place(1) })
    }
}

extension TransitionEffect {
    /// The pages are the two sides of a card turning over: ``FlipAnimator``.
    public static func flip(_ direction: FlipAnimator.Direction = .fromLeft) -> TransitionEffect {
        TransitionEffect(name: "flip \(direction.name)") { FlipAnimator(direction: direction, reverse: $0) }
    }
}
