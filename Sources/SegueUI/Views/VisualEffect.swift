import SegueAnimation

/// An effect a ``VisualEffectView`` shows (`UIVisualEffect`). Segue has one kind, ``BlurEffect``.
///
/// Differs from UIKit: no vibrancy effects (`UIVibrancyEffect`).
@MainActor
public class VisualEffect {
    init() {}
}

/// A blur of what lies behind a ``VisualEffectView`` (`UIBlurEffect`), in one of iOS's styles.
///
/// Differs from UIKit: **the backdrop is not blurred.** Segue's renderers have no backdrop filter
/// (`spec/effects.md` lists none), so a blur effect draws only its style's tint over what lies behind:
/// the colour and opacity of ``Style/tintColor``. Those are the tints of Apple's own blur code of
/// iOS 7 (the `UIImage+ImageEffects` category of WWDC 2013's sample code, which developers cite as the
/// look UIKit's styles were made to match): `.light` white at 30 %, `.extraLight` white 0.97 at 82 %,
/// `.dark` white 0.11 at 73 %. Only those three styles exist (iOS 10's `.regular` and `.prominent` and
/// iOS 13's materials have no published tint).
@MainActor
public final class BlurEffect: VisualEffect {
    /// The look of the blur (`UIBlurEffect.Style`).
    public enum Style: Sendable, Hashable {
        /// A blur lighter than the content behind it, nearly white.
        case extraLight
        /// A light blur.
        case light
        /// A dark blur.
        case dark

        /// The tint drawn over the (unblurred) backdrop, with its opacity: see ``BlurEffect``.
        public var tintColor: Color {
            switch self {
            case .extraLight: Color(white: 0.97, alpha: 0.82)
            case .light: Color(white: 1, alpha: 0.3)
            case .dark: Color(white: 0.11, alpha: 0.73)
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
