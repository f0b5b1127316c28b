import SegueTestSupport
import SegueTesting
import SegueUIKit

/// A window on the virtual 60 Hz clock for the ports: SegueTesting's host (the frames of `segue replay`,
/// the one frame function), empty until the test sets `window.rootViewController` or adds views.
///
/// The ports' pointer events go to the window directly, at the timestamps the seed articles' gestures are
/// replayed with (between frames, several in one frame), which the host's verbs (one event a frame, at the
/// frames' times) would move: `down(_:_:at:)`, `move(_:_:at:)`, `up(_:_:at:)` (SegueTestSupport's
/// ``WindowInputHarness``).
@MainActor
final class PortHarness: WindowInputHarness {
    let host: SegueTestHost
    var window: UIWindow { host.window }

    init(width: CGFloat = 400, height: CGFloat = 600) {
        do {
            host = try SegueTestHost(size: CGSize(width: width, height: height))
        } catch {
            preconditionFailure("A port's window of \(width)x\(height) points: \(error)")
        }
    }

    /// Runs `count` frames.
    func frames(_ count: Int) {
        host.advance(frames: count)
    }
}
