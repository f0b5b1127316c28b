import Foundation
import SegueAnimation

/// Outlines of the shapes layers draw, in the layer's own coordinates, as polygons the renderer projects
/// into the window.
enum ShapeOutline {
    /// Fewest segments per rounded corner.
    static let minimumCornerSegments = 2
    /// Most segments per rounded corner (a 90° arc in 16 steps deviates < 0.1 px at a 200 px radius).
    static let maximumCornerSegments = 16

    /// Segments per corner for a corner radius of `pixels` on screen: about one per 4 pixels of arc.
    static func cornerSegments(radiusInPixels pixels: Double) -> Int {
        min(maximumCornerSegments, max(minimumCornerSegments, Int((pixels * Double.pi / 2 / 4).rounded(.up))))
    }

    /// The outline of `rect` with corners of `radius` (clamped to half the shorter side), clockwise on
    /// screen starting at the top-left corner's arc, `segments` steps per corner (always the same number
    /// of points for the same `segments`, even when the radius is 0, so two outlines can be stitched).
    static func roundedRect(_ rect: CGRect, radius: Double, segments: Int) -> [CGPoint] {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        let centers = [CGPoint(x: rect.minX + r, y: rect.minY + r), CGPoint(x: rect.maxX - r, y: rect.minY + r),
                       CGPoint(x: rect.maxX - r, y: rect.maxY - r), CGPoint(x: rect.minX + r, y: rect.maxY - r)]
        var points: [CGPoint] = []
        points.reserveCapacity(4 * (segments + 1))
        for (corner, center) in centers.enumerated() {
            let start = Double.pi + Double(corner) * Double.pi / 2
            for step in 0...segments {
                let angle = start + Double(step) / Double(segments) * Double.pi / 2
                points.append(CGPoint(x: center.x + r * cos(angle), y: center.y + r * sin(angle)))
            }
        }
        return points
    }
}
