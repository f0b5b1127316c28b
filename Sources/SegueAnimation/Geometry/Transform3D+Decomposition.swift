import Foundation

extension Transform3D {
    /// A transform split into translation, scale, skew, perspective and a rotation quaternion: the form in
    /// which Core Animation (and WebKit, and CSS) interpolates transforms, so that a rotation turns through
    /// the in-between angles instead of shrinking through a degenerate matrix.
    ///
    /// Core Animation does this privately; here it is public so that other code can interpolate or inspect
    /// transforms the same way. The layout follows the W3C CSS Transforms Level 2 algorithms
    /// ("decomposing a 3D matrix", "recomposing to a 3D matrix") in Core Animation's row-vector
    /// convention: a point `p = (x, y, z, 1)` maps to `p · M` with
    ///
    ///     M = Scale · Skew · Rotation · Translation · Perspective
    ///
    /// so a point is scaled first, then skewed, rotated, translated, and finally given its w (the divisor
    /// of the perspective divide) by the perspective step. `Perspective` is the identity with its last
    /// column replaced by ``perspective`` (for a plain `m34 = -1/d` perspective, `(0, 0, -1/d, 1)`).
    public struct Decomposed: Equatable, Sendable {
        /// Three components along x, y and z.
        public struct Vector3: Hashable, Sendable {
            /// The components along each axis.
            public var x: Double, y: Double, z: Double
            /// The vector `(x, y, z)`.
            public init(x: Double, y: Double, z: Double) {
                self.x = x; self.y = y; self.z = z
            }
        }

        /// The shear factors of the skew step, which maps `(x, y, z)` to
        /// `(x + xy·y + xz·z, y + yz·z, z)` (so `xy` is CSS `skewX`'s tangent).
        public struct Skew: Hashable, Sendable {
            /// How much of y is added to x, of z to x, and of z to y.
            public var xy: Double, xz: Double, yz: Double
            /// The shear factors (tangents of the shear angles).
            public init(xy: Double, xz: Double, yz: Double) {
                self.xy = xy; self.xz = xz; self.yz = yz
            }
            /// No shear.
            public static let zero = Skew(xy: 0, xz: 0, yz: 0)
        }

        /// The last column of the perspective step, what remains of the matrix's `m14, m24, m34, m44` once
        /// the rest has been factored out: `(0, 0, -1/d, 1)` for `Transform3D.perspective(distance: d)`.
        public struct Perspective: Hashable, Sendable {
            /// The column's entries, top to bottom (`x` is the m14 of the perspective step).
            public var x: Double, y: Double, z: Double, w: Double
            /// The column `(x, y, z, w)`.
            public init(x: Double, y: Double, z: Double, w: Double) {
                self.x = x; self.y = y; self.z = z; self.w = w
            }
            /// No perspective: `(0, 0, 0, 1)`.
            public static let none = Perspective(x: 0, y: 0, z: 0, w: 1)
        }

        /// A unit quaternion `(x, y, z, w) = (axis · sin(angle/2), cos(angle/2))` for a rotation by `angle`
        /// about `axis`, with the same sense as `Transform3D(rotationAngle:x:y:z:)`. Decomposition returns
        /// it with `w >= 0`.
        public struct Quaternion: Hashable, Sendable {
            /// The vector part (`x`, `y`, `z`) and the scalar part (`w`).
            public var x: Double, y: Double, z: Double, w: Double
            /// The quaternion `x·i + y·j + z·k + w`; not normalized for you.
            public init(x: Double, y: Double, z: Double, w: Double) {
                self.x = x; self.y = y; self.z = z; self.w = w
            }
            /// No rotation.
            public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

            /// The rotation `fraction` of the way from `a` to `b` at constant angular speed (spherical linear
            /// interpolation), the short way round: `b` is negated when that brings it closer to `a`, since
            /// `q` and `-q` are the same rotation. Fractions outside 0...1 extrapolate along the same arc.
            ///
            /// Differs from CSS Transforms Level 2, which does not take the shortest path; Core Animation,
            /// WebKit and Chromium do.
            public static func slerp(from a: Quaternion, to b: Quaternion, fraction t: Double) -> Quaternion {
                var b = b
                if a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w < 0 {
                    b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
                }
                // The angle between the two 4-vectors, θ = 2·atan2(|a - b|, |a + b|): unlike acos(a · b) it
                // keeps full precision for nearly equal rotations (Kahan).
                let dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z, dw = a.w - b.w
                let sx = a.x + b.x, sy = a.y + b.y, sz = a.z + b.z, sw = a.w + b.w
                let theta = 2 * atan2((dx * dx + dy * dy + dz * dz + dw * dw).squareRoot(),
                                      (sx * sx + sy * sy + sz * sz + sw * sw).squareRoot())
                let sinTheta = sin(theta)
                let wa: Double, wb: Double
                if sinTheta < Self.slerpLinearThreshold {
                    // sin(kθ)/sin(θ) → k: the arc is a straight segment to double precision.
                    wa = 1 - t; wb = t
                } else {
                    wa = sin((1 - t) * theta) / sinTheta
                    wb = sin(t * theta) / sinTheta
                }
                return Quaternion(x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y,
                                  z: wa * a.z + wb * b.z, w: wa * a.w + wb * b.w)
            }

