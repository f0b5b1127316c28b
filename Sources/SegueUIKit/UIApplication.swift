import SegueUI

/// `UIApplication`, as far as transition code reads it: `UIApplication.shared` and the status bar's
/// properties.
///
/// Differs from UIKit: Segue has no application object (an app's `main` is `SegueApp.run`); this one only
/// answers the status bar questions, from the key window (`Window.statusBarStyle`, `isStatusBarHidden`).
/// The desktop has no status bar: its frame is empty and nothing is drawn.
@MainActor
public final class UIApplication {
    /// The one application object.
    public static let shared = UIApplication()

    private init() {}

    /// The status bar style the key window's controllers ask for (`.default` with no key window).
    public var statusBarStyle: UIStatusBarStyle { Window.keyWindow?.statusBarStyle ?? .default }
    /// Whether the key window's controllers ask for the status bar hidden.
    public var isStatusBarHidden: Bool { Window.keyWindow?.isStatusBarHidden ?? false }
    /// The status bar's frame: empty, there being no status bar on the desktop.
    public var statusBarFrame: CGRect { .zero }
    /// The key window (`UIApplication.shared.keyWindow`, deprecated in UIKit but common in tutorials).
    public var keyWindow: UIWindow? { Window.keyWindow }
}
