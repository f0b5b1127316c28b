/// How a view's frame follows its superview's bounds when they change size (`UIView.AutoresizingMask`).
///
/// Same rule as UIKit: along each axis the change is shared among the flexible parts (left margin, width,
/// right margin; top margin, height, bottom margin) in proportion to their current sizes, or equally if
/// those are all zero; with no flexible part, the view keeps its distance from the top-left corner.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    /// The option set's bits.
    public let rawValue: UInt
    /// An option set of these bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The distance from the superview's left edge takes part of the change.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width takes part of the change.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The distance from the superview's right edge takes part of the change.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The distance from the superview's top edge takes part of the change.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height takes part of the change.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The distance from the superview's bottom edge takes part of the change.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}
