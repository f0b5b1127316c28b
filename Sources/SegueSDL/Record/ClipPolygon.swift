/// A convex region of the target, in pixels, that drawing is clipped to: a layer's bounds (rounded or
/// not) under `masksToBounds`, or a mask layer's shape, projected into the window. A projective map of a
/// convex shape in front of the viewer is convex, so clipping stays exact under rotation and perspective,
/// on every renderer (the software renderer included), with no offscreen pass.
struct ClipPolygon {
    /// The corners, counter-clockwise in target coordinates (y down).
    let points: [(x: Double, y: Double)]
    /// The region's bounding box (kept: the recorder asks for it for most operations it records).
    let bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    /// The whole pixels the bounding box touches (``PixelRect/enclosing(minX:minY:maxX:maxY:)``).
    let enclosingPixels: PixelRect
    /// The pixels of a clip that is a rectangle on whole pixels; nil for any other clip. Found once here:
    /// the damage step, the executors and the present plan ask for it several times a frame per clip.
    let wholePixels: PixelRect?

    /// A polygon through `points` (either winding); nil when it has no area.
    init?(_ points: [(x: Double, y: Double)]) {
        guard points.count >= 3 else { return nil }
        let area = ClipPolygon.signedArea(points)
        guard abs(area) > 1e-9 else { return nil }
        self.points = area > 0 ? points : points.reversed()
        var b = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for p in self.points {
            b.minX = min(b.minX, p.x); b.maxX = max(b.maxX, p.x); b.minY = min(b.minY, p.y); b.maxY = max(b.maxY, p.y)
        }
        bounds = b
        enclosingPixels = PixelRect.enclosing(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
        if Self.isAxisAlignedRectangle(self.points) {
            let inside = PixelRect.inside(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
            wholePixels = inside == enclosingPixels ? inside : nil
        } else {
            wholePixels = nil
        }
    }

    static func signedArea(_ p: [(x: Double, y: Double)]) -> Double {
        var sum = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    /// Whether the polygon is an axis-aligned rectangle.
    var isAxisAlignedRectangle: Bool { Self.isAxisAlignedRectangle(points) }

    private static func isAxisAlignedRectangle(_ points: [(x: Double, y: Double)]) -> Bool {
        guard points.count == 4 else { return false }
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4]
            if abs(a.x - b.x) > 1e-9 && abs(a.y - b.y) > 1e-9 { return false }
        }
        return true
    }

    /// The overlap of two clip regions, nil when they do not overlap.
    func intersected(with other: ClipPolygon) -> ClipPolygon? {
        var polygon = other.points.map { RenderVertex(x: $0.x, y: $0.y, r: 0, g: 0, b: 0, a: 0, u: 0, v: 0) }
        polygon = clip(polygon)
        return ClipPolygon(polygon.map { ($0.x, $0.y) })
    }

    /// A convex polygon of vertices clipped to the region (Sutherland–Hodgman), attributes interpolated.
    func clip(_ polygon: [RenderVertex]) -> [RenderVertex] {
        var output = polygon
        for i in points.indices {
            guard !output.isEmpty else { return [] }
            output = Self.halfPlane(output, points[i], points[(i + 1) % points.count], inside: true)
        }
        return output
    }

    /// The parts of a convex polygon outside the region, as convex pieces: what is left to draw when the
    /// region will be covered by something opaque drawn later.
    ///
    /// The outside is cut into one wedge per edge — beyond the edge, between the outward bisectors of its
    /// two corners — so that neighbouring pieces meet only along a bisector, both cut by the same line
    /// with bit-identical intersections, and never in a T-junction outside the region: no crack can open
    /// between them where they are seen.
    func subtract(_ polygon: [RenderVertex]) -> [[RenderVertex]] {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for v in polygon {
            minX = min(minX, v.x); maxX = max(maxX, v.x); minY = min(minY, v.y); maxY = max(maxY, v.y)
        }
        let box = bounds
        guard minX < box.maxX && maxX > box.minX && minY < box.maxY && maxY > box.minY else { return [polygon] }
        let n = points.count
        // A point along each corner's outward bisector.
        let outward: [(x: Double, y: Double)] = points.indices.map { k in
            let c = points[k], previous = points[(k + n - 1) % n], next = points[(k + 1) % n]
            func unit(_ dx: Double, _ dy: Double) -> (Double, Double) {
                let l = max(1e-12, (dx * dx + dy * dy).squareRoot())
                return (dx / l, dy / l)
            }
            let u = unit(c.x - previous.x, c.y - previous.y), v = unit(c.x - next.x, c.y - next.y)
            return (c.x + u.0 + v.0, c.y + u.1 + v.1)
        }
        var pieces: [[RenderVertex]] = []
        for k in points.indices {
            let a = points[k], b = points[(k + 1) % n]
            var piece = Self.halfPlane(polygon, a, b, inside: false)
            // Beyond the bisector at a on b's side, and beyond the one at b on a's side.
            piece = Self.halfPlane(piece, a, outward[k], inside: Self.side(b, a, outward[k]) >= 0)
            piece = Self.halfPlane(piece, b, outward[(k + 1) % n], inside: Self.side(a, b, outward[(k + 1) % n]) >= 0)
            if piece.count >= 3 { pieces.append(piece) }
        }
        return pieces
    }

    /// Which side of the line a→b a point lies on (positive: counter-clockwise of it, y down).
    private static func side(_ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
    }


    /// The part of a convex polygon on the inner side of the edge a→b (or on the outer side).
    private static func halfPlane(_ input: [RenderVertex], _ a: (x: Double, y: Double), _ b: (x: Double, y: Double),
                                  inside: Bool) -> [RenderVertex] {
        guard !input.isEmpty else { return [] }
        var output: [RenderVertex] = []
        output.reserveCapacity(input.count + 1)
        let sign = inside ? 1.0 : -1.0
        func side(_ p: RenderVertex) -> Double { sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
        var previous = input[input.count - 1]
        var previousSide = side(previous)
        for current in input {
            let currentSide = side(current)
            if currentSide >= 0 {
                if previousSide < 0 {
                    output.append(previous.interpolated(to: current, previousSide / (previousSide - currentSide)))
                }
                output.append(current)
            } else if previousSide >= 0 {
                output.append(previous.interpolated(to: current, previousSide / (previousSide - currentSide)))
            }
            previous = current
            previousSide = currentSide
        }
        return output
    }
}
