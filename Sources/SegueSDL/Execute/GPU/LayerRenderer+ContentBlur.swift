import CSDL2
import SegueAnimation

/// The GPU executor's content blur (``ContentBlur``). SDL's renderer has no shaders: a blurred group is drawn
/// whole into its offscreen texture (each pixel's blur reads its neighbours, so the damage inside it is all
/// its pixels), read back (`SDL_RenderReadPixels`), blurred on the CPU by the CPU executor's kernel, uploaded
/// and drawn over the target at the group's opacity, on whole pixels, inside the group's clip.
///
/// Differs from the CPU executor: the clip's edge is not antialiased (as every GPU shape: the pixels whose
/// centres lie inside it are drawn); on SDL's software
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
        (clip, occluders) = (nil, [])
        var box = out.intersection(damageBox)
        var polygon: ClipPolygon?
        if op.clip >= 0 {
            let c = frame.clips[Int(op.clip)]
            if let inside = c.wholePixels { box = box.intersection(inside) } else { polygon = c }
        }
        guard !box.isEmpty else { return }
        // Rectangles of texels copied to the same pixels (the software renderer blits those exactly; its
        // triangles may sample a texel aside): the box, or under a polygon clip its rows' runs of pixels whose
        // centres lie inside the polygon, as a GPU rasterises it.
        let color = premultipliedColor(alpha: op.alpha)
        for piece in polygon.map({ $0.pixelRows(in: box) }) ?? [box] {
            let texels = PixelRect(x0: piece.x0 - out.x0, y0: piece.y0 - out.y0, x1: piece.x1 - out.x0, y1: piece.y1 - out.y0)
            let uv = Self.texelCoordinates(texels, width: blurred.width, height: blurred.height)
            let rect = CGRect(x: Double(piece.x0), y: Double(piece.y0), width: Double(piece.width), height: Double(piece.height))
            try drawTexturedRect(rect, uv: uv, .identity, texture: picture, color: color)
        }
        try flush()
    }
}

extension ClipPolygon {
    /// The pixels of `box` whose centres lie inside the polygon, as rectangles (runs of a row; rows with the
    /// same run joined).
    func pixelRows(in box: PixelRect) -> [PixelRect] {
        var rows: [PixelRect] = []
        guard !box.isEmpty else { return rows }
        for y in box.y0..<box.y1 {
            let centre = Double(y) + 0.5
            // The convex polygon's span at the row's centre: where its edges cross that line.
            var lo = Double.infinity, hi = -Double.infinity
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                guard (a.y <= centre && centre <= b.y) || (b.y <= centre && centre <= a.y) else { continue }
                let x = a.y == b.y ? min(a.x, b.x) : a.x + (centre - a.y) / (b.y - a.y) * (b.x - a.x)
                let x2 = a.y == b.y ? max(a.x, b.x) : x
                lo = min(lo, x)
                hi = max(hi, x2)
            }
            guard lo < hi else { continue }
            let x0 = max(box.x0, Int32((lo - 0.5).rounded(.up))), x1 = min(box.x1, Int32((hi - 0.5).rounded(.down)) + 1)
            guard x0 < x1 else { continue }
            rows.appendRun(y: y, x0: x0, x1: x1)
        }
        return rows
    }
}

extension Array where Element == PixelRect {
    /// Adds the run of pixels `x0..<x1` of row `y`, joined to the last rectangle when that one ends on the row
    /// above with the same run (rows of the same span become one rectangle).
    mutating func appendRun(y: Int32, x0: Int32, x1: Int32) {
        if let last, last.y1 == y, last.x0 == x0, last.x1 == x1 {
            self[count - 1].y1 = y + 1
        } else {
            append(PixelRect(x0: x0, y0: y, x1: x1, y1: y + 1))
        }
    }
}
