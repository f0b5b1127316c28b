import SegueUI

/// `UIScreen`, as far as UIKit code reads it: `UIScreen.main.bounds` and `scale`.
///
/// Differs from UIKit: Segue draws into a window, not onto a screen, so the "main screen" is the key
/// window (`Window.keyWindow`): its bounds, or an empty rectangle when there is no key window.
/// Main-actor isolated; `scale` is 1 (Segue's points are the window's pixels).
@MainActor
public final class UIScreen {
    /// The screen of the key window.
    public static let main = UIScreen()

    private init() {}

    /// The key window's bounds in points (`.zero` with no key window).
    public var bounds: CGRect { Window.keyWindow?.bounds ?? .zero }

    /// Pixels per point (1).
    public var scale: CGFloat { 1 }
}
