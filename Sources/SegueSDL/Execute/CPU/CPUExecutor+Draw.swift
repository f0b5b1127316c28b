import Foundation
import CPixman
import SegueAnimation

/// The CPU executor's draw pass: the recorded operations replayed with pixman where the damage asks for them.
extension CPUExecutor {
    /// Draws the operations of `frame` that touch its damage into `target`, clipped to it, as `plan`
    /// decided.
    func drawOperations(of frame: RenderList, plan: DrawPlan, into target: PixelBuffer) throws {
        let list = frame.operations
        // The damage the operations are drawn in: inside a content-blurred group, the group's whole pixels.
        var damage = frame.damage
        var outerDamages: [PixelRegion] = []
        scale = frame.scale
        frameIndex = frame.frameIndex
        foldsTints = frame.foldsTints
        copiesBySpans = frame.copiesBySpans
        averagesCellsFromPictures = frame.averagesCellsFromPictures
        occluders = plan.occluders
        tintFills = plan.tintFills
        backdropReads = plan.backdropReads
        // Not kept past the draw: the plan refills its storage next frame.
        defer {
            occluders = []
            tintFills = []
            backdropReads = []
        }
        removeFoldedTints()
        pictures.groupTargets.removeAll(keepingCapacity: true)
        pictures.groupTargets.append(target)
        let savedDrawing = (drawingOps, drawingClips, drawingIndex, backdropReadPlanStart, backdropReadPlanCount)
        drawingOps = list.ops
        drawingClips = list.clips
        planBackdropReads(target: target)
        defer {
            (drawingOps, drawingClips, drawingIndex, backdropReadPlanStart, backdropReadPlanCount) = savedDrawing
            pixman_image_set_clip_region32(target.image, nil)
            pictures.groupTargets.removeAll(keepingCapacity: true)
        }
        var i = 0
        while i < list.ops.count {
            let op = list.ops[i]
            drawingIndex = i
            switch op.kind {
            case .beginGroup:
                guard damage.intersects(op.bounds) else {
                    i = Int(op.partner) + 1
                    continue
                }
                let offscreen = pictures.offscreen(width: target.width, height: target.height)
                if op.width > 0 {
                    // A blurred group is drawn whole: each pixel's blur reads its neighbours.
                    outerDamages.append(damage)
                    damage = blurredGroupDamage(op.bounds, depth: outerDamages.count)
                }
                opRegion.set(damage)
                opRegion.formIntersection(op.bounds)
                pixman_image_set_clip_region32(offscreen.image, opRegion.region)
                var box = pixman_box32_t(x1: op.bounds.x0, y1: op.bounds.y0, x2: op.bounds.x1, y2: op.bounds.y1)
                var clear = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0)
                pixman_image_fill_boxes(PIXMAN_OP_SRC, offscreen.image, &clear, 1, &box)
                pictures.groupTargets.append(offscreen)
            case .backdrop:
                guard visibleRegion(of: op, at: i, damage: damage, list: list) else { break }
                let destination = pictures.groupTargets[pictures.groupTargets.count - 1]
                drawBackdrop(op, clip: op.clip >= 0 ? list.clips[Int(op.clip)] : nil, list: list, into: destination)
            case .endGroup:
                let offscreen = pictures.groupTargets.removeLast()
                pixman_image_set_clip_region32(offscreen.image, nil)
                defer { pictures.returnOffscreen(offscreen) }
                if op.width > 0 { damage = outerDamages.removeLast() }
                let destination = pictures.groupTargets[pictures.groupTargets.count - 1]
                guard visibleRegion(of: op, at: i, damage: damage, list: list) else { break }
                if op.width > 0 {
                    drawBlurredGroup(op, read: list.ops[Int(op.partner)].bounds, from: offscreen,
                                     clip: op.clip >= 0 ? list.clips[Int(op.clip)] : nil, into: destination)
                    break
                }
                pixman_image_set_clip_region32(destination.image, opRegion.region)
                let b = op.bounds
                let mask = op.alpha < 1 ? pictures.alphaMask(op.alpha) : nil
                pixman_image_composite32(PIXMAN_OP_OVER, offscreen.image, mask, destination.image,
                                         b.x0, b.y0, 0, 0, b.x0, b.y0, b.width, b.height)
            default:
                guard visibleRegion(of: op, at: i, damage: damage, list: list) else { break }
                let destination = pictures.groupTargets[pictures.groupTargets.count - 1]
                let clip = op.clip >= 0 ? list.clips[Int(op.clip)] : nil
                let polygonClip = narrowRegion(to: clip)
                if op.level == 0 { subtractFoldedTint(at: i) }
                guard !opRegion.isEmpty else { break }
                pixman_image_set_clip_region32(destination.image, opRegion.region)
                lastFrame.drawnOperations += 1
                if op.level == 0, polygonClip == nil, try drawFoldingTint(op, at: i, list: list, into: destination) { break }
                try drawOperation(op, clip: polygonClip, into: destination)
            }
            i += 1
        }
    }

    /// Sets `opRegion` to the pixels operation `i` draws this frame: the damage inside its bounds,
    /// minus what opaque operations drawn after it cover (outside groups). False when none.
    /// A backdrop blur's are the pixels it writes (its bounds are those it reads).
    private func visibleRegion(of op: CompositorOp, at i: Int, damage: PixelRegion, list: CompositorOpList) -> Bool {
        let drawn = op.kind == .backdrop ? op.written : op.bounds
        guard damage.intersects(drawn) else { return false }
        opRegion.set(damage)
        opRegion.formIntersection(drawn)
        if op.level == 0 {
            for j in occluders where j > i {
                let cover = list.ops[j].opaque
                guard !cover.intersection(drawn).isEmpty else { continue }
                if !backdropReads.isEmpty && DrawPlan.occluder(j, spares: i, cover: cover, reads: backdropReads) { continue }
                if cover.contains(drawn) {
                    opRegion.removeAll()
                    break
                }
                opRegion.subtract(cover, scratch: scratchRegion)
            }
            if backdropReadPlanCount > backdropReadPlanStart, !opRegion.isEmpty {
                subtractDeadPixels(before: i, drawn: drawn)
            }
        }
        return !opRegion.isEmpty
    }

    /// Draws one fill, border, shadow or picture; the destination's clip region is already set.
    func drawOperation(_ op: CompositorOp, clip: ClipPolygon?, into destination: PixelBuffer) throws {
        switch op.kind {
        case .fill:
            if op.radius * scale < CompositorGeometry.roundCornerThreshold, clip == nil {
                if let box = CompositorGeometry.exactPixels(op.rect, op.toTarget) {
                    fillBox(box, color: op.color, alpha: op.alpha, into: destination)
                    return
                }
                if fillsEdgesApart, CompositorGeometry.isAxisAligned(op.toTarget),
                   let box = CompositorGeometry.projectedBox(op.rect, op.toTarget),
                   fillFractionalBox(box, color: op.color, alpha: op.alpha, into: destination) {
                    return
                }
            }
            pictures.setSolid(CompositorGeometry.premultiplied(op.color, alpha: op.alpha))
            shapeTrapezoids(op, clip: clip)
            compositeThroughShape(pictures.solidView, alpha: 1, into: destination)
        case .border:
            pictures.setSolid(CompositorGeometry.premultiplied(op.color, alpha: op.alpha))
            borderTrapezoids(op, clip: clip)
            compositeThroughShape(pictures.solidView, alpha: 1, into: destination)
        case .shadow:
            drawShadow(op, clip: clip, into: destination)
        case .picture:
            guard let source = picture(for: op.source) else { return }
            drawPicture(op, source: source, clip: clip, into: destination)
        case .beginGroup, .endGroup, .backdrop:
            preconditionFailure("Groups and backdrop blurs are drawn by the draw pass itself")
        }
    }

    /// The cached pixels a picture operation samples.
    func picture(for source: PictureSource) -> PixelBuffer? { pictures.picture(for: source, text: text) }

    /// Fills whole pixels: copied when opaque, blended otherwise.
    func fillBox(_ r: PixelRect, color: Color, alpha: Double, into destination: PixelBuffer) {
        guard !r.isEmpty else { return }
        if color.alpha * alpha >= 1 {
            // The 8-bit colour every other path draws (pixman keeps a 16-bit colour's high byte).
            let pixel = CompositorGeometry.premultiplied(color, alpha: 1)
            if planOpaqueFill(r, pixel: pixel, into: destination) { return }
            var c = Self.pixmanColor(storedPixel: pixel)
            var box = pixman_box32_t(x1: r.x0, y1: r.y0, x2: r.x1, y2: r.y1)
            pixman_image_fill_boxes(PIXMAN_OP_SRC, destination.image, &c, 1, &box)
        } else {
            pictures.setSolid(CompositorGeometry.premultiplied(color, alpha: alpha))
            pixman_image_composite32(PIXMAN_OP_OVER, pictures.solid.image, nil, destination.image,
                                     0, 0, 0, 0, r.x0, r.y0, r.width, r.height)
        }
    }

    /// Draws a picture over the operation's rectangle.
    private func drawPicture(_ op: CompositorOp, source: PixelBuffer, clip: ClipPolygon?, into destination: PixelBuffer) {
        guard let targetToSource = op.targetToSource(source) else { return }
        let mask = op.alpha < 1 ? pictures.alphaMask(op.alpha) : nil
        // Fast path: a picture moved by a translation alone is placed on whole pixels (the nearest) and
        // copied (opaque) or blended pixel for pixel, instead of being resampled.
        if clip == nil, let (dx, dy, box) = op.wholePixelPlacement(targetToSource) {
            if op.sourceIsOpaque, op.alpha >= 1,
               spanCopy(source, of: op.source, dx: dx, dy: dy, box: box, in: opRegion, tint: nil, into: destination) {
                return
            }
            pixman_image_set_transform(source.image, nil)
            pixman_image_set_filter(source.image, PIXMAN_FILTER_NEAREST, nil, 0)
            let operation = op.sourceIsOpaque && op.alpha >= 1 ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
            pixman_image_composite32(operation, source.image, mask, destination.image,
                                     box.x0 + dx, box.y0 + dy, 0, 0, box.x0, box.y0, box.width, box.height)
            return
        }
        let reach = Double(max(destination.width, destination.height))
        let transform = CompositorGeometry.pixmanTransform(targetToSource, reach: reach)
        if clip == nil && op.rect == op.sourceRect && CompositorGeometry.resamplesDirectly(targetToSource) {
            // Turned or scaled a little: resampled straight, transparent outside (the filter makes the edge).
            if AffineResampler.composite(source, through: targetToSource, alpha: op.alpha, into: destination, region: opRegion) {
                return
            }
            ParallelComposite.composite(PIXMAN_OP_OVER,
                                        source: PixelImageView(source, transform: transform, filter: PIXMAN_FILTER_BILINEAR),
                                        mask: op.alpha < 1 ? pictures.alphaView(op.alpha) : nil,
                                        into: destination, region: opRegion)
            return
        }
        shapeTrapezoids(op, radius: 0, clip: clip)
        // Under an affine map the edge pixels extend outwards: the shape's coverage, not the filter, makes
        // the picture's edge. Not under perspective: pixman 0.42 pads a projective sample above the
        // picture with its bottom row (seen in a probe), so there the edge is transparent outside.
        if targetToSource.isAffine {
            compositeThroughShape(PixelImageView(source, transform: transform, filter: PIXMAN_FILTER_BILINEAR,
                                                 repeatMode: PIXMAN_REPEAT_PAD),
                                  alpha: op.alpha, into: destination)
        } else {
            // Projective: the map's input starts at the drawn area's corner (the source is read at
            // `pixel - origin`), so the homogeneous coordinates pixman computes stay small, and its
            // 16.16 entries keep the perspective terms fine (``CompositorGeometry/pixmanTransform(_:reach:)``).
            let area = opRegion.extents
            let fromOrigin = Homography(translationX: Double(area.x0), y: Double(area.y0)).concatenating(targetToSource)
            let local = CompositorGeometry.pixmanTransform(fromOrigin, reach: Double(max(area.width, area.height)))
            compositeThroughShape(PixelImageView(source, transform: local, filter: PIXMAN_FILTER_BILINEAR,
                                                 repeatMode: PIXMAN_REPEAT_NONE),
                                  sourceOffset: (-area.x0, -area.y0), alpha: op.alpha, into: destination)
        }
    }

    /// Draws a shadow: the shape's blurred coverage (cached per size) sampled through the layer's map.
    private func drawShadow(_ op: CompositorOp, clip: ClipPolygon?, into destination: PixelBuffer) {
        if !op.hole.isEmpty {
            opRegion.subtract(op.hole, scratch: scratchRegion)
            guard !opRegion.isEmpty else { return }
        }
        if let clip {
            // Documented approximation: a polygon clip that is not a pixel rectangle clips shadows to its box.
            let b = clip.bounds
            opRegion.formIntersection(PixelRect.enclosing(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY))
            guard !opRegion.isEmpty else { return }
        }
        pixman_image_set_clip_region32(destination.image, opRegion.region)
        guard let (shadow, map) = shadowMask(op) else { return }
        pictures.setSolid(CompositorGeometry.premultiplied(op.color, alpha: op.alpha))
        if let (dx, dy) = Self.wholePixelOffset(map) {
            // Moved by a translation alone (the shadow of a sliding page): placed on the nearest whole
            // pixels, as the page's picture is, and blended from its mask at an offset, pixman's fast path
            // (a full-height edge shadow resampled through a transform cost ~0.1 ms a frame).
            // Only where the mask is (the operation's bounds reach a pixel further, for antialiasing):
            // a composite reaching outside its mask leaves pixman's fast path for its general one.
            opRegion.formIntersection(PixelRect(x0: -dx, y0: -dy, x1: shadow.width - dx, y1: shadow.height - dy))
            guard !opRegion.isEmpty else { return }
            ParallelComposite.composite(PIXMAN_OP_OVER, source: pictures.solidView, mask: PixelImageView(shadow),
                                        into: destination, region: opRegion, maskOffset: (dx, dy))
            return
        }
        let transform = CompositorGeometry.pixmanTransform(map, reach: Double(max(destination.width, destination.height)))
        ParallelComposite.composite(PIXMAN_OP_OVER, source: pictures.solidView,
                                    mask: PixelImageView(shadow, transform: transform, filter: PIXMAN_FILTER_BILINEAR),
                                    into: destination, region: opRegion)
    }

    /// A shadow's blurred coverage (cached per size) and the map from target pixels to its pixels; nil when
    /// the layer's map cannot be inverted.
    func shadowMask(_ op: CompositorOp) -> (PixelBuffer, Homography)? {
        guard let targetToLocal = op.toTarget.inverted() else { return nil }
        let shadow = pictures.shadowMask(size: op.rect.size, radius: op.radius, blur: op.width, scale: scale)
        let originX = op.rect.minX - op.width, originY = op.rect.minY - op.width
        let localToMask = Homography(m11: scale, m12: 0, m13: 0, m21: 0, m22: scale, m23: 0,
                                     m31: -originX * scale, m32: -originY * scale, m33: 1)
        return (shadow, targetToLocal.concatenating(localToMask))
    }

    /// The whole-pixel offset of a map that is a translation alone (to its nearest whole pixels); nil for
    /// any other map.
    static func wholePixelOffset(_ map: Homography) -> (Int32, Int32)? {
        let limit = Double(Int32.max / 2)
        guard map.isAffine, map.m11 == 1, map.m22 == 1, map.m12 == 0, map.m21 == 0, abs(map.m31) < limit,
              abs(map.m32) < limit else { return nil }
        return (Int32(map.m31.rounded()), Int32(map.m32.rounded()))
    }

    // MARK: Shapes

    /// Fills `pictures.trapezoids` with the operation's (rounded) rectangle, projected and clipped.
    func shapeTrapezoids(_ op: CompositorOp, radius: Double? = nil, clip: ClipPolygon?) {
        pictures.trapezoids.removeAll(keepingCapacity: true)
        let r = radius ?? op.radius
        let segments = ShapeOutline.cornerSegments(radiusInPixels: r * CompositorGeometry.pixelsPerPoint(op.rect, op.toTarget, scale: scale))
        CompositorGeometry.outline(op.rect, radius: r, segments: segments, into: &pictures.outline)
        guard project(pictures.outline, op.toTarget) else { return }
        appendConvex(clip: clip)
    }

    /// Fills `pictures.trapezoids` with the operation's border ring, projected and clipped.
    private func borderTrapezoids(_ op: CompositorOp, clip: ClipPolygon?) {
        pictures.trapezoids.removeAll(keepingCapacity: true)
        let w = min(op.width, op.rect.width / 2, op.rect.height / 2)
        guard w > 0 else { return }
        let segments = ShapeOutline.cornerSegments(radiusInPixels: op.radius * CompositorGeometry.pixelsPerPoint(op.rect, op.toTarget, scale: scale))
        let outer = ShapeOutline.roundedRect(op.rect, radius: op.radius, segments: segments)
        let inner = ShapeOutline.roundedRect(op.rect.insetBy(dx: w, dy: w), radius: max(0, op.radius - w), segments: segments)
        for k in outer.indices {
            let n = (k + 1) % outer.count
            pictures.outline.removeAll(keepingCapacity: true)
            pictures.outline.append(outer[k])
            pictures.outline.append(outer[n])
            pictures.outline.append(inner[n])
            pictures.outline.append(inner[k])
            guard project(pictures.outline, op.toTarget) else { return }
            appendConvex(clip: clip)
        }
    }

    /// Projects points into `pictures.projected`; false when one lies behind the viewer.
    private func project(_ points: [CGPoint], _ toTarget: Homography) -> Bool {
        pictures.projected.removeAll(keepingCapacity: true)
        for p in points {
            guard let q = toTarget.apply(p) else { return false }
            pictures.projected.append(RenderVertex(x: q.x, y: q.y, r: 0, g: 0, b: 0, a: 0, u: 0, v: 0))
        }
        return true
    }

    /// Adds the convex polygon in `pictures.projected`, clipped, as horizontal trapezoids.
    private func appendConvex(clip: ClipPolygon?) {
        let polygon = clip.map { $0.clip(pictures.projected) } ?? pictures.projected
        guard polygon.count >= 3 else { return }
        pictures.fixedPoints.removeAll(keepingCapacity: true)
        for v in polygon {
            pictures.fixedPoints.append(pixman_point_fixed_t(x: segue_pixman_double_to_fixed(v.x), y: segue_pixman_double_to_fixed(v.y)))
        }
        ConvexTrapezoids.append(pictures.fixedPoints, to: &pictures.trapezoids)
    }

    /// Composites `source` (sampled at target coordinates plus `sourceOffset`, through its own transform)
    /// through the antialiased coverage of `pictures.trapezoids`, at `alpha`, inside the destination's
    /// clip region, with `operation` (`OVER` unless told).
    func compositeThroughShape(_ source: PixelImageView, sourceOffset: (Int32, Int32) = (0, 0),
                               operation: pixman_op_t = PIXMAN_OP_OVER, alpha: Double, into destination: PixelBuffer) {
        guard !pictures.trapezoids.isEmpty else { return }
        var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min
        for t in pictures.trapezoids {
            // Each side's two points are polygon vertices above and below the band: its x there lies between them.
            minX = min(minX, t.left.p1.x >> 16, t.left.p2.x >> 16, t.right.p1.x >> 16, t.right.p2.x >> 16)
            maxX = max(maxX, (t.left.p1.x + 0xFFFF) >> 16, (t.left.p2.x + 0xFFFF) >> 16,
                       (t.right.p1.x + 0xFFFF) >> 16, (t.right.p2.x + 0xFFFF) >> 16)
            minY = min(minY, t.top >> 16)
            maxY = max(maxY, (t.bottom + 0xFFFF) >> 16)
        }
        let box = PixelRect(x0: minX, y0: minY, x1: maxX, y1: maxY).intersection(opRegion.extents)
        guard !box.isEmpty else { return }
        if alpha >= 1, usesShapeMasks,
           let mask = pictures.shapeMasks.mask(of: pictures.trapezoids, x0: minX, y0: minY, width: maxX - minX,
                                               height: maxY - minY, frame: frameIndex) {
            opRegion.formIntersection(box)
            ParallelComposite.composite(operation, source: source, mask: PixelImageView(mask), into: destination,
                                        region: opRegion, sourceOffset: sourceOffset, maskOffset: (-minX, -minY))
            return
        }
        let mask = pictures.coverageMask(width: destination.width, height: destination.height)
        var zero = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0)
        var b = pixman_box32_t(x1: box.x0, y1: box.y0, x2: box.x1, y2: box.y1)
        pixman_image_fill_boxes(PIXMAN_OP_SRC, mask.image, &zero, 1, &b)
        rasterizeTrapezoids(into: mask, over: box)
        if alpha < 1 {
            pixman_image_composite32(PIXMAN_OP_IN, pictures.alphaMask(alpha), nil, mask.image,
                                     0, 0, 0, 0, box.x0, box.y0, box.width, box.height)
        }
        opRegion.formIntersection(box)
        ParallelComposite.composite(operation, source: source, mask: PixelImageView(mask), into: destination,
                                    region: opRegion, sourceOffset: sourceOffset)
    }
}

