/// A width and a height, in points (Core Graphics' `CGSize`).
///
/// Differs from Core Graphics: components are `Double`, not `CGFloat`.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The width, in points.
    public var width: Double
    /// The height, in points.
    public var height: Double

    /// A size from its width and height.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size with zero width and height.
    public static let zero = Size(width: 0, height: 0)

    public var description: String { "(\(width) x \(height))" }

    /// Component-wise sum.
    public static func + (l: Size, r: Size) -> Size { Size(width: l.width + r.width, height: l.height + r.height) }
    /// Component-wise difference.
    public static func - (l: Size, r: Size) -> Size { Size(width: l.width - r.width, height: l.height - r.height) }
    /// Both dimensions scaled by `s`.
    public static func * (l: Size, s: Double) -> Size { Size(width: l.width * s, height: l.height * s) }
}
