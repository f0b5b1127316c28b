/// The look a controller asks of the status bar (`UIStatusBarStyle`).
///
/// Differs from UIKit: the desktop has no status bar, so nothing draws it; the style is stored and
/// resolved as UIKit resolves it (``Window/statusBarStyle``) for code that reads it.
public enum StatusBarStyle: Sendable, Hashable {
    /// Dark content on light backgrounds, or the system's choice (UIKit's default).
    case `default`
    /// Light content, for dark backgrounds.
    case lightContent
    /// Dark content, for light backgrounds.
    case darkContent
}

/// How the status bar would change when a controller's preference changes (`UIStatusBarAnimation`).
/// Differs from UIKit: nothing animates, there being no status bar on the desktop.
public enum StatusBarAnimation: Sendable, Hashable {
    case none, fade, slide
}
