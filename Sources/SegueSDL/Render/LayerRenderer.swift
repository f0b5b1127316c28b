import Foundation
import CSDL2
import SegueAnimation

/// Draws a layer tree's presentation (each layer's `renderedProperties`, computed by the tree's last
/// `update()`) with one SDL renderer: a window's, or a software renderer on a surface for headless use.
///
/// What it draws, per layer, in Core Animation's order: shadow, background, contents (text, bitmap,
/// snapshot), sublayers (sorted by `zPosition`, stable; clipped by `masksToBounds`), border. Every shape is
/// projected through the composed homographies (3D transforms, perspective, sublayer transforms) and
/// drawn as triangles with `SDL_RenderGeometry`; textures under perspective are subdivided.
///
/// Differs from Core Animation:
/// - Clipping (`masksToBounds`, with rounded corners) and masks are geometric: each triangle is clipped to
///   the projected convex outline, exact under any transform and on every renderer. A mask contributes its
///   shape — its bounds with its corner radius (a circle when the radius is half the side), animatable —
///   not the alpha of its contents.
/// - Shadows follow the bounds with the corner radius (as if `shadowPath` were the bounds), blurred by a
///   linear ramp of ±`shadowRadius` around the edge.
/// - Edges are not antialiased.
/// - Group opacity (a layer with `opacity < 1` and sublayers, or several overlapping parts) is drawn
///   through an offscreen texture; with the software renderer, which has no premultiplied blend mode,
///   semi-transparent pixels inside such a group come out slightly darker than they should.
/// - A rasterized layer (`shouldRasterize`) is cached at the window's scale, clipped to its bounds, and
///   redrawn whenever anything in its subtree changes.
@MainActor
public final class LayerRenderer {
    /// The SDL renderer drawn with.
    public let sdlRenderer: OpaquePointer
    /// Pixels per point (the drawable size over the window size; 2 on a HiDPI screen).
    public var scale: Double
    /// The colour the target is cleared to before the root is drawn.
    public var clearColor: Color = .black
    /// What the last ``render(_:)`` did.
    public internal(set) var lastFrame = RenderCounters()

    /// Opacities below this draw nothing (Core Animation hides layers below about 1/255 too).
    static let minimumVisibleOpacity = 0.5 / 255
    /// Most subdivisions per side of a textured quad under perspective.
    static let maximumSubdivisions = 24
    /// Largest tolerated deviation of an affinely interpolated texture from the true projection, in pixels.
    static let maximumTextureError = 0.5
    /// Frames a rasterized layer's texture is kept while the layer is not drawn.
    static let rasterKeepFrames: UInt64 = 120
    /// Bitmap textures kept.
    static let maxCachedBitmaps = 256
    /// Bitmap texture memory kept, in bytes.
    static let maxCachedBitmapBytes = 128 << 20

    let text: TextRenderer
    let bitmaps = TextureCache<ObjectIdentifier>(maxEntries: maxCachedBitmaps, maxBytes: maxCachedBitmapBytes)
    /// The blend mode for textures holding premultiplied colour (offscreen passes); plain blending when
    /// the renderer cannot do it (software).
    var premultipliedBlendMode = SDL_BLENDMODE_BLEND
    /// Whether ``premultipliedBlendMode`` really is premultiplied.
    public private(set) var supportsPremultipliedBlending = false
    /// Whether textured triangles must be kept small enough for SDL's software renderer (see
    /// ``appendSoftwareTriangles(fanning:texture:)``).
    let limitsSoftwareTriangles: Bool
    /// The pixel format of opaque rasterized layers' textures: the window's on the software renderer
    /// (SDL copies a texture of the target's own format with blending off pixel for pixel, and takes a
    /// per-pixel conversion path — ~2x slower — for any other), ARGB8888 otherwise.
    let opaqueRasterFormat: UInt32

