import CPixman
import SegueAnimation

/// The CPU executor's backdrop blur (``BackdropBlur``): the target's pixels under the operation blurred
/// (or the pixels kept for its key), then put in place of the backdrop inside the operation's shape.
extension CPUExecutor {
    /// Draws backdrop operation `op` into `destination` over `opRegion` (the damaged pixels it writes,
    /// minus what later opaque operations cover; not empty).
    func drawBackdrop(_ op: CompositorOp, clip: ClipPolygon?, into destination: PixelBuffer) {
        guard case .backdrop(let key) = op.source, let entry = backdropPixels(op, key: key, from: destination) else { return }
        let polygonClip = narrowRegion(to: clip)
        guard !opRegion.isEmpty else { return }
        lastFrame.drawnOperations += 1
        pixman_image_set_clip_region32(destination.image, opRegion.region)
        let blurred = PixelImageView(entry.pixels), offset = (-entry.x, -entry.y)
        if polygonClip == nil, op.alpha >= 1, op.radius * scale < CompositorGeometry.roundCornerThreshold,
           let box = CompositorGeometry.exactPixels(op.rect, op.toTarget) {
            // A rectangle on whole pixels at full strength: the blurred pixels copied.
            opRegion.formIntersection(box)
            ParallelComposite.composite(PIXMAN_OP_SRC, source: blurred, mask: nil, into: destination, region: opRegion,
                                        sourceOffset: offset)
            return
        }
        // Elsewhere the blur replaces the backdrop by the shape's antialiased coverage (times the opacity):
        // the backdrop taken out (`OUT_REVERSE` of opaque white), the blurred pixels added (`ADD`).
        pictures.setSolid(0xFFFF_FFFF)
        shapeTrapezoids(op, clip: polygonClip)
        compositeThroughShape(pictures.solidView, operation: PIXMAN_OP_OUT_REVERSE, alpha: op.alpha, into: destination)
        compositeThroughShape(blurred, sourceOffset: offset, operation: PIXMAN_OP_ADD, alpha: op.alpha, into: destination)
    }

    /// The blurred pixels of `op`: kept for its key (a hit), or the target's pixels it reads blurred now
    /// and kept (a miss). Nil when its σ blurs nothing.
    private func backdropPixels(_ op: CompositorOp, key: BackdropBlur.Key, from target: PixelBuffer) -> BackdropBlur.Entry? {
        if let kept = pictures.backdrops[key.slot], kept.key == key {
            lastFrame.backdropBlurHits += 1
            return kept
        }
        let read = op.bounds.intersection(target.bounds), out = op.written.intersection(read)
        let started = ContinuousClock.now
        defer { lastFrame.backdropBlurSeconds += Self.seconds(since: started) }
        // The pixels kept for the last key are written over (nothing else holds them).
        var spare = pictures.backdrops.removeValue(forKey: key.slot)?.pixels
        if !isKnownUniquelyReferenced(&spare) { spare = nil }
        guard let blurred = BackdropBlur.blurBackdrop(target.pixels, stride: target.stride, origin: (0, 0), read: read, out: out,
                                                      sigma: op.width, opaqueAlpha: target.format == PIXMAN_x8r8g8b8,
                                                      reusing: spare, scratch: pictures.blurScratch) else { return nil }
        let entry = BackdropBlur.Entry(key: key, pixels: blurred, x: out.x0, y: out.y0)
        pictures.backdrops[key.slot] = entry
        lastFrame.backdropBlurMisses += 1
        return entry
    }
}

extension CPUExecutor {
    /// Narrows the operation's region (`opRegion`) to `clip` when the clip lies on whole pixels (a region,
    /// not a polygon to cut shapes with) and returns the polygon left to cut shapes with (nil: none).
    func narrowRegion(to clip: ClipPolygon?) -> ClipPolygon? {
        guard let clip, let inside = clip.wholePixels else { return clip }
        opRegion.formIntersection(inside)
        return nil
    }

    /// The seconds from `start` to now.
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}

extension PixelBuffer {
    /// Sets every pixel's alpha to 255 (pixels read from a target without alpha: `x8r8g8b8`).
    func setOpaqueAlpha() {
        for y in 0..<Int(height) {
            let row = (pixels + y * Int(stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(width) { row[x] |= 0xFF00_0000 }
        }
    }
}
