import Foundation
import CSDL2
import SegueAnimation

/// Textured quads cut into cells small enough for SDL 2.26's software renderer.
///
/// Its textured-triangle rasteriser (`SDL_SW_BlitTriangle` in SDL_triangle.c) precomputes a texel
/// coordinate times the triangle's doubled area, in half-pixel fixed point (8 × the area in pixels), in a
/// 32-bit `int`. Past 2³¹ that product wraps, the interpolated texel lands megabytes outside the texture,
/// and SDL segfaults: a full-window 1280x800 texture turned by a few degrees (two triangles of 512,000
/// pixels each, times texel 1280) is 5.2 × 10⁹. SDL 2.28 refuses such triangles (draws nothing).
///
/// The quad is drawn as a grid of cells instead (as under perspective), whose corners neighbouring cells
/// share exactly, so no seam opens between them; the picture is unchanged, since the rasteriser
/// interpolates texture coordinates linearly in target space either way. (Halving triangles across their
/// longest edge also avoided the overflow, but left T-junctions where a halved triangle met an unhalved
/// one: a dotted crack across a turned page.) Axis-aligned rectangles are left whole: the software
/// renderer draws those as scaled blits, not as triangles.
extension LayerRenderer {
    /// The largest value of 8 × a triangle's area in pixels × its largest texel coordinate that SDL 2.26's
    /// software renderer computes without overflow, halved as a margin for its rounding of positions.
    static let softwareTriangleProductLimit = Double(Int32.max) / 2

    /// Cells per side that keep every triangle of a textured quad under the software renderer's limit
    /// (1 on other renderers, and for quads it blits).
    func softwareSubdivisions(_ rect: CGRect, _ toTarget: Homography, texture: OpaquePointer) -> Int {
        guard limitsSoftwareTriangles,
              let corners = project([CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                                     CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)], toTarget)
        else { return 1 }
        let isAxisAligned = (0..<4).allSatisfy { k in
            let a = corners[k], b = corners[(k + 1) % 4]
            return a.x == b.x || a.y == b.y
        }
        guard !isAxisAligned else { return 1 }
        var w: Int32 = 0, h: Int32 = 0
        SDL_QueryTexture(texture, nil, nil, &w, &h)
        let area = abs(ClipPolygon.signedArea(corners))
        return Self.softwareSubdivisions(quadArea: area, textureSide: Double(max(w, h, 1)))
    }

    /// Cells per side so that each cell's triangles (half a cell each, the cell `1/n²` of the quad's
    /// `quadArea` pixels) keep 8 × area × (texel + 1) under ``softwareTriangleProductLimit``.
    static func softwareSubdivisions(quadArea: Double, textureSide: Double) -> Int {
        let needed = (4 * quadArea * (textureSide + 1) / softwareTriangleProductLimit).squareRoot()
        return max(1, Int(needed.rounded(.up)))
    }
}
