import CPixman
import Foundation
import SegueAnimation

/// The compositor's pixels besides its target: pictures of bitmaps, snapshots and rasterized layers,
/// shadow coverage, offscreen group targets, and scratch buffers reused from frame to frame.
@MainActor
final class CompositorPictures {
    // The entries are objects: a look-up (every picture operation, every frame) then retains one reference
    // instead of copying a struct with a weak reference and, for a raster, its whole signature.
    final class BitmapEntry {
        weak var bitmap: Bitmap?
        let buffer: PixelBuffer
        let isOpaque: Bool

        init(bitmap: Bitmap, buffer: PixelBuffer, isOpaque: Bool) {
            self.bitmap = bitmap
            self.buffer = buffer
            self.isOpaque = isOpaque
        }
    }
    final class SnapshotEntry {
        weak var snapshot: Snapshot?
        let buffer: PixelBuffer

        init(snapshot: Snapshot, buffer: PixelBuffer) {
            self.snapshot = snapshot
            self.buffer = buffer
        }
    }
    final class RasterEntry {
        weak var layer: Layer?
        let key: RasterSignature
        /// A stamp the layer had when its signature was `key` (see ``RasterSignature/Stamp``).
        @exclusivity(unchecked) var stamp: RasterSignature.Stamp?
        let buffer: PixelBuffer
        let version: UInt64
        let isOpaque: Bool
        @exclusivity(unchecked) var lastFrame: UInt64
        /// Whether the automatic raster cache made it (no `shouldRasterize`).
        let isAutomatic: Bool

        init(layer: Layer, key: RasterSignature, stamp: RasterSignature.Stamp?, buffer: PixelBuffer, version: UInt64,
             isOpaque: Bool, lastFrame: UInt64, isAutomatic: Bool) {
            self.layer = layer
            self.key = key
            self.stamp = stamp
            self.buffer = buffer
            self.version = version
            self.isOpaque = isOpaque
            self.lastFrame = lastFrame
            self.isAutomatic = isAutomatic
        }
    }
    struct ShadowKey: Hashable {
        let width: Double, height: Double, radius: Double, blur: Double, scale: Double
    }

    var bitmaps: [ObjectIdentifier: BitmapEntry] = [:]
    var snapshots: [ObjectIdentifier: SnapshotEntry] = [:]
    @exclusivity(unchecked) var rasters: [ObjectIdentifier: RasterEntry] = [:]
    var rasterVersion: UInt64 = 0
    /// Backdrop blurs' pixels, made by the executors and kept while their backdrop is still; dropped when
    /// their operation was not recorded in a frame (``Compositor/sweepBackdrops()``).
    var backdrops: [BackdropBlur.Slot: BackdropBlur.Entry] = [:]
    /// The backdrop blur's scratch memory.
    let blurScratch = BackdropBlur.Scratch()
    private(set) var shadows: [ShadowKey: PixelBuffer] = [:]
    /// Shadow masks kept (a screen's worth of differently sized shadowed layers).
    static let maxCachedShadows = 256
    private(set) var offscreenPool: [PixelBuffer] = []
    private var coverage: PixelBuffer?
    /// Coverage masks of small shapes, kept from frame to frame.
    let shapeMasks = ShapeMasks()

    /// A 1x1 repeating picture: a solid colour that can be changed without allocating.
    let solid: PixelBuffer
    /// A 1x1 repeating `a8` picture: a uniform opacity.
    private let alpha: PixelBuffer

    // Scratch, reused by the draw pass.
    var outline: [CGPoint] = []
    var projected: [RenderVertex] = []
    var fixedPoints: [pixman_point_fixed_t] = []
    var trapezoids: [pixman_trapezoid_t] = []
    var groupTargets: [PixelBuffer] = []

    init() {
        solid = PixelBuffer(width: 1, height: 1)
        pixman_image_set_repeat(solid.image, PIXMAN_REPEAT_NORMAL)
        alpha = PixelBuffer(width: 1, height: 1, format: PIXMAN_a8)
        pixman_image_set_repeat(alpha.image, PIXMAN_REPEAT_NORMAL)
    }

    /// Sets the solid colour (premultiplied `a8r8g8b8`).
    func setSolid(_ pixel: UInt32) {
        solid.pixels.storeBytes(of: pixel, as: UInt32.self)
    }

    /// The uniform opacity picture set to `a`.
    func alphaMask(_ a: Double) -> OpaquePointer { uniformMask(UInt8((min(max(a, 0), 1) * 255).rounded())) }

    /// The uniform opacity picture set to `value` (0...255).
    func uniformMask(_ value: UInt8) -> OpaquePointer {
        alpha.pixels.storeBytes(of: value, as: UInt8.self)
        return alpha.image
    }

    /// A 1x1 `a8` scratch picture, to measure one pixel's coverage by a shape.
    let onePixel = PixelBuffer(width: 1, height: 1, format: PIXMAN_a8)

    /// The solid colour as a view for other threads (1x1, repeating).
    var solidView: PixelImageView { PixelImageView(solid, repeatMode: PIXMAN_REPEAT_NORMAL) }

    /// The uniform opacity `a` as a view for other threads (1x1, repeating).
    func alphaView(_ a: Double) -> PixelImageView {
        _ = alphaMask(a)
        return PixelImageView(alpha, repeatMode: PIXMAN_REPEAT_NORMAL)
    }

    /// An `a8` buffer of the target's size for shapes' coverage.
    func coverageMask(width: Int32, height: Int32) -> PixelBuffer {
        if let c = coverage, c.width >= width, c.height >= height { return c }
        let c = PixelBuffer(width: max(width, coverage?.width ?? 0), height: max(height, coverage?.height ?? 0), format: PIXMAN_a8)
        coverage = c
        return c
    }

