import Foundation
import SegueAnimation

/// A picture made in code (Segue's stand-in for `UIImage`): gradients and shapes drawn into a
/// `Bitmap`, so demos and tab icons need no image files.
///
/// Differs from UIKit: there is no file loading, no scale factor and no rendering mode; an image is
/// a bitmap plus the size in points it is meant to be shown at.
@MainActor
public struct Image {
    /// The pixels.
    public let bitmap: Bitmap
    /// The size in points.
    public let size: CGSize

    /// Pixels per point used when generating images: 2, so edges stay crisp on a HiDPI window and when
    /// scaled up moderately.
    public static let pixelsPerPoint = 2.0

    /// An image of `bitmap` meant to be shown at `size` points (any pixels-per-point ratio).
    public init(bitmap: Bitmap, size: CGSize) {
        self.bitmap = bitmap
        self.size = size
    }

    /// An image of `size` points whose colour at each point (in points, from the top-left) is `color`.
    public init(size: CGSize, color: (CGPoint) -> Color) {
        let scale = Image.pixelsPerPoint
        let w = max(Int((size.width * scale).rounded()), 1)
        let h = max(Int((size.height * scale).rounded()), 1)
        bitmap = Bitmap(width: w, height: h) { x, y in
            color(CGPoint(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale))
        }
        self.size = size
    }

    /// A linear gradient from `start` to `end` along the direction from `from` to `to` (unit points:
    /// (0, 0) is the top-left corner, (1, 1) the bottom-right).
    public static func linearGradient(size: CGSize, colors start: Color, _ end: Color,
                                      from: CGPoint = CGPoint(x: 0, y: 0), to: CGPoint = CGPoint(x: 1, y: 1)) -> Image {
        let dx = to.x - from.x
        let dy = to.y - from.y
        let length2 = max(dx * dx + dy * dy, .ulpOfOne)
        return Image(size: size) { p in
            let u = CGPoint(x: p.x / size.width, y: p.y / size.height)
            let t = min(max(((u.x - from.x) * dx + (u.y - from.y) * dy) / length2, 0), 1)
            return Image.mix(start, end, t)
        }
    }

    /// A radial gradient from `inner` at the centre to `outer` at the edge of the inscribed circle.
    public static func radialGradient(size: CGSize, inner: Color, outer: Color) -> Image {
        let c = CGPoint(x: size.width / 2, y: size.height / 2)
        let r = max(min(size.width, size.height) / 2, .ulpOfOne)
        return Image(size: size) { p in Image.mix(inner, outer, min(p.distance(to: c) / r, 1)) }
    }

    /// A filled circle of `diameter` points, anti-aliased, on a clear background.
    public static func circle(diameter: Double, color: Color) -> Image {
        let r = diameter / 2
        let c = CGPoint(x: r, y: r)
        return Image(size: CGSize(width: diameter, height: diameter)) { p in
            color.withAlphaComponent(color.alpha * Image.coverage(signedDistance: p.distance(to: c) - r))
        }
    }

    /// A regular star with `points` tips, filled with `color`, anti-aliased, on a clear background.
    public static func star(size: Double, points: Int = 5, color: Color) -> Image {
        let n = max(points, 3)
        let outer = size / 2
        let inner = outer * Image.starInnerRadiusRatio
        let c = CGPoint(x: outer, y: outer)
        var polygon: [CGPoint] = []
        for i in 0..<(2 * n) {
            let angle = -Double.pi / 2 + Double(i) * Double.pi / Double(n)
            let radius = i.isMultiple(of: 2) ? outer : inner
            polygon.append(CGPoint(x: c.x + radius * cos(angle), y: c.y + radius * sin(angle)))
        }
        return Image(size: CGSize(width: size, height: size)) { p in
            let d = Image.distance(from: p, toPolygon: polygon)
            let inside = Image.contains(polygon, p)
            return color.withAlphaComponent(color.alpha * Image.coverage(signedDistance: inside ? -d : d))
        }
    }

    /// The inner radius of ``star(size:points:color:)`` as a fraction of the outer (0.382: a regular
    /// five-pointed star's ratio, 1/φ²).
    public static let starInnerRadiusRatio = 0.382

    // MARK: Helpers

    static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        Color(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
              blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
    }

    /// The fraction of a pixel covered at a signed distance (points, negative inside) from an edge.
    static func coverage(signedDistance d: Double) -> Double {
        let pixels = d * pixelsPerPoint
        return min(max(0.5 - pixels, 0), 1)
    }

    static func contains(_ polygon: [CGPoint], _ p: CGPoint) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in 0..<polygon.count {
            let a = polygon[i], b = polygon[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    static func distance(from p: CGPoint, toPolygon polygon: [CGPoint]) -> Double {
        var best = Double.infinity
        var j = polygon.count - 1
        for i in 0..<polygon.count {
            let a = polygon[j], b = polygon[i]
            let ab = b - a, ap = p - a
            let t = min(max((ap.x * ab.x + ap.y * ab.y) / max(ab.x * ab.x + ab.y * ab.y, .ulpOfOne), 0), 1)
            best = min(best, p.distance(to: a + ab * t))
            j = i
        }
        return best
    }
}
