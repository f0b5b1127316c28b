import SegueAnimation

/// Circle reveal (BubbleTransition, RadialTransition): the front page shows through a circle that grows
/// from a point until it covers the page's farthest corner; the page below darkens a little.
///
/// Geometry, forwards, at progress `p`: the front page's mask is a circle centred at ``origin`` (in the
/// front page's coordinates; its centre when `nil`) of radius `p·R`, where `R` is the distance from
/// there to the farthest corner of the page's bounds; a black shade over the back page has alpha
/// `shade·p`. The mask is a layer with that radius as its corner radius, animated by the view animation
/// (its bounds and corner radius), so scrubbing and reversing follow it like every other change.
///
/// Differs from UIKit: no stock counterpart (the libraries build it from a `CAShapeLayer` path
/// animation; Segue's masks are rounded rectangles, which a circle is).
@MainActor
public final class CircleRevealAnimator: ReversibleTransitionAnimator {
    /// Where the circle grows from, in the front page's coordinates; `nil`: the page's centre.
    public var origin: CGPoint?
    /// How dark the page below gets at the end: the alpha of the black shade over it (our choice: the
    /// demo's reveal dims the page below to 60%).
    public var shade: Double = 0.4

    /// A reveal growing from `origin` (the front page's centre when `nil`).
    public init(origin: CGPoint? = nil, duration: Double = ReversibleTransitionAnimator.defaultDuration, reverse: Bool = false) {
        self.origin = origin
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front
        let bounds = front.bounds
        let centre = origin ?? CGPoint(x: bounds.midX, y: bounds.midY)
        let corners = [CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
                       CGPoint(x: bounds.minX, y: bounds.maxY), CGPoint(x: bounds.maxX, y: bounds.maxY)]
        let radius = corners.map { $0.distance(to: centre) }.max() ?? 0
        let circle = Layer()
        View.performWithoutAnimation {
            circle.backgroundColor = .black
            circle.position = centre
        }
        stage.setMask(circle, on: front)
        let backShade = stage.back.map { stage.addShade(over: $0) }
        let darkest = shade
        func place(_ p: Double) {
            let r = radius * p
            circle.bounds = CGRect(x: 0, y: 0, width: 2 * r, height: 2 * r)
            circle.cornerRadius = r
            backShade?.alpha = darkest * p
        }
        return (start: { place(0) }, end: { place(1) })
    }
}

extension TransitionEffect {
    /// The front page shows through a circle growing from `origin` (its centre when `nil`):
    /// ``CircleRevealAnimator``.
    public static func circleReveal(from origin: CGPoint? = nil) -> TransitionEffect {
        TransitionEffect(name: "circle reveal") { CircleRevealAnimator(origin: origin, reverse: $0) }
    }
}
