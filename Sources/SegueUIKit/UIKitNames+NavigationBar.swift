import Foundation
import SegueUI

/// Segue's `NavigationBarAppearance`: how a navigation bar looks (background, blur, hairline, title attributes).
public typealias UINavigationBarAppearance = NavigationBarAppearance
/// Segue's `LineBreakMode`: how a label shortens text that does not fit.
public typealias NSLineBreakMode = LineBreakMode

extension Font {
    /// `UIFont.Weight`: Segue draws two weights, so every weight from semibold up is bold.
    public struct Weight: Sendable, Hashable {
        /// The weight's value, as UIKit's (-1 ultra light ... 1 black; semibold 0.3).
        public let rawValue: Double
        /// A weight of `rawValue`.
        public init(rawValue: Double) { self.rawValue = rawValue }
        /// Ultra light.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// Thin.
        public static let thin = Weight(rawValue: -0.6)
        /// Light.
        public static let light = Weight(rawValue: -0.4)
        /// Regular (the regular face).
        public static let regular = Weight(rawValue: 0)
        /// Medium (drawn regular).
        public static let medium = Weight(rawValue: 0.23)
        /// Semibold (drawn bold; UIKit's bar titles).
        public static let semibold = Weight(rawValue: 0.3)
        /// Bold.
        public static let bold = Weight(rawValue: 0.4)
        /// Heavy (drawn bold).
        public static let heavy = Weight(rawValue: 0.56)
        /// Black (drawn bold).
        public static let black = Weight(rawValue: 0.62)
    }

    /// The system font at `size` points and `weight` (`UIFont.systemFont(ofSize:weight:)`): bold from
    /// semibold up, regular below (DejaVu Sans has the two faces).
    public static func systemFont(ofSize size: Double, weight: Weight) -> Font {
        Font(pointSize: size, isBold: weight.rawValue >= Weight.semibold.rawValue)
    }
}

extension String {
    /// The size the string takes on one line in the attributes' `.font` (17 pt by default), as
    /// `NSString.size(withAttributes:)` measures it (`TextMeasurement`; no rounding, as UIKit).
    @MainActor
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        let font = attributes?[.font] as? Font ?? .systemFont(ofSize: Font.defaultPointSize)
        guard !isEmpty else { return .zero }
        let lines = split(separator: "\n", omittingEmptySubsequences: false)
        let width = lines.map { font.width(of: String($0)) }.max() ?? 0
        return CGSize(width: width, height: Double(lines.count) * font.lineHeight)
    }
}

extension Color {
    /// iOS's system red in light mode (255, 59, 48).
    public static let systemRed = Color(rgb: 0xFF3B30)
    /// iOS's system green in light mode (52, 199, 89).
    public static let systemGreen = Color(rgb: 0x34C759)
    /// iOS's system orange in light mode (255, 149, 0).
    public static let systemOrange = Color(rgb: 0xFF9500)
    /// iOS's system background in light mode (white; Segue has no dark mode).
    public static let systemBackground = Color.white
    /// iOS's label colour in light mode (black).
    public static let label = Color.black
    /// UIKit's `lightText`: white at 60 %, for text on dark backgrounds.
    public static let lightText = Color(white: 1, alpha: 0.6)
    /// UIKit's `darkText`: black.
    public static let darkText = Color.black
}
