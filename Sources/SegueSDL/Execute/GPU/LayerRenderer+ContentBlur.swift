import CSDL2
import SegueAnimation

/// The GPU executor's content blur (``ContentBlur``). SDL's renderer has no shaders: a blurred group is drawn
/// whole into its offscreen texture (each pixel's blur reads its neighbours, so the damage inside it is all
/// its pixels), read back (`SDL_RenderReadPixels`), blurred on the CPU by the CPU executor's kernel, uploaded
/// and drawn over the target at the group's opacity, on whole pixels, inside the group's clip.
///
/// Differs from the CPU executor: the clip's edge is not antialiased (as every GPU shape); on SDL's software
/// renderer, which has no premultiplied blending, the group's translucent pixels are stored with straight
/// alpha and blurred as they are stored (opaque and transparent pixels, such as a text's, blur exactly).
extension LayerRenderer {
    /// Before the begin of content-blurred group `op`: its whole pixels become the damage drawn in.
    func enterBlurredGroup(_ op: CompositorOp) {
        outerDamageBoxes.append(damageBox)
        let target = currentTarget
        damageBox = op.bounds.intersection(PixelRect(x0: 0, y0: 0, x1: target.width, y1: target.height))
    }

    /// Ends content-blurred group `op` (σ its `width`), whose pixels `read` were drawn offscreen: reads them
    /// back, blurs them, and composites the blurred pixels at the group's opacity inside its clip, where
    /// the damage around the group asks.
    func endBlurredGroup(_ op: CompositorOp, read: PixelRect, in frame: RenderList) throws {
        try flush()
        let group = targets.removeLast()
        guard let texture = group.texture else { preconditionFailure("A group's target is a texture") }
        defer { offscreenPool[OffscreenKey(width: group.width, height: group.height), default: []].append(texture) }
        // Read back from the group's texture while it is still the renderer's target.
        let area = read.intersection(PixelRect(x0: 0, y0: 0, x1: group.width, y1: group.height))
        var blurred: PixelBuffer?
        let out = op.bounds.intersection(area)
        if !area.isEmpty, !out.isEmpty, !outerDamageBoxes.last!.intersection(out).isEmpty {
            let started = ContinuousClock.now
            let pixels = PixelBuffer(width: area.width, height: area.height)
            var rect = SDL_Rect(x: area.x0, y: area.y0, w: area.width, h: area.height)
            guard SDL_RenderReadPixels(sdlRenderer, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, pixels.pixels, pixels.stride) == 0 else {
                throw SDLError("SDL_RenderReadPixels(content blur \(area.width)x\(area.height))")
            }
            lastFrame.gpu.contentBlurReadBackPixels += area.area
            blurred = ContentBlur.blur(pixels.pixels, stride: pixels.stride, read: pixels.bounds,
                                       out: PixelRect(x0: out.x0 - area.x0, y0: out.y0 - area.y0,
                                                      x1: out.x1 - area.x0, y1: out.y1 - area.y0),
                                       sigma: op.width, scratch: frame.pictures.blurScratch)
            lastFrame.contentBlurSeconds += CPUExecutor.seconds(since: started)
        }
        damageBox = outerDamageBoxes.removeLast()
        guard SDL_SetRenderTarget(sdlRenderer, currentTarget.texture) == 0 else { throw SDLError("SDL_SetRenderTarget") }
        SDL_SetRenderDrawBlendMode(sdlRenderer, SDL_BLENDMODE_BLEND)
        setClipRectangle()
        guard let blurred else { return }
        lastFrame.contentBlurs += 1
        guard let picture = try textures.texture(for: blurred, source: .none, opaque: false) else { return }
        lastFrame.drawnOperations += 1
        try setScaleMode(SDL_ScaleModeNearest, of: picture)
        let saved = (clip, occluders)
        defer { (clip, occluders) = saved }
        occluders = []
        var box = out.intersection(damageBox)
        clip = nil
        if op.clip >= 0 {
            let c = frame.clips[Int(op.clip)]
            if let inside = c.wholePixels { box = box.intersection(inside) } else { clip = c }
        }
        guard !box.isEmpty else { return }
        // The pixels of `box`, texel for texel (a polygon clip cuts them as it cuts any shape).
        let texels = PixelRect(x0: box.x0 - out.x0, y0: box.y0 - out.y0, x1: box.x1 - out.x0, y1: box.y1 - out.y0)
        let uv = Self.texelCoordinates(texels, width: blurred.width, height: blurred.height)
        let rect = CGRect(x: Double(box.x0), y: Double(box.y0), width: Double(box.width), height: Double(box.height))
        try drawTexturedRect(rect, uv: uv, .identity, texture: picture, color: premultipliedColor(alpha: op.alpha))
        try flush()
    }
}
