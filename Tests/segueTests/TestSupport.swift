import Foundation
import SegueAnimation
import SegueTesting
import SegueUI

/// A window on the virtual clock with scripted input, for the executable's pages: SegueTesting's host
/// (the frames of `segue replay`), empty until the test sets a root controller, with pointer and key
/// events handed to the window directly at the times the tests give.
@MainActor
struct Harness {
    let host: SegueTestHost
    var window: Window { host.window }
    var clock: VirtualClock { host.clock }

    init(size: CGSize) {
        do {
            host = try SegueTestHost(size: size)
        } catch {
            preconditionFailure("A harness window of \(size.width)x\(size.height) points: \(error)")
        }
    }

    func down(_ x: Double, _ y: Double, at t: Double) { pointer(.down, x, y, at: t) }
    func move(_ x: Double, _ y: Double, at t: Double) { pointer(.moved, x, y, at: t) }
    func up(_ x: Double, _ y: Double, at t: Double) { pointer(.up, x, y, at: t) }

    func key(_ key: Key, down: Bool = true, at t: Double = 0) {
        window.handle(.key(KeyEvent(key: key, isDown: down, timestamp: t)))
    }

    /// Runs `count` frames.
    func frames(_ count: Int) {
        host.advance(frames: count)
    }

    private func pointer(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at t: Double) {
        window.handle(.pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), timestamp: t)))
    }
}

func isClose(_ a: CGPoint, _ b: CGPoint, tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}