            /// Below this sin(θ) (unitless) slerp uses linear weights: the error of doing so is of order θ²,
            /// under 1e-20, while the exact weights would divide by a vanishing sine.
            static let slerpLinearThreshold = 1e-10
        }

        /// Where the origin goes before the perspective: the matrix's `m41, m42, m43`.
        public var translation: Vector3
        /// The scale along each axis, negative along all three when the matrix mirrors space.
        public var scale: Vector3
        /// The shear between axes.
        public var skew: Skew
        /// The perspective column.
        public var perspective: Perspective
        /// The rotation.
        public var quaternion: Quaternion

        /// A decomposed transform; the defaults are those of the identity.
        public init(translation: Vector3 = Vector3(x: 0, y: 0, z: 0),
                    scale: Vector3 = Vector3(x: 1, y: 1, z: 1),
                    skew: Skew = .zero,
                    perspective: Perspective = .none,
                    quaternion: Quaternion = .identity) {
            self.translation = translation
            self.scale = scale
            self.skew = skew
            self.perspective = perspective
            self.quaternion = quaternion
        }

        /// The decomposition `fraction` of the way from `from` to `to`: every part linearly, except the
        /// rotation, which is slerped the short way round (``Quaternion/slerp(from:to:fraction:)``).
        /// Fractions outside 0...1 extrapolate (springs overshoot).
        public static func interpolate(from a: Decomposed, to b: Decomposed, fraction t: Double) -> Decomposed {
            func lerp(_ u: Double, _ v: Double) -> Double { u + (v - u) * t }
            return Decomposed(
                translation: Vector3(x: lerp(a.translation.x, b.translation.x),
                                     y: lerp(a.translation.y, b.translation.y),
                                     z: lerp(a.translation.z, b.translation.z)),
                scale: Vector3(x: lerp(a.scale.x, b.scale.x), y: lerp(a.scale.y, b.scale.y),
                               z: lerp(a.scale.z, b.scale.z)),
                skew: Skew(xy: lerp(a.skew.xy, b.skew.xy), xz: lerp(a.skew.xz, b.skew.xz),
                           yz: lerp(a.skew.yz, b.skew.yz)),
                perspective: Perspective(x: lerp(a.perspective.x, b.perspective.x),
                                         y: lerp(a.perspective.y, b.perspective.y),
                                         z: lerp(a.perspective.z, b.perspective.z),
                                         w: lerp(a.perspective.w, b.perspective.w)),
                quaternion: .slerp(from: a.quaternion, to: b.quaternion, fraction: t))
        }
    }

