import Foundation
import CPixman
import SegueAnimation

/// Rasterized layers and snapshots: subtrees composited into pictures of their own by a nested pass.
extension Compositor {
    /// The picture of a rasterized layer, redrawn when its sublayers' generation, its own drawn values
    /// (placement left out) or its contents changed, or while anything below it animates; nil for
    /// empty bounds. Compares one counter, not the subtree.
    /// `tracked`: the automatic raster cache's tracking of the layer (``autoRasterPicture(for:_:_:alpha:)``),
    /// whose signature is the layer's; the picture is then the automatic cache's, counted apart from
    /// `shouldRasterize`'s.
    func rasterPicture(for layer: Layer, _ p: LayerProperties,
                       tracked: AutoRasterState? = nil) throws -> (version: UInt64, isOpaque: Bool)? {
        let id = ObjectIdentifier(layer)
        let automatic = tracked != nil
        // The signature is made (or copied from the tracking) only when the layer's stamp does not vouch
        // for the picture's.
        let stamp = RasterSignature.Stamp(layer, scale: scale)
        var key: RasterSignature?
        if !layer.areSublayersAnimating, let entry = pictures.rasters[id], entry.layer === layer {
            var same = stamp != nil && entry.stamp == stamp
            if !same {
                let signature = tracked?.signature ?? RasterSignature(layer, p, scale: scale)
                key = signature
                same = entry.key == signature
                // The same signature: the stamp now vouches for it too.
                if same { entry.stamp = stamp }
            }
            if same {
                entry.lastFrame = frameIndex
                if automatic { lastFrame.autoRasterHits += 1 } else { lastFrame.rasterHits += 1 }
                return (entry.version, entry.isOpaque)
            }
        }
        guard let (w, h) = pictureSize(for: p.bounds.size) else { return nil }
        let signature = key ?? tracked?.signature ?? RasterSignature(layer, p, scale: scale)
        if automatic { lastFrame.autoRasterMisses += 1 } else { lastFrame.rasterMisses += 1 }
        let buffer: PixelBuffer
        if let old = pictures.rasters[id], old.layer === layer, old.buffer.width == w, old.buffer.height == h {
            buffer = old.buffer
        } else {
            buffer = PixelBuffer(width: w, height: h)
        }
        try renderSubtree(layer, p, into: buffer)
        pictures.rasterVersion += 1
        let pw = p.bounds.width * scale, ph = p.bounds.height * scale
        let isOpaque = p.backgroundColor.alpha >= 1 && p.cornerRadius == 0 && pw.rounded() == pw && ph.rounded() == ph
        pictures.rasters[id] = CompositorPictures.RasterEntry(layer: layer, key: signature, stamp: stamp, buffer: buffer,
                                                             version: pictures.rasterVersion, isOpaque: isOpaque,
                                                             lastFrame: frameIndex, isAutomatic: automatic)
        return (pictures.rasterVersion, isOpaque)
    }

    /// The picture of a snapshot: taken from its source the first time, then reused. Nil when it can no
    /// longer be taken (the source was released before the first render) or is empty.
    func snapshotPicture(_ snapshot: Snapshot) throws -> PixelBuffer? {
        let id = ObjectIdentifier(snapshot)
        if let entry = pictures.snapshots[id], entry.snapshot === snapshot { return entry.buffer }
        guard let source = snapshot.source, let (w, h) = pictureSize(for: snapshot.size) else { return nil }
        let buffer = PixelBuffer(width: w, height: h)
        var p = source.renderedProperties
        p.bounds.size = snapshot.size
        // Marked taken first: a snapshot inside its own source draws nothing rather than recursing.
        snapshot.markTaken()
        pictures.snapshots[id] = CompositorPictures.SnapshotEntry(snapshot: snapshot, buffer: buffer)
        try renderSubtree(source, p, into: buffer)
        return buffer
    }

    /// The pixel size of a picture covering `size` points; nil when empty.
    func pictureSize(for size: CGSize) -> (Int32, Int32)? {
        let w = Int32(min(Double(Self.maximumPictureSide), (size.width * scale).rounded(.up)))
        let h = Int32(min(Double(Self.maximumPictureSide), (size.height * scale).rounded(.up)))
        return w > 0 && h > 0 ? (w, h) : nil
    }

    /// Composites a layer's own parts and sublayers (not its shadow, placement or opacity) into
    /// `buffer`, whose pixels cover its bounds at the compositor's scale: a nested record and draw.
    func renderSubtree(_ layer: Layer, _ p: LayerProperties, into buffer: PixelBuffer) throws {
        if nestedLists.count <= nestingDepth { nestedLists.append(CompositorOpList()) }
        let nested = nestedLists[nestingDepth]
        nestingDepth += 1
        let saved = (list, currentClip, currentLevel, recordingBounds)
        defer {
            nestingDepth -= 1
            (list, currentClip, currentLevel, recordingBounds) = saved
        }
        list = nested
        list.removeAll()
        currentClip = -1
        currentLevel = 0
        recordingBounds = buffer.bounds
        var clear = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0)
        var box = pixman_box32_t(x1: 0, y1: 0, x2: buffer.width, y2: buffer.height)
        pixman_image_fill_boxes(PIXMAN_OP_SRC, buffer.image, &clear, 1, &box)
        let toPicture = Homography(translationX: -p.bounds.origin.x, y: -p.bounds.origin.y).concatenating(pixelScale)
        try recordContents(layer, p, toPicture, alpha: 1, includeShadow: false, includeBackdrop: false)
        signBackdrops()
        let whole = PixelRegion()
        whole.set(buffer.bounds)
        let picture = renderList(damage: whole, bounds: buffer.bounds)
        try cpu.drawPicture(picture, plan: plan(picture), into: buffer)
        lastFrame.addDraws(of: cpu.lastFrame)
        lastFrame.addBackdropBlurs(of: cpu.lastFrame)
        lastFrame.addContentBlurs(of: cpu.lastFrame)
    }
}
