import CPixman
import CSeguePixels

/// Copying an opaque picture placed on whole pixels, by spans.
///
/// Paced at 60 frames a second, a frame's pixels are cold in the caches when it starts: a copy reads the
/// picture and writes the target, and costs about twice a fill, which only writes. A page is mostly its
/// background colour, so each row is written as a fill left of its content, a copy (tinted when a
/// dimming is folded into it, ``SolidTint``) of its content, and a fill right of it
/// (``PictureContentSpans``). The pixels are those of pixman's `SRC` copy (and `OVER` of the tint), bit
/// for bit; the loop is C (`Sources/CSeguePixels/spancopy.c`).
extension CPUExecutor {
    /// Writes `source` (a 32-bit opaque picture whose pixel (x + dx, y + dy) lands on target pixel (x, y))
    /// into `destination` over `box` ∩ `region`, tinted when `tint` is given. Without a tint, false (nothing
    /// written) when spans do not apply: the picture is drawn for the first time, or the formats differ.
    ///
    /// With a ``PresentPlan`` (the window's target), the pixels no later operation touches (but
    /// `foldedTint`, the index of the tint folded into this copy) are planned, not all written: the rows'
    /// background as fills (tinted), and the content columns as copies from the picture's presentable copy:
    /// untinted, or tinted where the presenter lays the tint over them (``PresentPlan/scalesCells``: RENDER's
    /// `OVER` of the premultiplied colour, the pixels ``SolidTint`` gives).
    @discardableResult
    func spanCopy(_ source: PixelBuffer, of pictureSource: PictureSource, dx: Int32, dy: Int32, box: PixelRect,
                  in region: PixelRegion, tint: SolidTint?, foldedTint: Int? = nil, into destination: PixelBuffer) -> Bool {
        let summary = copiesBySpans ? pictureSpans.drawingSummary(of: pictureSource, in: source, frame: frameIndex) : nil
        if tint == nil {
            guard let _ = summary, PixelBuffer.bytesPerPixel(destination.format) == 4, PixelBuffer.bytesPerPixel(source.format) == 4,
                  source.format == destination.format || source.format == PIXMAN_a8r8g8b8 else { return false }
        }
        var job = segue_span_copy_job()
        job.source = UnsafePointer(source.pixels.assumingMemoryBound(to: UInt32.self))
        job.sourceStride = Int(source.stride) / 4
        job.destination = destination.pixels.assumingMemoryBound(to: UInt32.self)
        job.destinationStride = Int(destination.stride) / 4
        job.dx = Int(dx)
        job.dy = Int(dy)
        if let tint {
            job.tinted = 1
            job.tint = tint.premultiplied
            job.inverseAlpha = tint.inverseAlpha
        }
        var copied = 0
        defer { lastFrame.spanCopiedPixels += copied }
        func copy(_ region: PixelRegion) {
            region.forEachRectangle { r in
                let c = r.intersection(box)
                guard !c.isEmpty else { return }
                copied += c.area
                withUnsafePointer(to: &job) { segue_span_copy($0, c.x0, c.y0, c.x1, c.y1) }
            }
        }
        func run() {
            guard summary != nil, let plan = planning(into: destination) else { return copy(region) }
            findExclusivePixels(of: region, box: box, skipping: foldedTint)
            guard !exclusiveRegion.isEmpty else { return copy(region) }
            // Tinted content columns are copied by the presenter too when it can lay the tint over them.
            let picture = tint == nil || plan.scalesCells ? presentable(pictureSource, source) : nil
            exclusiveRegion.forEachRectangle { c in
                let firstCopy = plan.copies.count
                if !plan.planSpanCopy(&job, c, picture: picture) {
                    copied += c.area
                    withUnsafePointer(to: &job) { segue_span_copy($0, c.x0, c.y0, c.x1, c.y1) }
                } else if let tint, picture != nil {
                    plan.planOverFills(overCopiesFrom: firstCopy, color: tint.premultiplied)
                }
            }
            // The rest: what later operations may draw over (where that is one shadow alone, fills too).
            planRest.set(region)
            planRest.formIntersection(box)
            planRest.subtract(exclusiveRegion)
            planShadowedRest(&job, plan: plan, skipping: foldedTint)
            copy(planRest)
        }
        if let summary {
            lastFrame.spanCopies += 1
            summary.rowLo.withUnsafeBufferPointer { lo in
                summary.rowHi.withUnsafeBufferPointer { hi in
                    summary.rowBackground.withUnsafeBufferPointer { background in
                        job.rowLo = lo.baseAddress
                        job.rowHi = hi.baseAddress
                        job.rowBackground = background.baseAddress
                        run()
                    }
                }
            }
        } else {
            run()
        }
        return true
    }
}
