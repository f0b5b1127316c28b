/// A location in a two-dimensional coordinate system, in points (Core Graphics' `CGPoint`).
///
/// Differs from Core Graphics: components are `Double`, not `CGFloat`.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, in points (growing rightwards).
    public var x: Double
    /// The vertical coordinate, in points (growing downwards, as in UIKit).
    public var y: Double

    /// A point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The distance from this point to `other`.
    public func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }

    /// The point transformed by an affine transform (`CGPointApplyAffineTransform`).
    public func applying(_ t: AffineTransform) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }

    public var description: String { "(\(x), \(y))" }

    /// Component-wise sum.
    public static func + (l: Point, r: Point) -> Point { Point(x: l.x + r.x, y: l.y + r.y) }
    /// Component-wise difference.
    public static func - (l: Point, r: Point) -> Point { Point(x: l.x - r.x, y: l.y - r.y) }
    /// Both coordinates scaled by `s`.
    public static func * (l: Point, s: Double) -> Point { Point(x: l.x * s, y: l.y * s) }
}
