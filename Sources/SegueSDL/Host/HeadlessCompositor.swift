import Foundation
import CPixman
import SegueAnimation

/// The CPU compositor without a window: frames drawn into an image in memory (premultiplied ARGB), for
/// pixel tests, `segue replay` and PNGs. Needs no display and no video driver (SDL is initialised
/// without subsystems, for SDL2_ttf and SDL2_image only).
///
/// Like the window, it redraws only what changed since the last frame (``lastDamage`` says what).
@MainActor
public final class HeadlessCompositor: HeadlessBackend {
    /// The frame's size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: Double
    /// The frame's width in pixels.
    public let pixelWidth: Int
    /// The frame's height in pixels.
    public let pixelHeight: Int
    /// The compositor that draws the layer trees.
    package let compositor: Compositor
    /// The pixels the last ``render(_:)`` redrew, as rectangles in pixels (empty: the tree had not
    /// changed, nothing was drawn).
    public private(set) var lastDamage: [CGRect] = []

    private let context: SDLContext
    let buffer: PixelBuffer
    private var isOpen = true

    /// A headless compositor of `size` points at `scale` pixels per point, with the fonts found by
    /// ``FontLocator`` unless given.
    public init(size: CGSize, scale: Double = 1, fonts: FontLocator.Fonts? = nil) throws {
        let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
        precondition(w > 0 && h > 0 && w <= HeadlessRenderer.maximumPixelSide && h <= HeadlessRenderer.maximumPixelSide,
                     "A headless frame needs a size between 1 and \(HeadlessRenderer.maximumPixelSide) pixels, got \(w)x\(h)")
        let fonts = try fonts ?? FontLocator().locate()
        context = try SDLContext(video: false)
        self.size = size
        self.scale = scale
        pixelWidth = w
        pixelHeight = h
        buffer = PixelBuffer(width: Int32(w), height: Int32(h))
        compositor = Compositor(fonts: fonts, scale: scale)
    }

    /// Releases the pictures and SDL (also done when released).
    public func close() {
        guard isOpen else { return }
        isOpen = false
        compositor.close()
        context.close()
    }

    isolated deinit { close() }

    /// Draws the tree's presentation (call the tree's `update()` first) into the frame, redrawing only
    /// what changed since the last call; false when nothing changed.
    @discardableResult
    public func render(_ tree: LayerTree) throws -> Bool {
        let damage = try compositor.render(tree, into: buffer)
        lastDamage = damage.rectangles.map {
            CGRect(x: Double($0.x0), y: Double($0.y0), width: Double($0.width), height: Double($0.height))
        }
        return !damage.isEmpty
    }

    /// Nothing: the frame is in memory.
    public func present() {}
    /// What the last frame's render list held and did.
    public var lastFrame: CompositorCounters { compositor.lastFrame }
    /// The compositor's pictures.
    public var cacheSizes: RendererCacheSizes { compositor.cacheSizes }
    /// Keeps only the pictures the next drawn frame uses.
    public func trimCaches() { compositor.trimCaches() }
    /// The next frame redraws everything.
    public func invalidate() { compositor.invalidate() }

    /// The pixel at (x, y), in pixels from the top left (straight alpha).
    public func readPixel(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && y >= 0 && x < pixelWidth && y < pixelHeight, "(\(x), \(y)) is outside the frame")
        return Self.straight(buffer.pixel(x: x, y: y))
    }

    /// A premultiplied `a8r8g8b8` value with straight alpha.
    static func straight(_ v: UInt32) -> Pixel {
        let a = v >> 24
        func channel(_ shift: UInt32) -> UInt8 {
            let c = (v >> shift) & 0xFF
            return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
        }
        return Pixel(r: channel(16), g: channel(8), b: channel(0), a: UInt8(a))
    }

    /// The frame as a `Bitmap` (straight alpha), to show it as a layer's contents (the
    /// inspector shows the inspected app's frames this way).
    public func bitmap() -> Bitmap {
        var pixels = [UInt32](repeating: 0, count: pixelWidth * pixelHeight)
        for y in 0..<pixelHeight {
            for x in 0..<pixelWidth {
                let p = Self.straight(buffer.pixel(x: x, y: y))
                pixels[y * pixelWidth + x] = UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8 | UInt32(p.a)
            }
        }
        return Bitmap(width: pixelWidth, height: pixelHeight, pixels: pixels)
    }

    /// The frame as a PNG file's bytes (`PNGEncoder`: straight alpha, RGB when the frame is opaque).
    public func pngData() -> [UInt8] {
        PNGEncoder.encode(argb: buffer.pixels, width: pixelWidth, height: pixelHeight, stride: Int(buffer.stride))
    }

    /// A copy of the frame's pixels (premultiplied ARGB, ``pixelStride`` bytes a row), for encoding on
    /// another thread while the next frame is drawn.
    public func copyPixels() -> [UInt8] {
        var copy: [UInt8] = []
        copyPixels(into: &copy)
        return copy
    }

    /// ``copyPixels()`` into the start of `copy`, reusing its memory when it is large enough.
    public func copyPixels(into copy: inout [UInt8]) {
        let count = Int(buffer.stride) * pixelHeight
        if copy.count < count { copy = [UInt8](repeating: 0, count: count) }
        copy.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: buffer.pixels, byteCount: count) }
    }

    /// Bytes from one row of ``copyPixels()`` to the next.
    public var pixelStride: Int { Int(buffer.stride) }

    /// Saves the frame as a PNG file.
    public func savePNG(to path: String) throws {
        try Data(pngData()).write(to: URL(fileURLWithPath: path))
    }
}
