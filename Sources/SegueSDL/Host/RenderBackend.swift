import SegueAnimation

/// What draws a layer tree's frames, behind one small seam: the window host, headless replay, the soak
/// and the tests all drive a back-end the same way. Every back-end runs one `FrameSequence`: the
/// recorder (`Compositor`) turns the tree's presentation into the frame's `RenderList` (operations,
/// clips, pictures, and the frame's damage), one executor draws it where the frame changed — pixman
/// (the CPU) or `SDL_RenderGeometry` (`LayerRenderer`, the GPU) — and the back-end presents it.
///
/// Back-ends: ``HeadlessCompositor`` and ``HeadlessRenderer`` (images in memory), and the window's
/// (``SDLWindowHost`` picks one, see ``RendererChoice``).
@MainActor
public protocol RenderBackend: AnyObject {
    /// Pixels per point.
    var scale: Double { get }
    /// Records the tree's presentation (call it in the frame's render phase, after the presentation
    /// phase) and draws what changed since the last call. False when nothing changed: nothing was drawn
    /// and nothing needs presenting.
    func render(_ tree: LayerTree) throws -> Bool
    /// Shows what the last ``render(_:)`` drew (a window's present; nothing for an image in memory).
    func present()
    /// What the last frame's render list held and did (layers, culling, group passes, raster cache hits
    /// and misses, damaged pixels), the same on every executor.
    var lastFrame: CompositorCounters { get }
    /// The pictures and textures kept from frame to frame.
    var cacheSizes: RendererCacheSizes { get }
    /// Keeps only what the next drawn frame uses (memory pressure; `segue soak` at rest).
    func trimCaches()
    /// Forgets what was drawn: the next frame redraws everything.
    func invalidate()
    /// Releases the pictures, textures and SDL (also done when released).
    func close()
}

/// A back-end that draws into an image in memory, for pixel tests, replay and PNGs.
@MainActor
public protocol HeadlessBackend: RenderBackend {
    /// The frame's width in pixels.
    var pixelWidth: Int { get }
    /// The frame's height in pixels.
    var pixelHeight: Int { get }
    /// The pixel at (x, y), in pixels from the top left (straight alpha).
    func readPixel(x: Int, y: Int) throws -> Pixel
    /// Saves the frame as a PNG file.
    func savePNG(to path: String) throws
}

extension HeadlessBackend {
    /// The pixel under a point (in points), sampled at the centre of the pixel it falls in.
    public func readPixel(at point: CGPoint) throws -> Pixel {
        try readPixel(x: Int((point.x * scale).rounded(.down)), y: Int((point.y * scale).rounded(.down)))
    }
}
