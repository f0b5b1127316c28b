import Foundation
import CSDL2
import SegueAnimation

/// Offscreen passes: group opacity, rasterized layers and snapshots.
extension LayerRenderer {
    /// The largest texture side created for a rasterized layer or a snapshot, in pixels.
    static let maximumTextureSide: Int32 = 8192

    var currentTarget: Target { targets[targets.count - 1] }

    /// What drawing into one target keeps while another is pushed over it.
    struct SavedTargetState {
        let clip: ClipPolygon?
        let drawnBounds: PixelBounds
        let occluders: [ClipPolygon]
    }

    /// Makes `texture` the target (clears it, no clip, no occluders) until ``popTarget(saved:)``.
    func pushTarget(_ texture: OpaquePointer, width: Int32, height: Int32) throws -> SavedTargetState {
        try flush()
        guard SDL_SetRenderTarget(sdlRenderer, texture) == 0 else { throw SDLError("SDL_SetRenderTarget") }
        targets.append(Target(texture: texture, width: width, height: height))
        let saved = SavedTargetState(clip: clip, drawnBounds: drawnBounds, occluders: occluders)
        clip = nil
        occluders = []
        drawnBounds = PixelBounds()
        lastFrame.offscreenPasses += 1
        try clear(to: .clear)
        return saved
    }

    /// Returns to the previous target; gives back what was drawn into the popped one.
    @discardableResult
    func popTarget(saved: SavedTargetState) throws -> PixelBounds {
        try flush()
        let drawn = drawnBounds
        targets.removeLast()
        guard SDL_SetRenderTarget(sdlRenderer, currentTarget.texture) == 0 else { throw SDLError("SDL_SetRenderTarget") }
        SDL_SetRenderDrawBlendMode(sdlRenderer, SDL_BLENDMODE_BLEND)
        clip = saved.clip
        drawnBounds = saved.drawnBounds
        occluders = saved.occluders
        return drawn
    }

    /// A target texture of `width`x`height` pixels, premultiplied blending; in `format` (ARGB8888
    /// unless given).
    func makeTargetTexture(width: Int32, height: Int32,
                           format: UInt32 = SDL_PIXELFORMAT_ARGB8888.rawValue) throws -> OpaquePointer {
        guard let texture = SDL_CreateTexture(sdlRenderer, format,
                                              Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height) else {
            throw SDLError("SDL_CreateTexture(target \(width)x\(height))")
        }
        SDL_SetTextureBlendMode(texture, premultipliedBlendMode)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return texture
    }

    /// Draws `body` into an offscreen texture the size of the current target, then composites it at
    /// `alpha` (group opacity).
    func drawInOffscreen(alpha: Double, _ body: () throws -> Void) throws {
        let target = currentTarget
        let key = OffscreenKey(width: target.width, height: target.height)
        let texture = try offscreenPool[key]?.popLast() ?? makeTargetTexture(width: target.width, height: target.height)
        defer { offscreenPool[key, default: []].append(texture) }
        let saved = try pushTarget(texture, width: target.width, height: target.height)
        try body()
        let drawn = try popTarget(saved: saved)
        guard !drawn.isEmpty else { return }
        let w = Double(target.width), h = Double(target.height)
        let x0 = max(0, drawn.minX.rounded(.down)), y0 = max(0, drawn.minY.rounded(.down))
        let x1 = min(w, drawn.maxX.rounded(.up)), y1 = min(h, drawn.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return }
        let savedClip = clip
        clip = nil
        defer { clip = savedClip }
        try drawTexturedRect(CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), uv: (x0 / w, y0 / h, x1 / w, y1 / h),
                             .identity, texture: texture, color: premultipliedColor(alpha: alpha))
        try flush()
    }

    /// Renders a layer's own parts and sublayers (not its shadow, placement or opacity) into `texture`,
    /// whose pixels cover its bounds at the renderer's scale.
    func renderSubtree(_ layer: Layer, _ p: LayerProperties, into texture: OpaquePointer, width: Int32, height: Int32) throws {
        let saved = try pushTarget(texture, width: width, height: height)
        let toTexture = Homography(translationX: -p.bounds.origin.x, y: -p.bounds.origin.y).concatenating(pixelScale)
        try drawContents(layer, p, toTexture, alpha: 1, includeShadow: false)
        try popTarget(saved: saved)
    }

    /// The pixel size of a texture covering `size` points; nil when empty.
    func textureSize(for size: CGSize) -> (Int32, Int32)? {
        let w = Int32(min(Double(Self.maximumTextureSide), (size.width * scale).rounded(.up)))
        let h = Int32(min(Double(Self.maximumTextureSide), (size.height * scale).rounded(.up)))
        return w > 0 && h > 0 ? (w, h) : nil
    }

    /// The cached picture of a rasterized layer, redrawn if its subtree changed; nil for empty bounds
    /// (nothing to draw).
    func rasterTexture(for layer: Layer, _ p: LayerProperties) throws -> OpaquePointer? {
        let key = ObjectIdentifier(layer)
        let signature = RasterSignature(layer, p, scale: scale)
        if !layer.areSublayersAnimating, var entry = rasters[key], entry.layer === layer, entry.signature == signature {
            entry.lastFrame = frameIndex
            rasters[key] = entry
            lastFrame.rasterHits += 1
            return entry.texture
        }
        guard let (w, h) = textureSize(for: p.bounds.size) else { return nil }
        lastFrame.rasterMisses += 1
        let format = rasterIsOpaque(p) ? opaqueRasterFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
        let texture: OpaquePointer
        if let old = rasters.removeValue(forKey: key) {
            if old.width == w && old.height == h && old.format == format { texture = old.texture } else {
                SDL_DestroyTexture(old.texture)
                texture = try makeTargetTexture(width: w, height: h, format: format)
            }
        } else {
            texture = try makeTargetTexture(width: w, height: h, format: format)
        }
        try renderSubtree(layer, p, into: texture, width: w, height: h)
        rasters[key] = RasterEntry(layer: layer, signature: signature, texture: texture, width: w, height: h,
                                   format: format, lastFrame: frameIndex)
        return texture
    }

    /// The texture of a snapshot: taken from its source the first time, then reused. Nil when it can no
    /// longer be taken (source released before the first render) or is empty.
    func snapshotTexture(_ snapshot: Snapshot) throws -> OpaquePointer? {
        let key = ObjectIdentifier(snapshot)
        if let entry = snapshots[key], entry.snapshot === snapshot { return entry.texture }
        guard let source = snapshot.source, !snapshotsInProgress.contains(key),
              let (w, h) = textureSize(for: snapshot.size) else { return nil }
        snapshotsInProgress.insert(key)
        defer { snapshotsInProgress.remove(key) }
        let texture = try makeTargetTexture(width: w, height: h)
        var p = source.renderedProperties
        p.bounds.size = snapshot.size
        do {
            try renderSubtree(source, p, into: texture, width: w, height: h)
        } catch {
            SDL_DestroyTexture(texture)
            throw error
        }
        snapshots[key] = SnapshotEntry(snapshot: snapshot, texture: texture)
        snapshot.markTaken()
        return texture
    }
}

