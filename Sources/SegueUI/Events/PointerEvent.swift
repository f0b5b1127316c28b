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
    /// The modifier keys held when the event happened (the host tracks them from its key events; empty
    /// when it does not know). A ``PinchGestureRecognizer`` reads them to simulate a second touch.
    public var modifierFlags: KeyModifierFlags

    /// An event of `phase` at `location` (window points) at `timestamp` seconds, with `modifierFlags` held.
    public init(phase: Phase, location: CGPoint, timestamp: Double, modifierFlags: KeyModifierFlags = []) {
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.modifierFlags = modifierFlags
    }
}
