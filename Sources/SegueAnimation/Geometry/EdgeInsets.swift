/// Distances inward from each edge of a rectangle, in points (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    /// Inset from the top edge, in points.
    public var top: Double
    /// Inset from the left edge, in points.
    public var left: Double
    /// Inset from the bottom edge, in points.
    public var bottom: Double
    /// Inset from the right edge, in points.
    public var right: Double

    /// Insets from each edge, in points.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
