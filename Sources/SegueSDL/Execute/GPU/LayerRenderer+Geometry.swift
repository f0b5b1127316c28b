import Foundation
import CSDL2
import SegueAnimation

/// Shapes and textured quads, projected, clipped and batched into `SDL_RenderGeometry` calls.
extension LayerRenderer {
    /// Clears the current target.
    func clear(to color: Color) throws {
        try flush()
        func byte(_ c: Double) -> UInt8 { UInt8(min(max(c, 0), 1) * 255 + 0.5) }
        SDL_SetRenderDrawColor(sdlRenderer, byte(color.red), byte(color.green), byte(color.blue), byte(color.alpha))
        guard SDL_RenderClear(sdlRenderer) == 0 else { throw SDLError("SDL_RenderClear") }
        SDL_SetRenderDrawBlendMode(sdlRenderer, SDL_BLENDMODE_BLEND)
    }

    /// Sends the batched triangles to SDL.
    func flush() throws {
        guard !batchVertices.isEmpty else { return }
        let count = Int32(batchVertices.count)
        // Opaque pixels are copied, not blended: blending reads every destination pixel back, and fill
        // rate is what limits a CPU rasteriser.
        var savedMode = SDL_BLENDMODE_NONE
        if batchIsOpaque {
            if let texture = batchTexture {
                SDL_GetTextureBlendMode(texture, &savedMode)
                SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            } else {
                SDL_SetRenderDrawBlendMode(sdlRenderer, SDL_BLENDMODE_NONE)
            }
        }
        let result = batchVertices.withUnsafeBufferPointer {
            SDL_RenderGeometry(sdlRenderer, batchTexture, $0.baseAddress, count, nil, 0)
        }
        if batchIsOpaque {
            if let texture = batchTexture { SDL_SetTextureBlendMode(texture, savedMode) } else {
                SDL_SetRenderDrawBlendMode(sdlRenderer, SDL_BLENDMODE_BLEND)
            }
        }
        lastFrame.gpu.drawCalls += 1
        lastFrame.gpu.triangles += Int(count) / 3
        batchVertices.removeAll(keepingCapacity: true)
        guard result == 0 else { throw SDLError("SDL_RenderGeometry") }
    }

    /// Adds a convex polygon (clipped to the current clip) to the batch. `opaque`: every pixel it draws is
    /// opaque (an opaque texture under opaque white, or an opaque colour), so it can be copied, not blended.
    func emitConvex(_ polygon: [RenderVertex], texture: OpaquePointer?, opaque: Bool = false) throws {
        let shape = clip.map { $0.clip(polygon) } ?? polygon
        guard shape.count >= 3 else { return }
        guard !occluders.isEmpty else { return try append(shape, texture: texture, opaque: opaque) }
        var pieces = [shape]
        for occluder in occluders {
            pieces = pieces.flatMap { occluder.subtract($0) }
            if pieces.isEmpty { break }
        }
        if pieces.count != 1 || pieces[0].count != shape.count { lastFrame.gpu.occludedPolygons += 1 }
        for piece in pieces { try append(piece, texture: texture, opaque: opaque) }
    }

    /// Adds a convex polygon, already clipped, to the batch.
    private func append(_ shape: [RenderVertex], texture: OpaquePointer?, opaque: Bool) throws {
        let copies = opaque
        if texture != batchTexture || copies != batchIsOpaque {
            try flush()
            batchTexture = texture
            batchIsOpaque = copies
        }
        let first = shape[0].sdl
        for i in 1..<(shape.count - 1) {
            batchVertices.append(first)
            batchVertices.append(shape[i].sdl)
            batchVertices.append(shape[i + 1].sdl)
        }
        for v in shape { drawnBounds.include(x: v.x, y: v.y) }
    }

    /// Projects local points into the target; nil if any lies behind the viewer.
    func project(_ points: [CGPoint], _ toTarget: Homography) -> [(x: Double, y: Double)]? {
        var out: [(x: Double, y: Double)] = []
        out.reserveCapacity(points.count)
        for p in points {
            guard let q = toTarget.apply(p) else { return nil }
            out.append((q.x, q.y))
        }
        return out
    }

