import Foundation
import SegueAnimation

/// The record pass: the walk of the presentation tree into a list of operations.
extension Compositor {
    /// Records the clear of the target.
    func appendClear(_ bounds: PixelRect) {
        list.ops.append(CompositorOp(kind: .fill, layer: ObjectIdentifier(self), toTarget: .identity,
                                     rect: CGRect(x: Double(bounds.x0), y: Double(bounds.y0),
                                                width: Double(bounds.width), height: Double(bounds.height)),
                                     color: Color(red: clearColor.red, green: clearColor.green, blue: clearColor.blue),
                                     alpha: 1, bounds: bounds, opaque: bounds))
    }

    /// Records a layer (whose local-to-target map is `toTarget`) and its subtree.
    func record(_ layer: Layer, _ p: LayerProperties, _ toTarget: Homography, alpha: Double) throws {
        let a: Double
        switch LayerWalk.visibility(layer, p, toTarget, alpha: alpha, minimumOpacity: Self.minimumVisibleOpacity) {
        case .invisible: return
        case .culled: lastFrame.culledLayers += 1; return
        case .visible(let alpha): a = alpha
        }
        lastFrame.layers += 1
        let savedClip = currentClip
        defer { currentClip = savedClip }
        switch LayerWalk.mask(of: layer, toTarget) {
        case .none: break
        case .hidesAll: return
        case .mask(let mp, let maskToTarget):
            guard intersectClip(mp.bounds, radius: mp.cornerRadius, maskToTarget) else { return }
        }
        // A rasterized layer (`shouldRasterize`, or a subtree the automatic raster cache holds) is its shadow
        // and its picture.
        let rasterizes = layer.shouldRasterize
        let raster = rasterizes ? try rasterPicture(for: layer, p) : try autoRasterPicture(for: layer, p, toTarget, alpha: a)
        // A content blur makes the layer a group whose pixels are blurred (`Compositor+ContentBlur.swift`).
        let sigma = contentBlurSigma(p, toTarget)
        if rasterizes || raster != nil {
            // The picture holds no backdrop (it is drawn apart from what lies under it): the layer's own
            // blur is drawn under it.
            if sigma > 0 {
                recordBackdrop(layer, p, toTarget, alpha: a)
                recordGroup(layer, alpha: a, contentBlur: sigma) {
                    recordShadow(layer, p, toTarget, alpha: 1)
                    if let raster {
                        appendPicture(layer, rect: p.bounds, sourceRect: p.bounds, source: .raster(ObjectIdentifier(layer), version: raster.version),
                                      isOpaque: raster.isOpaque, toTarget, alpha: 1)
                    }
                }
                return
            }
            recordShadow(layer, p, toTarget, alpha: a)
            guard let raster else { return }
            recordBackdrop(layer, p, toTarget, alpha: a)
            appendPicture(layer, rect: p.bounds, sourceRect: p.bounds, source: .raster(ObjectIdentifier(layer), version: raster.version),
                          isOpaque: raster.isOpaque, toTarget, alpha: a)
            return
        }
        if sigma > 0 || (p.opacity < 1 && needsGroup(layer, p)) {
            // The layer's own backdrop blur is drawn before its group, at the group's opacity: inside, it
            // would blur the group's empty target (a blur view fading in or out blurs as it fades).
            recordBackdrop(layer, p, toTarget, alpha: a)
            try recordGroup(layer, alpha: a, contentBlur: sigma) {
                try recordContents(layer, p, toTarget, alpha: 1, includeBackdrop: false)
            }
        } else {
            try recordContents(layer, p, toTarget, alpha: a)
        }
    }

