import CPixman
import CSeguePixels
import Foundation
import SegueAnimation

/// The CPU executor's backdrop blur (``BackdropBlur``): the target's pixels under the operation blurred
/// (or the pixels kept for its key), then put in place of the backdrop inside the operation's shape.
extension CPUExecutor {
    /// Draws backdrop operation `op` (of `list`) into `destination` over `opRegion` (the damaged pixels it
    /// writes, minus what later opaque operations cover; not empty).
    func drawBackdrop(_ op: CompositorOp, clip: ClipPolygon?, list: CompositorOpList, into destination: PixelBuffer) {
        guard case .backdrop(let key) = op.source else { return }
        // The group's first operation, reading only pixels its begin cleared (damaged ones): it blurs
        // transparent pixels (a bar's background cross-faded in a group during a navigation).
        let read = op.bounds.intersection(destination.bounds)
        var readsCleared = false
        if opensGroup(covering: read) {
            scratchRegion.set(opRegion)
            scratchRegion.formIntersection(read)
            readsCleared = scratchRegion.area == read.area
        }
        guard let entry = backdropPixels(op, key: key, from: destination, readsCleared: readsCleared) else { return }
        let polygonClip = narrowRegion(to: clip)
        guard !opRegion.isEmpty else { return }
        lastFrame.drawnOperations += 1
        // Transparent blurred pixels over the transparent pixels of a group cleared just before: nothing to do
        // (the blur of a group's own backdrop, where it is the group's first operation: a bar's background
        // cross-faded in a group during a navigation).
        if entry.transparent, opensGroup(covering: op.written) { return }
        pixman_image_set_clip_region32(destination.image, opRegion.region)
        // The blurred pixels: kept (full resolution), or interpolated from the blurred cells where drawn.
        let blurred: PixelImageView, offset: (Int32, Int32)
        if let cells = entry.cells {
            (blurred, offset) = (cells.scaledView, (0, 0))
        } else {
            (blurred, offset) = (PixelImageView(entry.pixels), (-entry.x, -entry.y))
        }
        if polygonClip == nil, op.alpha >= 1, op.radius * scale < CompositorGeometry.roundCornerThreshold,
           let box = CompositorGeometry.exactPixels(op.rect, op.toTarget) {
            // A rectangle on whole pixels at full strength: the blurred pixels copied (or, planned, scaled up
            // by the window's presenter).
            opRegion.formIntersection(box)
            if let cells = entry.cells {
                planScaledCells(cells, into: destination)
                // The first translucent solid fill over the pixels left (a bar's tint) folded into their
                // interpolation (as into a span copy: CPUExecutor+TintFolding.swift), and left out by it.
                if foldsTints, op.level == 0, !opRegion.isEmpty,
                   let (j, tint) = tintOver(opRegion.extents, after: drawingIndex, list: list), !tintRegion.isEmpty {
                    tintRegion.forEachRectangle { r in
                        cells.scale(into: destination.pixels, stride: destination.stride, rect: r, tint: tint.premultiplied)
                    }
                    opRegion.subtract(tintRegion)
                    let region = spareTintRegions.popLast() ?? PixelRegion()
                    region.set(tintRegion)
                    foldedTints.append((j, region))
                    lastFrame.foldedTints += 1
                }
                opRegion.forEachRectangle { r in cells.scale(into: destination.pixels, stride: destination.stride, rect: r) }
                return
            }
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
    /// and kept (a miss; `readsCleared`: those pixels are all transparent, so are the cells, made without
    /// reading them). Nil when its σ blurs nothing.
    private func backdropPixels(_ op: CompositorOp, key: BackdropBlur.Key, from target: PixelBuffer,
                                readsCleared: Bool) -> BackdropBlur.Entry? {
        let f = BackdropBlur.reduction(sigma: op.width)
        if let kept = pictures.backdrops[key.slot], kept.key == key, kept.factor == f {
            lastFrame.backdropBlurHits += 1
            return kept
        }
        let read = op.bounds.intersection(target.bounds), out = op.written.intersection(read)
        guard !out.isEmpty else { return nil }
        let started = ContinuousClock.now
        defer { lastFrame.backdropBlurSeconds += Self.seconds(since: started) }
        // The pixels kept for the last key are written over (nothing else holds them).
        var spare = pictures.backdrops.removeValue(forKey: key.slot)?.pixels
        if !isKnownUniquelyReferenced(&spare) { spare = nil }
        let opaque = target.format == PIXMAN_x8r8g8b8
        let entry: BackdropBlur.Entry
        if f > 1, readsCleared, !opaque, BackdropBlur.boxes(sigma: BackdropBlur.reducedSigma(op.width, factor: f)) != nil {
            // Transparent pixels averaged and blurred: transparent cells (all zero).
            var cx = 0, cy = 0, cw = 0, ch = 0
            segue_reduced_blur_cells_needed(Int(out.x0), Int(out.y0), Int(out.width), Int(out.height), Int(f), &cx, &cy, &cw, &ch)
            let cells = spare.flatMap { $0.width == Int32(cw) && $0.height == Int32(ch) && $0.format == PIXMAN_a8r8g8b8 ? $0 : nil }
                ?? PixelBuffer(width: Int32(cw), height: Int32(ch))
            memset(cells.pixels, 0, cells.byteCount)
            entry = BackdropBlur.Entry(key: key, pixels: cells, x: Int32(cx), y: Int32(cy), factor: f, transparent: true)
        } else if f > 1 {
            // At a reduced resolution the blurred cells are kept, and interpolated where they are drawn. Straight
            // into the target, the cells an opaque picture covers alone come from its kept averages
            // (CPUExecutor+PictureCells.swift), the others from the target's pixels.
            let setBits: UInt32 = opaque ? 0xFF00_0000 : 0
            guard let cells = BackdropBlur.blurCells(target.pixels, stride: target.stride, origin: (0, 0), read: read, out: out,
                                                     factor: f, sigma: op.width, opaqueAlpha: opaque, reusing: spare,
                                                     scratch: pictures.blurScratch,
                                                     knownCells: { self.averageCellsFromPictures(into: $0, setBits: setBits) })
            else { return nil }
            entry = BackdropBlur.Entry(key: key, pixels: cells.pixels, x: cells.x, y: cells.y, factor: f,
                                       transparent: cells.pixels.isTransparent)
        } else {
            guard let blurred = BackdropBlur.blurBackdrop(target.pixels, stride: target.stride, origin: (0, 0), read: read,
                                                          out: out, sigma: op.width, opaqueAlpha: opaque, reusing: spare,
                                                          scratch: pictures.blurScratch) else { return nil }
            entry = BackdropBlur.Entry(key: key, pixels: blurred, x: out.x0, y: out.y0)
        }
        pictures.backdrops[key.slot] = entry
        lastFrame.backdropBlurMisses += 1
        return entry
    }
}

extension CPUExecutor {
    /// Whether the operation being drawn is the first of a group whose bounds contain `rect` (the group's
    /// begin cleared them: transparent).
    private func opensGroup(covering rect: PixelRect) -> Bool {
        drawingIndex > 0 && drawingOps[drawingIndex - 1].kind == .beginGroup && drawingOps[drawingIndex - 1].bounds.contains(rect)
    }

    /// Plans the pixels of `opRegion` (a backdrop blur's, on whole pixels; its blurred `cells`) that no
    /// later operation touches but translucent solid fills on whole pixels (``DrawPlan/tintFills``) as the
    /// cells scaled up by the window's presenter, those fills laid over them there, and takes them out of
    /// `opRegion` (what is left is drawn into `destination`), and out of the fills' regions (folded: the
    /// fills leave them out when drawn). Nothing when no plan is made into `destination` or it cannot scale.
    func planScaledCells(_ cells: BackdropBlur.Cells, into destination: PixelBuffer) {
        guard let plan = planning(into: destination), plan.scalesCells else { return }
        exclusiveRegion.set(opRegion)
        let area = exclusiveRegion.extents
        guard !area.isEmpty else { return }
        laterBoxes.removeAll(keepingCapacity: true)
        overTints.removeAll(keepingCapacity: true)
        let ops = drawingOps
        for k in (drawingIndex + 1)..<ops.count {
            let b = ops[k].bounds.intersection(area)
            guard !b.isEmpty else { continue }
            if ops[k].kind == .fill, let (tintBox, _) = tintFills[k], !tintBox.intersection(area).isEmpty {
                overTints.append(k)
                // Its pixels outside the whole pixels it covers (antialiased edges) are drawn by it.
                for edge in b.subtracting(tintBox) {
                    laterBoxes.append(pixman_box32_t(x1: edge.x0, y1: edge.y0, x2: edge.x1, y2: edge.y1))
                }
            } else {
                laterBoxes.append(pixman_box32_t(x1: b.x0, y1: b.y0, x2: b.x1, y2: b.y1))
            }
        }
        if !laterBoxes.isEmpty {
            laterRegion.set(boxes: &laterBoxes)
            exclusiveRegion.subtract(laterRegion)
        }
        guard !exclusiveRegion.isEmpty else { return }
        plan.planScaledCells(cells, region: exclusiveRegion)
        for k in overTints {
            guard let (tintBox, tint) = tintFills[k] else { continue }
            let folded = spareTintRegions.popLast() ?? PixelRegion()
            folded.set(exclusiveRegion)
            folded.formIntersection(tintBox)
            guard !folded.isEmpty else {
                spareTintRegions.append(folded)
                continue
            }
            plan.planOverFill(folded, color: tint.premultiplied)
            foldedTints.append((k, folded))
        }
        opRegion.subtract(exclusiveRegion)
    }

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

extension PixelBuffer {
    /// Whether every pixel is 0 (transparent black).
    var isTransparent: Bool {
        let rowBytes = Int(width) * Int(PixelBuffer.bytesPerPixel(format))
        for y in 0..<Int(height) {
            let row = UnsafeRawBufferPointer(start: pixels + y * Int(stride), count: rowBytes)
            guard !row.contains(where: { $0 != 0 }) else { return false }
        }
        return true
    }
}
