import CSDL2

/// Textured triangles cut to a size SDL 2.26's software renderer can draw.
///
/// Its textured-triangle rasteriser (`SDL_SW_BlitTriangle` in SDL_triangle.c) precomputes a texel
/// coordinate times the triangle's doubled area, in half-pixel fixed point (8 × the area in pixels), in a
/// 32-bit `int`. Past 2³¹ that product wraps, the interpolated texel lands megabytes outside the texture,
/// and SDL segfaults: a full-window 1280x800 texture turned by a few degrees (two triangles of 512,000
/// pixels each, times texel 1280) is 5.2 × 10⁹. SDL 2.28 refuses such triangles (draws nothing); drawing
/// them in pieces keeps the picture. Splitting a triangle at the midpoint of an edge, with its attributes
/// interpolated linearly in target space as the rasteriser does, leaves the picture unchanged.
///
/// Axis-aligned rectangles are left whole: the software renderer draws those as scaled blits, not as
/// triangles.
extension LayerRenderer {
    /// The largest value of 8 × a triangle's area in pixels × its largest texel coordinate that SDL 2.26's
    /// software renderer computes without overflow, halved as a margin for its rounding of positions.
    static let softwareTriangleProductLimit = Double(Int32.max) / 2
    /// Most halvings of one triangle (each halves its area; 2²⁴ pieces is far beyond any texture).
    static let maximumSoftwareTriangleSplits = 24

    /// Appends the fan of a convex textured polygon to the batch, each triangle halved until the software
    /// renderer can take it.
    func appendSoftwareTriangles(fanning shape: [RenderVertex], texture: OpaquePointer) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_QueryTexture(texture, nil, nil, &w, &h)
        let texels = (u: Double(max(w, 1)), v: Double(max(h, 1)))
        for i in 1..<(shape.count - 1) {
            appendSoftwareTriangle(shape[0], shape[i], shape[i + 1], texels: texels,
                                   splitsLeft: Self.maximumSoftwareTriangleSplits)
        }
    }

    private func appendSoftwareTriangle(_ a: RenderVertex, _ b: RenderVertex, _ c: RenderVertex,
                                        texels: (u: Double, v: Double), splitsLeft: Int) {
        if splitsLeft == 0 || Self.softwareTriangleProduct(a, b, c, texels: texels) <= Self.softwareTriangleProductLimit {
            batchVertices.append(a.sdl)
            batchVertices.append(b.sdl)
            batchVertices.append(c.sdl)
            return
        }
        // Halve across the longest edge, keeping the pieces as compact as possible.
        func length2(_ p: RenderVertex, _ q: RenderVertex) -> Double { (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y) }
        let ab = length2(a, b), bc = length2(b, c), ca = length2(c, a)
        let (p, q, r) = ab >= bc && ab >= ca ? (a, b, c) : bc >= ca ? (b, c, a) : (c, a, b)
        let m = p.interpolated(to: q, 0.5)
        appendSoftwareTriangle(p, m, r, texels: texels, splitsLeft: splitsLeft - 1)
        appendSoftwareTriangle(m, q, r, texels: texels, splitsLeft: splitsLeft - 1)
    }

    /// 8 × the triangle's area in pixels × its largest texel coordinate (plus one): the product SDL 2.26
    /// keeps in an `int`.
    static func softwareTriangleProduct(_ a: RenderVertex, _ b: RenderVertex, _ c: RenderVertex,
                                        texels: (u: Double, v: Double)) -> Double {
        let area = abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2
        let texel = max(a.u, b.u, c.u) * texels.u + 1
        let row = max(a.v, b.v, c.v) * texels.v + 1
        return 8 * area * max(texel, row)
    }

    /// Whether a polygon is a rectangle with horizontal and vertical edges.
    static func isAxisAlignedRectangle(_ shape: [RenderVertex]) -> Bool {
        guard shape.count == 4 else { return false }
        for k in 0..<4 {
            let a = shape[k], b = shape[(k + 1) % 4]
            if a.x != b.x && a.y != b.y { return false }
        }
        return true
    }
}
