/// How early a gesture recognizer gets each touch in the window's arbitration (``GestureRecognizer/arenaPriority``):
/// recognizers with a higher priority get a touch first, so the one that can recognize first wins over
/// the others it may not recognize with.
///
/// Segue's own: UIKit gives its screen-edge pans precedence in private code, and apps reach for
/// `require(toFail:)` or delegate tricks to give other recognizers the same; here it is a documented
/// property, so that a full-width pop pan can have the edge pan's priority. The levels are spaced like
/// `UILayoutPriority`'s (250, 500, 750), so an app can name levels between them.
public struct GestureArenaPriority: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The level; higher goes first.
    public var rawValue: Int

    /// A priority of `rawValue` (``low``, ``normal`` and ``high`` are 250, 500 and 750).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// After every other recognizer of the touch.
    public static let low = GestureArenaPriority(rawValue: 250)
    /// Every recognizer's default: among themselves, recognizers of the same level get a touch from the
    /// hit view outwards (the view's own first, then its superview's, ...).
    public static let normal = GestureArenaPriority(rawValue: 500)
    /// Ahead of the normal level: the default of ``ScreenEdgePanGestureRecognizer``, and what a full-width
    /// pop pan needs to win over a pan in the page's content.
    public static let high = GestureArenaPriority(rawValue: 750)

    /// Lower priorities come first.
    public static func < (a: GestureArenaPriority, b: GestureArenaPriority) -> Bool { a.rawValue < b.rawValue }

    /// "low", "normal", "high", or the number for another level.
    public var description: String {
        switch self {
        case .low: "low"
        case .normal: "normal"
        case .high: "high"
        default: "\(rawValue)"
        }
    }
}
