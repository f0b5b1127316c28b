import CPixman
import Foundation
import SegueAnimation

/// Projections, boxes and pixman transforms for the compositor.
enum CompositorGeometry {
    /// A box of real target coordinates.
    struct Box {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        /// The whole pixels the box touches once grown by `margin` pixels.
        func expanded(by margin: Double) -> PixelRect {
            PixelRect.enclosing(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
        }
    }

    /// The bounding box of a rectangle's projected corners; nil when a corner lies behind the viewer.
    static func projectedBox(_ rect: CGRect, _ toTarget: Homography) -> Box? {
        guard let a = toTarget.apply(CGPoint(x: rect.minX, y: rect.minY)),
              let b = toTarget.apply(CGPoint(x: rect.maxX, y: rect.minY)),
              let c = toTarget.apply(CGPoint(x: rect.maxX, y: rect.maxY)),
              let d = toTarget.apply(CGPoint(x: rect.minX, y: rect.maxY)) else { return nil }
        return Box(minX: min(a.x, b.x, c.x, d.x), minY: min(a.y, b.y, c.y, d.y),
                   maxX: max(a.x, b.x, c.x, d.x), maxY: max(a.y, b.y, c.y, d.y))
    }

    /// Whether a map only scales (positively) and translates.
    static func isAxisAligned(_ h: Homography) -> Bool {
        h.isAffine && h.m12 == 0 && h.m21 == 0 && h.m11 > 0 && h.m22 > 0
    }

    /// The whole pixels a rectangle surely covers once projected: the axis-aligned box inside the
    /// projected quadrilateral, rounded inwards. For a map that keeps the rectangle axis-aligned that is
    /// the whole rectangle; for a turned (less than 45°) or perspective one, the box between the inner
    /// corners: right of both left corners, left of both right ones, below both top ones, above both
    /// bottom ones (each edge is a segment between its two corners, so the box is inside all four).
    /// Nothing when the map mirrors the rectangle or turns it 45° or more.
    static func coveredPixels(_ rect: CGRect, _ toTarget: Homography) -> PixelRect {
        guard rect.width > 0, rect.height > 0,
              let tl = toTarget.apply(CGPoint(x: rect.minX, y: rect.minY)),
              let tr = toTarget.apply(CGPoint(x: rect.maxX, y: rect.minY)),
              let br = toTarget.apply(CGPoint(x: rect.maxX, y: rect.maxY)),
              let bl = toTarget.apply(CGPoint(x: rect.minX, y: rect.maxY)) else { return .empty }
        // Top and bottom edges mostly horizontal and going right; left and right edges mostly vertical
        // and going down.
        func horizontal(_ a: CGPoint, _ b: CGPoint) -> Bool { b.x - a.x > abs(b.y - a.y) }
        func vertical(_ a: CGPoint, _ b: CGPoint) -> Bool { b.y - a.y > abs(b.x - a.x) }
        guard horizontal(tl, tr), horizontal(bl, br), vertical(tl, bl), vertical(tr, br) else { return .empty }
        return PixelRect.inside(minX: max(tl.x, bl.x), minY: max(tl.y, tr.y), maxX: min(tr.x, br.x), maxY: min(bl.y, br.y))
    }

    /// Largest and smallest source pixels per target pixel (along the map's area) for which a picture
    /// is resampled straight (bilinear filtering, transparent outside it: its edge is antialiased by the
    /// filter over about a pixel) rather than through the coverage of its outline; beyond them the
    /// filter's edge would be visibly soft (a magnified bitmap) or too thin.
    static let directResamplingRange = 0.5...2.0

    /// Whether a map from target to source pixels is affine and keeps about one source pixel per target
    /// pixel (see ``directResamplingRange``).
    static func resamplesDirectly(_ targetToSource: Homography) -> Bool {
        guard targetToSource.isAffine else { return false }
        let det = abs(targetToSource.m11 * targetToSource.m22 - targetToSource.m12 * targetToSource.m21)
        return directResamplingRange.contains(det.squareRoot())
    }

