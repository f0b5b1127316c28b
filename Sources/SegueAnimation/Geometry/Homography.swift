import Foundation

/// A projective map of the plane (a 3x3 matrix, row-vector convention): how a flat layer's points land
/// in its superlayer's plane once its 3D transform, perspective included, is applied and the result is
/// flattened, as Core Animation flattens every layer into its parent.
///
/// Segue's own type (Core Animation keeps it internal); the renderer and hit testing use it.
public struct Homography: Hashable, Sendable {
    /// First row.
    public var m11: Double, m12: Double, m13: Double
    /// Second row.
    public var m21: Double, m22: Double, m23: Double
    /// Third row (translation and the homogeneous term).
    public var m31: Double, m32: Double, m33: Double

    /// A map from its nine components, row by row.
    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The identity map.
    public static let identity = Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// The map of the z = 0 plane through a 3D transform, keeping x, y and w (z is dropped).
    public init(_ t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24,
                  m31: t.m41, m32: t.m42, m33: t.m44)
    }

    /// A translation.
    public init(translationX tx: Double, y ty: Double) {
        self.init(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    /// `self` followed by `b`.
    public func concatenating(_ b: Homography) -> Homography {
        let a = self
        return Homography(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    /// The homogeneous image `(x, y, w)` of a point.
    public func homogeneous(_ p: CGPoint) -> (x: Double, y: Double, w: Double) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }

    /// The image of a point, or nil when it lands at infinity or behind the viewer (w <= 0).
    public func apply(_ p: CGPoint) -> CGPoint? {
        let r = homogeneous(p)
        guard r.w > 1e-12 else { return nil }
        return CGPoint(x: r.x / r.w, y: r.y / r.w)
    }

    /// Whether the map keeps the plane's orientation (false for a layer seen from behind).
    public var preservesOrientation: Bool {
        (m11 * m22 - m12 * m21) * m33 + (m12 * m23 - m13 * m22) * m31 + (m13 * m21 - m11 * m23) * m32 > 0
    }

    /// Whether the map is affine (no perspective).
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The inverse map, or nil when it is singular.
    public func inverted() -> Homography? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let det = m11 * c11 + m21 * c12 + m31 * c13
        guard abs(det) > 1e-15, det.isFinite else { return nil }
        let inv = 1 / det
        return Homography(
            m11: c11 * inv, m12: c12 * inv, m13: c13 * inv,
            m21: (m23 * m31 - m21 * m33) * inv, m22: (m11 * m33 - m13 * m31) * inv, m23: (m13 * m21 - m11 * m23) * inv,
            m31: (m21 * m32 - m22 * m31) * inv, m32: (m12 * m31 - m11 * m32) * inv, m33: (m11 * m22 - m12 * m21) * inv)
    }
}
