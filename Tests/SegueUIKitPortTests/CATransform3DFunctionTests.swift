// Core Animation's CATransform3D functions and timing-function names against Segue's own API.
import Testing
import SegueUIKit

/// How far `cos(π / 2)` is from 0 in `Double` (about 6e-17), with room: the one rounding in these exact
/// comparisons.
private let cosineOfHalfPiTolerance = 1e-15

@Suite struct CATransform3DFunctionTests {
    let sample = CATransform3DMakeTranslation(10, 20, 30)

    @Test func makeFunctionsAreTransform3DsInitializers() {
        #expect(CATransform3DMakeTranslation(1, 2, 3) == Transform3D(translationX: 1, y: 2, z: 3))
        #expect(CATransform3DMakeScale(2, 3, 4) == Transform3D(scaleX: 2, y: 3, z: 4))
        #expect(CATransform3DMakeRotation(.pi / 3, 1, 1, 0) == Transform3D(rotationAngle: .pi / 3, x: 1, y: 1, z: 0))
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)   // A zero axis: identity.
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(t.m41 == 1 && t.m42 == 2 && t.m43 == 3 && t.m44 == 1)
        let s = CATransform3DMakeScale(2, 3, 4)
        #expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4)
    }

    @Test func rotateScaleAndTranslateApplyTheirStepBeforeTheTransform() {
        let rotated = CATransform3DRotate(sample, .pi / 2, 0, 0, 1)
        #expect(rotated == CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), sample))
        #expect(rotated == sample.rotated(by: .pi / 2, x: 0, y: 0, z: 1))
        #expect(CATransform3DScale(sample, 2, 3, 4) == CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), sample))
        #expect(CATransform3DScale(sample, 2, 3, 4) == sample.scaledBy(x: 2, y: 3, z: 4))
        #expect(CATransform3DTranslate(sample, 1, 2, 3) == CATransform3DConcat(CATransform3DMakeTranslation(1, 2, 3), sample))
        #expect(CATransform3DTranslate(sample, 1, 2, 3) == sample.translatedBy(x: 1, y: 2, z: 3))
        // The point (1, 0) is rotated to (0, 1) first, then moved by (10, 20).
        let p = rotated.projecting(CGPoint(x: 1, y: 0))
        #expect(abs(p.x - 10) < cosineOfHalfPiTolerance && p.y == 21)
        #expect(CATransform3DRotate(sample, 1, 0, 0, 0) == sample)   // A zero axis leaves it as it is.
    }

    @Test func concatIsTheFirstFollowedByTheSecond() {
        let a = CATransform3DMakeScale(2, 2, 1), b = CATransform3DMakeTranslation(10, 0, 0)
        #expect(CATransform3DConcat(a, b) == a.concatenating(b))
        #expect(CATransform3DConcat(a, b).projecting(CGPoint(x: 1, y: 0)) == CGPoint(x: 12, y: 0))
    }

    @Test func invertUndoesATransformAndLeavesASingularOneAsItIs() {
        let t = CATransform3DScale(sample, 2, 4, 8)
        #expect(CATransform3DInvert(t) == t.inverted())
        #expect(CATransform3DIsIdentity(CATransform3DConcat(t, CATransform3DInvert(t))))
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular)
    }

    @Test func identityAndEqualityMatchTransform3D() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(CATransform3DIdentity == Transform3D.identity)
        #expect(!CATransform3DIsIdentity(sample))
        #expect(CATransform3DEqualToTransform(sample, CATransform3DMakeTranslation(10, 20, 30)))
        #expect(!CATransform3DEqualToTransform(sample, CATransform3DIdentity))
    }

    @Test func affineConversionsRoundTripAndPerspectiveIsNotAffine() {
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(affine)
        #expect(t == Transform3D(affine))
        #expect(t.m11 == 1 && t.m12 == 2 && t.m21 == 3 && t.m22 == 4 && t.m41 == 5 && t.m42 == 6 && t.m33 == 1)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == affine)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        #expect(!CATransform3DIsAffine(perspective))
        #expect(CATransform3DGetAffineTransform(perspective) == CGAffineTransformIdentity)
        #expect(CGAffineTransformIdentity == CGAffineTransform.identity)
    }

    @Test func namedTimingFunctionsHaveCoreAnimationsControlPoints() {
        func points(_ name: CAMediaTimingFunctionName) -> [CGPoint] {
            let function = CAMediaTimingFunction(name: name)
            return [function.controlPoint(at: 1), function.controlPoint(at: 2)]
        }
        #expect(points(.linear) == [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1)])
        #expect(points(.easeIn) == [CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1)])
        #expect(points(.easeOut) == [CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1)])
        #expect(points(.easeInEaseOut) == [CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1)])
        #expect(points(.default) == [CGPoint(x: 0.25, y: 0.1), CGPoint(x: 0.25, y: 1)])
    }
}