    /// The pixel rectangle a projected rectangle is exactly, when the map keeps it axis-aligned and its
    /// edges fall on whole pixels; nil otherwise.
    static func exactPixels(_ rect: CGRect, _ toTarget: Homography) -> PixelRect? {
        guard isAxisAligned(toTarget), let box = projectedBox(rect, toTarget) else { return nil }
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-6 }
        guard whole(box.minX), whole(box.minY), whole(box.maxX), whole(box.maxY) else { return nil }
        let r = PixelRect.enclosing(minX: box.minX.rounded(), minY: box.minY.rounded(),
                                    maxX: box.maxX.rounded(), maxY: box.maxY.rounded())
        return r
    }

    /// The pixels per point a map gives near the rect (for how finely to cut corners).
    static func pixelsPerPoint(_ rect: CGRect, _ toTarget: Homography, scale: Double) -> Double {
        guard let a = toTarget.apply(CGPoint(x: rect.minX, y: rect.minY)),
              let b = toTarget.apply(CGPoint(x: rect.maxX, y: rect.maxY)) else { return scale }
        let local = max(1e-9, (rect.width * rect.width + rect.height * rect.height).squareRoot())
        return max(scale, a.distance(to: b) / local)
    }

    /// Writes the outline of a (rounded) rectangle into `points` (replacing them), `segments` steps
    /// per corner (the same points as ``ShapeOutline/roundedRect(_:radius:segments:)``, without allocating).
    static func outline(_ rect: CGRect, radius: Double, segments: Int, into points: inout [CGPoint]) {
        points.removeAll(keepingCapacity: true)
        guard radius > 0 else {
            points.append(CGPoint(x: rect.minX, y: rect.minY))
            points.append(CGPoint(x: rect.maxX, y: rect.minY))
            points.append(CGPoint(x: rect.maxX, y: rect.maxY))
            points.append(CGPoint(x: rect.minX, y: rect.maxY))
            return
        }
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        for corner in 0..<4 {
            let cx = corner == 0 || corner == 3 ? rect.minX + r : rect.maxX - r
            let cy = corner < 2 ? rect.minY + r : rect.maxY - r
            let start = Double.pi + Double(corner) * Double.pi / 2
            for step in 0...segments {
                let angle = start + Double(step) / Double(segments) * Double.pi / 2
                points.append(CGPoint(x: cx + r * cos(angle), y: cy + r * sin(angle)))
            }
        }
    }

