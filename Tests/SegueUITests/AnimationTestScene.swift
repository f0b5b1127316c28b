import Foundation
import SegueAnimation
import SegueUI

/// A window on a virtual 60 Hz clock, for animation tests, run frame by frame with the one frame function.
@MainActor
final class AnimationTestScene {
    let host = HeadlessHost(size: CGSize(width: 800, height: 600))
    var clock: VirtualClock { host.clock }
    var rootView: Window { host.window }
    var tree: LayerTree { rootView.layerTree }

    init() {
        rootView.runFrame()
    }

    /// Advances `frames` frames (1/60 s each), running the frame function after each.
    func step(_ frames: Int = 1) { host.frames(frames) }

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
