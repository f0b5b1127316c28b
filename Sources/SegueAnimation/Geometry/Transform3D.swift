import Foundation

/// A 4x4 homogeneous transform (Core Animation's `CATransform3D`), row-vector convention:
/// a point `(x, y, z, 1)` is multiplied on the left, so `m41...m43` hold the translation and
/// `m34 = -1 / d` gives a perspective seen from distance `d`.
///
/// Differs from Core Animation: a value type with methods instead of `CATransform3D...` functions, and
/// `Double` components. The builders (`rotated`, `scaled`, `translated`) apply the new step *before*
/// `self`, exactly as `CATransform3DRotate` etc. do.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    /// First row (the image of the x axis; m14 gives perspective along x).
    public var m11: Double, m12: Double, m13: Double, m14: Double
    /// Second row (the image of the y axis).
    public var m21: Double, m22: Double, m23: Double, m24: Double
    /// Third row (the image of the z axis; m34 = -1/d gives perspective from distance d).
    public var m31: Double, m32: Double, m33: Double, m34: Double
    /// Fourth row: the translation, and the homogeneous term.
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// A transform from its 16 components, row by row.
    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The 16 components in row-major order.
    public init(_ m: [Double]) {
        precondition(m.count == 16, "Transform3D needs 16 components, got \(m.count)")
        self.init(m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
                  m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }

    /// The components in row-major order.
    public var components: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// The identity transform (`CATransform3DIdentity`).
    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// Whether this is the identity (`CATransform3DIsIdentity`).
    public var isIdentity: Bool { self == .identity }

    /// A translation (`CATransform3DMakeTranslation`).
    public init(translationX tx: Double, y ty: Double, z tz: Double = 0) {
        self = .identity
        m41 = tx; m42 = ty; m43 = tz
    }

    /// A scale (`CATransform3DMakeScale`).
    public init(scaleX sx: Double, y sy: Double, z sz: Double = 1) {
        self = .identity
        m11 = sx; m22 = sy; m33 = sz
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)` (`CATransform3DMakeRotation`).
    /// A zero axis gives the identity. About the z axis it equals the affine rotation.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { self = .identity; return }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let cs = cos(angle), sn = sin(angle), t = 1 - cs
        self.init(m11: t * ux * ux + cs, m12: t * ux * uy + sn * uz, m13: t * ux * uz - sn * uy, m14: 0,
                  m21: t * ux * uy - sn * uz, m22: t * uy * uy + cs, m23: t * uy * uz + sn * ux, m24: 0,
                  m31: t * ux * uz + sn * uy, m32: t * uy * uz - sn * ux, m33: t * uz * uz + cs, m34: 0,
                  m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A perspective transform seen from `distance` points in front of the z = 0 plane (`m34 = -1/distance`).
    public static func perspective(distance: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = -1 / distance
        return t
    }

    /// `self` followed by `b` (`CATransform3DConcat(self, b)`).
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// A translation applied before `self` (`CATransform3DTranslate`).
    public func translatedBy(x: Double, y: Double, z: Double = 0) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// A scale applied before `self` (`CATransform3DScale`).
    public func scaledBy(x: Double, y: Double, z: Double = 1) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// A rotation about `(x, y, z)` applied before `self` (`CATransform3DRotate`).
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// The determinant.
    public var determinant: Double {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse, or `self` unchanged when it is not invertible (as `CATransform3DInvert` does).
    public func inverted() -> Transform3D {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return self }
        let inv = 1 / det
        return Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * inv,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * inv,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * inv,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * inv,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * inv,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * inv,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * inv,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * inv,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * inv,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * inv,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * inv,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * inv,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * inv,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * inv,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * inv,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * inv)
    }

    /// Whether the transform is a plain 2D affine transform (`CATransform3DIsAffine`).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// The 3D form of an affine transform (`CATransform3DMakeAffineTransform`).
    public init(_ t: CGAffineTransform) {
        self = .identity
        m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m41 = t.tx; m42 = t.ty
    }

    /// The affine part, dropping z and perspective (`CATransform3DGetAffineTransform`).
    public var affineTransform: CGAffineTransform {
        CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// Transforms `(x, y, z, 1)` and returns the homogeneous result `(x', y', z', w')`.
    public func transform(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41,
         x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43,
         x * m14 + y * m24 + z * m34 + m44)
    }

    /// The 2D point after the transform and the perspective divide (z = 0 in).
    public func projecting(_ p: CGPoint) -> CGPoint {
        let r = transform(x: p.x, y: p.y)
        return r.w == 0 ? CGPoint(x: r.x, y: r.y) : CGPoint(x: r.x / r.w, y: r.y / r.w)
    }

    /// The sixteen entries in row order, for debugging.
    public var description: String { "Transform3D(\(components))" }
}