    /// The projected outline of a (rounded) rectangle as a clip region.
    static func projectedRegion(_ rect: CGRect, radius: Double, _ toTarget: Homography, scale: Double) -> ClipPolygon? {
        let segments = ShapeOutline.cornerSegments(radiusInPixels: radius * pixelsPerPoint(rect, toTarget, scale: scale))
        let outline = radius > 0 ? ShapeOutline.roundedRect(rect, radius: radius, segments: segments)
            : [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
               CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        var projected: [(x: Double, y: Double)] = []
        projected.reserveCapacity(outline.count)
        for p in outline {
            guard let q = toTarget.apply(p) else { return nil }
            projected.append((q.x, q.y))
        }
        return ClipPolygon(projected)
    }

    /// Largest entry of a projective pixman matrix after scaling: pixman's 16.16 fixed point holds
    /// ±32767, and the larger the entries, the finer the small perspective terms are kept.
    static let projectiveMatrixMagnitude = 16384.0

    /// Largest homogeneous coordinate a projective pixman matrix may give for a point it is applied to
    /// (half of pixman's 16.16 range, ±32767: pixman 0.42 computes `M · (x, y, 1)` into 16.16 before the
    /// perspective divide, and gives up on the pixel, drawing it transparent, when a coordinate is
    /// out of that range; the half leaves room for its half-pixel offsets and bilinear neighbours).
    static let projectiveResultMagnitude = 16384.0

    /// The pixman transform of a map (pixman's matrices act on column vectors; Segue's on rows).
    ///
    /// A projective map (perspective, or an affine one written with `m33 != 1`) is scaled, which leaves
    /// the map unchanged: as large as its entries allow (``projectiveMatrixMagnitude``), but no larger
    /// than keeps `M · (x, y, 1)` within ``projectiveResultMagnitude`` for every point with
    /// `|x|, |y| <= reach` (in target pixels, from where the map's input starts). Regression: scaled by its
    /// entries alone, a map whose entries are all small (a clipped piece of a picture near the target's
    /// origin, seen in perspective) gave coordinates out of pixman's range and was not drawn at all.
    static func pixmanTransform(_ h: Homography, reach: Double) -> pixman_transform_t {
        var m = [h.m11, h.m21, h.m31, h.m12, h.m22, h.m32, h.m13, h.m23, h.m33]
        if !h.isAffine {
            let largest = m.map(abs).max() ?? 1
            var largestResult = 0.0
            for row in 0..<3 {
                let x: Double = abs(m[3 * row]) * reach, y: Double = abs(m[3 * row + 1]) * reach
                largestResult = max(largestResult, x + y + abs(m[3 * row + 2]))
            }
            if largest > 0 && largestResult > 0 {
                let k = min(projectiveMatrixMagnitude / largest, projectiveResultMagnitude / largestResult)
                m = m.map { $0 * k }
            }
        }
        func f(_ v: Double) -> pixman_fixed_t { segue_pixman_double_to_fixed(v) }
        return pixman_transform_t(matrix: ((f(m[0]), f(m[1]), f(m[2])), (f(m[3]), f(m[4]), f(m[5])),
                                           (f(m[6]), f(m[7]), f(m[8]))))
    }

    /// Whether a map is a translation by whole pixels; gives the translation.
    static func integerTranslation(_ h: Homography) -> (Int32, Int32)? {
        guard h.isAffine, h.m12 == 0, h.m21 == 0, abs(h.m11 - 1) < 1e-9, abs(h.m22 - 1) < 1e-9,
              abs(h.m31 - h.m31.rounded()) < 1e-6, abs(h.m32 - h.m32.rounded()) < 1e-6,
              abs(h.m31) < 1e9, abs(h.m32) < 1e9 else { return nil }
        return (Int32(h.m31.rounded()), Int32(h.m32.rounded()))
    }

    /// For a map that only translates (by any amount), the nearest translation by whole pixels and the
    /// shift (in target pixels) that turns the one into the other; nil for any other map.
    static func nearestWholePixelTranslation(_ h: Homography) -> (Int32, Int32, Double, Double)? {
        guard h.isAffine, h.m12 == 0, h.m21 == 0, abs(h.m11 - 1) < 1e-9, abs(h.m22 - 1) < 1e-9,
              abs(h.m31) < 1e9, abs(h.m32) < 1e9 else { return nil }
        let x = h.m31.rounded(), y = h.m32.rounded()
        // The target moves opposite to the source offset.
        return (Int32(x), Int32(y), h.m31 - x, h.m32 - y)
    }

    /// A colour at an opacity as a premultiplied `a8r8g8b8` pixel.
    static func premultiplied(_ c: Color, alpha: Double) -> UInt32 {
        let a = min(max(c.alpha * alpha, 0), 1)
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * a * 255).rounded()) }
        return UInt32((a * 255).rounded()) << 24 | byte(c.red) << 16 | byte(c.green) << 8 | byte(c.blue)
    }

    /// A colour at an opacity as pixman's premultiplied 16-bit colour.
    static func pixmanColor(_ c: Color, alpha: Double) -> pixman_color_t {
        let a = min(max(c.alpha * alpha, 0), 1)
        func channel(_ v: Double) -> UInt16 { UInt16((min(max(v, 0), 1) * a * 65535).rounded()) }
        return pixman_color_t(red: channel(c.red), green: channel(c.green), blue: channel(c.blue),
                              alpha: UInt16((a * 65535).rounded()))
    }
}
