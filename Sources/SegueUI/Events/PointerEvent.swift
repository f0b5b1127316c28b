import Foundation
import SegueAnimation

/// A pointer (mouse button 1, a touch, or a trackpad's two-finger scroll turned into a drag) event, in
/// window points.
///
/// Segue's equivalent of a `UITouch` phase change. The timestamp is the event's own (seconds, from SDL's
/// event timestamp or the replay script), never the frame clock, so velocities do not depend on frame
/// pacing. ``pointerID`` tells the primary pointer (0) from a touchscreen's second finger (1); the
/// window delivers the second finger to the gesture recognizers only (a pinch), not to views.
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
    /// The device behind the pointer: the mouse, a touchscreen finger, or a trackpad's scroll.
    public var source: InputSource
    /// Which pointer: 0 for the primary one (the mouse, the first finger, the trackpad), 1 for a
    /// touchscreen's second finger while the first is down.
    public var pointerID: Int

    /// An event of `phase` at `location` (window points) at `timestamp` seconds, with `modifierFlags` held,
    /// from `source`, of pointer `pointerID` (0: the primary one).
    public init(phase: Phase, location: CGPoint, timestamp: Double, modifierFlags: KeyModifierFlags = [],
                source: InputSource = .mouse, pointerID: Int = 0) {
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.modifierFlags = modifierFlags
        self.source = source
        self.pointerID = pointerID
    }
}
