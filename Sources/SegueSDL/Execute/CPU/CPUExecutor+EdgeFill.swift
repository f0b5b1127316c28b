import CPixman
import CSeguePixels
import SegueAnimation

/// Axis-aligned rectangles whose edges fall between pixels (a page or a card sliding by a fraction of a
/// pixel), filled without rasterizing them whole.
///
/// Through the general shape path such a rectangle is rasterized into a coverage buffer as large as
/// itself and blended through it by pixman's general pipeline: a full-window page background cost more
/// than copying the window. Inside, every pixel is covered entirely: it is filled (pixman's fill, a copy
/// when opaque). Along each edge the coverage is the same from pixel to pixel: it is measured once, on
/// one pixel, by pixman's rasterizer (the same coverage the whole shape gives there), and the edge is
/// blended at it; the four corners are measured on their own.
extension CPUExecutor {
    /// Fills `box` (target coordinates) with `color` at `alpha`, antialiased at its edges, inside the
    /// destination's clip region. False (nothing drawn) when no whole pixel lies inside the box: the
    /// general path draws it.
    func fillFractionalBox(_ box: CompositorGeometry.Box, color: Color, alpha: Double, into destination: PixelBuffer) -> Bool {
        let inner = PixelRect.inside(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
        let outer = PixelRect.enclosing(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
        guard inner.width >= 1, inner.height >= 1 else { return false }
        fillBox(inner, color: color, alpha: alpha, into: destination)
        let pixel = CompositorGeometry.premultiplied(color, alpha: alpha)
        guard pixel != 0 else { return true }
        var trapezoid = pixman_trapezoid_t(
            top: segue_pixman_double_to_fixed(box.minY), bottom: segue_pixman_double_to_fixed(box.maxY),
            left: pixman_line_fixed_t(p1: pixman_point_fixed_t(x: segue_pixman_double_to_fixed(box.minX), y: segue_pixman_double_to_fixed(box.minY)),
                                      p2: pixman_point_fixed_t(x: segue_pixman_double_to_fixed(box.minX), y: segue_pixman_double_to_fixed(box.maxY))),
            right: pixman_line_fixed_t(p1: pixman_point_fixed_t(x: segue_pixman_double_to_fixed(box.maxX), y: segue_pixman_double_to_fixed(box.minY)),
                                       p2: pixman_point_fixed_t(x: segue_pixman_double_to_fixed(box.maxX), y: segue_pixman_double_to_fixed(box.maxY))))
        /// The coverage of pixel (x, y) by the box.
        func coverage(_ x: Int32, _ y: Int32) -> UInt8 {
            let one = pictures.onePixel
            one.pixels.storeBytes(of: 0, as: UInt8.self)
            guard x >= Int32(Int16.min) + 1, x <= Int32(Int16.max) else { return 0 }
            pixman_add_trapezoids(one.image, Int16(-x), -y, 1, &trapezoid)
            return one.pixels.load(as: UInt8.self)
        }
        pictures.setSolid(pixel)
        /// Blends the pixels of `r` at the coverage of pixel (`x`, `y`).
        func blend(_ r: PixelRect, measuredAt x: Int32, _ y: Int32) {
            guard !r.isEmpty else { return }
            let c = coverage(x, y)
            guard c > 0 else { return }
            pixman_image_composite32(PIXMAN_OP_OVER, pictures.solid.image, pictures.uniformMask(c), destination.image,
                                     0, 0, 0, 0, r.x0, r.y0, r.width, r.height)
        }
        let left = outer.x0 < inner.x0, right = outer.x1 > inner.x1, top = outer.y0 < inner.y0, bottom = outer.y1 > inner.y1
        if left { blend(PixelRect(x0: outer.x0, y0: inner.y0, x1: inner.x0, y1: inner.y1), measuredAt: outer.x0, inner.y0) }
        if right { blend(PixelRect(x0: inner.x1, y0: inner.y0, x1: outer.x1, y1: inner.y1), measuredAt: inner.x1, inner.y0) }
        if top { blend(PixelRect(x0: inner.x0, y0: outer.y0, x1: inner.x1, y1: inner.y0), measuredAt: inner.x0, outer.y0) }
        if bottom { blend(PixelRect(x0: inner.x0, y0: inner.y1, x1: inner.x1, y1: outer.y1), measuredAt: inner.x0, inner.y1) }
        func corner(_ x: Int32, _ y: Int32) { blend(PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1), measuredAt: x, y) }
        if left && top { corner(outer.x0, outer.y0) }
        if right && top { corner(inner.x1, outer.y0) }
        if left && bottom { corner(outer.x0, inner.y1) }
        if right && bottom { corner(inner.x1, inner.y1) }
        return true
    }
}
