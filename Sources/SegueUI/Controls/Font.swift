/// A font: a size and a weight of the renderer's one typeface (`UIFont`).
///
/// Differs from UIKit: there is one family (the host's sans-serif, DejaVu Sans under Linux) in regular
/// and bold; no text styles or dynamic type.
public struct Font: Sendable, Hashable {
    /// The size, in points.
    public var pointSize: Double
    /// Whether the bold face is used.
    public var isBold: Bool

    /// UIKit's default label font size, 17 pt (the iOS "body" size).
    public static let defaultPointSize = 17.0

    /// The regular (or, with `isBold`, bold) face at `pointSize` points.
    public init(pointSize: Double, isBold: Bool = false) {
        self.pointSize = pointSize
        self.isBold = isBold
    }

    /// The regular face at `size` points.
    public static func systemFont(ofSize size: Double) -> Font { Font(pointSize: size) }
    /// The bold face at `size` points.
    public static func boldSystemFont(ofSize size: Double) -> Font { Font(pointSize: size, isBold: true) }
}
