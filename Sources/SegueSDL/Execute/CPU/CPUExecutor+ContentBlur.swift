import CPixman
import SegueAnimation

/// The CPU executor's content blur (``ContentBlur``): a blurred group's offscreen pixels blurred, then
/// composited at the group's opacity inside its clip.
extension CPUExecutor {
    /// The damage the operations of a content-blurred group are drawn in: all its pixels (`bounds`), in the
    /// region kept for its nesting `depth` (1 for the outermost).
    func blurredGroupDamage(_ bounds: PixelRect, depth: Int) -> PixelRegion {
        while blurredGroupDamages.count < depth { blurredGroupDamages.append(PixelRegion()) }
        let region = blurredGroupDamages[depth - 1]
        region.set(bounds)
        return region
    }

    /// Composites the end of a content-blurred group `op` (σ its `width`) into `destination` over `opRegion`
    /// (the damaged pixels it writes, minus what later opaque operations cover; not empty): the group's
    /// pixels `read` in `offscreen`, blurred, at the group's opacity, inside `clip`.
    func drawBlurredGroup(_ op: CompositorOp, read: PixelRect, from offscreen: PixelBuffer, clip: ClipPolygon?,
                          into destination: PixelBuffer) {
        let out = op.bounds.intersection(read)
        let started = ContinuousClock.now
        let blurred = ContentBlur.blur(offscreen.pixels, stride: offscreen.stride, read: read, out: out, sigma: op.width,
                                       scratch: pictures.blurScratch)
        lastFrame.contentBlurSeconds += Self.seconds(since: started)
        guard let blurred else { return }
        lastFrame.contentBlurs += 1
        let polygonClip = narrowRegion(to: clip)
        guard !opRegion.isEmpty else { return }
        lastFrame.drawnOperations += 1
        pixman_image_set_clip_region32(destination.image, opRegion.region)
        if let polygonClip {
            // Through the clip's antialiased coverage: the written pixels as a shape, cut by the clip.
            var shape = op
            shape.rect = CGRect(x: Double(out.x0), y: Double(out.y0), width: Double(out.width), height: Double(out.height))
            shape.radius = 0
            shapeTrapezoids(shape, clip: polygonClip)
            compositeThroughShape(PixelImageView(blurred), sourceOffset: (-out.x0, -out.y0), alpha: op.alpha, into: destination)
            return
        }
        let mask = op.alpha < 1 ? pictures.alphaMask(op.alpha) : nil
        pixman_image_composite32(PIXMAN_OP_OVER, blurred.image, mask, destination.image,
                                 0, 0, 0, 0, out.x0, out.y0, out.width, out.height)
    }
}
