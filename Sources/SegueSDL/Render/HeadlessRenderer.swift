import Foundation
import CSDL2
import CSDL2Image
import SegueAnimation

/// The layer renderer without a window: SDL's software renderer drawing into a memory surface, with no
/// video driver. For pixel tests and `segue replay`; frames are read back pixel by pixel or saved as PNG.
@MainActor
public final class HeadlessRenderer {
    /// The frame's size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: Double
    /// The frame's width in pixels.
    public let pixelWidth: Int
    /// The frame's height in pixels.
    public let pixelHeight: Int
    /// The renderer that draws the layer trees.
    public let layerRenderer: LayerRenderer

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
        do {
            layerRenderer = try LayerRenderer(sdlRenderer: renderer, fonts: fonts, scale: scale)
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
            context.close()
            throw error
        }
    }

    /// Releases the renderer, the surface and SDL (also done when released).
    public func close() {
        guard isOpen else { return }
        isOpen = false
        layerRenderer.close()
        SDL_DestroyRenderer(sdlRenderer)
        SDL_FreeSurface(surface)
        context.close()
    }

    isolated deinit { close() }

    /// Draws the tree's presentation (call the tree's `update()` first) into the frame.
    public func render(_ tree: LayerTree) throws {
        try layerRenderer.render(tree)
        guard SDL_RenderFlush(sdlRenderer) == 0 else { throw SDLError("SDL_RenderFlush") }
    }

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

    /// The pixel under a point (in points), sampled at the centre of the pixel it falls in.
    public func readPixel(at point: CGPoint) throws -> Pixel {
        try readPixel(x: Int((point.x * scale).rounded(.down)), y: Int((point.y * scale).rounded(.down)))
    }

    /// Saves the frame as a PNG file.
    public func savePNG(to path: String) throws {
        guard IMG_SavePNG(surface, path) == 0 else { throw SDLError("IMG_SavePNG(\(path))") }
    }
}
