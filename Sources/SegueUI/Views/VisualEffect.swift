import SegueAnimation

/// An effect a ``VisualEffectView`` shows (`UIVisualEffect`). Segue has one kind, ``BlurEffect``.
///
/// Differs from UIKit: no vibrancy effects (`UIVibrancyEffect`).
@MainActor
public class VisualEffect {
    init() {}
}

/// A blur of what lies behind a ``VisualEffectView`` (`UIBlurEffect`), in one of iOS's styles: a Gaussian
/// blur of the backdrop of the style's radius (`Layer.backdropBlurRadius`, the standard deviation in
/// points), then the style's tint over it.
///
/// UIKit publishes neither radii nor tints. The three iOS 7 styles take those of Apple's own blur code
/// of iOS 7 (the `UIImage+ImageEffects` category of WWDC 2013's sample code, whose `blurRadius` is the
/// same standard deviation in points and which developers cite as the look UIKit's styles were made to
/// match): `.light` σ 30 pt, white at 30 %; `.extraLight` σ 20 pt, white 0.97 at 82 %; `.dark` σ 20 pt,
/// white 0.11 at 73 %. The others are Segue's decisions, each radius a named constant of ``Style``:
///
/// | Style | σ (pt) | Tint |
/// |---|---|---|
/// | `.regular` | 20 | white at 45 % |
/// | `.prominent` | 20 | white 0.97 at 70 % |
/// | `.systemUltraThinMaterial(Light)` | 12 | white 0.95 at 25 % |
/// | `.systemThinMaterial(Light)` | 16 | white 0.96 at 45 % |
/// | `.systemMaterial(Light)` | 20 | white 0.97 at 62 % |
/// | `.systemThickMaterial(Light)` | 24 | white 0.98 at 80 % |
/// | `.systemChromeMaterial(Light)` | 20 | white 0.97 at 75 % |
/// | `.systemUltraThinMaterialDark` | 12 | white 0.10 at 35 % |
/// | `.systemThinMaterialDark` | 16 | white 0.11 at 50 % |
/// | `.systemMaterialDark` | 20 | white 0.12 at 65 % |
/// | `.systemThickMaterialDark` | 24 | white 0.13 at 80 % |
/// | `.systemChromeMaterialDark` | 20 | white 0.11 at 75 % |
///
/// Differs from UIKit: no saturation boost (iOS 7's styles raise the backdrop's saturation by 1.8); Segue
/// has no dark interface style, so the materials without a suffix, `.regular` and `.prominent` look as in
/// light mode.
@MainActor
public final class BlurEffect: VisualEffect {
    /// The look of the blur (`UIBlurEffect.Style`).
    public enum Style: Sendable, Hashable, CaseIterable {
        /// A blur lighter than the content behind it, nearly white.
        case extraLight
        /// A light blur.
        case light
        /// A dark blur.
        case dark
        /// A regular blur (iOS 10; light here: Segue has no dark mode).
        case regular
        /// A blur whose tint stands out more than `.regular`'s (iOS 10).
        case prominent
        /// The thinnest, most translucent material (iOS 13; light here).
        case systemUltraThinMaterial
        /// A thin, translucent material (iOS 13; light here).
        case systemThinMaterial
        /// The default material (iOS 13; light here).
        case systemMaterial
        /// A thick, nearly opaque material (iOS 13; light here).
        case systemThickMaterial
        /// The material of bars and chrome (iOS 13; light here).
        case systemChromeMaterial
        /// `.systemUltraThinMaterial` in light mode.
        case systemUltraThinMaterialLight
        /// `.systemThinMaterial` in light mode.
        case systemThinMaterialLight
        /// `.systemMaterial` in light mode.
        case systemMaterialLight
        /// `.systemThickMaterial` in light mode.
        case systemThickMaterialLight
        /// `.systemChromeMaterial` in light mode.
        case systemChromeMaterialLight
        /// `.systemUltraThinMaterial` in dark mode.
        case systemUltraThinMaterialDark
        /// `.systemThinMaterial` in dark mode.
        case systemThinMaterialDark
        /// `.systemMaterial` in dark mode.
        case systemMaterialDark
        /// `.systemThickMaterial` in dark mode.
        case systemThickMaterialDark
        /// `.systemChromeMaterial` in dark mode.
        case systemChromeMaterialDark

