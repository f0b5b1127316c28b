import Foundation
import SegueUI

/// (SegueTestSupport: shared by the test targets that send input to a window directly.)
/// A harness with a window: pointer and key events by coordinates, handed to the window as a host hands
/// them between two frames (times in seconds: the events' own timestamps, for velocities).
@MainActor
public protocol WindowInputHarness {
    /// The window the input goes to.
    var window: Window { get }
}

extension WindowInputHarness {
    /// The pointer goes down at (`x`, `y`) window points at time `t`.
    public func down(_ x: CGFloat, _ y: CGFloat, at t: Double) { pointer(.down, x, y, at: t) }
    /// The pointer moves to (`x`, `y`) at time `t`.
    public func move(_ x: CGFloat, _ y: CGFloat, at t: Double) { pointer(.moved, x, y, at: t) }
    /// The pointer goes up at (`x`, `y`) at time `t`.
    public func up(_ x: CGFloat, _ y: CGFloat, at t: Double) { pointer(.up, x, y, at: t) }

    /// `key` goes down (or up) at time `t`.
    public func key(_ key: Key, down: Bool = true, at t: Double = 0) {
        window.handle(.key(KeyEvent(key: key, isDown: down, timestamp: t)))
    }

    private func pointer(_ phase: PointerEvent.Phase, _ x: CGFloat, _ y: CGFloat, at t: Double) {
        window.handle(.pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), timestamp: t)))
    }
}
