/// A rectangle: an origin and a size, in points (Core Graphics' `CGRect`).
///
/// Differs from Core Graphics: components are `Double`, and a rectangle is never "null" or "infinite";
/// a negative size is standardized by ``standardized`` only when asked.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner with the smallest coordinates (for a standardized rectangle).
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// A rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its origin's coordinates and its size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at (0, 0) with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The width (may be negative if not standardized).
    public var width: Double { size.width }
    /// The height (may be negative if not standardized).
    public var height: Double { size.height }
    /// The smallest x coordinate.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The largest x coordinate.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y coordinate.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest y coordinate.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x coordinate of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }
    /// True when the width or the height is zero.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: abs(size.width), height: abs(size.height))
    }

    /// Whether `point` lies inside the rectangle (the maximum edges are outside, as in Core Graphics).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let s = standardized
        return Rect(x: s.origin.x + dx, y: s.origin.y + dy, width: s.width - 2 * dx, height: s.height - 2 * dy)
    }

    /// The rectangle shrunk by `insets`.
    public func inset(by insets: EdgeInsets) -> Rect {
        let s = standardized
        return Rect(x: s.origin.x + insets.left, y: s.origin.y + insets.top,
                    width: s.width - insets.left - insets.right, height: s.height - insets.top - insets.bottom)
    }

    /// The smallest rectangle containing both rectangles.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The overlap of both rectangles, or nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the two rectangles overlap.
    public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    /// The bounding box of the rectangle's four corners under an affine transform
    /// (`CGRectApplyAffineTransform`).
    public func applying(_ t: AffineTransform) -> Rect {
        let corners = [Point(x: minX, y: minY), Point(x: maxX, y: minY),
                       Point(x: minX, y: maxY), Point(x: maxX, y: maxY)].map { $0.applying(t) }
        return Rect.boundingBox(of: corners)
    }

    /// The smallest axis-aligned rectangle containing `points` (`.zero` for none).
    public static func boundingBox(of points: [Point]) -> Rect {
        guard let first = points.first else { return .zero }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for p in points.dropFirst() {
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
