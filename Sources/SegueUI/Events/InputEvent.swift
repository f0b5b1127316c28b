import Foundation
import SegueAnimation

/// A pointer (mouse button 1 or a single touch) event, in window points.
///
/// Segue's equivalent of a `UITouch` phase change. The timestamp is the event's own (seconds, from SDL's
/// event timestamp or the replay script), never the frame clock, so velocities do not depend on frame
/// pacing.
public struct PointerEvent: Sendable, Hashable {
    /// Where the pointer is in its down...up sequence.
    public enum Phase: Sendable, Hashable {
        /// Went down (button pressed or finger touched); moved while down; released.
        case down, moved, up
        /// The pointer was taken away (focus lost, a second button pressed, the window left with the
        /// button up): recognizers go to `.cancelled`, views get `touchesCancelled`.
        case cancelled
    }

    /// What happened to the pointer.
    public var phase: Phase
    /// The location in window points.
    public var location: CGPoint
    /// Seconds, from the event itself.
    public var timestamp: Double

    /// An event of `phase` at `location` (window points) at `timestamp` seconds.
    public init(phase: Phase, location: CGPoint, timestamp: Double) {
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }
}

/// A key, named as SDL's `SDL_GetKeyName` spells it ("Return", "Escape", "Backspace", "Left", "Right",
/// "P", "S", "Space"...).
public struct Key: Sendable, Hashable, CustomStringConvertible {
    /// The name as `SDL_GetKeyName` spells it (letters in upper case: "R"); matching is exact.
    public let name: String
    /// The key named `name` (SDL's spelling, case-sensitive).
    public init(_ name: String) { self.name = name }

    /// Return (Enter).
    public static let returnKey = Key("Return")
    /// Escape.
    public static let escape = Key("Escape")
    /// Backspace.
    public static let backspace = Key("Backspace")
    /// The left arrow.
    public static let left = Key("Left")
    /// The right arrow.
    public static let right = Key("Right")
    /// The up arrow.
    public static let up = Key("Up")
    /// The down arrow.
    public static let down = Key("Down")
    /// The space bar.
    public static let space = Key("Space")
    /// Tab.
    public static let tab = Key("Tab")

    public var description: String { name }
}

/// A key press or release.
public struct KeyEvent: Sendable, Hashable {
    /// The key pressed or released.
    public var key: Key
    /// True for a press, false for a release.
    public var isDown: Bool
    /// True when the press is the keyboard's auto-repeat.
    public var isRepeat: Bool
    /// Seconds, from the event itself.
    public var timestamp: Double

    /// A key event; by default a press that is not an auto-repeat.
    public init(key: Key, isDown: Bool = true, isRepeat: Bool = false, timestamp: Double) {
        self.key = key
        self.isDown = isDown
        self.isRepeat = isRepeat
        self.timestamp = timestamp
    }
}

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

/// Any input the host delivers, in order, at the start of a frame.
public enum InputEvent: Sendable, Hashable {
    /// A pointer (mouse button 1 or one touch) event.
    case pointer(PointerEvent)
    /// A key press or release.
    case key(KeyEvent)
    /// A change to the window itself.
    case window(WindowEvent)
}

/// What a host (the SDL window loop, headless replay, a test) drives, once per frame, in this order:
/// ``handle(_:)`` for each input due, ``runQueuedWork()``, then (after the host advances the clock)
/// ``layerTree``'s `update()`, then the host renders the tree.
@MainActor
public protocol HostedScene: AnyObject {
    /// The layer tree to draw; its clock is the host's.
    var layerTree: LayerTree { get }
    /// The scene's size in points; the host calls ``resize(to:)`` when the window changes.
    func resize(to size: CGSize)
    /// One input event.
    func handle(_ event: InputEvent)
    /// Work queued during input handling (queued transitions, deferred callbacks).
    func runQueuedWork()
    /// Whether the scene asked the host to quit (Escape in a demo, a close request).
    var wantsToQuit: Bool { get }
}
