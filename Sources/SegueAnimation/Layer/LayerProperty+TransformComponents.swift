import Foundation

/// The scale and translation components of a layer's transform as animatable scalars: Core Animation's
/// "transform.scale", "transform.scale.x/y/z" and "transform.translation.x/y/z" key paths (the rotation
/// components are in `LayerProperty.swift`).
///
/// In the row-vector convention row `i` of a transform is the image of axis `i`; its length (over the
/// first three columns) is the scale along that axis, and a scale applied before the rest multiplies
/// the row. So writing a scale multiplies the row by new / old and leaves the rotation, the
/// translation and the other axes as they were. None is additive in view animations (UIKit animates
/// the whole transform; these exist for layer animations).
extension LayerProperty where Value == CGFloat {
    /// "transform.scale": reading gives the average of the three axes' scale factors (as Core
    /// Animation documents), writing sets all three to the value (a uniform scale, z included, as
    /// `CATransform3DMakeScale(s, s, s)`).
    public static var transformScale: LayerProperty<CGFloat> {
        LayerProperty(name: "transform.scale", additive: false) { state, body in
            var scale = CGFloat((0..<3).map { state.transform.scaleFactor(alongAxis: $0) }.reduce(0, +) / 3)
            body(&scale)
            for axis in 0..<3 { state.transform.setScaleFactor(Double(scale), alongAxis: axis) }
        }
    }
    /// "transform.scale.x": the scale factor along x (the length of the transform's first row).
    public static var transformScaleX: LayerProperty<CGFloat> { transformScale(alongAxis: 0, named: "x") }
    /// "transform.scale.y": the scale factor along y (the length of the transform's second row).
    public static var transformScaleY: LayerProperty<CGFloat> { transformScale(alongAxis: 1, named: "y") }
    /// "transform.scale.z": the scale factor along z (the length of the transform's third row).
    public static var transformScaleZ: LayerProperty<CGFloat> { transformScale(alongAxis: 2, named: "z") }

    /// "transform.translation.x": the transform's translation along x (`m41`).
    public static var transformTranslationX: LayerProperty<CGFloat> {
        LayerProperty(name: "transform.translation.x", additive: false) { state, body in
            var value = CGFloat(state.transform.m41)
            body(&value)
            state.transform.m41 = Double(value)
        }
    }
    /// "transform.translation.y": the transform's translation along y (`m42`).
    public static var transformTranslationY: LayerProperty<CGFloat> {
        LayerProperty(name: "transform.translation.y", additive: false) { state, body in
            var value = CGFloat(state.transform.m42)
            body(&value)
            state.transform.m42 = Double(value)
        }
    }
    /// "transform.translation.z": the transform's translation along z (`m43`).
    public static var transformTranslationZ: LayerProperty<CGFloat> {
        LayerProperty(name: "transform.translation.z", additive: false) { state, body in
            var value = CGFloat(state.transform.m43)
            body(&value)
            state.transform.m43 = Double(value)
        }
    }

    /// The "transform.scale.<axis>" property for row `axis` (0: x, 1: y, 2: z).
    static func transformScale(alongAxis axis: Int, named axisName: String) -> LayerProperty<CGFloat> {
        LayerProperty(name: "transform.scale.\(axisName)", additive: false) { state, body in
            var scale = CGFloat(state.transform.scaleFactor(alongAxis: axis))
            body(&scale)
            state.transform.setScaleFactor(Double(scale), alongAxis: axis)
        }
    }
}

extension Transform3D {
    /// The scale factor along `axis` (0: x, 1: y, 2: z): the length of that row over its first three
    /// columns.
    func scaleFactor(alongAxis axis: Int) -> Double {
        let r = row(axis)
        return (r.0 * r.0 + r.1 * r.1 + r.2 * r.2).squareRoot()
    }

    /// Makes the scale factor along `axis` equal to `scale`, by scaling that row (a scale applied before
    /// the rest). A row of length 0 has lost its direction: it becomes the axis itself times `scale`,
    /// keeping its perspective column.
    mutating func setScaleFactor(_ scale: Double, alongAxis axis: Int) {
        let r = row(axis)
        let old = scaleFactor(alongAxis: axis)
        if old > 0 {
            let k = scale / old
            setRow(axis, (r.0 * k, r.1 * k, r.2 * k, r.3 * k))
        } else {
            setRow(axis, (axis == 0 ? scale : 0, axis == 1 ? scale : 0, axis == 2 ? scale : 0, r.3))
        }
    }

    /// Row `i` (0...2) of the matrix.
    private func row(_ i: Int) -> (Double, Double, Double, Double) {
        switch i {
        case 0: (m11, m12, m13, m14)
        case 1: (m21, m22, m23, m24)
        default: (m31, m32, m33, m34)
        }
    }

    /// Replaces row `i` (0...2) of the matrix.
    private mutating func setRow(_ i: Int, _ r: (Double, Double, Double, Double)) {
        switch i {
        case 0: (m11, m12, m13, m14) = r
        case 1: (m21, m22, m23, m24) = r
        default: (m31, m32, m33, m34) = r
        }
    }
}
