import CSDL2
import SegueAnimation

/// The GPU executor's backdrop blur (``BackdropBlur``). SDL's renderer has no shaders, so on a miss the
/// pixels the operation reads are read back from the target (`SDL_RenderReadPixels`, which waits for the
/// queued drawing), blurred on the CPU by the same kernel as the CPU executor's, and uploaded as a
/// texture; the texture is then drawn through the operation's shape (its projected rounded rectangle,
/// inside its clip) on whole pixels, copied at full strength (blended at the layer's opacity otherwise).
/// A hit draws the texture kept for the key: no read-back, blur or upload.
///
/// Cost of a miss, beyond the blur itself (at a reduced resolution for a large σ, ``BackdropBlur``; the
/// cells stay aligned on the target's pixels, not on the pixels read back): a read-back and an upload of the
/// pixels read (4 bytes each; a 390 x 100 pt bar at 2x with σ = 20 pt reads about 0.6 MB), and the pipeline
/// drained once (cheap on a software rasteriser such as llvmpipe, a stall on a real GPU).
///
/// Differs from the CPU executor: the shape's edge is not antialiased (as every GPU shape); a shape on
/// whole pixels is drawn as rectangles of texels, copied exactly, but one turned or scaled to fractions of
/// a pixel goes through triangles, which SDL's software renderer may sample a texel aside; in a group
/// drawn offscreen on SDL's software renderer, which has no premultiplied blending, translucent backdrop
/// pixels are blurred as they are stored (straight alpha).
extension LayerRenderer {
    /// Draws backdrop operation `op` (its occluders set), whose visible pixels are not empty.
    func drawBackdrop(_ op: CompositorOp, in frame: RenderList) throws {
        guard case .backdrop(let key) = op.source else { return }
        let entry: BackdropBlur.Entry
        if let kept = frame.pictures.backdrops[key.slot], kept.key == key, kept.factor == 1 {
            entry = kept
            lastFrame.backdropBlurHits += 1
        } else {
            let started = ContinuousClock.now
            defer { lastFrame.backdropBlurSeconds += CPUExecutor.seconds(since: started) }
            guard let made = try blurBackdrop(op, key: key, scratch: frame.pictures.blurScratch) else { return }
            frame.pictures.backdrops[key.slot] = made
            entry = made
            lastFrame.backdropBlurMisses += 1
        }
        let opaque = entry.pixels.isOpaque
        guard let texture = try textures.texture(for: entry.pixels, source: op.source, opaque: opaque) else { return }
        lastFrame.drawnOperations += 1
        try setScaleMode(SDL_ScaleModeNearest, of: texture)
        let color = premultipliedColor(alpha: op.alpha)
        // At full strength the blurred pixels replace the backdrop (copied, blending off).
        let copies = op.alpha >= 1
        if let rows = wholePixelRows(of: op, in: frame) {
            // On whole pixels: drawn as rectangles of texels (the software renderer blits those exactly;
            // its triangles may sample a texel aside).
            for piece in rows {
                let texels = PixelRect(x0: piece.x0 - entry.x, y0: piece.y0 - entry.y, x1: piece.x1 - entry.x, y1: piece.y1 - entry.y)
                let uv = Self.texelCoordinates(texels, width: entry.pixels.width, height: entry.pixels.height)
                let rect = CGRect(x: Double(piece.x0), y: Double(piece.y0), width: Double(piece.width), height: Double(piece.height))
                try drawTexturedRect(rect, uv: uv, .identity, texture: texture, color: color, opaque: copies)
            }
            return
        }
        guard let shape = projectedRegion(op.rect, radius: op.radius, op.toTarget),
              let shapeClip = op.clip >= 0 ? frame.clips[Int(op.clip)].intersected(with: shape) : shape else { return }
        let placed = CGRect(x: Double(entry.x), y: Double(entry.y), width: Double(entry.pixels.width),
                            height: Double(entry.pixels.height))
        clip = shapeClip
        defer { clip = nil }
        let uv = Self.texelCoordinates(PixelRect(x0: 0, y0: 0, x1: entry.pixels.width, y1: entry.pixels.height),
                                       width: entry.pixels.width, height: entry.pixels.height)
        try drawTexturedRect(placed, uv: uv, .identity, texture: texture, color: color, opaque: copies)
    }

