import Foundation
import Synchronization
import Testing
@testable import SegueAnimation

/// Counts the decompositions of transforms made in the current task (``Transform3D/decompositionObserver``).
final class DecompositionCount: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }

    /// Runs `body` counting every decomposition it makes.
    @MainActor
    func counting<R>(_ body: () throws -> R) rethrows -> R {
        try Transform3D.$decompositionObserver.withValue({ [self] in count.withLock { $0 += 1 } }, operation: body)
    }
}

@MainActor
@Suite struct TransformInterpolationTests {
    /// Every kind of transform: identity, translations, scales (and a mirror), rotations about each axis
    /// and a tilted one (with a half turn), skews, perspective, and singular ones (a zero scale, a layer
    /// seen edge-on with m44 = 0) that fall back to component-wise interpolation.
    static let transforms: [Transform3D] = {
        var skew = Transform3D.identity
        skew.m21 = 0.4
        var flat = Transform3D.identity
        flat.m44 = 0
        return [
            .identity,
            Transform3D(translationX: 120, y: -40, z: 8),
            Transform3D(scaleX: 2, y: 0.5, z: 3),
            Transform3D(scaleX: -1, y: 1),
            Transform3D(rotationAngle: .pi / 3, x: 1, y: 0, z: 0),
            Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0),
            Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1),
            Transform3D(rotationAngle: 0.7, x: 1, y: 2, z: 3).translatedBy(x: 10, y: -20, z: 5),
            skew,
            Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 500)),
            Transform3D(scaleX: 0, y: 1),
            flat,
        ]
    }()
    /// Inside, at and beyond the ends (a spring overshoots, a reversal undershoots).
    static let fractions: [Double] = [0, 0.001, 0.25, 0.5, 0.75, 0.999, 1, -0.3, 1.4]

    @Test func preparedTransformInterpolationEqualsInterpolateExactly() {
        for a in Self.transforms {
            for b in Self.transforms {
                let interpolation = Transform3D.makeInterpolation(from: a, to: b)
                for f in Self.fractions {
                    #expect(interpolation(f) == Transform3D.interpolate(from: a, to: b, fraction: f),
                            "from \(a) to \(b) at \(f)")
                }
            }
        }
    }

    @Test func preparedTransformInterpolationDecomposesEachEndOnceForAnyNumberOfFractions() {
        let count = DecompositionCount()
        let a = Self.transforms[4], b = Self.transforms[7]
        count.counting {
            let interpolation = Transform3D.makeInterpolation(from: a, to: b)
            for i in 0...100 { _ = interpolation(Double(i) / 100) }
        }
        #expect(count.value == 2)
    }

    @Test func interpolateDecomposesBothEndsAtEveryCallInside() {
        // What an animation did every frame before its ends were prepared.
        let count = DecompositionCount()
        count.counting {
            for i in 1...10 {
                _ = Transform3D.interpolate(from: Self.transforms[4], to: Self.transforms[7], fraction: Double(i) / 11)
            }
        }
        #expect(count.value == 20)
    }

    @Test func transformAnimationBetweenTwoValuesDecomposesItsEndsOncePerAnimation() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let from = Self.transforms[5], to = Self.transforms[9]
        let count = DecompositionCount()
        let (time, shown) = count.counting {
            layer.add(BasicAnimation(.transform, from: from, to: to, duration: 1), forKey: "turn")
            t.startFrame()
            t.step(30)
            let midway = (layer.activeTime(ofAnimationForKey: "turn")!, layer.renderedProperties.transform)
            t.step(40)
            return midway
        }
        #expect((layer.animationKeys() ?? []).isEmpty, "the animation ran to its end")
        #expect(count.value == 2)
        #expect(shown == Transform3D.interpolate(from: from, to: to, fraction: time))
    }

    @Test func transformAnimationFromTheModelDecomposesAgainOnlyWhenTheModelChanges() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let count = DecompositionCount()
        count.counting {
            layer.transform = Self.transforms[1]
            layer.add(BasicAnimation(.transform, to: Self.transforms[6], duration: 1), forKey: "spin")
            t.startFrame()
            t.step(20)
        }
        #expect(count.value == 2)
        count.counting {
            layer.transform = Self.transforms[2]
            t.step(20)
        }
        #expect(count.value == 4)
    }

    @Test func keyframeTransformAnimationDecomposesEachSegmentsEndsOnce() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let keyframes = KeyframeAnimation(LayerProperty<Transform3D>.transform)
        keyframes.values = [Self.transforms[0], Self.transforms[4], Self.transforms[7]]
        keyframes.duration = 1
        let count = DecompositionCount()
        let (time, shown) = count.counting {
            layer.add(keyframes, forKey: "path")
            t.startFrame()
            t.step(45)
            let midway = (layer.activeTime(ofAnimationForKey: "path")!, layer.renderedProperties.transform)
            t.step(30)
            return midway
        }
        #expect(count.value == 4)
        #expect(shown == keyframes.value(atFraction: time))
    }

    @Test func rotationPropertiesKeepTheirCoreAnimationNamesAndAdditivity() {
        let properties = [LayerProperty<CGFloat>.transformRotationX, .transformRotationY, .transformRotationZ]
        #expect(properties.map(\.name) == ["transform.rotation.x", "transform.rotation.y", "transform.rotation.z"])
        #expect(properties.map(\.isAdditiveInViewAnimations) == [false, false, true])
        #expect(properties.allSatisfy { $0.storageOffset == nil })
    }

    @Test func rotationPropertiesReadTheAngleAboutTheirAxis() {
        var state = LayerProperties()
        state.transform = Transform3D(rotationAngle: 0.3, x: 1, y: 0, z: 0)
        #expect(LayerProperty<CGFloat>.transformRotationX.get(state) == CGFloat(Foundation.atan2(Double(state.transform.m23), Double(state.transform.m22))))
        #expect(abs(LayerProperty<CGFloat>.transformRotationX.get(state) - 0.3) < 1e-15)
        state.transform = Transform3D(rotationAngle: -0.8, x: 0, y: 1, z: 0)
        #expect(abs(LayerProperty<CGFloat>.transformRotationY.get(state) - -0.8) < 1e-15)
        state.transform = Transform3D(rotationAngle: 2.5, x: 0, y: 0, z: 1).scaledBy(x: 3, y: 3)
        #expect(abs(LayerProperty<CGFloat>.transformRotationZ.get(state) - 2.5) < 1e-15)
    }

    @Test func rotationPropertiesWriteARotationKeepingTheTranslationAndForZTheScale() {
        let start = Transform3D(scaleX: 2, y: 2).translatedBy(x: 5, y: 6, z: 7)
        func written(_ property: LayerProperty<CGFloat>, _ angle: CGFloat) -> Transform3D {
            var state = LayerProperties()
            state.transform = start
            property.set(&state, angle)
            return state.transform
        }
        func withStartTranslation(_ r: Transform3D) -> Transform3D {
            var r = r
            r.m41 = start.m41; r.m42 = start.m42; r.m43 = start.m43
            return r
        }
        #expect(written(.transformRotationX, 0.5) == withStartTranslation(Transform3D(rotationAngle: 0.5, x: 1, y: 0, z: 0)))
        #expect(written(.transformRotationY, .pi) == withStartTranslation(Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)))
        #expect(written(.transformRotationZ, 0.5)
                == withStartTranslation(Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1).scaledBy(x: 2, y: 2)))
    }
}