    /// Records the layer's own parts and its sublayers, at `alpha`.
    /// `includeShadow`, `includeBackdrop`: false when the caller records them apart or not at all (a group
    /// records its layer's backdrop blur before it; a picture holds neither).
    func recordContents(_ layer: Layer, _ p: LayerProperties, _ toTarget: Homography, alpha: Double,
                        includeShadow: Bool = true, includeBackdrop: Bool = true) throws {
        // Their first tests here, inline: most layers have neither (each call costs more than the tests).
        if includeShadow && p.shadowOpacity * p.shadowColor.alpha * alpha >= Self.minimumVisibleOpacity {
            recordShadow(layer, p, toTarget, alpha: alpha)
        }
        if includeBackdrop && p.backdropBlurRadius > 0 { recordBackdrop(layer, p, toTarget, alpha: alpha) }
        if p.backgroundColor.alpha > 0 {
            appendShape(.fill, layer, rect: p.bounds, radius: p.cornerRadius, width: 0, color: p.backgroundColor,
                        toTarget, alpha: alpha)
        }
        if let contents = layer.contents {
            let savedClip = currentClip
            if layer.masksToBounds && p.cornerRadius > 0 {
                _ = intersectClip(p.bounds, radius: p.cornerRadius, toTarget)
            }
            try recordContents(contents, layer, p, toTarget, alpha: alpha)
            currentClip = savedClip
        }
        let sublayers = layer.sublayers
        if !sublayers.isEmpty {
            let savedClip = currentClip
            if !layer.masksToBounds || intersectClip(p.bounds, radius: p.cornerRadius, toTarget) {
                // In order, in one pass; a sublayer off the plane (rare) takes back what was recorded and
                // records them all by zPosition (a page of 200 rows is not walked twice a frame).
                let mark = (ops: list.ops.count, clips: list.clips.count, counters: lastFrame)
                // The superlayer's values matter to a sublayer's map only through a sublayer transform
                // (`Layer.homographyToSuperlayer`): without one, none are copied for each sublayer.
                let parent: LayerProperties? = p.sublayerTransform.isIdentity ? nil : p
                var offThePlane = false
                for sublayer in sublayers {
                    let sp = sublayer.renderedProperties
                    if sp.zPosition != 0 {
                        offThePlane = true
                        break
                    }
                    try recordSublayer(sublayer, sp, of: parent, toTarget, alpha: alpha)
                }
                if offThePlane {
                    list.ops.removeSubrange(mark.ops...)
                    list.clips.removeSubrange(mark.clips...)
                    lastFrame = mark.counters
                    for sublayer in Self.drawingOrder(sublayers) {
                        try recordSublayer(sublayer, sublayer.renderedProperties, of: parent, toTarget, alpha: alpha)
                    }
                }
            }
            currentClip = savedClip
        }
        if p.borderWidth > 0 && p.borderColor.alpha > 0 {
            appendShape(.border, layer, rect: p.bounds, radius: p.cornerRadius, width: p.borderWidth,
                        color: p.borderColor, toTarget, alpha: alpha)
        }
    }

    /// `parent`: the superlayer's values when it has a sublayer transform, else nil (the same map).
    private func recordSublayer(_ sublayer: Layer, _ sp: LayerProperties, of parent: LayerProperties?, _ toTarget: Homography,
                                alpha: Double) throws {
        try record(sublayer, sp, Layer.homographyToSuperlayer(sp, superlayer: parent).concatenating(toTarget), alpha: alpha)
    }

