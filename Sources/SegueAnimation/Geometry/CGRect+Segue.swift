import Foundation

/// What Segue adds to Foundation's `CGRect` (which already has `midX`, `insetBy`, `offsetBy`,
/// `union`, `intersection`, `contains`, `standardized`, ...).
extension CGRect {
    /// The centre point.
    public var center: CGPoint { CGPoint(x: midX, y: midY) }

    /// The rectangle shrunk by `insets` on each side (UIKit's `inset(by:)`).
    public func inset(by insets: EdgeInsets) -> CGRect {
        let s = standardized
        return CGRect(x: s.origin.x + insets.left, y: s.origin.y + insets.top,
                      width: s.width - insets.left - insets.right, height: s.height - insets.top - insets.bottom)
    }

    /// The bounding box of the rectangle's corners transformed by `t` (Core Graphics' `applying(_:)`).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        CGRect.boundingBox(of: [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
                                CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)].map { $0.applying(t) })
    }

    /// The smallest rectangle containing `points` (`.zero` for none).
    public static func boundingBox(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .zero }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for p in points.dropFirst() {
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y); x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension CGRect {
    /// The overlap with `other` when it has an area, else nil (Foundation's `intersection(_:)` returns
    /// the null rectangle, or an empty one for rectangles that only touch).
    public func nonEmptyIntersection(_ other: CGRect) -> CGRect? {
        let r = intersection(other)
        return r.isNull || r.width <= 0 || r.height <= 0 ? nil : r
    }
}
