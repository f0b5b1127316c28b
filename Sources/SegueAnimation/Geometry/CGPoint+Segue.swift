import Foundation

/// What Segue adds to Foundation's `CGPoint` (Segue's geometry is Foundation's, as UIKit's is Core
/// Graphics'): vector arithmetic and distances.
extension CGPoint {
    /// The straight-line distance to `other`, in points.
    public func distance(to other: CGPoint) -> CGFloat {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }

    /// The point transformed by `t` (Core Graphics' `applying(_:)`).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }

    /// Component-wise sum.
    public static func + (l: CGPoint, r: CGPoint) -> CGPoint { CGPoint(x: l.x + r.x, y: l.y + r.y) }
    /// Component-wise difference.
    public static func - (l: CGPoint, r: CGPoint) -> CGPoint { CGPoint(x: l.x - r.x, y: l.y - r.y) }
    /// Both components scaled.
    public static func * (l: CGPoint, s: CGFloat) -> CGPoint { CGPoint(x: l.x * s, y: l.y * s) }
}
