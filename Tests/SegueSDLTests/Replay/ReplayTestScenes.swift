import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// A traceable window for replay tests: a page (`test.page`) with a box (`test.box`, 50x50 at (100, 100)).
/// Return slides the box 200 pt right in 0.5 s, linearly, and logs `test.box.slide`; a pan on the box
/// records its velocity at release.
@MainActor
final class ReplayTestWindow: Window, TraceableScene {
    /// The box's frame at rest, in window points.
    static let boxFrame = CGRect(x: 100, y: 100, width: 50, height: 50)
    /// How far Return slides the box, in points.
    static let slideDistance = 200.0
    /// How long the slide lasts, in seconds.
    static let slideDuration = 0.5

    let page = ViewController()
    let box = View(frame: ReplayTestWindow.boxFrame)
    /// The pan's velocity at each release, in points per second.
    private(set) var releaseVelocities: [CGPoint] = []
    private var log: [String] = []

    override init(clock: FrameClock, size: CGSize) {
        super.init(clock: clock, size: size)
        page.view.backgroundColor = .white
        box.backgroundColor = .systemBlue
        page.view.addSubview(box)
        box.addGestureRecognizer(PanGestureRecognizer(target: self, action: ReplayTestWindow.pan))
        page.addKeyCommand(KeyCommand(input: .returnKey) { [unowned self] in
            self.log.append("test.box.slide")
            View.animate(withDuration: Self.slideDuration, options: .curveLinear) {
                self.box.frame.origin.x += Self.slideDistance
            }
        })
        rootViewController = page
    }

    private func pan(_ recognizer: PanGestureRecognizer) {
        if recognizer.state == .ended { releaseVelocities.append(recognizer.velocity(in: self)) }
    }

    func traceSnapshot() -> TraceFrame {
        TraceFrame(views: [("test.page", page.view!), ("test.box", box)].compactMap { TraceView(id: $0.0, view: $0.1, in: self) })
    }

    func drainLog() -> [String] {
        defer { log.removeAll() }
        return log
    }
}

/// A scene that records every input with the frame it was delivered in.
@MainActor
final class InputRecordingScene: HostedScene {
    let layerTree: LayerTree
    let clock: VirtualClock
    private(set) var received: [(frame: Int, event: InputEvent)] = []
    var wantsToQuit = false

    init(clock: VirtualClock) {
        self.clock = clock
        layerTree = LayerTree(root: Layer(), clock: clock)
    }

    func handle(_ event: InputEvent) { received.append((clock.frame, event)) }
    func runQueuedWork() {}
    func layoutIfNeeded() {}
}

/// A fresh empty directory under the temporary directory.
func makeTemporaryDirectory() throws -> String {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("segue-replay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A script parsed from JSON text (named `test.json` in errors).
func script(_ json: String) throws -> ReplayScript {
    try ReplayScript(parsing: Data(json.utf8), file: "test.json")
}
