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
    /// The key's coordinates, reused from lookup to lookup.
    private var keyCoordinates: [Int32] = []
    /// Lookups and rasterizations, for tests.
    private(set) var hits = 0, misses = 0

    /// The mask of `trapezoids`, whose whole-pixel bounds start at (`x0`, `y0`) and are `width` x `height`
    /// pixels; nil when the shape is too large to keep. A lookup allocates nothing: the key's coordinates
    /// are written into a reused array (a key stored in the cache takes a copy of it).
    func mask(of trapezoids: [pixman_trapezoid_t], x0: Int32, y0: Int32, width: Int32, height: Int32,
              frame: UInt64) -> PixelBuffer? {
        guard width > 0, height > 0, Int(width) * Int(height) <= Self.maximumPixels else { return nil }
        let dx = x0 << 16, dy = y0 << 16
        keyCoordinates.removeAll(keepingCapacity: true)
        for t in trapezoids {
            keyCoordinates.append(t.top - dy)
            keyCoordinates.append(t.bottom - dy)
            keyCoordinates.append(t.left.p1.x - dx)
            keyCoordinates.append(t.left.p1.y - dy)
            keyCoordinates.append(t.left.p2.x - dx)
            keyCoordinates.append(t.left.p2.y - dy)
            keyCoordinates.append(t.right.p1.x - dx)
            keyCoordinates.append(t.right.p1.y - dy)
            keyCoordinates.append(t.right.p2.x - dx)
            keyCoordinates.append(t.right.p2.y - dy)
        }
        let key = Key(width: width, height: height, coordinates: keyCoordinates)
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
        // The shape moved to the mask's corner (from the key's coordinates, ten a trapezoid).
        let c = keyCoordinates
        let moved = (0..<trapezoids.count).map { k in
            let b = k * 10
            return pixman_trapezoid_t(top: c[b], bottom: c[b + 1],
                                      left: pixman_line_fixed_t(p1: pixman_point_fixed_t(x: c[b + 2], y: c[b + 3]),
                                                                p2: pixman_point_fixed_t(x: c[b + 4], y: c[b + 5])),
                                      right: pixman_line_fixed_t(p1: pixman_point_fixed_t(x: c[b + 6], y: c[b + 7]),
                                                                 p2: pixman_point_fixed_t(x: c[b + 8], y: c[b + 9])))
        }
        let mask = PixelBuffer(width: width, height: height, format: PIXMAN_a8)
        moved.withUnsafeBufferPointer { pixman_add_trapezoids(mask.image, 0, 0, Int32($0.count), $0.baseAddress) }
        entries[key] = Entry(mask: mask, lastFrame: frame)
        return mask
    }

    func removeAll() { entries.removeAll() }
}