    // Batching
    var batchTexture: OpaquePointer?
    /// Whether the batch copies its texture's pixels (blending off).
    var batchIsOpaque = false
    var batchVertices: [SDL_Vertex] = []
    /// Bounding box of what was emitted into the current target since it was started (pixels).
    var drawnBounds = PixelBounds()
    /// The current clip region, nil for none.
    var clip: ClipPolygon?
    /// Regions of the target that opaque layers drawn later will cover: nothing is drawn inside them.
    var occluders: [ClipPolygon] = []

    // Targets
    struct Target {
        let texture: OpaquePointer?
        let width: Int32
        let height: Int32
    }
    var targets: [Target] = []
    var offscreenPool: [OffscreenKey: [OpaquePointer]] = [:]
    struct OffscreenKey: Hashable {
        let width: Int32
        let height: Int32
    }

    // Caches
    struct SnapshotEntry {
        weak var snapshot: Snapshot?
        let texture: OpaquePointer
    }
    var snapshots: [ObjectIdentifier: SnapshotEntry] = [:]
    var snapshotsInProgress: Set<ObjectIdentifier> = []
    struct RasterEntry {
        weak var layer: Layer?
        let signature: RasterSignature
        let texture: OpaquePointer
        let width: Int32
        let height: Int32
        let format: UInt32
        var lastFrame: UInt64
    }
    var rasters: [ObjectIdentifier: RasterEntry] = [:]
    var frameIndex: UInt64 = 0
    /// Whether the next frame keeps only the textures it uses (``trimCaches()``).
    var trimsAfterNextFrame = false
    /// The root whose background was drawn by clearing the target, this frame.
    weak var clearedRoot: Layer?

    /// A renderer drawing with `sdlRenderer` at `scale` pixels per point, with the given fonts.
    public init(sdlRenderer: OpaquePointer, fonts: FontLocator.Fonts, scale: Double = 1) throws {
        precondition(scale > 0, "The pixel scale must be positive")
        self.sdlRenderer = sdlRenderer
        self.scale = scale
        self.text = TextRenderer(renderer: sdlRenderer, fonts: fonts)
        var info = SDL_RendererInfo()
        limitsSoftwareTriangles = SDL_GetRendererInfo(sdlRenderer, &info) != 0
            || info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        opaqueRasterFormat = Self.opaqueRasterFormat(sdlRenderer, software: limitsSoftwareTriangles)
        detectPremultipliedBlending()
    }

    /// Destroys every texture the renderer made (also needed before the SDL renderer is destroyed).
    public func close() {
        text.close()
        bitmaps.removeAll()
        for entry in snapshots.values { SDL_DestroyTexture(entry.texture) }
        snapshots.removeAll()
        for entry in rasters.values { SDL_DestroyTexture(entry.texture) }
        rasters.removeAll()
        for list in offscreenPool.values { for texture in list { SDL_DestroyTexture(texture) } }
        offscreenPool.removeAll()
    }

    /// Clears the renderer's current target and draws the tree's presentation into it (it does not
    /// present). Call after the tree's `update()`.
    public func render(_ tree: LayerTree) throws {
        frameIndex += 1
        text.cache.currentFrame = frameIndex
        bitmaps.currentFrame = frameIndex
        lastFrame = RenderCounters()
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(sdlRenderer, &w, &h) == 0 else { throw SDLError("SDL_GetRendererOutputSize") }
        targets = [Target(texture: SDL_GetRenderTarget(sdlRenderer), width: w, height: h)]
        clip = nil
        drawnBounds = PixelBounds()
        let root = tree.root
        let props = root.renderedProperties
        let toTarget = Layer.homographyToSuperlayer(props, superlayer: nil).concatenating(pixelScale)
        // An opaque, untransformed root covering the target: clear to its colour instead of clearing and
        // then filling it (a full-window fill saved; fill rate is what limits this machine).
        let covers = toTarget.isAffine && toTarget.m12 == 0 && toTarget.m21 == 0
            && toTarget.apply(CGPoint(x: props.bounds.minX, y: props.bounds.minY)).map { $0.x <= 0 && $0.y <= 0 } == true
            && toTarget.apply(CGPoint(x: props.bounds.maxX, y: props.bounds.maxY)).map { $0.x >= Double(w) && $0.y >= Double(h) } == true
        let rootFillsTarget = covers && props.backgroundColor.alpha == 1 && props.opacity == 1 && props.cornerRadius == 0
            && root.mask == nil && !root.shouldRasterize && !root.isHidden
        clearedRoot = rootFillsTarget ? root : nil
        try clear(to: rootFillsTarget ? props.backgroundColor : clearColor)
        try drawLayer(root, props, toTarget, alpha: 1)
        try flush()
        evictStaleEntries()
    }