extension CPUExecutor {
    /// Adds the coverage of `pictures.trapezoids` to `mask` inside `box` only: pixman rasterizes every row
    /// of a trapezoid across the whole image it is given, so it is given an image over the box's pixels
    /// (a dimming on fractional pixels, of which only an edge column is drawn, rasterized the window).
    func rasterizeTrapezoids(into mask: PixelBuffer, over box: PixelRect) {
        // Rows of an `a8` image start on 4-byte boundaries; pixman's horizontal offset is 16-bit.
        let x0 = box.x0 & ~3
        let bits = (mask.pixels + Int(box.y0) * Int(mask.stride) + Int(x0)).assumingMemoryBound(to: UInt32.self)
        guard x0 <= Int32(Int16.max),
              let view = pixman_image_create_bits_no_clear(PIXMAN_a8, box.x1 - x0, box.height, bits, mask.stride) else {
            pictures.trapezoids.withUnsafeBufferPointer {
                pixman_add_trapezoids(mask.image, 0, 0, Int32($0.count), $0.baseAddress)
            }
            return
        }
        defer { pixman_image_unref(view) }
        pictures.trapezoids.withUnsafeBufferPointer {
            pixman_add_trapezoids(view, Int16(-x0), -box.y0, Int32($0.count), $0.baseAddress)
        }
    }
}

extension CompositorGeometry {
    /// Corner radii smaller than this, in pixels, are drawn square (a rounding too small to see).
    static let roundCornerThreshold = 0.01
}
