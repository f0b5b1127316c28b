import Foundation

extension Layer {
    // MARK: Geometry

    /// The map from this layer's coordinates to its superlayer's, for a set of values (model or
    /// presentation) of this layer and of its superlayer: bounds origin and anchor, then the transform,
    /// then the position, then the superlayer's sublayer transform about its anchor.
    public nonisolated static func homographyToSuperlayer(_ p: LayerProperties, superlayer s: LayerProperties?) -> Homography {
        let anchor = CGPoint(x: p.bounds.origin.x + p.anchorPoint.x * p.bounds.width,
                           y: p.bounds.origin.y + p.anchorPoint.y * p.bounds.height)
        // Most layers only move: no transform of their own, none from the superlayer. The general path then
        // multiplies two 4x4 translations; these are its results, bit for bit (the products by the
        // constant 0 and 1 taken out, which needs finite inputs: 0 * inf is NaN; the `+ 0` turns a -0 left
        // by the first sum into +0, as the general path's sums do).
        // (`s?.` reads the superlayer's transform in place: binding `s` would copy all its values.)
        if p.transform.isIdentity, s?.sublayerTransform.isIdentity ?? true,
           anchor.x.isFinite, anchor.y.isFinite, p.position.x.isFinite, p.position.y.isFinite {
            return Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0,
                              m31: (-anchor.x + 0) + p.position.x, m32: (-anchor.y + 0) + p.position.y, m33: 1)
        }
        return generalHomographyToSuperlayer(p, superlayer: s)
    }

    /// ``homographyToSuperlayer(_:superlayer:)`` composed in full, for any values.
    nonisolated static func generalHomographyToSuperlayer(_ p: LayerProperties, superlayer s: LayerProperties?) -> Homography {
        let anchor = CGPoint(x: p.bounds.origin.x + p.anchorPoint.x * p.bounds.width,
                           y: p.bounds.origin.y + p.anchorPoint.y * p.bounds.height)
        // Composed in 3D and flattened once: the superlayer's sublayer transform (usually the perspective)
        // must see the z that the layer's own transform produces (a rotation about y).
        var t = Transform3D(translationX: -anchor.x, y: -anchor.y)
        if !p.transform.isIdentity { t = t.concatenating(p.transform) }
        t = t.concatenating(Transform3D(translationX: p.position.x, y: p.position.y))
        if let s, !s.sublayerTransform.isIdentity {
            let sa = CGPoint(x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.width,
                           y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.height)
            t = t.concatenating(Transform3D(translationX: -sa.x, y: -sa.y))
                .concatenating(s.sublayerTransform)
                .concatenating(Transform3D(translationX: sa.x, y: sa.y))
        }
        return Homography(t)
    }

    /// The map from this layer's coordinates to the root's (model values).
    public func homographyToRoot() -> Homography {
        var h = Homography.identity
        var layer = self
        while let parent = layer.superlayer {
            h = h.concatenating(Layer.homographyToSuperlayer(layer.model, superlayer: parent.model))
            layer = parent
        }
        return h
    }

    /// Converts a point from this layer's coordinates to `layer`'s (nil: the root's), through every
    /// transform on the way, perspective included (model values, as Core Animation does). Returns the
    /// point unchanged in the degenerate case where the target cannot be inverted (seen edge-on).
    public func convert(_ point: CGPoint, to layer: Layer?) -> CGPoint {
        let up = homographyToRoot()
        guard let rootPoint = up.apply(point) else { return point }
        guard let layer else { return rootPoint }
        guard let down = layer.homographyToRoot().inverted(), let p = down.apply(rootPoint) else { return rootPoint }
        return p
    }

    /// Converts a point from `layer`'s coordinates (nil: the root's) to this layer's.
    public func convert(_ point: CGPoint, from layer: Layer?) -> CGPoint {
        guard let layer else {
            guard let down = homographyToRoot().inverted(), let p = down.apply(point) else { return point }
            return p
        }
        return layer.convert(point, to: self)
    }

    /// Converts a rectangle to `layer`'s coordinates: the bounding box of its converted corners.
    public func convert(_ rect: CGRect, to layer: Layer?) -> CGRect {
        CGRect.boundingBox(of: [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                              CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)]
            .map { convert($0, to: layer) })
    }

    /// Converts a rectangle from `layer`'s coordinates.
    public func convert(_ rect: CGRect, from layer: Layer?) -> CGRect {
        CGRect.boundingBox(of: [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                              CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)]
            .map { convert($0, from: layer) })
    }

    /// Whether `point` (in this layer's coordinates) is inside its bounds.
    public func contains(_ point: CGPoint) -> Bool { model.bounds.contains(point) }
}