    /// The map from points to pixels.
    var pixelScale: Homography {
        Homography(m11: scale, m12: 0, m13: 0, m21: 0, m22: scale, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    // MARK: The walk

    /// Draws a layer (whose local-to-target map is `toTarget`) and its subtree.
    func drawLayer(_ layer: Layer, _ p: LayerProperties, _ toTarget: Homography, alpha: Double) throws {
        let a: Double
        switch LayerWalk.visibility(layer, p, toTarget, alpha: alpha, minimumOpacity: Self.minimumVisibleOpacity) {
        case .invisible: return
        case .culled: lastFrame.culledLayers += 1; return
        case .visible(let alpha): a = alpha
        }
        lastFrame.layers += 1
        let savedClip = clip
        defer { clip = savedClip }
        switch LayerWalk.mask(of: layer, toTarget) {
        case .none: break
        case .hidesAll: return
        case .mask(let mp, let maskToTarget):
            guard let region = projectedRegion(mp.bounds, radius: mp.cornerRadius, maskToTarget),
                  intersectClip(with: region) else { return }
        }
        if layer.shouldRasterize {
            try drawShadow(p, toTarget, alpha: a, coveredBy: opaqueCover(layer, p, alpha: a))
            guard let raster = try rasterTexture(for: layer, p) else { return }
            try drawTexturedRect(p.bounds, uv: (0, 0, 1, 1), toTarget, texture: raster,
                                 color: premultipliedColor(alpha: a), opaque: rasterIsOpaque(p))
            return
        }
        if p.opacity < 1 && needsGroup(layer, p) {
            try drawInOffscreen(alpha: a) {
                try drawContents(layer, p, toTarget, alpha: 1, includeShadow: true)
            }
        } else {
            try drawContents(layer, p, toTarget, alpha: a, includeShadow: true)
        }
    }

    /// Draws the layer's own parts and its sublayers, at `alpha`.
    func drawContents(_ layer: Layer, _ p: LayerProperties, _ toTarget: Homography, alpha: Double,
                      includeShadow: Bool) throws {
        if includeShadow { try drawShadow(p, toTarget, alpha: alpha, coveredBy: opaqueCover(layer, p, alpha: alpha)) }
        if p.backgroundColor.alpha > 0 && layer !== clearedRoot {
            try fillRoundedRect(p.bounds, radius: p.cornerRadius, toTarget, color: p.backgroundColor, alpha: alpha)
        }
        if let contents = layer.contents {
            let savedClip = clip
            if layer.masksToBounds && p.cornerRadius > 0,
               let region = projectedRegion(p.bounds, radius: p.cornerRadius, toTarget) {
                _ = intersectClip(with: region)
            }
            try drawContents(contents, p, toTarget, alpha: alpha)
            clip = savedClip
        }
        if !layer.sublayers.isEmpty {
            let savedClip = clip
            var visible = true
            if layer.masksToBounds {
                if let region = projectedRegion(p.bounds, radius: p.cornerRadius, toTarget) {
                    visible = intersectClip(with: region)
                } else {
                    visible = false
                }
            }
            if visible {
                // No allocation per layer here: the sublayers' occluders are pushed on the shared list and
                // dropped, in drawing order, once the sublayer they belong to has been passed.
                let ordered = Self.drawingOrder(layer.sublayers)
                let inheritedCount = occluders.count
                let covers = occludingSublayers(ordered, of: p, toTarget, alpha: alpha)
                for cover in covers { occluders.append(cover.region) }
                var nextCover = 0
                for (i, sublayer) in ordered.enumerated() {
                    while nextCover < covers.count && covers[nextCover].index <= i {
                        occluders.remove(at: inheritedCount)
                        nextCover += 1
                    }
                    let sp = sublayer.renderedProperties
                    try drawLayer(sublayer, sp, Layer.homographyToSuperlayer(sp, superlayer: p).concatenating(toTarget),
                                  alpha: alpha)
                }
                occluders.removeSubrange(inheritedCount...)
            }
            clip = savedClip
        }
        if p.borderWidth > 0 && p.borderColor.alpha > 0 {
            try strokeRoundedRect(p.bounds, radius: p.cornerRadius, width: p.borderWidth, toTarget,
                                  color: p.borderColor, alpha: alpha)
        }
    }

    /// Part of a (rounded) rectangle's corners that its inscribed axis-aligned rectangle gives up, as a
    /// fraction of the corner radius: 1 - 1/√2 (the inner rectangle's corner then lies on the arc).
    static let cornerInsetFraction = 1 - 0.5.squareRoot()

    /// The rectangle of the layer's bounds (local points) that its background covers opaquely when drawn
    /// at `alpha`; nil when it covers nothing for sure.
    func opaqueCover(_ layer: Layer, _ p: LayerProperties, alpha: Double) -> CGRect? {
        guard alpha >= 1, p.backgroundColor.alpha >= 1, layer.mask == nil else { return nil }
        let inset = p.cornerRadius * Self.cornerInsetFraction
        let rect = p.bounds.insetBy(dx: inset, dy: inset)
        return rect.width > 0 && rect.height > 0 ? rect : nil
    }

    /// Whether every pixel of a rasterized layer's texture is opaque: a square-cornered opaque background
    /// filling a whole number of pixels.
    func rasterIsOpaque(_ p: LayerProperties) -> Bool {
        let w = p.bounds.width * scale, h = p.bounds.height * scale
        return p.backgroundColor.alpha >= 1 && p.cornerRadius == 0 && w.rounded() == w && h.rounded() == h
            && w <= Double(Self.maximumTextureSide) && h <= Double(Self.maximumTextureSide)
    }

    /// 32-bit formats an opaque rasterized layer may be kept in (the window's, when it is one of them).
    static let opaqueRasterFormats: Set<UInt32> = [SDL_PIXELFORMAT_ARGB8888.rawValue, SDL_PIXELFORMAT_RGB888.rawValue]

    private static func opaqueRasterFormat(_ renderer: OpaquePointer, software: Bool) -> UInt32 {
        guard software, let window = SDL_RenderGetWindow(renderer) else { return SDL_PIXELFORMAT_ARGB8888.rawValue }
        let format = SDL_GetWindowPixelFormat(window)
        return opaqueRasterFormats.contains(format) ? format : SDL_PIXELFORMAT_ARGB8888.rawValue
    }

    /// Sublayers back to front: by `zPosition`, keeping the order of equal ones.
    static func drawingOrder(_ sublayers: [Layer]) -> [Layer] {
        guard sublayers.contains(where: { $0.renderedZPosition != 0 }) else { return sublayers }
        return sublayers.enumerated().sorted {
            let z0 = $0.element.renderedZPosition, z1 = $1.element.renderedZPosition
            return z0 != z1 ? z0 < z1 : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Whether fading the layer as one differs from fading each part: it has visible sublayers, or
    /// more than one of its own parts overlap.
    func needsGroup(_ layer: Layer, _ p: LayerProperties) -> Bool {
        if layer.sublayers.contains(where: { !$0.isHidden }) { return true }
        var parts = 0
        if p.backgroundColor.alpha > 0 { parts += 1 }
        if layer.contents != nil { parts += 1 }
        if p.borderWidth > 0 && p.borderColor.alpha > 0 { parts += 1 }
        if p.shadowOpacity > 0 && p.shadowColor.alpha > 0 { parts += 1 }
        return parts > 1
    }

    /// Narrows the clip to `region`; false when nothing is left.
    func intersectClip(with region: ClipPolygon) -> Bool {
        if let current = clip {
            guard let both = current.intersected(with: region) else {
                clip = nil
                return false
            }
            clip = both
        } else {
            clip = region
        }
        return true
    }

    /// The vertex colour that draws a premultiplied texture at `alpha`.
    func premultipliedColor(alpha: Double) -> (r: Double, g: Double, b: Double, a: Double) {
        supportsPremultipliedBlending ? (alpha, alpha, alpha, alpha) : (1, 1, 1, alpha)
    }

    private func detectPremultipliedBlending() {
        let mode = SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
                                              SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        guard let probe = SDL_CreateTexture(sdlRenderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                            Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1) else { return }
        defer { SDL_DestroyTexture(probe) }
        if SDL_SetTextureBlendMode(probe, mode) == 0 {
            premultipliedBlendMode = mode
            supportsPremultipliedBlending = true
        }
    }

    /// Texture caches (text, bitmaps) are swept every this many frames for entries not drawn for
    /// ``rasterKeepFrames`` frames.
    static let textureSweepInterval: UInt64 = 32

    func evictStaleEntries() {
        if trimsAfterNextFrame || frameIndex % Self.textureSweepInterval == 0 {
            let keep = trimsAfterNextFrame ? 0 : Self.rasterKeepFrames
            let since = frameIndex > keep ? frameIndex - keep : 0
            text.cache.removeEntries(unusedSince: since)
            bitmaps.removeEntries(unusedSince: since)
        }
        for (key, entry) in snapshots where entry.snapshot == nil {
            SDL_DestroyTexture(entry.texture)
            snapshots.removeValue(forKey: key)
        }
        let rasterKeep = trimsAfterNextFrame ? 0 : Self.rasterKeepFrames
        for (key, entry) in rasters where entry.layer == nil || frameIndex - entry.lastFrame > rasterKeep {
            SDL_DestroyTexture(entry.texture)
            rasters.removeValue(forKey: key)
        }
        trimsAfterNextFrame = false
    }
}

/// What one frame of a ``LayerRenderer`` did (for the HUD and the benchmark).
public struct RenderCounters: Sendable, Equatable {
    /// Layers drawn.
    public var layers = 0
    /// Layers skipped because their back faces the viewer and they are not double-sided.
    public var culledLayers = 0
    /// `SDL_RenderGeometry` calls.
    public var drawCalls = 0
    /// Triangles submitted.
    public var triangles = 0
    /// Polygons cut or dropped because an opaque layer drawn later covers them.
    public var occludedPolygons = 0
    /// Offscreen passes (group opacity, rasterization, snapshots).
    public var offscreenPasses = 0
    /// Rasterized layers redrawn into their cache this frame.
    public var rasterMisses = 0
    /// Rasterized layers drawn from their cache.
    public var rasterHits = 0

    /// Every counter at zero.
    public init() {}
}

/// A running bounding box in target pixels.
struct PixelBounds {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    var isEmpty: Bool { minX > maxX || minY > maxY }
    mutating func include(x: Double, y: Double) {
        minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
    }
    mutating func formUnion(_ o: PixelBounds) {
        guard !o.isEmpty else { return }
        include(x: o.minX, y: o.minY)
        include(x: o.maxX, y: o.maxY)
    }
}
