import Foundation
import CSDL2
import SegueAnimation

/// The GPU executor: draws a frame's ``RenderList`` (recorded once by a ``Compositor`` from the layer
/// tree's presentation, see ``RenderBackend``) with one SDL renderer, a window's or a software renderer on
/// a surface for headless use, and reads nothing else of the recorder. The CPU executor is the
/// ``CPUExecutor`` (pixman); both draw the same list.
///
/// Every operation is projected through its map to the target (3D transforms, perspective) and drawn as
/// triangles with `SDL_RenderGeometry`: fills and borders as (rounded) outlines, shadows as a core and a
/// linear blur ramp, pictures (texts, bitmaps, snapshots, rasterized layers: made by the compositor,
/// uploaded here once per version) as textured quads, subdivided under perspective. Clips and masks are
/// the list's convex polygons; group opacity goes through an offscreen texture. Only the operations that
/// touch the frame's damage are drawn, inside it (SDL's clip rectangle); where an opaque operation drawn
/// later covers a large part of the target, what lies beneath it is cut away (fill rate is what limits a
/// CPU rasteriser such as Mesa's llvmpipe).
///
/// Differs from the CPU executor:
/// - Edges are not antialiased, and pictures moved by a fraction of a pixel are sampled bilinearly there.
/// - With the software renderer, which has no premultiplied blend mode, semi-transparent pixels inside a
///   group come out slightly darker than they should.
@MainActor
package final class LayerRenderer: RenderExecutor {
    /// The SDL renderer drawn with.
    package let sdlRenderer: OpaquePointer
    /// What the last ``draw(_:plan:in:)`` did.
    package internal(set) var lastFrame = CompositorCounters()

    /// Most subdivisions per side of a textured quad under perspective.
    static let maximumSubdivisions = 24
    /// Largest tolerated deviation of an affinely interpolated texture from the true projection, in pixels.
    static let maximumTextureError = 0.5
    /// Frames a picture's texture is kept while no operation draws it (as the compositor keeps pictures).
    static let textureKeepFrames: UInt64 = Compositor.rasterKeepFrames
    /// Occluders cut around per operation (the nearest ones drawn after it), bounding the cost of cutting.
    static let maximumOccludersPerOperation = 4

    /// Pixels per point of the list being drawn (the least density shapes are tessellated for).
    var scale = 1.0
    /// The pictures' textures.
    let textures: PictureTextures
    /// The blend mode for textures holding premultiplied colour; plain blending when the renderer cannot
    /// do it (software).
    var premultipliedBlendMode = SDL_BLENDMODE_BLEND
    /// Whether ``premultipliedBlendMode`` really is premultiplied.
    package private(set) var supportsPremultipliedBlending = false
    /// Whether textured triangles must be kept small enough for SDL's software renderer (see
    /// ``softwareSubdivisions(_:_:texture:)``).
    let limitsSoftwareTriangles: Bool

    // Batching
    var batchTexture: OpaquePointer?
    /// Whether the batch copies its pixels (blending off): an opaque texture at full strength, or an
    /// opaque colour.
    var batchIsOpaque = false
    var batchVertices: [SDL_Vertex] = []
    /// Bounding box of what was emitted into the current target since it was started (pixels).
    var drawnBounds = PixelBounds()
    /// The current operation's clip polygon, nil for none.
    var clip: ClipPolygon?
    /// Regions of the target that operations drawn later cover opaquely: nothing is drawn inside them.
    var occluders: [ClipPolygon] = []
    /// The pixels being redrawn (SDL's clip rectangle on the frame's target and on group targets).
    var damageBox = PixelRect.empty
    /// Dimmings already folded into the picture below them this frame: the operation's index and the
    /// target pixels it need not draw (``tintFold(for:at:box:in:)``).
    var foldedTints: [(index: Int, box: PixelRect)] = []
    /// The plan's visible backdrop blurs and the pixels they read, while a frame is drawn.
    var backdropReads: [(index: Int, read: PixelRect)] = []
    /// The damage boxes around the content-blurred groups being drawn (inside one, ``damageBox`` is its
    /// whole pixels).
    var outerDamageBoxes: [PixelRect] = []
    /// The plan's tint fills, while a frame is drawn.
    var tintFills: [(box: PixelRect, tint: SolidTint)?] = []

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

    /// A GPU executor drawing with `sdlRenderer`.
    package init(sdlRenderer: OpaquePointer) {
        self.sdlRenderer = sdlRenderer
        var info = SDL_RendererInfo()
        let known = SDL_GetRendererInfo(sdlRenderer, &info) == 0
        let software = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        limitsSoftwareTriangles = !known || software
        textures = PictureTextures(renderer: sdlRenderer)
        if software { textures.opaqueFormat = SDL_PIXELFORMAT_RGB888.rawValue }
        detectPremultipliedBlending()
        textures.premultiplied = supportsPremultipliedBlending
        textures.blendMode = premultipliedBlendMode
    }

    /// Destroys every texture the executor made (also needed before the SDL renderer is destroyed).
    package func close() {
        textures.removeAll()
        for list in offscreenPool.values { for texture in list { SDL_DestroyTexture(texture) } }
        offscreenPool.removeAll()
    }

    /// Draws a frame's render list into `target` (``GPUTarget``): a texture, made the renderer's target for
    /// the frame, or the renderer's current target.
    func draw(_ frame: RenderList, plan: DrawPlan, into target: GPUTarget) throws {
        guard let texture = target.texture else { return try draw(frame, plan: plan, in: target.box) }
        guard SDL_SetRenderTarget(sdlRenderer, texture) == 0 else { throw SDLError("SDL_SetRenderTarget") }
        try draw(frame, plan: plan, in: target.box)
        guard SDL_SetRenderTarget(sdlRenderer, nil) == 0 else { throw SDLError("SDL_SetRenderTarget") }
    }

    /// Draws a frame's render list into the renderer's current target, inside `box` (target pixels; the
    /// rest of the target keeps its pixels): the operations that touch it, clipped to it. It does not
    /// present. The occluders are `plan`'s.
    func draw(_ frame: RenderList, plan: DrawPlan, in box: PixelRect) throws {
        lastFrame = CompositorCounters()
        textures.frameIndex = frame.frameIndex
        scale = frame.scale
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(sdlRenderer, &w, &h) == 0 else { throw SDLError("SDL_GetRendererOutputSize") }
        targets = [Target(texture: SDL_GetRenderTarget(sdlRenderer), width: w, height: h)]
        damageBox = box.intersection(PixelRect(x0: 0, y0: 0, x1: w, y1: h))
        defer { SDL_RenderSetClipRect(sdlRenderer, nil) }
        guard !damageBox.isEmpty else { return }
        setClipRectangle()
        clip = nil
        occluders = []
        foldedTints.removeAll(keepingCapacity: true)
        drawnBounds = PixelBounds()
        let list = frame.operations
        let covers = plan.occluders
        tintFills = plan.tintFills
        backdropReads = plan.backdropReads
        // Not kept past the draw: the plan refills its storage next frame.
        defer {
            tintFills = []
            backdropReads = []
        }
        var i = 0
        while i < list.ops.count {
            let op = list.ops[i]
            switch op.kind {
            case .beginGroup:
                guard !op.bounds.intersection(damageBox).isEmpty else {
                    i = Int(op.partner) + 1
                    continue
                }
                if op.width > 0 { enterBlurredGroup(op) }
                try beginGroup()
            case .endGroup:
                if op.width > 0 {
                    try endBlurredGroup(op, read: list.ops[Int(op.partner)].bounds, in: frame)
                } else {
                    try endGroup(op)
                }
            case .backdrop:
                let visible = op.written.intersection(damageBox)
                if !visible.isEmpty, setOccluders(for: op, at: i, visible: visible, covers: covers, in: list) {
                    try drawBackdrop(op, in: frame)
                }
            default:
                let visible = op.bounds.intersection(damageBox)
                if !visible.isEmpty, setOccluders(for: op, at: i, visible: visible, covers: covers, in: list),
                   leavesOutFoldedTint(at: i, visible: visible) {
                    clip = op.clip >= 0 ? list.clips[Int(op.clip)] : nil
                    try drawOperation(op, at: i, picture: frame.picture(for: op.source), in: frame)
                    clip = nil
                }
            }
            i += 1
        }
        try flush()
        occluders = []
        textures.evict(trimming: frame.trimsCaches)
    }

    /// Sets ``occluders`` for operation `i` (outside groups): the opaque shapes of operations drawn after
    /// it over its visible pixels. False when one of them, or a shadow's hole, hides all of it.
    private func setOccluders(for op: CompositorOp, at i: Int, visible: PixelRect, covers: [Int],
                              in list: CompositorOpList) -> Bool {
        occluders.removeAll(keepingCapacity: true)
        // A shadow's hole (under its layer's opaque background) is left out by the shadow itself.
        if op.hole.contains(visible) { return false }
        guard op.level == 0 else { return true }
        for j in covers where j > i {
            let cover = list.ops[j].opaque
            guard !cover.intersection(visible).isEmpty else { continue }
            if !backdropReads.isEmpty && DrawPlan.occluder(j, spares: i, cover: cover, reads: backdropReads) { continue }
            if cover.contains(visible) {
                lastFrame.gpu.occludedOperations += 1
                return false
            }
            if occluders.count < Self.maximumOccludersPerOperation, let region = occludingRegion(of: list.ops[j], in: list) {
                occluders.append(region)
            }
        }
        return true
    }

    /// How far an occluder is shrunk before cutting around it, in pixels, so that what is left overlaps
    /// its edge instead of leaving a crack where the two rasterised edges do not quite meet.
    static let occluderInsetPixels = 1.0

    /// The target region an opaque fill or picture covers (a rounded fill: the rectangle inscribed in its
    /// corners), inside its clip, shrunk by ``occluderInsetPixels``; nil when nothing is left or it reaches
    /// behind the viewer. Its edges follow the shape's (turned with it), so cutting along them keeps what
    /// is drawn beside the shape as it was.
    private func occludingRegion(of op: CompositorOp, in list: CompositorOpList) -> ClipPolygon? {
        let cornerInset = op.kind == .fill ? op.radius * Compositor.cornerInsetFraction : 0
        let cover = op.rect.insetBy(dx: cornerInset, dy: cornerInset)
        guard cover.width > 0, cover.height > 0 else { return nil }
        let inset = Self.occluderInsetPixels / pixelsPerPoint(cover, op.toTarget)
        let rect = cover.insetBy(dx: inset, dy: inset)
        guard rect.width > 0, rect.height > 0,
              let corners = project([CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                                     CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)], op.toTarget),
              let region = ClipPolygon(corners) else { return nil }
        return op.clip >= 0 ? list.clips[Int(op.clip)].intersected(with: region) : region
    }

    /// The pixels of operation `i` (a dimming) already tinted into the picture below it, if any.
    private func foldedPixels(of i: Int) -> PixelRect? {
        foldedTints.first(where: { $0.index == i })?.box
    }

    /// False when operation `i` is a dimming folded into the picture below it over all of `visible`.
    private func leavesOutFoldedTint(at i: Int, visible: PixelRect) -> Bool {
        guard let folded = foldedPixels(of: i) else { return true }
        return !folded.contains(visible)
    }

    /// Draws operation `i`: a fill, border, shadow or picture.
    private func drawOperation(_ op: CompositorOp, at i: Int, picture: PixelBuffer?, in frame: RenderList) throws {
        lastFrame.drawnOperations += 1
        switch op.kind {
        case .fill:
            if let cut = foldedPixels(of: i), let box = CompositorGeometry.projectedBox(op.rect, op.toTarget) {
                // A dimming folded into the picture below it (an axis-aligned rectangle): the rest of the
                // pixels it covers (their centres inside it, as a GPU rasterises), as whole-pixel
                // rectangles, so that no renderer's own rounding of a sliver adds a column.
                let covered = PixelRect.centred(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
                for piece in covered.subtracting(cut) {
                    let rect = CGRect(x: Double(piece.x0), y: Double(piece.y0), width: Double(piece.width), height: Double(piece.height))
                    try fillRoundedRect(rect, radius: 0, .identity, color: op.color, alpha: op.alpha)
                }
                return
            }
            try fillRoundedRect(op.rect, radius: op.radius, op.toTarget, color: op.color, alpha: op.alpha)
        case .border:
            try strokeRoundedRect(op.rect, radius: op.radius, width: op.width, op.toTarget, color: op.color, alpha: op.alpha)
        case .shadow:
            try drawShadow(op.rect, radius: op.radius, blur: op.width, op.toTarget, color: op.color, alpha: op.alpha,
                           hole: op.hole)
        case .picture:
            guard let picture, let texture = try textures.texture(for: picture, source: op.source, opaque: op.sourceIsOpaque) else { return }
            let s = op.sourceRect, r = op.rect
            guard s.width > 0, s.height > 0 else { return }
            if let map = op.targetToSource(picture), let (dx, dy, box) = op.wholePixelPlacement(map) {
                // Moved by a translation alone: on the nearest whole pixels, copied texel for texel, where
                // the CPU executor puts it (the frame's damage counts on those pixels).
                try setScaleMode(SDL_ScaleModeNearest, of: texture)
                let fold = tintFold(for: op, at: i, box: box, in: frame)
                if try drawPictureBySpans(op, picture: picture, texture: texture, dx: dx, dy: dy, box: box,
                                          fold: fold.map { ($0.box, $0.tint) }, in: frame) {
                    if let fold {
                        foldedTints.append((fold.index, fold.box))
                        lastFrame.foldedTints += 1
                    }
                    return
                }
                let uv = Self.texelCoordinates(PixelRect(x0: box.x0 + dx, y0: box.y0 + dy, x1: box.x1 + dx, y1: box.y1 + dy),
                                               width: picture.width, height: picture.height)
                let placed = CGRect(x: Double(box.x0), y: Double(box.y0), width: Double(box.width), height: Double(box.height))
                try drawTexturedRect(placed, uv: uv, .identity, texture: texture, color: premultipliedColor(alpha: op.alpha),
                                     opaque: op.sourceIsOpaque && op.alpha >= 1)
                return
            }
            try setScaleMode(SDL_ScaleModeLinear, of: texture)
            let uv = (Double((r.minX - s.minX) / s.width), Double((r.minY - s.minY) / s.height),
                      Double((r.maxX - s.minX) / s.width), Double((r.maxY - s.minY) / s.height))
            try drawTexturedRect(r, uv: uv, op.toTarget, texture: texture, color: premultipliedColor(alpha: op.alpha),
                                 opaque: op.sourceIsOpaque && op.alpha >= 1)
        case .beginGroup, .endGroup, .backdrop:
            preconditionFailure("Groups and backdrop blurs are drawn by the draw pass itself")
        }
    }

    /// Samples `texture` with `mode` from now on: nearest for a picture copied texel for texel (the same
    /// pixels as linear sampling at texel centres, and on a CPU rasteriser such as llvmpipe a cheaper
    /// fragment), linear otherwise. The batch and SDL's queued commands are sent first, since they may
    /// still sample the texture.
    func setScaleMode(_ mode: SDL_ScaleMode, of texture: OpaquePointer) throws {
        var current = SDL_ScaleModeLinear
        SDL_GetTextureScaleMode(texture, &current)
        guard current != mode else { return }
        try flush()
        SDL_RenderFlush(sdlRenderer)
        SDL_SetTextureScaleMode(texture, mode)
    }

    /// Sets SDL's clip rectangle to the damage (after a change of target, which resets it).
    func setClipRectangle() {
        var rect = SDL_Rect(x: damageBox.x0, y: damageBox.y0, w: damageBox.width, h: damageBox.height)
        SDL_RenderSetClipRect(sdlRenderer, &rect)
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
