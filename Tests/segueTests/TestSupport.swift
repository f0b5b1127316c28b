import Foundation
import SegueAnimation
import SegueTesting
import SegueTestSupport
import SegueUI

/// A window on the virtual clock with scripted input, for the executable's pages: SegueTesting's host
/// (the frames of `segue replay`), empty until the test sets a root controller, with pointer and key
/// events handed to the window directly at the times the tests give.
@MainActor
struct Harness: WindowInputHarness {
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

    /// Runs `count` frames.
    func frames(_ count: Int) {
        host.advance(frames: count)
    }
}

func isClose(_ a: CGPoint, _ b: CGPoint, tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}
