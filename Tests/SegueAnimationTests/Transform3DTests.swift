import Foundation
import Testing
@testable import SegueAnimation

private func expectClose(_ a: Transform3D, _ b: Transform3D, within tolerance: Double = 1e-9,
                         _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    let worst = zip(a.components, b.components).map { abs($0 - $1) }.max() ?? 0
    #expect(worst < tolerance, "\(comment?.rawValue ?? "")\n\(a)\n\(b)", sourceLocation: sourceLocation)
}

private func expectClose(_ a: CGPoint, _ b: CGPoint, within tolerance: Double = 1e-9,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(a.x - b.x) < tolerance && abs(a.y - b.y) < tolerance, "\(a) vs \(b)",
            sourceLocation: sourceLocation)
}

private func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}

@Suite struct Transform3DTests {
    /// Scale, rotate about a tilted axis, translate, then a perspective: every kind of component non-zero.
    static let general = Transform3D(scaleX: 2, y: 0.5, z: 3)
        .concatenating(rotation(0.7, 1, 2, 3))
        .concatenating(Transform3D(translationX: 10, y: -20, z: 5))
        .concatenating(.perspective(distance: 500))

    @Test func transformTimesInverseIsIdentity() {
        let m = Self.general
        expectClose(m.concatenating(m.inverted()), .identity, within: 1e-12)
        expectClose(m.inverted().concatenating(m), .identity, within: 1e-12)
        #expect(abs(m.determinant * m.inverted().determinant - 1) < 1e-12)
    }

    @Test func rotationAboutZEqualsTheAffineRotation() {
        for angle in [0.1, 0.5, Double.pi / 2, 2.5, -1.3] {
            let rotation3D = rotation(angle, 0, 0, 1)
            expectClose(rotation3D, Transform3D(CGAffineTransform(rotationAngle: angle)), within: 1e-15)
            let p = CGPoint(x: 3, y: -4)
            expectClose(rotation3D.projecting(p), p.applying(CGAffineTransform(rotationAngle: angle)), within: 1e-12)
        }
    }

    /// `CATransform3DRotate(t, …)` applies the rotation before `t`; `concatenating` applies its argument
    /// after `self`. With y pointing down, +90° about z takes (1, 0) to (0, 1).
    @Test func concatenationOrderIsCoreAnimations() {
        // Rotate (1, 0) to (0, 1), then translate by (10, 0).
        let translatedThenRotated = Transform3D.identity.translatedBy(x: 10, y: 0)
            .rotated(by: .pi / 2, x: 0, y: 0, z: 1)
        expectClose(translatedThenRotated.projecting(CGPoint(x: 1, y: 0)), CGPoint(x: 10, y: 1), within: 1e-12)
        // Translate (1, 0) to (11, 0), then rotate to (0, 11).
        let rotatedThenTranslated = rotation(.pi / 2, 0, 0, 1).translatedBy(x: 10, y: 0)
        expectClose(rotatedThenTranslated.projecting(CGPoint(x: 1, y: 0)), CGPoint(x: 0, y: 11), within: 1e-12)
        let concatenated = Transform3D(translationX: 10, y: 0).concatenating(rotation(.pi / 2, 0, 0, 1))
        expectClose(concatenated, rotatedThenTranslated, within: 1e-15)
    }

    /// The usual card flip setup: `t.m34 = -1/500; t = CATransform3DRotate(t, .pi/4, 0, 1, 0)`.
    /// Rotating (x, y, 0) by 45° about y gives (x·cos45°, y, −x·sin45°); then w = 1 − z/500.
    /// For (100, 50): z = −50√2, w = 1 + √2/10, projected (50√2/w, 50/w) ≈ (61.95, 43.81).
    /// For (−100, 50): z = +50√2, w = 1 − √2/10, projected (−50√2/w, 50/w) ≈ (−82.36, 58.24):
    /// the right edge recedes and shrinks, the left comes closer and grows.
    @Test func perspectiveProjectionOfA45DegreeTurnAboutY() {
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        t = t.rotated(by: .pi / 4, x: 0, y: 1, z: 0)
        let root2 = 2.0.squareRoot()
        let wRight = 1 + root2 / 10
        expectClose(t.projecting(CGPoint(x: 100, y: 50)), CGPoint(x: 50 * root2 / wRight, y: 50 / wRight), within: 1e-12)
        let wLeft = 1 - root2 / 10
        expectClose(t.projecting(CGPoint(x: -100, y: 50)), CGPoint(x: -50 * root2 / wLeft, y: 50 / wLeft), within: 1e-12)
        expectClose(t.projecting(CGPoint(x: 100, y: 50)), CGPoint(x: 61.949_671_549_647_71, y: 43.805_032_845_035_23),
                    within: 1e-9)
    }