    /// The pixels per point a map gives near the rect, for choosing tessellation density.
    func pixelsPerPoint(_ rect: CGRect, _ toTarget: Homography) -> Double {
        guard let a = toTarget.apply(CGPoint(x: rect.minX, y: rect.minY)),
              let b = toTarget.apply(CGPoint(x: rect.maxX, y: rect.maxY)) else { return scale }
        let local = max(1e-9, (rect.width * rect.width + rect.height * rect.height).squareRoot())
        return max(scale, a.distance(to: b) / local)
    }

    /// The projected outline of a (rounded) rectangle as a clip region.
    func projectedRegion(_ rect: CGRect, radius: Double, _ toTarget: Homography) -> ClipPolygon? {
        let segments = ShapeOutline.cornerSegments(radiusInPixels: radius * pixelsPerPoint(rect, toTarget))
        let outline = radius > 0 ? ShapeOutline.roundedRect(rect, radius: radius, segments: segments)
            : [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
               CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        guard let projected = project(outline, toTarget) else { return nil }
        return ClipPolygon(projected)
    }

    /// Fills a rounded rectangle.
    func fillRoundedRect(_ rect: CGRect, radius: Double, _ toTarget: Homography, color: Color, alpha: Double) throws {
        guard rect.width > 0, rect.height > 0 else { return }
        let segments = ShapeOutline.cornerSegments(radiusInPixels: radius * pixelsPerPoint(rect, toTarget))
        let outline = radius > 0 ? ShapeOutline.roundedRect(rect, radius: radius, segments: segments)
            : [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
               CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        guard let projected = project(outline, toTarget) else { return }
        let a = color.alpha * alpha
        try emitConvex(projected.map { RenderVertex(x: $0.x, y: $0.y, r: color.red, g: color.green, b: color.blue,
                                                     a: a, u: 0, v: 0) }, texture: nil, opaque: a >= 1)
    }

    /// Fills the ring between two outlines with the same number of points, with an alpha on each side.
    func fillRing(outer: [CGPoint], outerAlpha: Double, inner: [CGPoint], innerAlpha: Double, _ toTarget: Homography,
                  color: Color) throws {
        guard let o = project(outer, toTarget), let i = project(inner, toTarget) else { return }
        func vertex(_ p: (x: Double, y: Double), _ a: Double) -> RenderVertex {
            RenderVertex(x: p.x, y: p.y, r: color.red, g: color.green, b: color.blue, a: a, u: 0, v: 0)
        }
        for k in o.indices {
            let n = (k + 1) % o.count
            try emitConvex([vertex(o[k], outerAlpha), vertex(o[n], outerAlpha),
                            vertex(i[n], innerAlpha), vertex(i[k], innerAlpha)], texture: nil)
        }
    }

    /// Strokes the inside of a rounded rectangle's edge with `width` points (Core Animation's border).
    func strokeRoundedRect(_ rect: CGRect, radius: Double, width: Double, _ toTarget: Homography, color: Color,
                           alpha: Double) throws {
        let w = min(width, rect.width / 2, rect.height / 2)
        guard w > 0 else { return }
        let segments = ShapeOutline.cornerSegments(radiusInPixels: radius * pixelsPerPoint(rect, toTarget))
        let outer = ShapeOutline.roundedRect(rect, radius: radius, segments: segments)
        let inner = ShapeOutline.roundedRect(rect.insetBy(dx: w, dy: w), radius: max(0, radius - w), segments: segments)
        let a = color.alpha * alpha
        try fillRing(outer: outer, outerAlpha: a, inner: inner, innerAlpha: a, toTarget, color: color)
    }

    /// Draws a shadow: the (rounded) rectangle `shape` blurred over ±`blur` points around its edge, in
    /// `color` at `alpha`. Its flat core is left out when the layer's own opaque background hides it (the
    /// core lies inside `hole`, target pixels): for a page, a window-sized blended fill saved. (The ramp is
    /// not cut there: cut pieces interpolate its gradient a little differently on SDL's software renderer.)
    func drawShadow(_ shape: CGRect, radius: Double, blur: Double, _ toTarget: Homography, color: Color,
                    alpha a: Double, hole: PixelRect) throws {
        guard shape.width > 0, shape.height > 0 else { return }
        guard blur > 0 else {
            try fillRoundedRect(shape, radius: radius, toTarget, color: color, alpha: a)
            return
        }
        let inset = min(blur, shape.width / 2, shape.height / 2)
        let core = shape.insetBy(dx: inset, dy: inset)
        let outerRect = shape.insetBy(dx: -blur, dy: -blur)
        let segments = ShapeOutline.cornerSegments(radiusInPixels: (radius + blur) * pixelsPerPoint(shape, toTarget))
        let inner = ShapeOutline.roundedRect(core, radius: max(0, radius - inset), segments: segments)
        let outer = ShapeOutline.roundedRect(outerRect, radius: radius + blur, segments: segments)
        // The edge of the shape sits at the middle of the ramp: half the shadow's strength, as a Gaussian
        // blur of a straight edge gives.
        let coreAlpha = a * min(1, inset / blur)
        if core.width > 0 && core.height > 0, let projected = project(inner, toTarget), !Self.lies(projected, inside: hole) {
            try emitConvex(projected.map { RenderVertex(x: $0.x, y: $0.y, r: color.red, g: color.green, b: color.blue,
                                                         a: coreAlpha, u: 0, v: 0) }, texture: nil)
        }
        try fillRing(outer: outer, outerAlpha: 0, inner: inner, innerAlpha: coreAlpha, toTarget, color: color)
    }

    /// Whether every point lies inside the pixel rectangle.
    static func lies(_ points: [(x: Double, y: Double)], inside r: PixelRect) -> Bool {
        !r.isEmpty && points.allSatisfy { $0.x >= Double(r.x0) && $0.x <= Double(r.x1) && $0.y >= Double(r.y0) && $0.y <= Double(r.y1) }
    }

    /// Draws `texture` over `rect` (local points), sampling the texture rectangle `uv`
    /// (u0, v0, u1, v1 in 0...1), tinted by `color`; subdivided under perspective so the picture does
    /// not shear. `opaque`: the texture is opaque, so at a colour of alpha 1 it is copied (multiplied by
    /// the colour), not blended.
    func drawTexturedRect(_ rect: CGRect, uv: (Double, Double, Double, Double), _ toTarget: Homography,
                          texture: OpaquePointer, color: (r: Double, g: Double, b: Double, a: Double),
                          opaque: Bool = false) throws {
        let copies = opaque && color.a >= 1
        guard rect.width > 0, rect.height > 0 else { return }
        let n = max(subdivisions(rect, toTarget), softwareSubdivisions(rect, toTarget, texture: texture))
        var grid: [(x: Double, y: Double)] = []
        grid.reserveCapacity((n + 1) * (n + 1))
        for j in 0...n {
            for i in 0...n {
                let p = CGPoint(x: rect.minX + rect.width * Double(i) / Double(n),
                              y: rect.minY + rect.height * Double(j) / Double(n))
                guard let q = toTarget.apply(p) else { return }
                grid.append((q.x, q.y))
            }
        }
        func vertex(_ i: Int, _ j: Int) -> RenderVertex {
            let q = grid[j * (n + 1) + i]
            return RenderVertex(x: q.x, y: q.y, r: color.r, g: color.g, b: color.b, a: color.a,
                                u: uv.0 + (uv.2 - uv.0) * Double(i) / Double(n),
                                v: uv.1 + (uv.3 - uv.1) * Double(j) / Double(n))
        }
        for j in 0..<n {
            for i in 0..<n {
                try emitConvex([vertex(i, j), vertex(i + 1, j), vertex(i + 1, j + 1), vertex(i, j + 1)], texture: texture,
                               opaque: copies)
            }
        }
    }

    /// Cells per side so that affine interpolation inside a cell strays less than
    /// ``maximumTextureError`` pixels from the projection: the error of a cell of side `L/n` whose `w`
    /// varies by a ratio `ρ` across the quad is about `L (ρ - 1) / (4 n²)`.
    func subdivisions(_ rect: CGRect, _ toTarget: Homography) -> Int {
        guard !toTarget.isAffine else { return 1 }
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        let ws = corners.map { toTarget.homogeneous($0).w }
        guard let wMin = ws.min(), let wMax = ws.max(), wMin > 0 else { return Self.maximumSubdivisions }
        let extent = pixelsPerPoint(rect, toTarget) * max(rect.width, rect.height)
        let needed = (extent * (wMax / wMin - 1) / (4 * Self.maximumTextureError)).squareRoot()
        return min(Self.maximumSubdivisions, max(1, Int(needed.rounded(.up))))
    }
}
