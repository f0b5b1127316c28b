import Foundation
import Testing
import SegueAnimation

/// "transform.scale(.x/.y/.z)" and "transform.translation.x/y/z" as typed scalar properties.
@Suite struct TransformComponentPropertyTests {
    @Test func scaleAndTranslationPropertiesKeepTheirCoreAnimationNames() {
        let properties = [LayerProperty<CGFloat>.transformScale, .transformScaleX, .transformScaleY, .transformScaleZ,
                          .transformTranslationX, .transformTranslationY, .transformTranslationZ]
        #expect(properties.map(\.name) == ["transform.scale", "transform.scale.x", "transform.scale.y",
                                           "transform.scale.z", "transform.translation.x",
                                           "transform.translation.y", "transform.translation.z"])
        #expect(properties.allSatisfy { !$0.isAdditiveInViewAnimations && $0.storageOffset == nil })
    }

    @Test func scalePropertiesReadEachAxisAndTheAverageOfTheThree() {
        var state = LayerProperties()
        // Scaled first, then rotated about z, then moved: each row is its axis's scale times a unit vector.
        state.transform = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1).scaledBy(x: 2, y: 4, z: 6)
            .translatedBy(x: 7, y: 8, z: 9)
        #expect(abs(LayerProperty<CGFloat>.transformScaleX.get(state) - 2) < 1e-15)
        #expect(abs(LayerProperty<CGFloat>.transformScaleY.get(state) - 4) < 1e-15)
        #expect(LayerProperty<CGFloat>.transformScaleZ.get(state) == 6)
        #expect(abs(LayerProperty<CGFloat>.transformScale.get(state) - 4) < 1e-15)
    }

    @Test func writingAnAxisScaleScalesThatRowKeepingRotationAndTranslation() {
        let rotation = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
        var state = LayerProperties()
        state.transform = rotation.translatedBy(x: 5, y: 6)   // translation (5, 6) applied first, rotated
        LayerProperty<CGFloat>.transformScaleX.set(&state, 3)
        let expected = rotation.translatedBy(x: 5, y: 6).scaledBy(x: 3, y: 1)
        #expect(state.transform.components.indices.allSatisfy {
            abs(state.transform.components[$0] - expected.components[$0]) < 1e-15
        })
    }

    @Test func writingTheUniformScaleOfTheIdentityMakesCoreAnimationsUniformScale() {
        var state = LayerProperties()
        LayerProperty<CGFloat>.transformScale.set(&state, 2)
        #expect(state.transform == Transform3D(scaleX: 2, y: 2, z: 2))
    }

    @Test func writingAScaleOnAFlattenedAxisRestoresTheAxis() {
        var state = LayerProperties()
        state.transform = Transform3D(scaleX: 0, y: 1)
        LayerProperty<CGFloat>.transformScaleX.set(&state, 0.5)
        #expect(state.transform == Transform3D(scaleX: 0.5, y: 1))
    }

    @Test func translationPropertiesReadAndWriteTheLastRow() {
        var state = LayerProperties()
        state.transform = Transform3D(scaleX: 2, y: 2).translatedBy(x: 1, y: 2, z: 3)
        #expect(LayerProperty<CGFloat>.transformTranslationX.get(state) == 2)
        #expect(LayerProperty<CGFloat>.transformTranslationY.get(state) == 4)
        #expect(LayerProperty<CGFloat>.transformTranslationZ.get(state) == 3)
        LayerProperty<CGFloat>.transformTranslationX.set(&state, 10)
        LayerProperty<CGFloat>.transformTranslationY.set(&state, 20)
        LayerProperty<CGFloat>.transformTranslationZ.set(&state, 30)
        var expected = Transform3D(scaleX: 2, y: 2)
        expected.m41 = 10; expected.m42 = 20; expected.m43 = 30
        #expect(state.transform == expected)
    }
}
