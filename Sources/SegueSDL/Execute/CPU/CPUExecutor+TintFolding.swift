import CPixman
import SegueAnimation

/// Folding a translucent solid fill into the copy of the opaque pixels below it.
///
/// A dimming layer (a translucent solid colour over whole pixels, like the black layer over the page
/// below a push) drawn in a pass of its own reads and writes every pixel it covers once more after the
/// page was copied there. Where the pixels below it come from one opaque operation copied pixel for pixel
/// (an opaque picture moved by a translation alone, an opaque fill on whole pixels) and nothing drawn in
/// between touches them, the copy writes them tinted instead (``SolidTint``), and the fill later leaves
/// them out: the same pixels, one pass fewer.
extension CPUExecutor {
    /// Operations looked through after an opaque one for a tint over it (the plan's).
    static let tintFoldingLookahead = DrawPlan.tintFoldingLookahead

    /// Forgets the folds of the last draw pass.
    func removeFoldedTints() {
        for fold in foldedTints { spareTintRegions.append(fold.region) }
        foldedTints.removeAll(keepingCapacity: true)
    }

    /// Takes out of `opRegion` the pixels that an earlier copy already tinted with operation `i`.
    func subtractFoldedTint(at i: Int) {
        for fold in foldedTints where fold.index == i { opRegion.subtract(fold.region) }
    }

    /// Draws operation `i` (at group level 0, without a polygon clip, the destination's clip region set to
    /// `opRegion`) with the first translucent solid fill over it folded in, when it is an opaque copy and
    /// such a fill follows; false (nothing drawn) otherwise.
    func drawFoldingTint(_ op: CompositorOp, at i: Int, list: CompositorOpList, into destination: PixelBuffer) throws -> Bool {
        guard foldsTints else { return false }
        // What the operation writes: one colour, or a picture's pixels at an offset, over `box`.
        let box: PixelRect
        var color: UInt32 = 0
        var picture: (source: PixelBuffer, dx: Int32, dy: Int32)?
        switch op.kind {
        case .fill:
            guard op.color.alpha * op.alpha >= 1, op.radius * scale < CompositorGeometry.roundCornerThreshold,
                  let b = CompositorGeometry.exactPixels(op.rect, op.toTarget) else { return false }
            box = b
            color = CompositorGeometry.premultiplied(op.color, alpha: 1)
        case .picture:
            guard op.sourceIsOpaque, op.alpha >= 1, let source = self.picture(for: op.source),
                  PixelBuffer.bytesPerPixel(source.format) == 4,
                  let map = op.targetToSource(source),
                  let (dx, dy, b) = op.wholePixelPlacement(map) else { return false }
            box = b
            picture = (source, dx, dy)
        default:
            return false
        }
        guard let (j, tint) = tintOver(box.intersection(opRegion.extents), after: i, list: list) else { return false }
        guard !tintRegion.isEmpty else { return false }

        // The untinted rest as usual, then the tinted pixels.
        opRegion.subtract(tintRegion)
        if !opRegion.isEmpty {
            pixman_image_set_clip_region32(destination.image, opRegion.region)
            try drawOperation(op, clip: nil, into: destination)
        }
        if let (source, dx, dy) = picture {
            spanCopy(source, of: op.source, dx: dx, dy: dy, box: box, in: tintRegion, tint: tint, foldedTint: j,
                     into: destination)
        } else {
            var c = Self.pixmanColor(storedPixel: tint.apply(to: color))
            pixman_image_set_clip_region32(destination.image, tintRegion.region)
            var b = pixman_box32_t(x1: box.x0, y1: box.y0, x2: box.x1, y2: box.y1)
            pixman_image_fill_boxes(PIXMAN_OP_SRC, destination.image, &c, 1, &b)
        }
        let region = spareTintRegions.popLast() ?? PixelRegion()
        region.set(tintRegion)
        foldedTints.append((j, region))
        lastFrame.foldedTints += 1
        return true
    }

    /// The first translucent solid fill after operation `i` over pixels of `area`, and its tint; sets
    /// `tintRegion` to the pixels of `opRegion` inside `area` it covers that no operation in between may
    /// touch. Nil when
    /// none follows within ``tintFoldingLookahead`` operations.
    func tintOver(_ area: PixelRect, after i: Int, list: CompositorOpList) -> (Int, SolidTint)? {
        guard !area.isEmpty else { return nil }
        betweenRegion.removeAll()
        var k = i + 1
        let end = min(list.ops.count, i + 1 + Self.tintFoldingLookahead)
        while k < end {
            let o = list.ops[k]
            if o.bounds.intersection(area).isEmpty {
                k += 1
                continue
            }
            if let (fillBox, tint) = tintFills[k], !fillBox.intersection(area).isEmpty {
                tintRegion.set(opRegion)
                tintRegion.formIntersection(fillBox.intersection(area))
                tintRegion.subtract(betweenRegion)
                return (k, tint)
            }
            betweenRegion.formUnion(o.bounds)
            k += 1
        }
        return nil
    }

    /// The pixman colour that pixman stores as `pixel`.
    static func pixmanColor(storedPixel pixel: UInt32) -> pixman_color_t {
        func channel(_ shift: UInt32) -> UInt16 { UInt16((pixel >> shift) & 0xFF) * 257 }
        return pixman_color_t(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
    }
}