    static let roundTripCases: [(String, Transform3D)] = {
        // x += 0.5·y, x += 0.2·z, y -= 0.3·z.
        var skew = Transform3D.identity
        skew.m21 = 0.5; skew.m31 = 0.2; skew.m32 = -0.3
        var perspectiveFirst = Transform3D.perspective(distance: 800)
        perspectiveFirst = perspectiveFirst.concatenating(Transform3D(translationX: 30, y: 40, z: -50))
        let cases: [(String, Transform3D)] = [
            ("identity", .identity),
            ("rotation about x", rotation(0.3, 1, 0, 0)),
            ("rotation about y", rotation(-1.2, 0, 1, 0)),
            ("rotation about z", rotation(2.5, 0, 0, 1)),
            ("rotation about a tilted axis", rotation(0.9, 1, 2, 3)),
            ("half turn about (1, -1, 0)", rotation(.pi, 1, -1, 0)),
            ("half turn about (1, -2, 3)", rotation(.pi, 1, -2, 3)),
            ("half turn about z", rotation(.pi, 0, 0, 1)),
            ("tiny rotation", rotation(1e-7, 0, 1, 1)),
            ("scale", Transform3D(scaleX: 2, y: 3, z: 4)),
            ("mirror", Transform3D(scaleX: -1, y: 1, z: 1)),
            ("negative scales", Transform3D(scaleX: -2, y: -3, z: 0.5)),
            ("translation", Transform3D(translationX: 10, y: -20, z: 30)),
            ("perspective", .perspective(distance: 500)),
            ("card flip", Transform3D.perspective(distance: 500).rotated(by: .pi / 3, x: 0, y: 1, z: 0)),
            ("perspective then translation", perspectiveFirst),
            ("skew", skew),
            ("skew, rotation, scale, translation, perspective",
             skew.concatenating(Transform3D(scaleX: 1.5, y: 0.7, z: 2)).concatenating(rotation(1.1, -1, 0.5, 2))
                .concatenating(Transform3D(translationX: 5, y: 6, z: 7)).concatenating(.perspective(distance: 300))),
            ("general", general),
            ("arbitrary components", Transform3D([0.9, 0.2, -0.1, 0.001, -0.3, 1.1, 0.4, -0.002,
                                                  0.25, -0.5, 0.8, 0.003, 12, -7, 3, 1])),
        ]
        return cases
    }()

    @Test(arguments: roundTripCases)
    func recomposingADecompositionGivesTheTransformBack(name: String, transform: Transform3D) throws {
        let decomposed = try #require(transform.decomposed(), "\(name) is not singular")
        expectClose(Transform3D(recomposing: decomposed), transform, within: 1e-9, "\(name)")
        let q = decomposed.quaternion
        #expect(abs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1) < 1e-12)
        #expect(q.w >= 0)
    }

    @Test func decompositionFindsTheParts() throws {
        let m = Transform3D(scaleX: 2, y: 3, z: 4)
            .concatenating(rotation(0.6, 0, 1, 0))
            .concatenating(Transform3D(translationX: 5, y: 6, z: 7))
        let d = try #require(m.decomposed())
        #expect(abs(d.scale.x - 2) < 1e-12 && abs(d.scale.y - 3) < 1e-12 && abs(d.scale.z - 4) < 1e-12)
        #expect(d.translation == .init(x: 5, y: 6, z: 7))
        #expect(abs(d.skew.xy) < 1e-12 && abs(d.skew.xz) < 1e-12 && abs(d.skew.yz) < 1e-12)
        #expect(d.perspective == .none)
        // (axis·sin(θ/2), cos(θ/2)) with θ = 0.6 about y.
        #expect(abs(d.quaternion.x) < 1e-12 && abs(d.quaternion.z) < 1e-12)
        #expect(abs(d.quaternion.y - sin(0.3)) < 1e-12 && abs(d.quaternion.w - cos(0.3)) < 1e-12)

        let perspective = try #require(Transform3D.perspective(distance: 500).decomposed())
        #expect(perspective == Transform3D.Decomposed(perspective: .init(x: 0, y: 0, z: -1.0 / 500, w: 1)))

        var sheared = Transform3D.identity
        sheared.m21 = 0.5   // x += 0.5·y, CSS skewX(atan 0.5)
        let shear = try #require(sheared.decomposed())
        #expect(abs(shear.skew.xy - 0.5) < 1e-12 && shear.skew.xz == 0 && shear.skew.yz == 0)
    }

