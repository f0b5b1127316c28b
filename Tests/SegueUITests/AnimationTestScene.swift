import Foundation
import SegueAnimation
import SegueUI

/// A root view in a layer tree on a virtual 60 Hz clock, for animation tests without a window.
@MainActor
final class AnimationTestScene {
    let clock = VirtualClock()
    let rootView = View(frame: CGRect(x: 0, y: 0, width: 800, height: 600))
    let tree: LayerTree

    init() {
        tree = LayerTree(root: rootView.layer, clock: clock)
        tree.update()
    }

    /// Advances `frames` frames (1/60 s each), updating after each.
    func step(_ frames: Int = 1) {
        for _ in 0..<frames {
            clock.advance()
            tree.update()
        }
    }

    /// The frame in which animations added since the last frame begin; after it, `step(n)` is n/60 s.
    func startFrame() { step() }

    func addView(_ frame: CGRect) -> View {
        let view = View(frame: frame)
        rootView.addSubview(view)
        return view
    }
}

extension View {
    /// The frame as drawn at the last update.
    @MainActor var shownFrame: CGRect { layer.renderedProperties.frame }
    @MainActor var shownAlpha: Double { layer.renderedProperties.opacity }
}
