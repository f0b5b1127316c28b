/// A width and a height, in points (Core Graphics' `CGSize`).
///
/// Differs from Core Graphics: components are `Double`, not `CGFloat`.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size with zero width and height.
    public static let zero = Size(width: 0, height: 0)

    public var description: String { "(\(width) x \(height))" }

    public static func + (l: Size, r: Size) -> Size { Size(width: l.width + r.width, height: l.height + r.height) }
    public static func - (l: Size, r: Size) -> Size { Size(width: l.width - r.width, height: l.height - r.height) }
    public static func * (l: Size, s: Double) -> Size { Size(width: l.width * s, height: l.height * s) }
}