    /// Sublayers back to front: by `zPosition`, keeping the order of equal ones.
    static func drawingOrder(_ sublayers: [Layer]) -> [Layer] {
        guard sublayers.contains(where: { $0.renderedZPosition != 0 }) else { return sublayers }
        return sublayers.enumerated().sorted {
            let z0 = $0.element.renderedZPosition, z1 = $1.element.renderedZPosition
            return z0 != z1 ? z0 < z1 : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Whether fading the layer as one differs from fading each part: it has visible sublayers, or more
    /// than one of its own parts overlap.
    func needsGroup(_ layer: Layer, _ p: LayerProperties) -> Bool {
        // A loop rather than `contains(where:)`: a main-actor closure checks its executor on every call.
        for sublayer in layer.sublayers where !sublayer.isHidden { return true }
        var parts = 0
        if p.backgroundColor.alpha > 0 { parts += 1 }
        if layer.contents != nil { parts += 1 }
        if p.borderWidth > 0 && p.borderColor.alpha > 0 { parts += 1 }
        if p.shadowOpacity > 0 && p.shadowColor.alpha > 0 { parts += 1 }
        return parts > 1
    }

    // MARK: Clipping

    /// Narrows the current clip to a projected (rounded) rectangle; false when nothing is left.
    func intersectClip(_ rect: CGRect, radius: Double, _ toTarget: Homography) -> Bool {
        guard let region = CompositorGeometry.projectedRegion(rect, radius: radius, toTarget, scale: scale) else {
            return false
        }
        if currentClip >= 0 {
            guard let both = list.clips[Int(currentClip)].intersected(with: region) else { return false }
            list.clips.append(both)
        } else {
            list.clips.append(region)
        }
        currentClip = Int32(list.clips.count - 1)
        return true
    }

    /// The current clip's bounding box in whole pixels (the target when there is none).
    var clipBounds: PixelRect {
        guard currentClip >= 0 else { return recordingBounds }
        return list.clips[Int(currentClip)].enclosingPixels.intersection(recordingBounds)
    }

    /// The pixels the current clip surely keeps: the clip itself when it is an axis-aligned rectangle on
    /// whole pixels, the whole target when there is none, else nothing.
    var clipInterior: PixelRect {
        guard currentClip >= 0 else { return recordingBounds }
        let clip = list.clips[Int(currentClip)]
        guard clip.isAxisAlignedRectangle else { return .empty }
        let b = clip.bounds
        return PixelRect.inside(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY).intersection(recordingBounds)
    }

    // MARK: Operations

    /// Records a fill or a border; nothing when its colour is drawn as transparent (its alpha, in 8 bits,
    /// rounds to 0: the stock navigation animator's edge-shadow view has a background of alpha 0.001).
    func appendShape(_ kind: CompositorOp.Kind, _ layer: Layer, rect: CGRect, radius: Double, width: Double, color: Color,
                     _ toTarget: Homography, alpha: Double) {
        guard CompositorGeometry.premultiplied(color, alpha: alpha) != 0 else { return }
        guard rect.width > 0, rect.height > 0, let box = CompositorGeometry.projectedBox(rect, toTarget) else { return }
        let bounds = box.expanded(by: Self.antialiasMargin).intersection(clipBounds)
        guard !bounds.isEmpty else { return }
        var op = CompositorOp(kind: kind, layer: ObjectIdentifier(layer), toTarget: toTarget, rect: rect, radius: radius,
                              width: width, color: color, alpha: alpha, clip: currentClip, bounds: bounds, level: currentLevel)
        if kind == .fill && currentLevel == 0 && color.alpha * alpha >= 1 {
            let inset = radius * Self.cornerInsetFraction
            op.opaque = CompositorGeometry.coveredPixels(rect.insetBy(dx: inset, dy: inset), toTarget).intersection(clipInterior)
        }
        list.ops.append(op)
    }

    /// Records a picture stretched over `sourceRect`, drawn over `rect` (both in the layer's points).
    func appendPicture(_ layer: Layer, rect: CGRect, sourceRect: CGRect, source: PictureSource, isOpaque: Bool,
                       _ toTarget: Homography, alpha: Double, tint: Color = .clear) {
        guard rect.width > 0, rect.height > 0, let box = CompositorGeometry.projectedBox(rect, toTarget) else { return }
        let bounds = box.expanded(by: Self.antialiasMargin).intersection(clipBounds)
        guard !bounds.isEmpty else { return }
        var op = CompositorOp(kind: .picture, layer: ObjectIdentifier(layer), toTarget: toTarget, rect: rect,
                              color: tint, alpha: alpha, clip: currentClip, bounds: bounds, source: source,
                              sourceRect: sourceRect, sourceIsOpaque: isOpaque, level: currentLevel)
        if isOpaque && alpha >= 1 && currentLevel == 0 {
            op.opaque = CompositorGeometry.coveredPixels(rect, toTarget).intersection(clipInterior)
        }
        if let placed = wholePixelBox(of: op) {
            // Drawn on the nearest whole pixels (``drawPicture``): it touches exactly those, no antialiased edge
            // (so the operations below it are not drawn a pixel too far, under an edge shadow ~800 rows).
            op.bounds = placed.intersection(clipBounds)
            if !op.opaque.isEmpty { op.opaque = placed.intersection(clipInterior) }
            guard !op.bounds.isEmpty else { return }
        }
        list.ops.append(op)
    }

    /// The pixels a rasterized layer's picture is drawn on when the draw pass places it on whole pixels (a
    /// translation alone, no clip or a clip on whole pixels); nil when it is resampled, and for other
    /// pictures (texts and bitmaps keep their antialiasing margin: small, and not worth the look-up).
    private func wholePixelBox(of op: CompositorOp) -> PixelRect? {
        // The source first: the clip's test walks its points.
        guard case .raster = op.source else { return nil }
        if op.clip >= 0 {
            guard list.clips[Int(op.clip)].wholePixels != nil else { return nil }
        }
        guard let source = picture(for: op.source), let map = op.targetToSource(source) else { return nil }
        return op.wholePixelPlacement(map)?.box
    }

    /// Records the layer's shadow, left out under the layer's own opaque background.
    func recordShadow(_ layer: Layer, _ p: LayerProperties, _ toTarget: Homography, alpha: Double) {
        let a = p.shadowOpacity * p.shadowColor.alpha * alpha
        guard a >= Self.minimumVisibleOpacity, p.bounds.width > 0, p.bounds.height > 0 else { return }
        let shape = p.bounds.offsetBy(dx: p.shadowOffset.width, dy: p.shadowOffset.height)
        let blur = max(0, p.shadowRadius)
        guard let box = CompositorGeometry.projectedBox(shape.insetBy(dx: -blur, dy: -blur), toTarget) else { return }
        let bounds = box.expanded(by: Self.antialiasMargin).intersection(clipBounds)
        guard !bounds.isEmpty else { return }
        var hole = PixelRect.empty
        if alpha >= 1, p.backgroundColor.alpha >= 1, layer.mask == nil {
            let inset = p.cornerRadius * Self.cornerInsetFraction
            hole = CompositorGeometry.coveredPixels(p.bounds.insetBy(dx: inset, dy: inset), toTarget)
        }
        list.ops.append(CompositorOp(kind: .shadow, layer: ObjectIdentifier(layer), toTarget: toTarget, rect: shape,
                                     radius: p.cornerRadius, width: blur,
                                     color: Color(red: p.shadowColor.red, green: p.shadowColor.green, blue: p.shadowColor.blue),
                                     alpha: a, clip: currentClip, bounds: bounds, hole: hole, level: currentLevel))
    }

    /// Records a layer's contents: text laid out as UILabel does, bitmaps and snapshots stretched.
    func recordContents(_ contents: LayerContents, _ layer: Layer, _ p: LayerProperties, _ toTarget: Homography,
                        alpha: Double) throws {
        switch contents {
        case .text(let t):
            try recordText(t, layer, in: p.bounds, toTarget, alpha: alpha)
        case .bitmap(let bitmap):
            let picture = pictures.bitmap(bitmap)
            let size = CGSize(width: Double(bitmap.width) / layer.contentsScale, height: Double(bitmap.height) / layer.contentsScale)
            guard let (rect, sourceRect) = placed(size, layer, p) else { return }
            appendPicture(layer, rect: rect, sourceRect: sourceRect, source: .bitmap(ObjectIdentifier(bitmap)),
                          isOpaque: picture.isOpaque, toTarget, alpha: alpha)
        case .snapshot(let snapshot):
            guard try snapshotPicture(snapshot) != nil else { return }
            guard let (rect, sourceRect) = placed(snapshot.size, layer, p) else { return }
            appendPicture(layer, rect: rect, sourceRect: sourceRect, source: .snapshot(ObjectIdentifier(snapshot)),
                          isOpaque: false, toTarget, alpha: alpha)
        }
    }

    /// Where contents of `size` (points) are drawn in the layer (`rect`) and where the whole picture maps
    /// to (`sourceRect`), by the layer's `Layer.contentsGravity`: the bounds for both when
    /// stretched; otherwise the gravity's rectangle, cut at the bounds when the layer masks to them (nil:
    /// nothing left to draw).
    private func placed(_ size: CGSize, _ layer: Layer, _ p: LayerProperties) -> (rect: CGRect, sourceRect: CGRect)? {
        guard layer.contentsGravity != .resize else { return (p.bounds, p.bounds) }
        let sourceRect = layer.contentsGravity.rect(forContentsOfSize: size, in: p.bounds)
        guard layer.masksToBounds else { return (sourceRect, sourceRect) }
        guard let visible = sourceRect.nonEmptyIntersection(p.bounds) else { return nil }
        return (visible, sourceRect)
    }

    /// Text as UILabel lays it out : aligned left, centre or right,
    /// centred vertically, cut at the bounds, at most `numberOfLines` lines.
    private func recordText(_ t: TextContents, _ layer: Layer, in bounds: CGRect, _ toTarget: Homography, alpha: Double) throws {
        guard bounds.width > 0, bounds.height > 0,
              let rendered = try text.render(t, scale: scale, wrapWidth: bounds.width, for: ObjectIdentifier(layer)) else { return }
        let fullHeight = Double(rendered.picture.height)
        let pixelHeight = t.numberOfLines > 1
            ? min(fullHeight, Double(try text.lineSkip(fontSize: t.fontSize, bold: t.isBold, scale: scale)) * Double(t.numberOfLines))
            : fullHeight
        let width = Double(rendered.picture.width) / scale, height = pixelHeight / scale
        let textRect = t.placement(width: width, height: height, in: bounds, toTarget)
        let x = textRect.minX, y = textRect.minY
        guard let visible = textRect.nonEmptyIntersection(bounds) else { return }
        // The picture's whole height maps to the full rendered height (lines past numberOfLines are cut).
        let sourceRect = CGRect(x: x, y: y, width: width, height: fullHeight / scale)
        appendPicture(layer, rect: visible, sourceRect: sourceRect, source: .text(rendered.key, t.color), isOpaque: false,
                      toTarget, alpha: alpha)
    }
}
