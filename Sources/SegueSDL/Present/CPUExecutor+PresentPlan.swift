import CPixman
import CSeguePixels

/// The draw pass's side of a ``PresentPlan``: which pixels of a span copy are the last drawn there, and the
/// presentable copies of the pictures copied straight to the window.
extension CPUExecutor {
    /// Pictures smaller than this many pixels are not made presentable: their copy into the back buffer is
    /// cheap, and a presentable copy costs shared memory and one request a rectangle.
    static let presentableMinimumPixels = 256 * 256
    /// Presentable pictures kept at once (the two pages of a push and a sheet over them; each is as large as
    /// its picture).
    static let presentableCapacity = 4
    /// Opaque fills smaller than this many pixels are not planned (a swatch: the rectangles and the search
    /// would cost more than the pixels).
    static let plannedFillMinimumPixels = 64 * 64

    /// The planning of the frame being drawn: the plan, when it is on and `destination` is the frame's own
    /// target (not an offscreen group's or a rasterized layer's picture).
    func planning(into destination: PixelBuffer) -> PresentPlan? {
        guard let presentPlan, destination === planTarget else { return nil }
        return presentPlan
    }

    /// Sets `exclusiveRegion` to the pixels of `region` inside `box` that no operation after the one being
    /// drawn may touch (except operation `skipping`, a tint already folded into this copy): what the later
    /// operations touch over the area (their bounds; a blur's, only the pixels it writes or reads from the
    /// target: ``appendLaterTouches(of:in:)``) is gathered and taken out at once.
    func findExclusivePixels(of region: PixelRegion, box: PixelRect, skipping: Int?) {
        exclusiveRegion.set(region)
        exclusiveRegion.formIntersection(box)
        let area = exclusiveRegion.extents
        guard !area.isEmpty else { return }
        laterBoxes.removeAll(keepingCapacity: true)
        let ops = drawingOps
        var k = drawingIndex + 1
        while k < ops.count {
            if k != skipping { appendLaterTouches(of: k, in: area) }
            k += 1
        }
        guard !laterBoxes.isEmpty else { return }
        laterRegion.set(boxes: &laterBoxes)
        exclusiveRegion.subtract(laterRegion)
    }

