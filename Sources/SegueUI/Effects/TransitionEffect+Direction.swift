import SegueAnimation

extension TransitionEffect {
    /// Which way a planar effect moves its pages, forwards: the way the arriving (front) page travels as it
    /// comes in, and the way the page it replaces travels as it goes. `.left` is a push's direction (the
    /// new page comes in from the right edge and moves left); backwards, everything travels the other way.
    ///
    /// Differs from UIKit: Segue's own (CATransition's `subtype` names the edge a page comes from instead:
    /// `.fromRight` is `.left` here).
    public enum Direction: String, Sendable, CaseIterable {
        case left, right, up, down

        /// The opposite direction.
        public var opposite: Direction {
            switch self {
            case .left: .right
            case .right: .left
            case .up: .down
            case .down: .up
            }
        }

        /// The translation, in points, that moves `frame` along this direction until it is just outside
        /// `bounds` (its trailing side on `bounds`' edge): a full page width or height for a page that
        /// fills its container, more for a sheet that starts below its container's top.
        public func offset(movingOut frame: CGRect, of bounds: CGRect) -> CGPoint {
            switch self {
            case .left: CGPoint(x: bounds.minX - frame.maxX, y: 0)
            case .right: CGPoint(x: bounds.maxX - frame.minX, y: 0)
            case .up: CGPoint(x: 0, y: bounds.minY - frame.maxY)
            case .down: CGPoint(x: 0, y: bounds.maxY - frame.minY)
            }
        }
    }
}

extension EffectStage {
    /// Where a page must be translated to be just outside the container on `direction`'s side: the start
    /// of a page that arrives moving the other way, or the end of one that leaves moving this way.
    /// `fraction` scales it (a parallax step).
    func translation(of page: View, outTowards direction: TransitionEffect.Direction, fraction: CGFloat = 1) -> Transform3D {
        let d = direction.offset(movingOut: page.frame, of: container.bounds)
        return Transform3D(translationX: d.x * fraction, y: d.y * fraction)
    }
}
