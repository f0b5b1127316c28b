/// A convex region of the target, in pixels, that drawing is clipped to: a layer's bounds (rounded or
/// not) under `masksToBounds`, or a mask layer's shape, projected into the window. A projective map of a
/// convex shape in front of the viewer is convex, so clipping stays exact under rotation and perspective,
/// on every renderer (the software renderer included), with no offscreen pass.
struct ClipPolygon {
    /// The corners, counter-clockwise in target coordinates (y down).
    private(set) var points: [(x: Double, y: Double)]

    /// A polygon through `points` (either winding); nil when it has no area.
    init?(_ points: [(x: Double, y: Double)]) {
        guard points.count >= 3 else { return nil }
        let area = ClipPolygon.signedArea(points)
        guard abs(area) > 1e-9 else { return nil }
        self.points = area > 0 ? points : points.reversed()
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
    var isAxisAlignedRectangle: Bool {
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
            let a = points[i], b = points[(i + 1) % points.count]
            let input = output
            output.removeAll(keepingCapacity: true)
            func side(_ p: RenderVertex) -> Double { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
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
        }
        return output
    }
}
