/// How a view's frame follows its superview's bounds when they change size (`UIView.AutoresizingMask`).
///
/// Same rule as UIKit: along each axis the change is shared among the flexible parts (left margin, width,
/// right margin; top margin, height, bottom margin) in proportion to their current sizes, or equally if
/// those are all zero; with no flexible part, the view keeps its distance from the top-left corner.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}
