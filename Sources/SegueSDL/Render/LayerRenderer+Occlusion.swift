import Foundation
import SegueAnimation

/// Not drawing what is about to be covered: a sublayer whose opaque background covers a large part of the
/// target hides whatever its earlier siblings (and their subtrees) draw beneath it, so their polygons are
/// cut to the parts it leaves visible. Painter's order stays as Core Animation's; only hidden pixels are
/// skipped (fill rate is what limits a CPU rasteriser such as Mesa's llvmpipe).
extension LayerRenderer {
    /// The smallest occluder worth cutting around, as a fraction of the target's area.
    static let minimumOccluderFraction = 1.0 / 16
    /// Occluders kept per level (the largest), bounding the cost of cutting each polygon.
    static let maximumOccludersPerLevel = 4
    /// How far an occluder is shrunk before cutting around it, in pixels, so that what is left overlaps
    /// its edge instead of leaving a crack where the two rasterised edges do not quite meet.
    static let occluderInsetPixels = 1.0

    /// The sublayers (by index in drawing order, ascending) of a layer with presentation `p` drawn
    /// through `toTarget` that cover their region of the target opaquely, with that region. Allocates only
    /// when it finds one.
    func occludingSublayers(_ ordered: [Layer], of p: LayerProperties, _ toTarget: Homography,
                            alpha: Double) -> [(index: Int, region: ClipPolygon)] {
        guard ordered.count > 1, alpha >= 1 else { return [] }
        let target = currentTarget
        let minimumArea = Double(target.width) * Double(target.height) * Self.minimumOccluderFraction
        var found: [(index: Int, region: ClipPolygon, area: Double)] = []
        for (i, sublayer) in ordered.enumerated().dropFirst() {
            // Cheap tests first: most sublayers are not opaque.
            guard !sublayer.isHidden, sublayer.mask == nil else { continue }
            let sp = sublayer.renderedProperties
            guard sp.opacity >= 1, sp.backgroundColor.alpha >= 1 else { continue }
            let m = Layer.homographyToSuperlayer(sp, superlayer: p).concatenating(toTarget)
            guard let region = occludingRegion(sublayer, sp, m) else { continue }
            let area = abs(ClipPolygon.signedArea(region.points))
            if area >= minimumArea { found.append((i, region, area)) }
        }
        if found.count > Self.maximumOccludersPerLevel {
            found = found.sorted { $0.area > $1.area }.prefix(Self.maximumOccludersPerLevel).sorted { $0.index < $1.index }
        }
        return found.map { ($0.index, $0.region) }
    }

    /// The target region a layer (drawn at full strength) covers with its opaque background, shrunk by
    /// ``occluderInsetPixels``; nil when it is not sure to cover anything.
    func occludingRegion(_ layer: Layer, _ p: LayerProperties, _ toTarget: Homography) -> ClipPolygon? {
        guard !layer.isHidden, p.opacity >= 1, layer.isDoubleSided || toTarget.preservesOrientation,
              let cover = opaqueCover(layer, p, alpha: 1) else { return nil }
        return occludingRegion(cover, toTarget)
    }

    /// The target region of an opaquely covered rectangle (local points), shrunk by
    /// ``occluderInsetPixels``; nil when nothing is left or it reaches behind the viewer.
    func occludingRegion(_ cover: CGRect, _ toTarget: Homography) -> ClipPolygon? {
        let inset = Self.occluderInsetPixels / pixelsPerPoint(cover, toTarget)
        let rect = cover.insetBy(dx: inset, dy: inset)
        guard rect.width > 0, rect.height > 0,
              let corners = project([CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                                     CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)], toTarget)
        else { return nil }
        return ClipPolygon(corners)
    }
}