    /// m44 is kept, not divided out (unlike the W3C algorithm), so a multiple of a matrix round-trips too.
    @Test func aMultipleOfATransformRoundTrips() throws {
        let doubled = Transform3D(Self.general.components.map { $0 * 2 })
        expectClose(Transform3D(recomposing: try #require(doubled.decomposed())), doubled)
    }

    /// Moving a layer along z under a fixed perspective (`t.m34 = -1/500`, then `CATransform3DTranslate`)
    /// changes m44; the halfway frame is still the halfway translation under the same perspective.
    @Test func movingAlongZUnderAFixedPerspectiveInterpolatesTheMove() {
        let perspective = Transform3D.perspective(distance: 500)
        let near = perspective.translatedBy(x: 0, y: 0, z: 0)
        let far = perspective.translatedBy(x: 40, y: 0, z: -200).rotated(by: 0.8, x: 0, y: 1, z: 0)
        let halfway = perspective.translatedBy(x: 20, y: 0, z: -100).rotated(by: 0.4, x: 0, y: 1, z: 0)
        expectClose(Transform3D.interpolate(from: near, to: far, fraction: 0.5), halfway)
    }

    @Test func singularTransformsDoNotDecompose() {
        #expect(Transform3D(scaleX: 0, y: 1, z: 1).decomposed() == nil)
        var noW = Transform3D.identity
        noW.m44 = 0
        #expect(noW.decomposed() == nil)
        var flat = Transform3D.identity
        flat.m31 = 1; flat.m32 = 1; flat.m33 = 0; flat.m21 = 1; flat.m22 = 1   // rows 2 and 3 equal
        flat.m23 = 0
        #expect(flat.decomposed() == nil)
    }

    @Test func halfwayFromIdentityToAQuarterTurnAboutYIsAnEighthTurn() throws {
        let quarter = rotation(.pi / 2, 0, 1, 0)
        expectClose(Transform3D.interpolate(from: .identity, to: quarter, fraction: 0.5), rotation(.pi / 4, 0, 1, 0))
        let a = try #require(Transform3D.identity.decomposed()), b = try #require(quarter.decomposed())
        let halfway = Transform3D(recomposing: .interpolate(from: a, to: b, fraction: 0.5))
        expectClose(halfway, rotation(.pi / 4, 0, 1, 0))
        // Constant angular speed, and extrapolation past the end (a spring's overshoot).
        expectClose(Transform3D.interpolate(from: .identity, to: quarter, fraction: 0.25), rotation(.pi / 8, 0, 1, 0))
        expectClose(Transform3D.interpolate(from: .identity, to: quarter, fraction: 1.5),
                    rotation(3 * .pi / 4, 0, 1, 0))
    }

    @Test func rotationInterpolationTakesTheShortWay() {
        let from = rotation(170 * .pi / 180, 0, 0, 1), to = rotation(-170 * .pi / 180, 0, 0, 1)
        expectClose(Transform3D.interpolate(from: from, to: to, fraction: 0.5), rotation(.pi, 0, 0, 1))
        expectClose(Transform3D.interpolate(from: from, to: to, fraction: 0.25), rotation(175 * .pi / 180, 0, 0, 1))
    }

    @Test func scaleAndTranslationInterpolateLinearly() {
        let to = Transform3D(scaleX: 3, y: 2, z: 1).concatenating(Transform3D(translationX: 100, y: -40, z: 0))
        let halfway = Transform3D(scaleX: 2, y: 1.5, z: 1).concatenating(Transform3D(translationX: 50, y: -20, z: 0))
        expectClose(Transform3D.interpolate(from: .identity, to: to, fraction: 0.5), halfway)
    }

    @Test func nearlyEqualRotationsInterpolateWithoutLosingPrecision() {
        let from = rotation(0.3, 1, 1, 0), to = rotation(0.3 + 1e-9, 1, 1, 0)
        expectClose(Transform3D.interpolate(from: from, to: to, fraction: 0.5), rotation(0.3 + 5e-10, 1, 1, 0),
                    within: 1e-15)
    }
}
