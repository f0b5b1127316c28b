/// The device an input came from: what the HUD names as the input driving a transition, and what
/// recognizers may look at (``Touch/source``). Segue's addition (UIKit's nearest is `UITouch.TouchType`).
public enum InputSource: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The left mouse button (a drag or a click).
    case mouse
    /// Two fingers scrolling on a trackpad: the host turns the precise scroll deltas into a pointer that
    /// moves by them (SegueSDL's `InputTranslator`), so recognizers see a drag. It has no edge: a screen-edge
    /// pan takes it from anywhere (``ScreenEdgePanGestureRecognizer``).
    case trackpad
    /// A finger on a touchscreen.
    case touch
    /// A key of the keyboard (Alt+Left's Back too).
    case keyboard
    /// The mouse's back button (SDL's `SDL_BUTTON_X1`), which the host reports as the key ``Key/back``.
    case backButton

    /// The words the HUD shows: "mouse drag", "trackpad", "touch", "keyboard", "back button".
    public var description: String {
        switch self {
        case .mouse: "mouse drag"
        case .trackpad: "trackpad"
        case .touch: "touch"
        case .keyboard: "keyboard"
        case .backButton: "back button"
        }
    }
}
