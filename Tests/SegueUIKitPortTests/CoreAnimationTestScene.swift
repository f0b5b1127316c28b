import Testing
import SegueUIKit

/// A window on a virtual 60 Hz clock with one 20 x 20 layer at (0, 0), run frame by frame with the one
/// frame function, for Core Animation ports.
@MainActor
final class CoreAnimationTestScene {
    /// Segue's frame rate, in frames per second (VirtualClock's default).
    static let framesPerSecond = 60
    let host = HeadlessHost(size: CGSize(width: 400, height: 300))
    var clock: VirtualClock { host.clock }
    var window: UIWindow { host.window }
    let layer = CALayer()

    init() {
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        window.layer.addSublayer(layer)
        window.runFrame()
    }

    /// Advances `frames` frames (1/60 s each), running the frame function after each.
    func step(_ frames: Int = 1) { host.frames(frames) }

    /// Runs the frame in which animations added since the last frame begin; after it, `step(n)` is n/60 s
    /// of animation time.
    func startFrame() { step() }

    /// Steps `seconds` of animation time (a whole number of frames).
    func step(seconds: Double) { step(Int((seconds * Double(Self.framesPerSecond)).rounded())) }
}

/// The standard error of an exit test as text.
func standardErrorText(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}
