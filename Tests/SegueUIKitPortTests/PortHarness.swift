import SegueUIKit

/// A window on a virtual 60 Hz clock, stepped with the one frame function, for the ports.
@MainActor
final class PortHarness {
    let clock = VirtualClock()
    let window: UIWindow

    init(width: CGFloat = 400, height: CGFloat = 600) {
        window = UIWindow(clock: clock, size: CGSize(width: width, height: height))
        // As an app's scene does: the key window is the "screen" views load at the size of.
        window.makeKeyAndVisible()
        window.runFrame()
    }

    /// Runs `count` frames.
    func frames(_ count: Int) {
        for _ in 0..<count {
            clock.advance()
            window.runFrame()
        }
    }

    func down(_ x: CGFloat, _ y: CGFloat, at t: Double) {
        window.handle(.pointer(PointerEvent(phase: .down, location: CGPoint(x: x, y: y), timestamp: t)))
    }
    func move(_ x: CGFloat, _ y: CGFloat, at t: Double) {
        window.handle(.pointer(PointerEvent(phase: .moved, location: CGPoint(x: x, y: y), timestamp: t)))
    }
    func up(_ x: CGFloat, _ y: CGFloat, at t: Double) {
        window.handle(.pointer(PointerEvent(phase: .up, location: CGPoint(x: x, y: y), timestamp: t)))
    }
}
