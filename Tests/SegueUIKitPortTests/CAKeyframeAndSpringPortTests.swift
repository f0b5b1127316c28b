// Keyframe and spring layer animations as tutorials write them, compiled through `import SegueUIKit`.
// Changes Swift on Linux forces: none.
import Testing
import SegueUIKit

/// How close an animated value must be to the expected one: absorbs the rounding of frame times.
private let tolerance = 1e-9
/// How close an animated opacity must be: `CALayer.opacity` is a `Float` (24-bit significand).
private let floatTolerance: Float = 1e-6

@MainActor
@Suite struct CAKeyframeAndSpringPortTests {
    @Test func opacityKeyframesPassThroughEachValueAtItsKeyTime() {
        let scene = CoreAnimationTestScene()
        let pulse = CAKeyframeAnimation(keyPath: "opacity")
        pulse.values = [0.0, 1.0, 0.5]
        pulse.keyTimes = [0, 0.5, 1]
        pulse.duration = 1
        scene.layer.add(pulse, forKey: "pulse")
        scene.startFrame()
        #expect(scene.layer.presentation()?.opacity == 0)
        scene.step(seconds: 0.25)
        #expect(abs((scene.layer.presentation()?.opacity ?? -1) - 0.5) < floatTolerance)
        scene.step(seconds: 0.25)
        #expect(abs((scene.layer.presentation()?.opacity ?? -1) - 1) < floatTolerance)
        scene.step(seconds: 0.25)
        #expect(abs((scene.layer.presentation()?.opacity ?? -1) - 0.75) < floatTolerance)
    }

    @Test func discreteKeyframesHoldEachValueUntilTheNextKeyTime() {
        let scene = CoreAnimationTestScene()
        let steps = CAKeyframeAnimation(keyPath: "position.x")
        steps.values = [0, 100, 200]
        steps.calculationMode = .discrete
        steps.duration = 1
        scene.layer.add(steps, forKey: nil)
        scene.startFrame()
        scene.step(seconds: 0.25)
        #expect(scene.layer.presentation()?.position.x == 0)
        scene.step(seconds: 0.5)
        #expect(scene.layer.presentation()?.position.x == 100)
    }

    @Test func keyframeSegmentsFollowTheirTimingFunctions() {
        let scene = CoreAnimationTestScene()
        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)]
        move.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .linear)]
        move.duration = 2
        scene.layer.add(move, forKey: nil)
        scene.startFrame()
        scene.step(seconds: 0.5)   // A quarter of the whole: half of the first segment, eased out.
        let x = scene.layer.presentation()?.position.x ?? -1
        #expect(abs(x - 100 * MediaTimingFunction.easeOut.value(at: 0.5)) < tolerance)
        scene.step(seconds: 1)     // Three quarters: half of the second segment, linear.
        let p = scene.layer.presentation()!
        #expect(p.position.x == 100 && abs(p.position.y - 50) < tolerance)
    }

    @Test func springOnTransformScaleFollowsTheSpringSimulation() {
        let scene = CoreAnimationTestScene()
        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.fromValue = 0.5
        spring.toValue = 1
        spring.damping = 8
        spring.stiffness = 200
        spring.initialVelocity = 2
        spring.duration = spring.settlingDuration
        scene.layer.add(spring, forKey: "pop")
        scene.startFrame()
        let simulation = SpringSimulation(spring: Spring(mass: 1, stiffness: 200, damping: 8), initialVelocity: 2)
        for seconds in [0.1, 0.2, 0.3] {
            scene.step(seconds: 0.1)
            let expected = 0.5 + 0.5 * simulation.value(at: seconds)
            let t = scene.layer.presentation()!.transform
            #expect(abs(t.m11 - expected) < tolerance && abs(t.m22 - expected) < tolerance && abs(t.m33 - expected) < tolerance)
        }
        #expect(spring.settlingDuration == Spring(mass: 1, stiffness: 200, damping: 8).settlingDuration(initialVelocity: 2))
    }

    @Test func springOnPositionWithoutADurationLastsItsSettlingDuration() {
        let scene = CoreAnimationTestScene()
        let spring = CASpringAnimation(keyPath: "position")
        spring.fromValue = CGPoint(x: 0, y: 0)
        spring.toValue = CGPoint(x: 100, y: 50)
        scene.layer.add(spring, forKey: "move")
        #expect(scene.layer.animation(forKey: "move")?.duration == spring.settlingDuration)
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10 && spring.initialVelocity == 0)
        scene.startFrame()
        scene.step(seconds: 0.2)
        let fraction = SpringSimulation(spring: Spring()).value(at: 0.2)
        let p = scene.layer.presentation()!.position
        #expect(abs(p.x - 100 * fraction) < tolerance && abs(p.y - 50 * fraction) < tolerance)
    }

    @Test func beginTimeFromCurrentMediaTimeDelaysTheAnimation() {
        let scene = CoreAnimationTestScene()
        scene.window.makeKeyAndVisible()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 0
        animation.toValue = 100
        animation.duration = 1
        animation.beginTime = CACurrentMediaTime() + 0.5
        animation.fillMode = .backwards
        scene.layer.add(animation, forKey: nil)
        scene.step(seconds: 0.25)
        #expect(scene.layer.presentation()?.position.x == 0)   // Filled backwards before it begins.
        scene.step(seconds: 0.75)
        #expect(abs((scene.layer.presentation()?.position.x ?? -1) - 50) < tolerance)
    }
}

@MainActor
@Suite struct CAClassicSnippetPortTests {
    /// The card flip of countless tutorials: perspective on the superlayer, "transform.rotation.y" from 0
    /// to π, repeating and autoreversing.
    @Test func perspectiveFlipTurnsAboutYAndComesBack() {
        let scene = CoreAnimationTestScene()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / CGFloat(500)
        scene.window.layer.sublayerTransform = perspective
        let flip = CABasicAnimation(keyPath: "transform.rotation.y")
        flip.fromValue = 0
        flip.toValue = CGFloat.pi
        flip.duration = 1
        flip.repeatCount = .infinity
        flip.autoreverses = true
        flip.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName.linear)
        flip.fillMode = CAMediaTimingFillMode.both
        scene.layer.add(flip, forKey: "flip")
        scene.startFrame()
        scene.step(seconds: 1.5)   // Half way back.

        let shown = scene.layer.presentation()!.transform
        let expected = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        #expect(zip(shown.components, expected.components).allSatisfy { abs($0 - $1) < tolerance })
        scene.layer.removeAnimation(forKey: "flip")
        #expect(scene.layer.animationKeys() == nil)
        #expect(CATransform3DIsIdentity(scene.layer.presentation()!.transform))
    }
}
