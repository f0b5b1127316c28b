import Foundation
import SegueAnimation

/// A layer tree on a virtual 60 Hz clock, stepped frame by frame.
@MainActor
final class TestTree {
    let clock = VirtualClock()
    let tree: LayerTree

    init() {
        tree = LayerTree(clock: clock)
        tree.root.bounds = CGRect(x: 0, y: 0, width: 800, height: 600)
        tree.root.position = CGPoint(x: 400, y: 300)
        tree.update()
    }

    var root: Layer { tree.root }

    /// Advances `frames` frames, updating after each.
    func step(_ frames: Int = 1) {
        for _ in 0..<frames {
            clock.advance()
            tree.update()
        }
    }

    /// Runs the frame in which animations added since the last frame begin (their begin time is fixed
    /// to this frame's time, as Core Animation fixes it at commit). After it, `step(n)` is `n / 60` s of
    /// animation time.
    func startFrame() { step() }

    /// A layer of the given frame added under `parent` (the root by default).
    func addLayer(_ frame: CGRect, to parent: Layer? = nil) -> Layer {
        let layer = Layer()
        layer.frame = frame
        (parent ?? root).addSublayer(layer)
        return layer
    }
}
