/// A colour: red, green, blue and alpha components, each in 0...1, not premultiplied.
///
/// Stands in for both `CGColor` and `UIColor`. Differs from them: a plain value with no colour space
/// (components are sRGB), and interpolation is component-wise, as Core Animation does.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// A colour from its components, each 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey of the given brightness (UIKit's `UIColor(white:alpha:)`).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from a 24-bit `0xRRGGBB` value.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour with another alpha.
    public func withAlphaComponent(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Black.
    public static let black = Color(white: 0)
    /// White.
    public static let white = Color(white: 1)
    /// Mid grey (white 0.5).
    public static let gray = Color(white: 0.5)
    /// Light grey (white 2/3, as UIKit).
    public static let lightGray = Color(white: 2.0 / 3.0)
    /// Dark grey (white 1/3, as UIKit).
    public static let darkGray = Color(white: 1.0 / 3.0)
    /// Pure red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Pure green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Pure blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// iOS's system blue (0, 122, 255), used for tint.
    public static let systemBlue = Color(rgb: 0x007AFF)
    /// iOS's grouped background grey (242, 242, 247).
    public static let systemGroupedBackground = Color(rgb: 0xF2F2F7)

    /// `rgba(red, green, blue, alpha)` with components in 0...1, for debugging.
    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}

/// Core Graphics' colour type is Segue's ``Color``: layer colours (`backgroundColor`, `borderColor`,
/// `shadowColor`) are `CGColor?` as in Core Animation, and `UIColor.cgColor` is the colour itself.
/// Differs from Core Graphics: a value type in sRGB with Double components, not a reference type with
/// a colour space.
public typealias CGColor = Color

extension Color {
    /// The colour as a `CGColor` (the same value: Segue has one colour type).
    public var cgColor: CGColor { self }

    /// A colour from a `CGColor` (`UIColor(cgColor:)`).
    public init(cgColor: CGColor) { self = cgColor }

    /// Nil for a fully transparent colour (how a layer reads back "no colour").
    var nilIfClear: Color? { alpha == 0 ? nil : self }
}