    /// The transform split into translation, scale, skew, perspective and rotation, or `nil` when it is
    /// singular: `m44 == 0` (as in the W3C algorithm), or the upper-left 3x3 part has determinant 0 (a zero
    /// scale, a layer turned edge-on), or a component is not finite. Transform interpolation then falls
    /// back to the matrix components, as Core Animation does.
    ///
    /// Follows CSS Transforms Level 2 "decomposing a 3D matrix" (Graphics Gems II "unmatrix") with two
    /// changes:
    /// - The matrix is not divided by `m44` first; the perspective's `w` keeps `m44` instead. So
    ///   ``init(recomposing:)`` gives back exactly `self` rather than `self / m44`, and two transforms seen
    ///   through the same perspective (Core Animation's `t.m34 = -1/d`, then translate or rotate `t`)
    ///   interpolate as the transforms themselves would, with the perspective fixed, even when one of them
    ///   moves along z (which changes `m44`). The price: `λ·M`, the same projective transform as `M`,
    ///   decomposes to `λ` times the scale and translation.
    /// - The quaternion is taken from the rotation matrix by its largest component (Shepperd's method)
    ///   instead of from four square roots whose signs are fixed afterwards, a way that loses the relative
    ///   signs of a half turn and the precision of small angles.
    public func decomposed() -> Decomposed? {
        Self.decompositionObserver?()
        guard m44 != 0, m44.isFinite, m14.isFinite, m24.isFinite, m34.isFinite,
              m41.isFinite, m42.isFinite, m43.isFinite else { return nil }
        // Rows of the linear part L (upper-left 3x3), the translation row t, the perspective column c.
        var r0 = (m11, m12, m13)
        var r1 = (m21, m22, m23)
        var r2 = (m31, m32, m33)
        let t = (m41, m42, m43)
        let c = (m14, m24, m34)

        // Cofactors of L; its determinant says whether it can be decomposed at all.
        let k00 = r1.1 * r2.2 - r1.2 * r2.1, k01 = r1.2 * r2.0 - r1.0 * r2.2, k02 = r1.0 * r2.1 - r1.1 * r2.0
        let k10 = r0.2 * r2.1 - r0.1 * r2.2, k11 = r0.0 * r2.2 - r0.2 * r2.0, k12 = r0.1 * r2.0 - r0.0 * r2.1
        let k20 = r0.1 * r1.2 - r0.2 * r1.1, k21 = r0.2 * r1.0 - r0.0 * r1.2, k22 = r0.0 * r1.1 - r0.1 * r1.0
        let det = r0.0 * k00 + r0.1 * k01 + r0.2 * k02
        guard det != 0, det.isFinite else { return nil }   // Also rejects a non-finite L.

        // Perspective: M = N · P with N = [L 0; t 1], so the last column of M is N · p, that is
        // L · (px, py, pz) = c and t · (px, py, pz) + pw = m44. Solve with the adjugate of L.
        var perspective = Decomposed.Perspective(x: 0, y: 0, z: 0, w: m44)
        if c.0 != 0 || c.1 != 0 || c.2 != 0 {
            // L⁻¹ = adj(L) / det, adj(L)[i][j] = cofactor[j][i].
            let px = (k00 * c.0 + k10 * c.1 + k20 * c.2) / det
            let py = (k01 * c.0 + k11 * c.1 + k21 * c.2) / det
            let pz = (k02 * c.0 + k12 * c.1 + k22 * c.2) / det
            perspective = Decomposed.Perspective(x: px, y: py, z: pz, w: m44 - (t.0 * px + t.1 * py + t.2 * pz))
        }

        // Scale and skew by Gram-Schmidt on the rows: L = Scale · Skew · Q with Q orthonormal.
        func dot(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
            a.0 * b.0 + a.1 * b.1 + a.2 * b.2
        }
        func length(_ a: (Double, Double, Double)) -> Double { dot(a, a).squareRoot() }
        func scaled(_ a: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) {
            (a.0 * s, a.1 * s, a.2 * s)
        }
        func minus(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ s: Double)
            -> (Double, Double, Double) {
            (a.0 - b.0 * s, a.1 - b.1 * s, a.2 - b.2 * s)
        }

        var sx = length(r0)
        r0 = scaled(r0, 1 / sx)
        var skewXY = dot(r0, r1)
        r1 = minus(r1, r0, skewXY)
        var sy = length(r1)
        r1 = scaled(r1, 1 / sy)
        skewXY /= sy
        var skewXZ = dot(r0, r2)
        r2 = minus(r2, r0, skewXZ)
        var skewYZ = dot(r1, r2)
        r2 = minus(r2, r1, skewYZ)
        var sz = length(r2)
        r2 = scaled(r2, 1 / sz)
        skewXZ /= sz
        skewYZ /= sz

        // A mirror image: make Q a proper rotation by negating it and the scales (Scale·Skew·Q is unchanged).
        let cross = (r1.1 * r2.2 - r1.2 * r2.1, r1.2 * r2.0 - r1.0 * r2.2, r1.0 * r2.1 - r1.1 * r2.0)
        if dot(r0, cross) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = scaled(r0, -1); r1 = scaled(r1, -1); r2 = scaled(r2, -1)
        }
        // (Row i of L is scale_i · (q_i + shears · earlier q_j); negating both scale_i and every q_j
        // leaves it unchanged, so the shears stay as they are.)

