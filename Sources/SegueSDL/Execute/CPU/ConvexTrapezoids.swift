import CPixman

/// A convex polygon cut into horizontal trapezoids for pixman's rasteriser: one trapezoid per band
/// between two successive vertex heights, bounded by the polygon's left and right edges there.
///
/// pixman rasterises a trapezoid row by row over its own height, so the cost is the rows of every piece.
/// A fan of triangles from one corner (each triangle two trapezoids reaching across most of the shape)
/// made a 24-pixel rounded swatch about 30 pieces of ~12 rows each; bands cover each row once. The pieces
/// tile the polygon, as the fan's did, so the coverage is the same.
enum ConvexTrapezoids {
    /// Appends the trapezoids of the convex polygon `points` (in order, either direction; repeated points
    /// and collinear runs allowed) to `trapezoids`. A polygon without height adds nothing.
    static func append(_ points: [pixman_point_fixed_t], to trapezoids: inout [pixman_trapezoid_t]) {
        let n = points.count
        guard n >= 3 else { return }
        var top = 0, bottom = 0
        for i in 1..<n {
            if points[i].y < points[top].y { top = i }
            if points[i].y > points[bottom].y { bottom = i }
        }
        guard points[bottom].y > points[top].y else { return }
        // Two chains from the top vertex to the bottom one: one forwards through the indices, one backwards.
        // Each keeps the edge it is on (from `a` down to `b`).
        var forwardFrom = top, forwardTo = (top + 1) % n
        var backwardFrom = top, backwardTo = (top + n - 1) % n
        // Edges that do not go down (horizontal ones at the top) are skipped.
        func advance(_ from: inout Int, _ to: inout Int, step: Int) {
            while to != bottom && points[to].y <= points[from].y {
                from = to
                to = (to + step + n) % n
            }
        }
        advance(&forwardFrom, &forwardTo, step: 1)
        advance(&backwardFrom, &backwardTo, step: -1)
        var y = points[top].y
        while y < points[bottom].y {
            let next = min(points[forwardTo].y, points[backwardTo].y)
            if next > y {
                let f = pixman_line_fixed_t(p1: points[forwardFrom], p2: points[forwardTo])
                let b = pixman_line_fixed_t(p1: points[backwardFrom], p2: points[backwardTo])
                // Which chain is on the left: compare the two edges halfway down the band.
                let middle = Int64(y) + (Int64(next) - Int64(y)) / 2
                let forwardIsLeft = x(of: f, at: middle) <= x(of: b, at: middle)
                trapezoids.append(pixman_trapezoid_t(top: y, bottom: next, left: forwardIsLeft ? f : b,
                                                     right: forwardIsLeft ? b : f))
                y = next
            }
            if points[forwardTo].y <= y && forwardTo != bottom {
                forwardFrom = forwardTo
                forwardTo = (forwardTo + 1) % n
                advance(&forwardFrom, &forwardTo, step: 1)
            }
            if points[backwardTo].y <= y && backwardTo != bottom {
                backwardFrom = backwardTo
                backwardTo = (backwardTo + n - 1) % n
                advance(&backwardFrom, &backwardTo, step: -1)
            }
            if points[forwardTo].y <= y && points[backwardTo].y <= y { break }
        }
    }

    /// The x of a line (not horizontal) at height `y`, in 16.16 fixed point.
    private static func x(of line: pixman_line_fixed_t, at y: Int64) -> Int64 {
        let x1 = Int64(line.p1.x), y1 = Int64(line.p1.y), x2 = Int64(line.p2.x), y2 = Int64(line.p2.y)
        guard y2 != y1 else { return x1 }
        return x1 + (x2 - x1) * (y - y1) / (y2 - y1)
    }
}
