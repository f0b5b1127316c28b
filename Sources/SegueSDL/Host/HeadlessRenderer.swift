import Foundation
import CSDL2
import CSDL2Image
import SegueAnimation

/// The GPU executor without a window: the render list recorded by a `Compositor` and drawn by a
/// `LayerRenderer` on SDL's software renderer into a memory surface, with no video driver. For pixel
/// tests and `segue soak --renderer gpu`; frames are read back pixel by pixel or saved as PNG. Like the
/// window, it redraws only what changed since the last frame (the surface keeps the rest).
@MainActor
public final class HeadlessRenderer: HeadlessBackend {
    /// The frame's size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: Double
    /// The frame's width in pixels.
    public let pixelWidth: Int
    /// The frame's height in pixels.
    public let pixelHeight: Int
    /// The render list's recorder (its pictures are the textures' sources).
    package let compositor: Compositor
    /// The executor that draws the list.
    package let layerRenderer: LayerRenderer

    private let context: SDLContext
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let sdlRenderer: OpaquePointer
    private var isOpen = true

    /// The largest side accepted, in pixels.
    public nonisolated static let maximumPixelSide = 16384

    /// A headless renderer of `size` points at `scale` pixels per point, with the fonts found by
    /// ``FontLocator`` unless given.
    public init(size: CGSize, scale: Double = 1, fonts: FontLocator.Fonts? = nil) throws {
        let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
        precondition(w > 0 && h > 0 && w <= Self.maximumPixelSide && h <= Self.maximumPixelSide,
                     "A headless frame needs a size between 1 and \(Self.maximumPixelSide) pixels, got \(w)x\(h)")
        let fonts = try fonts ?? FontLocator().locate()
        context = try SDLContext(video: false)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            context.close()
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            context.close()
            throw SDLError("SDL_CreateSoftwareRenderer")
        }
        self.size = size
        self.scale = scale
        self.pixelWidth = w
        self.pixelHeight = h
        self.surface = surface
        self.sdlRenderer = renderer
        compositor = Compositor(fonts: fonts, scale: scale)
        layerRenderer = LayerRenderer(sdlRenderer: renderer)
    }

    /// Releases the renderer, the surface and SDL (also done when released).
    public func close() {
        guard isOpen else { return }
        isOpen = false
        layerRenderer.close()
        compositor.close()
        SDL_DestroyRenderer(sdlRenderer)
        SDL_FreeSurface(surface)
        context.close()
    }

    isolated deinit { close() }

    /// Draws the tree's presentation (call the tree's `update()` first) into the frame, redrawing only
    /// what changed since the last call; false when nothing changed.
    @discardableResult
    public func render(_ tree: LayerTree) throws -> Bool {
        let bounds = PixelRect(x0: 0, y0: 0, x1: Int32(pixelWidth), y1: Int32(pixelHeight))
        guard let frame = try FrameSequence(recorder: compositor, executor: layerRenderer)
            .run(tree, bounds: bounds, target: { GPUTarget(box: $0.damage.extents) })
        else { return false }
        let drew = !frame.damage.isEmpty
        guard SDL_RenderFlush(sdlRenderer) == 0 else { throw SDLError("SDL_RenderFlush") }
        return drew
    }

    /// Nothing: the frame is in memory.
    public func present() {}
    /// What the last frame's render list held and did.
    public var lastFrame: CompositorCounters { compositor.lastFrame }
    /// The compositor's pictures and the executor's textures.
    public var cacheSizes: RendererCacheSizes { compositor.cacheSizes + layerRenderer.textureSizes }
    /// Keeps only the pictures and textures the next drawn frame uses.
    public func trimCaches() {
        compositor.trimCaches()
        layerRenderer.trimCaches()
    }
    /// The next frame redraws everything.
    public func invalidate() { compositor.invalidate() }

    /// The pixel at (x, y), in pixels from the top left.
    public func readPixel(x: Int, y: Int) throws -> Pixel {
        precondition(x >= 0 && y >= 0 && x < pixelWidth && y < pixelHeight, "(\(x), \(y)) is outside the frame")
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: 1, h: 1)
        var value: UInt32 = 0
        guard SDL_RenderReadPixels(sdlRenderer, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, &value, 4) == 0 else {
            throw SDLError("SDL_RenderReadPixels")
        }
        return Pixel(r: UInt8((value >> 16) & 0xFF), g: UInt8((value >> 8) & 0xFF), b: UInt8(value & 0xFF),
                     a: UInt8(value >> 24))
    }

    /// Saves the frame as a PNG file.
    public func savePNG(to path: String) throws {
        guard IMG_SavePNG(surface, path) == 0 else { throw SDLError("IMG_SavePNG(\(path))") }
    }
}
