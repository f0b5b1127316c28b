import Foundation
import SegueAnimation

extension NSAttributedString.Key {
    /// The text colour attribute (a `Color`), as UIKit defines it for `titleTextAttributes`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The font attribute (a ``Font``), as UIKit defines it for `titleTextAttributes`.
    public static let font = NSAttributedString.Key("NSFont")
}

/// How a navigation bar looks (`UINavigationBarAppearance`): its background (colour and blur), the hairline
/// under it, and the attributes of its titles. A bar has one for each situation (standard, at the scroll edge,
/// compact) and each page's ``NavigationItem`` may give its own; the bar blends between them as the page's
/// content scrolls under it and as a push or pop moves from one page to the next.
///
/// Differs from UIKit: no background image, button appearances or title position adjustment; the title
/// attributes read are `.foregroundColor` (a `Color`) and `.font` (a ``Font``). A fresh appearance is
/// configured with the default background, as UIKit's `init()` is.
@MainActor
public final class NavigationBarAppearance {
    /// The colour over the background effect (nil: none).
    public var backgroundColor: Color?
    /// The blur behind the bar (nil: none).
    public var backgroundEffect: BlurEffect?
    /// The hairline at the bar's bottom edge (nil or clear: none).
    public var shadowColor: Color?
    /// The inline title's attributes (`.foregroundColor`, `.font`).
    public var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The large title's attributes (`.foregroundColor`, `.font`).
    public var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]

    /// The default background's blur: iOS bars blur with the chrome material.
    public static let defaultBackgroundEffect = BlurEffect.Style.systemChromeMaterial
    /// The hairline's colour in the default and opaque configurations (UIKit's separator: black at 30 %).
    public static let defaultShadowColor = Color(white: 0, alpha: 0.3)
    /// The opaque background's colour (UIKit's `systemBackground` in light mode).
    public static let opaqueBackgroundColor = Color.white

    /// An appearance with the default background (`configureWithDefaultBackground()`).
    public init() {
        configureWithDefaultBackground()
    }

    /// A copy of `other` (`init(barAppearance:)` and `copy()`).
    public init(copying other: NavigationBarAppearance) {
        backgroundColor = other.backgroundColor
        backgroundEffect = other.backgroundEffect
        shadowColor = other.shadowColor
        titleTextAttributes = other.titleTextAttributes
        largeTitleTextAttributes = other.largeTitleTextAttributes
    }

    /// A copy of this appearance.
    public func copy() -> NavigationBarAppearance { NavigationBarAppearance(copying: self) }

    /// The translucent default: a blur of what lies under the bar and a hairline.
    public func configureWithDefaultBackground() {
        backgroundColor = nil
        backgroundEffect = BlurEffect(style: Self.defaultBackgroundEffect)
        shadowColor = Self.defaultShadowColor
    }

    /// An opaque background (white) and a hairline.
    public func configureWithOpaqueBackground() {
        backgroundColor = Self.opaqueBackgroundColor
        backgroundEffect = nil
        shadowColor = Self.defaultShadowColor
    }

    /// No background and no hairline: the content shows through (UIKit's scroll-edge look since iOS 15).
    public func configureWithTransparentBackground() {
        backgroundColor = nil
        backgroundEffect = nil
        shadowColor = nil
    }

    /// The inline title's colour (black unless the attributes give one).
    var titleColor: Color { titleTextAttributes[.foregroundColor] as? Color ?? .black }
    /// The inline title's font (17 pt bold unless the attributes give one).
    var titleFont: Font { titleTextAttributes[.font] as? Font ?? .boldSystemFont(ofSize: NavigationBar.titleFontSize) }
    /// The large title's colour.
    var largeTitleColor: Color { largeTitleTextAttributes[.foregroundColor] as? Color ?? .black }
    /// The large title's font (34 pt bold, UIKit's `largeTitle` style, unless the attributes give one).
    var largeTitleFont: Font {
        largeTitleTextAttributes[.font] as? Font ?? .boldSystemFont(ofSize: NavigationBar.largeTitleFontSize)
    }

    /// What the bar draws for this appearance.
    var resolved: NavigationBarLook {
        NavigationBarLook(background: backgroundColor ?? .clear,
                          effect: backgroundEffect?.style,
                          shadow: shadowColor ?? .clear,
                          title: titleColor, largeTitle: largeTitleColor)
    }
}

/// The colours a bar draws for one appearance, and a blend of two (as the content scrolls under the bar).
struct NavigationBarLook: Equatable {
    var background: Color
    var effect: BlurEffect.Style?
    /// How much of the effect shows (1: all of it; a blend with a look without it fades it).
    var effectAmount: Double = 1
    var shadow: Color
    var title: Color
    var largeTitle: Color

    init(background: Color, effect: BlurEffect.Style?, shadow: Color, title: Color, largeTitle: Color) {
        self.background = background
        self.effect = effect
        effectAmount = effect == nil ? 0 : 1
        self.shadow = shadow
        self.title = title
        self.largeTitle = largeTitle
    }

    /// `a` at 0, `b` at 1: colours interpolated (a clear colour takes the other's hue), the effect faded.
    static func blend(_ a: NavigationBarLook, _ b: NavigationBarLook, _ f: Double) -> NavigationBarLook {
        guard f > 0 else { return a }
        guard f < 1 else { return b }
        var look = a
        look.background = mix(a.background, b.background, f)
        look.shadow = mix(a.shadow, b.shadow, f)
        look.title = mix(a.title, b.title, f)
        look.largeTitle = mix(a.largeTitle, b.largeTitle, f)
        look.effect = b.effect ?? a.effect
        look.effectAmount = a.effectAmount * (1 - f) + b.effectAmount * f
        return look
    }

    /// Interpolates two colours; a fully clear end keeps the other's hue, so clear to red reddens.
    static func mix(_ a: Color, _ b: Color, _ f: Double) -> Color {
        let from = a.alpha == 0 ? Color(red: b.red, green: b.green, blue: b.blue, alpha: 0) : a
        let to = b.alpha == 0 ? Color(red: a.red, green: a.green, blue: a.blue, alpha: 0) : b
        return Color.interpolate(from: from, to: to, fraction: f)
    }
}
