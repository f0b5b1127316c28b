import CPixman
import Foundation

/// 32-bit pixels with a pixman image over them: the compositor's targets (a window's framebuffer, a
/// headless frame, an offscreen group) and its cached pictures (text, bitmaps, rasterized layers,
/// snapshots). Premultiplied `a8r8g8b8`, `x8r8g8b8` (a window surface: no alpha) or `a8` (masks).
final class PixelBuffer {
    /// Width in pixels.
    let width: Int32
    /// Height in pixels.
    let height: Int32
    /// Bytes from one row to the next.
    let stride: Int32
    /// The pixman format.
    let format: pixman_format_code_t
    /// The pixman image over the pixels.
    let image: OpaquePointer
    /// The first byte of the pixels.
    let pixels: UnsafeMutableRawPointer
    private let ownsPixels: Bool

    /// Bytes per pixel of a format (32-bit formats: 4, `a8`: 1).
    static func bytesPerPixel(_ format: pixman_format_code_t) -> Int32 { format == PIXMAN_a8 ? 1 : 4 }

    /// A buffer of its own, every pixel zero (transparent black).
    init(width: Int32, height: Int32, format: pixman_format_code_t = PIXMAN_a8r8g8b8) {
        precondition(width > 0 && height > 0, "A pixel buffer needs a positive size, got \(width)x\(height)")
        // pixman wants rows aligned to 4 bytes.
        let stride = (width * Self.bytesPerPixel(format) + 3) & ~3
        guard let memory = Self.allocate(Int(stride) * Int(height)) else {
            fatalError("Out of memory for a \(width)x\(height) pixel buffer")
        }
        guard let image = pixman_image_create_bits_no_clear(format, width, height,
                                                            memory.assumingMemoryBound(to: UInt32.self), stride) else {
            fatalError("pixman_image_create_bits failed for \(width)x\(height)")
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.image = image
        self.pixels = memory
        self.ownsPixels = true
    }

    /// A buffer over pixels someone else owns (a window surface), which must outlive it.
    init(wrapping pixels: UnsafeMutableRawPointer, width: Int32, height: Int32, stride: Int32,
         format: pixman_format_code_t) {
        guard let image = pixman_image_create_bits_no_clear(format, width, height,
                                                            pixels.assumingMemoryBound(to: UInt32.self), stride) else {
            fatalError("pixman_image_create_bits failed for a \(width)x\(height) surface")
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.image = image
        self.pixels = pixels
        self.ownsPixels = false
    }

    /// Buffers of at least this many bytes are asked for in 2 MB pages (transparent huge pages, where the
    /// kernel gives them): a window-sized picture read row by row otherwise crosses a 4 KB page every row
    /// or two, and each page's translation missing from the TLB is a long walk in a virtual machine.
    static let hugePageThreshold = 2 << 20

    /// Zeroed memory for `bytes` bytes (released with `free`).
    private static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer? {
        guard bytes >= hugePageThreshold else { return calloc(bytes, 1) }
        let huge = 2 << 20
        let rounded = (bytes + huge - 1) / huge * huge
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, huge, rounded) == 0, let memory else { return nil }
        _ = madvise(memory, rounded, MADV_HUGEPAGE)
        memset(memory, 0, bytes)
        return memory
    }

    deinit {
        pixman_image_unref(image)
        if ownsPixels { free(pixels) }
    }

    /// The 32-bit pixel at (x, y) (premultiplied ARGB, or XRGB).
    func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && y >= 0 && x < Int(width) && y < Int(height), "(\(x), \(y)) is outside the buffer")
        return pixels.load(fromByteOffset: y * Int(stride) + x * 4, as: UInt32.self)
    }

    /// The bounds of the buffer.
    var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }
}

/// A rectangle of whole pixels, half-open: [x0, x1) x [y0, y1).
struct PixelRect: Equatable {
    var x0: Int32, y0: Int32, x1: Int32, y1: Int32

    /// No pixels.
    static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    var width: Int32 { x1 - x0 }
    var height: Int32 { y1 - y0 }
    var area: Int { isEmpty ? 0 : Int(width) * Int(height) }

    func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }

    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    func contains(_ o: PixelRect) -> Bool { o.isEmpty || (o.x0 >= x0 && o.y0 >= y0 && o.x1 <= x1 && o.y1 <= y1) }

    /// The pixels outside `o`, as at most four rectangles: the rows above and below it, then the parts of
    /// its rows left and right of it.
    func subtracting(_ o: PixelRect) -> [PixelRect] {
        let cut = intersection(o)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        let pieces = [PixelRect(x0: x0, y0: y0, x1: x1, y1: cut.y0), PixelRect(x0: x0, y0: cut.y1, x1: x1, y1: y1),
                      PixelRect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1), PixelRect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1)]
        return pieces.filter { !$0.isEmpty }
    }

    /// The pixels a box of real coordinates touches (rounded outwards), clamped to ±2^30.
    static func enclosing(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelRect {
        guard minX <= maxX, minY <= maxY, minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return .empty }
        let limit = Double(1 << 30)
        func c(_ v: Double) -> Int32 { Int32(min(max(v, -limit), limit)) }
        return PixelRect(x0: c(minX.rounded(.down)), y0: c(minY.rounded(.down)),
                         x1: c(maxX.rounded(.up)), y1: c(maxY.rounded(.up)))
    }

    /// The whole pixels whose centres lie inside a box of real coordinates (left and top edges in, right
    /// and bottom out): the pixels a GPU rasterises for an axis-aligned rectangle.
    static func centred(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelRect {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return .empty }
        let limit = Double(1 << 30)
        func c(_ v: Double) -> Int32 { Int32(min(max((v - 0.5).rounded(.up), -limit), limit)) }
        let r = PixelRect(x0: c(minX), y0: c(minY), x1: c(maxX), y1: c(maxY))
        return r.isEmpty ? .empty : r
    }

    /// The whole pixels lying entirely inside a box of real coordinates (rounded inwards).
    static func inside(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelRect {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return .empty }
        let limit = Double(1 << 30)
        func c(_ v: Double) -> Int32 { Int32(min(max(v, -limit), limit)) }
        let r = PixelRect(x0: c((minX - 1e-6).rounded(.up)), y0: c((minY - 1e-6).rounded(.up)),
                          x1: c((maxX + 1e-6).rounded(.down)), y1: c((maxY + 1e-6).rounded(.down)))
        return r.isEmpty ? .empty : r
    }
}