        return Decomposed(translation: Decomposed.Vector3(x: t.0, y: t.1, z: t.2),
                          scale: Decomposed.Vector3(x: sx, y: sy, z: sz),
                          skew: Decomposed.Skew(xy: skewXY, xz: skewXZ, yz: skewYZ),
                          perspective: perspective,
                          quaternion: Self.quaternion(rows: r0, r1, r2))
    }

    /// The unit quaternion of the rotation whose row-vector matrix has rows `q0, q1, q2`
    /// (Shepperd's method: start from whichever of w, x, y, z the diagonal shows to be large, so that no
    /// division is by a small number), with `w >= 0`.
    private static func quaternion(rows q0: (Double, Double, Double), _ q1: (Double, Double, Double),
                                   _ q2: (Double, Double, Double)) -> Decomposed.Quaternion {
        // In this convention Q[0][1] = 2(xy + zw), Q[1][0] = 2(xy - zw), Q[1][2] = 2(yz + xw),
        // Q[2][1] = 2(yz - xw), Q[2][0] = 2(xz + yw), Q[0][2] = 2(xz - yw).
        let trace = q0.0 + q1.1 + q2.2
        var x: Double, y: Double, z: Double, w: Double
        if trace > 0 {
            let s = 2 * (1 + trace).squareRoot()   // 4w
            w = s / 4; x = (q1.2 - q2.1) / s; y = (q2.0 - q0.2) / s; z = (q0.1 - q1.0) / s
        } else if q0.0 >= q1.1 && q0.0 >= q2.2 {
            let s = 2 * (1 + q0.0 - q1.1 - q2.2).squareRoot()   // 4x
            x = s / 4; w = (q1.2 - q2.1) / s; y = (q0.1 + q1.0) / s; z = (q2.0 + q0.2) / s
        } else if q1.1 >= q2.2 {
            let s = 2 * (1 - q0.0 + q1.1 - q2.2).squareRoot()   // 4y
            y = s / 4; w = (q2.0 - q0.2) / s; x = (q0.1 + q1.0) / s; z = (q1.2 + q2.1) / s
        } else {
            let s = 2 * (1 - q0.0 - q1.1 + q2.2).squareRoot()   // 4z
            z = s / 4; w = (q0.1 - q1.0) / s; x = (q2.0 + q0.2) / s; y = (q1.2 + q2.1) / s
        }
        if w < 0 { x = -x; y = -y; z = -z; w = -w }
        let norm = (x * x + y * y + z * z + w * w).squareRoot()
        return Decomposed.Quaternion(x: x / norm, y: y / norm, z: z / norm, w: w / norm)
    }

    /// The transform a decomposition describes: `Scale · Skew · Rotation · Translation · Perspective`
    /// (CSS Transforms Level 2 "recomposing to a 3D matrix", in Core Animation's row-vector layout).
    /// The quaternion is normalized first, so a slerp's rounding cannot turn into a scale.
    public init(recomposing d: Decomposed) {
        var (x, y, z, w) = (d.quaternion.x, d.quaternion.y, d.quaternion.z, d.quaternion.w)
        let norm = (x * x + y * y + z * z + w * w).squareRoot()
        if norm > 0 { x /= norm; y /= norm; z /= norm; w /= norm } else { (x, y, z, w) = (0, 0, 0, 1) }

        // Rotation rows, the transpose of the usual column-vector matrix (see `quaternion(rows:)`).
        let q0 = (1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        let q1 = (2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        let q2 = (2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))

        // L = Scale · Skew · Q.
        let s = d.skew, k = d.scale
        let l0 = (k.x * q0.0, k.x * q0.1, k.x * q0.2)
        let l1 = (k.y * (q1.0 + s.xy * q0.0), k.y * (q1.1 + s.xy * q0.1), k.y * (q1.2 + s.xy * q0.2))
        let l2 = (k.z * (q2.0 + s.xz * q0.0 + s.yz * q1.0),
                  k.z * (q2.1 + s.xz * q0.1 + s.yz * q1.1),
                  k.z * (q2.2 + s.xz * q0.2 + s.yz * q1.2))

        // M = [L 0; t 1] · [I p3; 0 pw]: the upper part stays, the last column becomes N · p.
        let p = d.perspective, t = d.translation
        self.init(m11: l0.0, m12: l0.1, m13: l0.2, m14: l0.0 * p.x + l0.1 * p.y + l0.2 * p.z,
                  m21: l1.0, m22: l1.1, m23: l1.2, m24: l1.0 * p.x + l1.1 * p.y + l1.2 * p.z,
                  m31: l2.0, m32: l2.1, m33: l2.2, m34: l2.0 * p.x + l2.1 * p.y + l2.2 * p.z,
                  m41: t.x, m42: t.y, m43: t.z, m44: t.x * p.x + t.y * p.y + t.z * p.z + p.w)
    }
}

extension Transform3D {
    /// Told each time ``decomposed()`` runs in the current task; nil by default. A test hook (task-local,
    /// so tests running in parallel do not see each other's decompositions): an animation of a
    /// transform must decompose its ends once, not every frame.
    @TaskLocal static var decompositionObserver: (@Sendable () -> Void)?
}

