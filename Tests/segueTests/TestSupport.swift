import Foundation
import SegueAnimation
import SegueUI

/// A window on a virtual clock with scripted input, for the executable's pages (the same steps as
/// SegueUITests' `Harness`, which this target cannot import).
@MainActor
struct Harness {
    let clock = VirtualClock()
    let window: Window

    init(size: CGSize) {
        window = Window(clock: clock, size: size)
    }

    func down(_ x: Double, _ y: Double, at t: Double) { pointer(.down, x, y, at: t) }
    func move(_ x: Double, _ y: Double, at t: Double) { pointer(.moved, x, y, at: t) }
    func up(_ x: Double, _ y: Double, at t: Double) { pointer(.up, x, y, at: t) }

    func key(_ key: Key, down: Bool = true, at t: Double = 0) {
        window.handle(.key(KeyEvent(key: key, isDown: down, timestamp: t)))
    }

    /// Runs `count` frames the way a host does: queued work, then clock, then the tree's update.
    func frames(_ count: Int) {
        for _ in 0..<count {
            clock.advance(frames: 1)
            window.runFrame()
        }
    }

    private func pointer(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at t: Double) {
        window.handle(.pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), timestamp: t)))
    }
}

func isClose(_ a: CGPoint, _ b: CGPoint, tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}