/// A set of pixels as a pixman region (a list of rectangles): what a frame redraws, minus what opaque
/// layers above cover. Reused from frame to frame.
final class PixelRegion {
    let region: UnsafeMutablePointer<pixman_region32_t>

    init() {
        region = .allocate(capacity: 1)
        pixman_region32_init(region)
    }

    deinit {
        pixman_region32_fini(region)
        region.deallocate()
    }

    /// Empties the region.
    func removeAll() {
        pixman_region32_fini(region)
        pixman_region32_init(region)
    }

    /// Makes the region one rectangle.
    func set(_ r: PixelRect) {
        removeAll()
        if !r.isEmpty { pixman_region32_union_rect(region, region, r.x0, r.y0, UInt32(r.width), UInt32(r.height)) }
    }

    /// Makes the region a copy of another.
    func set(_ other: PixelRegion) { pixman_region32_copy(region, other.region) }

    func formUnion(_ r: PixelRect) {
        guard !r.isEmpty else { return }
        pixman_region32_union_rect(region, region, r.x0, r.y0, UInt32(r.width), UInt32(r.height))
    }

    func formIntersection(_ r: PixelRect) {
        pixman_region32_intersect_rect(region, region, r.x0, r.y0, UInt32(max(0, r.width)), UInt32(max(0, r.height)))
    }

    func subtract(_ r: PixelRect, scratch: PixelRegion) {
        guard !r.isEmpty else { return }
        scratch.set(r)
        pixman_region32_subtract(region, region, scratch.region)
    }

    func formUnion(_ other: PixelRegion) { pixman_region32_union(region, region, other.region) }

    func formIntersection(_ other: PixelRegion) { pixman_region32_intersect(region, region, other.region) }

    func subtract(_ other: PixelRegion) { pixman_region32_subtract(region, region, other.region) }

    var isEmpty: Bool { pixman_region32_not_empty(region) == 0 }

    /// The bounding box.
    var extents: PixelRect {
        guard !isEmpty, let e = pixman_region32_extents(region) else { return .empty }
        return PixelRect(x0: e.pointee.x1, y0: e.pointee.y1, x1: e.pointee.x2, y1: e.pointee.y2)
    }

    func intersects(_ r: PixelRect) -> Bool {
        guard !r.isEmpty else { return false }
        var box = pixman_box32_t(x1: r.x0, y1: r.y0, x2: r.x1, y2: r.y1)
        return pixman_region32_contains_rectangle(region, &box) != PIXMAN_REGION_OUT
    }

    /// Whether the region holds every pixel of `r`.
    func contains(_ r: PixelRect) -> Bool {
        guard !r.isEmpty else { return true }
        var box = pixman_box32_t(x1: r.x0, y1: r.y0, x2: r.x1, y2: r.y1)
        return pixman_region32_contains_rectangle(region, &box) == PIXMAN_REGION_IN
    }

    /// The rectangles of the region.
    var rectangles: [PixelRect] {
        var n: Int32 = 0
        guard let boxes = pixman_region32_rectangles(region, &n) else { return [] }
        return (0..<Int(n)).map { PixelRect(x0: boxes[$0].x1, y0: boxes[$0].y1, x1: boxes[$0].x2, y1: boxes[$0].y2) }
    }

    /// Calls `body` with each rectangle of the region, without making an array of them.
    func forEachRectangle(_ body: (PixelRect) -> Void) {
        var n: Int32 = 0
        guard let boxes = pixman_region32_rectangles(region, &n) else { return }
        for k in 0..<Int(n) { body(PixelRect(x0: boxes[k].x1, y0: boxes[k].y1, x1: boxes[k].x2, y1: boxes[k].y2)) }
    }

    /// The number of pixels in the region (counted over its rectangles without making an array of them).
    var area: Int {
        var n: Int32 = 0
        guard let boxes = pixman_region32_rectangles(region, &n) else { return 0 }
        var total = 0
        for k in 0..<Int(n) { total += Int(boxes[k].x2 - boxes[k].x1) * Int(boxes[k].y2 - boxes[k].y1) }
        return total
    }

    /// Makes the region the union of `boxes` (in any order, overlapping or not), at once.
    func set(boxes: inout [pixman_box32_t]) {
        boxes.withUnsafeMutableBufferPointer {
            pixman_region32_fini(region)
            _ = pixman_region32_init_rects(region, $0.baseAddress, Int32($0.count))
        }
    }
}
