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
        // An opaque texture at full strength is copied, not blended: blending reads every destination
        // pixel back, and fill rate is what limits a CPU rasteriser.
        var savedMode = SDL_BLENDMODE_NONE
        if batchIsOpaque, let texture = batchTexture {
            SDL_GetTextureBlendMode(texture, &savedMode)
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        }
        let result = batchVertices.withUnsafeBufferPointer {
            SDL_RenderGeometry(sdlRenderer, batchTexture, $0.baseAddress, count, nil, 0)
        }
        if batchIsOpaque, let texture = batchTexture { SDL_SetTextureBlendMode(texture, savedMode) }
        lastFrame.drawCalls += 1
        lastFrame.triangles += Int(count) / 3
        batchVertices.removeAll(keepingCapacity: true)
        guard result == 0 else { throw SDLError("SDL_RenderGeometry") }
    }

    /// Adds a convex polygon (clipped to the current clip) to the batch. `opaque`: the texture's pixels
    /// are all opaque and the vertices' colour is opaque white, so the pixels can be copied, not blended.
    func emitConvex(_ polygon: [RenderVertex], texture: OpaquePointer?, opaque: Bool = false) throws {
        let shape = clip.map { $0.clip(polygon) } ?? polygon
        guard shape.count >= 3 else { return }
        guard !occluders.isEmpty else { return try append(shape, texture: texture, opaque: opaque) }
        var pieces = [shape]
        for occluder in occluders {
            pieces = pieces.flatMap { occluder.subtract($0) }
            if pieces.isEmpty { break }
        }
        if pieces.count != 1 || pieces[0].count != shape.count { lastFrame.occludedPolygons += 1 }
        for piece in pieces { try append(piece, texture: texture, opaque: opaque) }
    }

    /// Adds a convex polygon, already clipped, to the batch.
    private func append(_ shape: [RenderVertex], texture: OpaquePointer?, opaque: Bool) throws {
        let copies = opaque && texture != nil
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
                                                     a: a, u: 0, v: 0) }, texture: nil)
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

    /// Draws the layer's shadow: its rounded bounds offset by `shadowOffset`, blurred over
    /// ±`shadowRadius` around the edge. `coveredBy`: the part of the layer's bounds its own drawing will
    /// cover opaquely, if any; the shadow is not drawn where it would be hidden under it (for a
    /// full-window page, that saves a full-window blended fill and half of the blur ramp).
    func drawShadow(_ p: LayerProperties, _ toTarget: Homography, alpha: Double, coveredBy opaqueRect: CGRect? = nil) throws {
        let a = p.shadowOpacity * p.shadowColor.alpha * alpha
        guard a >= Self.minimumVisibleOpacity, p.bounds.width > 0, p.bounds.height > 0 else { return }
        let shape = p.bounds.offsetBy(dx: p.shadowOffset.width, dy: p.shadowOffset.height)
        let blur = max(0, p.shadowRadius)
        guard blur > 0 else {
            try fillRoundedRect(shape, radius: p.cornerRadius, toTarget, color: p.shadowColor, alpha: a / p.shadowColor.alpha)
            return
        }
        let inset = min(blur, shape.width / 2, shape.height / 2)
        let core = shape.insetBy(dx: inset, dy: inset)
        let outerRect = shape.insetBy(dx: -blur, dy: -blur)
        let segments = ShapeOutline.cornerSegments(radiusInPixels: (p.cornerRadius + blur) * pixelsPerPoint(shape, toTarget))
        let inner = ShapeOutline.roundedRect(core, radius: max(0, p.cornerRadius - inset), segments: segments)
        let outer = ShapeOutline.roundedRect(outerRect, radius: p.cornerRadius + blur, segments: segments)
        // The edge of the shape sits at the middle of the ramp: half the shadow's strength, as a Gaussian
        // blur of a straight edge gives.
        let coreAlpha = a * min(1, inset / blur)
        let color = p.shadowColor
        let coreHidden = opaqueRect.map { core.minX >= $0.minX && core.minY >= $0.minY && core.maxX <= $0.maxX && core.maxY <= $0.maxY } ?? false
        // The layer itself, drawn next, hides the inner half of the blur ramp too.
        let occluderCount = occluders.count
        defer { occluders.removeSubrange(occluderCount...) }
        if let opaqueRect, let region = occludingRegion(opaqueRect, toTarget) { occluders.append(region) }
        if core.width > 0 && core.height > 0 && !coreHidden, let projected = project(inner, toTarget) {
            try emitConvex(projected.map { RenderVertex(x: $0.x, y: $0.y, r: color.red, g: color.green, b: color.blue,
                                                         a: coreAlpha, u: 0, v: 0) }, texture: nil)
        }
        try fillRing(outer: outer, outerAlpha: 0, inner: inner, innerAlpha: coreAlpha, toTarget, color: color)
    }

    /// Draws `texture` over `rect` (local points), sampling the texture rectangle `uv`
    /// (u0, v0, u1, v1 in 0...1), tinted by `color`; subdivided under perspective so the picture does
    /// not shear.
    func drawTexturedRect(_ rect: CGRect, uv: (Double, Double, Double, Double), _ toTarget: Homography,
                          texture: OpaquePointer, color: (r: Double, g: Double, b: Double, a: Double),
                          opaque: Bool = false) throws {
        let copies = opaque && color == (1, 1, 1, 1)
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
