import CSDL2

/// A vertex on its way to `SDL_RenderGeometry`: a position in target pixels, a colour (0...1,
/// straight alpha, or premultiplied when drawing a premultiplied texture) and a texture coordinate.
/// Kept in `Double` until the end so that clipping can interpolate it exactly.
struct RenderVertex {
    var x: Double
    var y: Double
    var r: Double
    var g: Double
    var b: Double
    var a: Double
    var u: Double
    var v: Double

    /// The vertex a fraction `t` of the way to `other` (every attribute interpolated linearly in target
    /// space, as the rasteriser does).
    func interpolated(to o: RenderVertex, _ t: Double) -> RenderVertex {
        RenderVertex(x: x + (o.x - x) * t, y: y + (o.y - y) * t,
                     r: r + (o.r - r) * t, g: g + (o.g - g) * t, b: b + (o.b - b) * t, a: a + (o.a - a) * t,
                     u: u + (o.u - u) * t, v: v + (o.v - v) * t)
    }

    /// The vertex as SDL takes it.
    var sdl: SDL_Vertex {
        func byte(_ c: Double) -> UInt8 { UInt8(min(max(c, 0), 1) * 255 + 0.5) }
        return SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)),
                          color: SDL_Color(r: byte(r), g: byte(g), b: byte(b), a: byte(a)),
                          tex_coord: SDL_FPoint(x: Float(min(max(u, 0), 1)), y: Float(min(max(v, 0), 1))))
    }
}
