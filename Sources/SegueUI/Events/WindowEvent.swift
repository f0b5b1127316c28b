import Foundation
import SegueAnimation

/// Something that happened to the window.
public enum WindowEvent: Sendable, Hashable {
    /// The window's size changed, in points.
    case resized(CGSize)
    /// The window lost the keyboard/pointer focus: every active pointer is cancelled.
    case focusLost
    /// The window got the focus back (nothing is resumed: a new pointer down starts afresh).
    case focusGained
    /// The user asked to close the window.
    case closeRequested
}