    /// Fills the whole pixels `box` (inside `opRegion`) with an opaque colour through the frame's plan: the
    /// pixels no later operation touches become fills the window makes itself, the rest is filled into the
    /// target. False (nothing done) when no plan is made into `destination`, or the box is too small to plan.
    func planOpaqueFill(_ box: PixelRect, pixel: UInt32, into destination: PixelBuffer) -> Bool {
        guard box.area >= Self.plannedFillMinimumPixels, let plan = planning(into: destination) else { return false }
        findExclusivePixels(of: opRegion, box: box, skipping: nil)
        guard !exclusiveRegion.isEmpty else { return false }
        exclusiveRegion.forEachRectangle { r in
            plan.fills.append(segue_plan_rect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, color: pixel))
        }
        planRest.set(opRegion)
        planRest.formIntersection(box)
        planRest.subtract(exclusiveRegion)
        if !planRest.isEmpty {
            var c = Self.pixmanColor(storedPixel: pixel)
            var b = pixman_box32_t(x1: box.x0, y1: box.y0, x2: box.x1, y2: box.y1)
            pixman_image_set_clip_region32(destination.image, planRest.region)
            pixman_image_fill_boxes(PIXMAN_OP_SRC, destination.image, &c, 1, &b)
            pixman_image_set_clip_region32(destination.image, opRegion.region)
        }
        return true
    }

    /// Plans the pixels of `planRest` (what operations after a span copy touch) that one later shadow touches
    /// and nothing else, where the picture's rows are their background: each column's colour under the
    /// shadow becomes a fill, and the shadow leaves those pixels out when it is drawn (a fold, as a tint's).
    /// `planRest` keeps what is left to copy. The strip under a pushed page's edge shadow: ~800 rows down the
    /// window, each a cold line in a page of its own, for a dozen pixels a row.
    func planShadowedRest(_ job: inout segue_span_copy_job, plan: PresentPlan, skipping: Int?) {
        let area = planRest.extents
        guard !area.isEmpty, job.rowLo != nil else { return }
        let ops = drawingOps
        var shadowIndex: Int?
        laterBoxes.removeAll(keepingCapacity: true)
        for k in (drawingIndex + 1)..<ops.count where k != skipping {
            let b = ops[k].bounds.intersection(area)
            guard !b.isEmpty else { continue }
            if shadowIndex == nil, ops[k].kind == .shadow, ops[k].level == 0, ops[k].hole.intersection(area).isEmpty {
                shadowIndex = k
            } else {
                appendLaterTouches(of: k, in: area)
            }
        }
        guard let k = shadowIndex, let (mask, map) = shadowMask(ops[k]), let (dx, dy) = Self.wholePixelOffset(map)
        else { return }
        let op = ops[k]
        // Pixels of the rest only the shadow touches, inside its bounds and (a rectangle clip) its clip.
        exclusiveRegion.set(planRest)
        exclusiveRegion.formIntersection(op.bounds)
        if op.clip >= 0 {
            guard let clipBox = drawingClips[Int(op.clip)].wholePixels else { return }
            exclusiveRegion.formIntersection(clipBox)
        }
        if !laterBoxes.isEmpty {
            laterRegion.set(boxes: &laterBoxes)
            exclusiveRegion.subtract(laterRegion)
        }
        guard !exclusiveRegion.isEmpty else { return }
        var shadow = segue_shadow_over(mask: UnsafePointer(mask.pixels.assumingMemoryBound(to: UInt8.self)),
                                       stride: Int(mask.stride), width: Int(mask.width), height: Int(mask.height),
                                       dx: Int(dx), dy: Int(dy),
                                       color: CompositorGeometry.premultiplied(op.color, alpha: op.alpha))
        let folded = spareTintRegions.popLast() ?? PixelRegion()
        folded.removeAll()
        exclusiveRegion.forEachRectangle { c in
            plan.shadowRows.removeAll(keepingCapacity: true)
            guard plan.planShadowOver(&job, c, shadow: &shadow) else { return }
            folded.formUnion(c)
            let rows = plan.shadowRows
            var r = 0
            while r < rows.count {
                folded.subtract(PixelRect(x0: c.x0, y0: rows[r], x1: c.x1, y1: rows[r + 1]), scratch: scratchRegion)
                r += 2
            }
        }
        guard !folded.isEmpty else {
            spareTintRegions.append(folded)
            return
        }
        planRest.subtract(folded)
        foldedTints.append((k, folded))
    }

    /// The presentable copy of a picture (made the first time it is asked for, when the window's presenter
    /// can make one and the picture is large enough); nil otherwise.
    func presentable(_ source: PictureSource, _ buffer: PixelBuffer) -> PresentablePicture? {
        if let k = presentables.firstIndex(where: { $0.source == source && $0.buffer === buffer }) {
            presentables[k].lastFrame = frameIndex
            return presentables[k].picture
        }
        guard let makePresentable, Int(buffer.width) * Int(buffer.height) >= Self.presentableMinimumPixels,
              let picture = makePresentable(buffer) else { return nil }
        presentables.removeAll { $0.buffer == nil }
        if presentables.count >= Self.presentableCapacity,
           let oldest = presentables.indices.min(by: { presentables[$0].lastFrame < presentables[$1].lastFrame }) {
            presentables.remove(at: oldest)
        }
        presentables.append(PresentableEntry(source: source, buffer: buffer, picture: picture, lastFrame: frameIndex))
        return picture
    }

    /// Plans no more: the target gets every damaged pixel again (the window's presenter was dropped for
    /// SDL's surface; the recorder must then redraw the whole target).
    func stopPresentPlan() {
        presentPlan = nil
        makePresentable = nil
        presentables.removeAll()
    }

    /// Drops the presentable copies not used for `keepFrames` frames before the recorder's frame
    /// `frameIndex`, or whose picture is gone.
    func evictPresentables(keepFrames: UInt64, at frameIndex: UInt64) {
        presentables.removeAll { $0.buffer == nil || $0.lastFrame + keepFrames < frameIndex }
    }
}

/// A presentable copy of a picture, by source and pixel buffer (held weakly: a freed buffer matches nothing).
struct PresentableEntry {
    let source: PictureSource
    weak var buffer: PixelBuffer?
    let picture: PresentablePicture
    var lastFrame: UInt64
}