    /// The pixels of a backdrop operation's (rounded) rectangle, when it lies on whole pixels with no clip
    /// or a clip on whole pixels, as rectangles (rows of the same span joined): the pixels whose centres lie
    /// inside its shape, as a GPU rasterises it. Nil for any other shape.
    private func wholePixelRows(of op: CompositorOp, in frame: RenderList) -> [PixelRect]? {
        guard CompositorGeometry.isAxisAligned(op.toTarget), let box = CompositorGeometry.exactPixels(op.rect, op.toTarget) else { return nil }
        var area = box.intersection(damageBox)
        if op.clip >= 0 {
            guard let inside = frame.clips[Int(op.clip)].wholePixels else { return nil }
            area = area.intersection(inside)
        }
        guard !area.isEmpty else { return [] }
        let r = min(op.radius * Double(box.width) / op.rect.width, Double(box.width) / 2, Double(box.height) / 2)
        guard r * scale >= CompositorGeometry.roundCornerThreshold else { return [area] }
        var rows: [PixelRect] = []
        for y in area.y0..<area.y1 {
            // How far the rounded corners cut into the row at its centre.
            let centre = Double(y) + 0.5
            let dy = max(0, Double(box.y0) + r - centre, centre - (Double(box.y1) - r))
            let inset = dy > 0 ? r - max(0, r * r - dy * dy).squareRoot() : 0
            let x0 = max(area.x0, Int32((Double(box.x0) + inset - 0.5).rounded(.up)))
            let x1 = min(area.x1, Int32((Double(box.x1) - inset - 0.5).rounded(.down)) + 1)
            guard x0 < x1 else { continue }
            rows.appendRun(y: y, x0: x0, x1: x1)
        }
        return rows
    }

    /// The target's pixels that `op` reads, read back and blurred; nil when there are none or σ blurs nothing.
    private func blurBackdrop(_ op: CompositorOp, key: BackdropBlur.Key, scratch: BackdropBlur.Scratch) throws -> BackdropBlur.Entry? {
        let target = currentTarget
        let read = op.bounds.intersection(PixelRect(x0: 0, y0: 0, x1: target.width, y1: target.height))
        guard !read.isEmpty else { return nil }
        try flush()
        let backdrop = PixelBuffer(width: read.width, height: read.height)
        var rect = SDL_Rect(x: read.x0, y: read.y0, w: read.width, h: read.height)
        guard SDL_RenderReadPixels(sdlRenderer, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, backdrop.pixels, backdrop.stride) == 0 else {
            throw SDLError("SDL_RenderReadPixels(backdrop \(read.width)x\(read.height))")
        }
        lastFrame.gpu.backdropReadBackPixels += read.area
        let out = op.written.intersection(read)
        // The cells of a reduced blur stay aligned on the target's pixels: the pixels read back start at `read`.
        guard let blurred = BackdropBlur.blurBackdrop(backdrop.pixels, stride: backdrop.stride, origin: (read.x0, read.y0),
                                                      read: read, out: out, sigma: op.width, scratch: scratch) else { return nil }
        return BackdropBlur.Entry(key: key, pixels: blurred, x: out.x0, y: out.y0)
    }
}

extension PixelBuffer {
    /// Whether every pixel's alpha is 255 (a 32-bit buffer).
    var isOpaque: Bool {
        for y in 0..<Int(height) {
            let row = (pixels + y * Int(stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(width) where row[x] >> 24 != 0xFF { return false }
        }
        return true
    }
}
