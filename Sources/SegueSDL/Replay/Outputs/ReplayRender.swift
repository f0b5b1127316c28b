import SegueAnimation

/// One render of a replay's written frames, shared by every output (``ReplayOutput``: the PNG frames, the
/// GIF, the WebP): each written frame is drawn once by the CPU executor (``HeadlessCompositor``, at the
/// outputs' scale and the window's size in that frame), and every output reads the same pixels.
@MainActor
final class ReplayRender {
    /// Pixels per point.
    let scale: Double

    private let fonts: FontLocator.Fonts
    /// The frame's compositor, made again when the window's size changes.
    private(set) var compositor: HeadlessCompositor?
    /// Whether the compositor was made for the frame last rendered (every pixel of it is new).
    private(set) var compositorIsNew = false

    /// A render at `scale` pixels per point with the fonts found by ``FontLocator``.
    init(scale: Double) throws {
        self.scale = scale
        fonts = try FontLocator().locate()
    }

    /// The render phase of a written frame: draws the tree at `size` points (a new compositor when the
    /// window was resized), redrawing only what changed.
    func render(_ tree: LayerTree, size: CGSize) throws {
        compositorIsNew = false
        if compositor?.size != size {
            compositor?.close()
            compositor = try HeadlessCompositor(size: size, scale: scale, fonts: fonts)
            compositorIsNew = true
        }
        try compositor!.render(tree)
    }

    /// The compositor holding the frame last rendered.
    var frame: HeadlessCompositor {
        guard let compositor else { preconditionFailure("A replay frame is read before it is rendered") }
        return compositor
    }

    /// Whether the last ``render(_:size:)`` left the frame as it was (the compositor redrew nothing).
    var changedNothing: Bool { !compositorIsNew && frame.lastDamage.isEmpty }

    /// Releases the compositor.
    func close() {
        compositor?.close()
        compositor = nil
    }
}

/// An output of a replay fed from one render (``ReplayRender``): ``ReplaySession`` renders a written
/// frame once, then has every output save it.
@MainActor
protocol ReplayOutput: AnyObject {
    /// Whether frame `index` is written.
    func writes(frame index: Int) -> Bool
    /// Saves the frame the shared render (``ReplayRender``) last drew as frame `index`.
    func save(frame index: Int) throws
    /// Writes what is left once the last frame is saved; reports the first error of a frame.
    func finish() throws
    /// Releases what the output holds (its errors are ``finish()``'s to report).
    func close()
}
