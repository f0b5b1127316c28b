import CPixman

/// Coverage masks of small shapes, kept from frame to frame: a list of rounded swatches or cards drawn
/// view by view is the same shape again and again, on the same fraction of a pixel (rows on whole
/// points under a page that slides by a fraction: every swatch of the page shares one offset). A shape is
/// rasterized once per offset and blended through its mask (pixman's fast path), instead of rasterized
/// into a window-sized coverage buffer and blended through it by pixman's general path each time.
///
/// The mask is the shape's trapezoids moved to their bounds' whole-pixel corner, so a mask serves every
/// place the same shape lands on the same fractions of a pixel, with the coverage pixman gives there.
final class ShapeMasks {
    /// Shapes larger than this many pixels (their bounds) are not kept: a large shape is drawn once or
    /// twice a frame, and its mask would cost memory for little.
    static let maximumPixels = 64 * 64
    /// Masks kept; past this, those not used in the last few frames go.
    static let capacity = 512
    /// Frames a mask is kept after its last use once the cache is full.
    static let keepFrames: UInt64 = 2

    /// A shape: its trapezoids' fixed-point coordinates, relative to the bounds' corner.
    struct Key: Hashable {
        let width: Int32, height: Int32
        let coordinates: [Int32]
    }
    private struct Entry {
        let mask: PixelBuffer
        var lastFrame: UInt64
    }
    private var entries: [Key: Entry] = [:]
    private var scratch: [pixman_trapezoid_t] = []
    /// Lookups and rasterizations, for tests.
    private(set) var hits = 0, misses = 0

    /// The mask of `trapezoids`, whose whole-pixel bounds start at (`x0`, `y0`) and are `width` x `height`
    /// pixels; nil when the shape is too large to keep.
    func mask(of trapezoids: [pixman_trapezoid_t], x0: Int32, y0: Int32, width: Int32, height: Int32,
              frame: UInt64) -> PixelBuffer? {
        guard width > 0, height > 0, Int(width) * Int(height) <= Self.maximumPixels else { return nil }
        let dx = x0 << 16, dy = y0 << 16
        scratch.removeAll(keepingCapacity: true)
        var coordinates: [Int32] = []
        coordinates.reserveCapacity(trapezoids.count * 10)
        for t in trapezoids {
            let moved = pixman_trapezoid_t(
                top: t.top - dy, bottom: t.bottom - dy,
                left: pixman_line_fixed_t(p1: pixman_point_fixed_t(x: t.left.p1.x - dx, y: t.left.p1.y - dy),
                                          p2: pixman_point_fixed_t(x: t.left.p2.x - dx, y: t.left.p2.y - dy)),
                right: pixman_line_fixed_t(p1: pixman_point_fixed_t(x: t.right.p1.x - dx, y: t.right.p1.y - dy),
                                           p2: pixman_point_fixed_t(x: t.right.p2.x - dx, y: t.right.p2.y - dy)))
            scratch.append(moved)
            coordinates.append(contentsOf: [moved.top, moved.bottom, moved.left.p1.x, moved.left.p1.y, moved.left.p2.x,
                                            moved.left.p2.y, moved.right.p1.x, moved.right.p1.y, moved.right.p2.x,
                                            moved.right.p2.y])
        }
        let key = Key(width: width, height: height, coordinates: coordinates)
        if var entry = entries[key] {
            entry.lastFrame = frame
            entries[key] = entry
            hits += 1
            return entry.mask
        }
        misses += 1
        if entries.count >= Self.capacity {
            entries = entries.filter { frame - $0.value.lastFrame <= Self.keepFrames }
            if entries.count >= Self.capacity { entries.removeAll() }
        }
        let mask = PixelBuffer(width: width, height: height, format: PIXMAN_a8)
        scratch.withUnsafeBufferPointer { pixman_add_trapezoids(mask.image, 0, 0, Int32($0.count), $0.baseAddress) }
        entries[key] = Entry(mask: mask, lastFrame: frame)
        return mask
    }

    func removeAll() { entries.removeAll() }
}
