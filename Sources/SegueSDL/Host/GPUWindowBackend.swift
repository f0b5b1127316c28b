import CSDL2
import SegueAnimation

/// A window drawn by the GPU executor (``LayerRenderer`` on the window's SDL renderer), with damage: a
/// frame whose tree did not change draws and presents nothing; a frame that changed a small part of the
/// window redraws that part (SDL's clip rectangle) in a target texture kept from frame to frame, which is
/// then copied to the window and presented; a frame that changed most of it draws straight into the window.
@MainActor
final class GPUWindowBackend: WindowBackend {
    let compositor: Compositor
    let layerRenderer: LayerRenderer
    let sdlRenderer: OpaquePointer
    let rendererName: String
    let presenterDescription = "sdl renderer"
    private(set) var presentedPixels = 0
    private(set) var writtenPixels = 0
    /// The window's pixels kept between frames (nil until a frame changes only part of the window, or
    /// when the renderer has no target textures).
    private var retained: (texture: OpaquePointer, width: Int32, height: Int32)?
    /// Whether ``retained`` holds the last frame presented.
    private var retainedIsCurrent = false
    /// Whether the renderer can draw into textures.
    private let supportsTargets: Bool
    /// Whether the last render drew into ``retained`` (present copies it to the window first).
    private var drewIntoRetained = false

    /// A back-end on the window's renderer `sdlRenderer` (which it destroys when closed).
    init(sdlRenderer: OpaquePointer, fonts: FontLocator.Fonts) {
        self.sdlRenderer = sdlRenderer
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(sdlRenderer, &info)
        rendererName = String(cString: info.name)
        supportsTargets = info.flags & SDL_RENDERER_TARGETTEXTURE.rawValue != 0
        compositor = Compositor(fonts: fonts)
        let onCPU = Self.rasterisesOnTheCPU(rendererName)
        directRedrawFraction = onCPU ? Self.directRedrawFractionOnCPURasteriser : Self.directRedrawFraction
        layerRenderer = LayerRenderer(sdlRenderer: sdlRenderer)
    }

    /// The share of the window a frame's damage (its bounding box) may cover and still be redrawn into the
    /// kept texture: above it the frame is drawn whole, straight into the window, since copying the kept
    /// texture to the window costs a window of textured pixels itself (in the push/pop bench on llvmpipe
    /// most frames damage more than this: both pages move).
    static let directRedrawFraction = 0.5
    /// The same on a CPU rasteriser (llvmpipe, SDL's software renderer), where copying the kept texture to
    /// the window costs about a window of textured pixels itself: only a frame that changed less than a
    /// tenth of the window is redrawn into it. Push/pop on llvmpipe (load 0.6-0.9, `measure.py`, 1280 x 800):
    /// 12.0-12.5 ms of CPU a frame at 0.1 (every frame of a push damages more), 13.3-13.9 at 0.5, 15.3-17.8
    /// always through the kept texture.
    static let directRedrawFractionOnCPURasteriser = 0.1
    /// This window's threshold: one of the two above.
    let directRedrawFraction: Double

    /// Whether the renderer's pixels are made by a CPU rasteriser (SDL's software renderer, or OpenGL on
    /// Mesa's llvmpipe and the like): there a textured pixel costs more than a flat one. The automatic raster
    /// cache is on there too, since an opaque picture on whole pixels is drawn as its background's fills and
    /// its content's texture (``LayerRenderer/drawPictureBySpans(_:picture:texture:dx:dy:box:fold:in:)``):
    /// push/pop of pages drawn view by view, `--renderer gpu` on llvmpipe, 7.6-7.9 ms of CPU a frame with
    /// it against 10.5-10.8 without it (load 0.6-1.1; before pictures were drawn so, the cache cost more
    /// than it saved there: 16.0-16.3 against 10.2-10.7).
    static func rasterisesOnTheCPU(_ sdlDriver: String) -> Bool {
        sdlDriver == "software" || GLProbe.currentRendererName().flatMap(BackEndSelection.softwareRasteriser(named:)) != nil
    }

    var scale: Double { compositor.scale }
    var lastFrame: CompositorCounters { compositor.lastFrame }
    var cacheSizes: RendererCacheSizes { compositor.cacheSizes + layerRenderer.textureSizes }
    var measuresThreadCPU: Bool {
        get { compositor.measuresThreadCPU }
        set { compositor.measuresThreadCPU = newValue }
    }
    func trimCaches() {
        compositor.trimCaches()
        layerRenderer.trimCaches()
    }
    func invalidate() { compositor.invalidate() }
    func beginFrame() -> Bool { true }
    /// The next frame redraws the whole window (the window's pixels are not kept by SDL).
    func exposed() { compositor.invalidate() }

    func windowResized(pointWidth: Int32) {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
        if pointWidth > 0 && pw > 0 { compositor.scale = Double(pw) / Double(pointWidth) }
        compositor.invalidate()
        retainedIsCurrent = false
    }

    func render(_ tree: LayerTree) throws -> Bool {
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(sdlRenderer, &w, &h) == 0 else { throw SDLError("SDL_GetRendererOutputSize") }
        let whole = PixelRect(x0: 0, y0: 0, x1: w, y1: h)
        drewIntoRetained = false
        var drawn: GPUTarget?
        try FrameSequence(recorder: compositor, executor: layerRenderer).run(tree, bounds: whole) { frame in
            let target = try self.target(for: frame.damage, whole: whole)
            drawn = target
            return target
        }
        guard let drawn else { return false }
        // Drawn straight into the window, the kept pixels are stale from now on.
        retainedIsCurrent = drawn.texture != nil
        drewIntoRetained = drawn.texture != nil
        writtenPixels += drawn.box.area
        return true
    }

    /// Where a frame with `damage` is drawn: straight into the window when most of it changed (or the
    /// renderer has no target textures), else into the kept texture (all of it when it is stale).
    private func target(for damage: PixelRegion, whole: PixelRect) throws -> GPUTarget {
        if Double(damage.extents.area) >= Double(whole.area) * directRedrawFraction || !supportsTargets {
            return GPUTarget(box: whole)
        }
        let texture = try retainedTexture(width: whole.width, height: whole.height)
        return GPUTarget(texture: texture, box: retainedIsCurrent ? damage.extents : whole)
    }

    func present() {
        if drewIntoRetained, let retained {
            SDL_RenderCopy(sdlRenderer, retained.texture, nil, nil)
        }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &w, &h)
        presentedPixels += Int(w) * Int(h)
        SDL_RenderPresent(sdlRenderer)
    }

    func close() {
        layerRenderer.close()
        compositor.close()
        if let retained { SDL_DestroyTexture(retained.texture) }
        retained = nil
        SDL_DestroyRenderer(sdlRenderer)
    }

    /// The kept window pixels' texture, made (again) for the window's pixel size; copied, not blended.
    private func retainedTexture(width: Int32, height: Int32) throws -> OpaquePointer {
        if let retained, retained.width == width, retained.height == height { return retained.texture }
        if let retained { SDL_DestroyTexture(retained.texture) }
        retained = nil
        retainedIsCurrent = false
        guard let texture = SDL_CreateTexture(sdlRenderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height) else {
            throw SDLError("SDL_CreateTexture(window \(width)x\(height))")
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        retained = (texture, width, height)
        return texture
    }
}
