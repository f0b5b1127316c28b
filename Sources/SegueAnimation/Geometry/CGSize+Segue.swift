import Foundation

/// What Segue adds to Foundation's `CGSize`: vector arithmetic.
extension CGSize {
    /// Component-wise sum.
    public static func + (l: CGSize, r: CGSize) -> CGSize { CGSize(width: l.width + r.width, height: l.height + r.height) }
    /// Component-wise difference.
    public static func - (l: CGSize, r: CGSize) -> CGSize { CGSize(width: l.width - r.width, height: l.height - r.height) }
    /// Both components scaled.
    public static func * (l: CGSize, s: CGFloat) -> CGSize { CGSize(width: l.width * s, height: l.height * s) }
}
