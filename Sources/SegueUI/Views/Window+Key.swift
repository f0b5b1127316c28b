import SegueAnimation

/// The key window (`UIWindow.makeKeyAndVisible()`, `isKeyWindow`): the window last made key, which
/// `CACurrentMediaTime()` (in SegueUIKit) reads its clock from.
///
/// Differs from UIKit: key windows do not receive keyboard input differently (each host drives its own
/// window), there are no `becomeKey`/`resignKey` callbacks, and the key window is held weakly: when it
/// is released there is none until another window is made key or created.
extension Window {
    /// The window made key last (``makeKeyAndVisible()``), or else the first window created while there
    /// was none; nil when that window has been released. Weak, main-actor isolated.
    public internal(set) static weak var keyWindow: Window?

    /// Whether this is the key window (`UIWindow.isKeyWindow`).
    public var isKeyWindow: Bool { Window.keyWindow === self }

    /// Makes this the key window and shows it (`isHidden = false`), as `UIWindow.makeKeyAndVisible()`.
    public func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// Makes this the key window (`UIWindow.makeKey()`).
    public func makeKey() {
        Window.keyWindow = self
    }

    /// Called when a window is created: it becomes key if there is no key window.
    func becomeKeyIfThereIsNone() {
        if Window.keyWindow == nil { Window.keyWindow = self }
    }
}
