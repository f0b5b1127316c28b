/// Any input the host delivers, in order, at the start of a frame.
public enum InputEvent: Sendable, Hashable {
    /// A pointer (mouse button 1 or one touch) event.
    case pointer(PointerEvent)
    /// A key press or release.
    case key(KeyEvent)
    /// A change to the window itself.
    case window(WindowEvent)
}