    /// An offscreen target of a size (for a group), from the pool.
    func offscreen(width: Int32, height: Int32) -> PixelBuffer {
        if let i = offscreenPool.firstIndex(where: { $0.width == width && $0.height == height }) {
            return offscreenPool.remove(at: i)
        }
        return PixelBuffer(width: width, height: height)
    }

    /// Gives an offscreen target back to the pool.
    func returnOffscreen(_ buffer: PixelBuffer) { offscreenPool.append(buffer) }

    /// The premultiplied picture of a bitmap, made once while the bitmap lives.
    func bitmap(_ bitmap: Bitmap) -> BitmapEntry {
        let key = ObjectIdentifier(bitmap)
        if let entry = bitmaps[key], entry.bitmap === bitmap { return entry }
        let buffer = PixelBuffer(width: Int32(bitmap.width), height: Int32(bitmap.height))
        var opaque = true
        bitmap.pixels.withUnsafeBufferPointer { source in
            for y in 0..<bitmap.height {
                let row = buffer.pixels.advanced(by: y * Int(buffer.stride)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<bitmap.width {
                    let v = source[y * bitmap.width + x]   // 0xRRGGBBAA, straight alpha
                    let a = v & 0xFF
                    if a != 0xFF { opaque = false }
                    func premultiply(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                    row[x] = a << 24 | premultiply(v >> 24) << 16 | premultiply((v >> 16) & 0xFF) << 8 | premultiply((v >> 8) & 0xFF)
                }
            }
        }
        let entry = BitmapEntry(bitmap: bitmap, buffer: buffer, isOpaque: opaque)
        bitmaps[key] = entry
        return entry
    }

    /// The coverage of a blurred (rounded) rectangle of `size` points: `a8`, at `scale` pixels per point,
    /// its origin `blur` points above and left of the shape. The blur is the same linear ramp as
    /// GPU executor's: half strength on the shape's edge, nothing `blur` points outside it, full
    /// strength `blur` points inside it (measured from the rounded outline).
    func shadowMask(size: CGSize, radius: Double, blur: Double, scale: Double) -> PixelBuffer {
        let key = ShadowKey(width: size.width, height: size.height, radius: radius, blur: blur, scale: scale)
        if let buffer = shadows[key] { return buffer }
        if shadows.count >= Self.maxCachedShadows { shadows.removeAll() }
        let w = Int32(min(Double(Compositor.maximumPictureSide), ((size.width + 2 * blur) * scale).rounded(.up)))
        let h = Int32(min(Double(Compositor.maximumPictureSide), ((size.height + 2 * blur) * scale).rounded(.up)))
        let buffer = PixelBuffer(width: max(1, w), height: max(1, h), format: PIXMAN_a8)
        let r = max(0, min(radius, size.width / 2, size.height / 2))
        let halfW = size.width / 2, halfH = size.height / 2
        for y in 0..<Int(buffer.height) {
            let row = buffer.pixels.advanced(by: y * Int(buffer.stride)).assumingMemoryBound(to: UInt8.self)
            let py = (Double(y) + 0.5) / scale - blur - halfH
            for x in 0..<Int(buffer.width) {
                let px = (Double(x) + 0.5) / scale - blur - halfW
                // Signed distance to the rounded rectangle (negative inside).
                let qx = abs(px) - (halfW - r), qy = abs(py) - (halfH - r)
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let d = outside + min(max(qx, qy), 0) - r
                let coverage = blur > 0 ? min(max(0.5 - d / (2 * blur), 0), 1) : (d <= 0 ? 1 : 0)
                row[x] = UInt8((coverage * 255).rounded())
            }
        }
        shadows[key] = buffer
        return buffer
    }

    /// Drops pictures whose owners are gone and rasterized layers not drawn for `keepFrames` frames.
    func evict(frameIndex: UInt64, keepFrames: UInt64) {
        if bitmaps.contains(where: { $0.value.bitmap == nil }) { bitmaps = bitmaps.filter { $0.value.bitmap != nil } }
        if snapshots.contains(where: { $0.value.snapshot == nil }) { snapshots = snapshots.filter { $0.value.snapshot != nil } }
        if rasters.contains(where: { $0.value.layer == nil || frameIndex - $0.value.lastFrame > keepFrames }) {
            rasters = rasters.filter { $0.value.layer != nil && frameIndex - $0.value.lastFrame <= keepFrames }
        }
    }

    /// Whether the next frame keeps only the pictures it uses (``Compositor/trimCaches()``).
    var trimsAfterNextFrame = false

    /// Drops the shadow masks and the offscreen targets (made again when drawn).
    func removeShadowsAndOffscreens() {
        shadows.removeAll()
        offscreenPool.removeAll()
    }

    func removeAll() {
        bitmaps.removeAll()
        snapshots.removeAll()
        rasters.removeAll()
        backdrops.removeAll()
        blurScratch.release()
        shadows.removeAll()
        offscreenPool.removeAll()
        coverage = nil
        shapeMasks.removeAll()
    }
}

extension CompositorPictures {
    /// The cached pixels a picture operation samples (texts from `text`).
    func picture(for source: PictureSource, text: CompositorText) -> PixelBuffer? {
        switch source {
        case .none: return nil
        case .text(let key, let color): return text.picture(key, color: color)
        case .bitmap(let id): return bitmaps[id]?.buffer
        case .snapshot(let id): return snapshots[id]?.buffer
        case .raster(let id, _): return rasters[id]?.buffer
        case .backdrop(let key): return backdrops[key.slot].flatMap { $0.key == key ? $0.pixels : nil }
        }
    }
}