        /// `.light`'s blur radius, in points: iOS 7's `applyLightEffect` (WWDC 2013 sample code).
        public static let lightBlurRadius: CGFloat = 30
        /// `.extraLight`'s and `.dark`'s blur radius, in points: iOS 7's `applyExtraLightEffect` and
        /// `applyDarkEffect`.
        public static let extraLightAndDarkBlurRadius: CGFloat = 20
        /// `.regular`'s and `.prominent`'s blur radius, in points (Segue's decision, as iOS 7's
        /// extra-light and dark).
        public static let regularBlurRadius: CGFloat = 20
        /// The ultra-thin materials' blur radius, in points (Segue's decision: thinner, less blurred).
        public static let ultraThinMaterialBlurRadius: CGFloat = 12
        /// The thin materials' blur radius, in points (Segue's decision).
        public static let thinMaterialBlurRadius: CGFloat = 16
        /// The default and chrome materials' blur radius, in points (Segue's decision, as iOS 7's dark).
        public static let materialBlurRadius: CGFloat = 20
        /// The thick materials' blur radius, in points (Segue's decision).
        public static let thickMaterialBlurRadius: CGFloat = 24

        /// The standard deviation of the style's Gaussian blur of the backdrop, in points (see
        /// ``BlurEffect``).
        public var blurRadius: CGFloat {
            switch self {
            case .light: Self.lightBlurRadius
            case .extraLight, .dark: Self.extraLightAndDarkBlurRadius
            case .regular, .prominent: Self.regularBlurRadius
            case .systemUltraThinMaterial, .systemUltraThinMaterialLight, .systemUltraThinMaterialDark:
                Self.ultraThinMaterialBlurRadius
            case .systemThinMaterial, .systemThinMaterialLight, .systemThinMaterialDark: Self.thinMaterialBlurRadius
            case .systemMaterial, .systemMaterialLight, .systemMaterialDark, .systemChromeMaterial,
                 .systemChromeMaterialLight, .systemChromeMaterialDark: Self.materialBlurRadius
            case .systemThickMaterial, .systemThickMaterialLight, .systemThickMaterialDark: Self.thickMaterialBlurRadius
            }
        }

        /// The tint drawn over the blurred backdrop, with its opacity: see ``BlurEffect``.
        public var tintColor: Color {
            switch self {
            case .extraLight: Color(white: 0.97, alpha: 0.82)
            case .light: Color(white: 1, alpha: 0.3)
            case .dark: Color(white: 0.11, alpha: 0.73)
            case .regular: Color(white: 1, alpha: 0.45)
            case .prominent: Color(white: 0.97, alpha: 0.7)
            case .systemUltraThinMaterial, .systemUltraThinMaterialLight: Color(white: 0.95, alpha: 0.25)
            case .systemThinMaterial, .systemThinMaterialLight: Color(white: 0.96, alpha: 0.45)
            case .systemMaterial, .systemMaterialLight: Color(white: 0.97, alpha: 0.62)
            case .systemThickMaterial, .systemThickMaterialLight: Color(white: 0.98, alpha: 0.8)
            case .systemChromeMaterial, .systemChromeMaterialLight: Color(white: 0.97, alpha: 0.75)
            case .systemUltraThinMaterialDark: Color(white: 0.1, alpha: 0.35)
            case .systemThinMaterialDark: Color(white: 0.11, alpha: 0.5)
            case .systemMaterialDark: Color(white: 0.12, alpha: 0.65)
            case .systemThickMaterialDark: Color(white: 0.13, alpha: 0.8)
            case .systemChromeMaterialDark: Color(white: 0.11, alpha: 0.75)
            }
        }
    }

    /// The style.
    public let style: Style

    /// A blur of `style` (`UIBlurEffect(style:)`).
    public init(style: Style) {
        self.style = style
        super.init()
    }
}
