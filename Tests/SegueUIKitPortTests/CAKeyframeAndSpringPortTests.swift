// Keyframe and spring layer animations as tutorials write them, compiled through `import SegueUIKit`.
// Changes Swift on Linux forces: none.
import Testing
import SegueUIKit

/// How close an animated value must be to the expected one: absorbs the rounding of frame times.
private let tolerance = 1e-9

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
        #expect(abs(Double(scene.layer.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
        scene.step(seconds: 0.25)
        #expect(abs(Double(scene.layer.presentation()?.opacity ?? -1) - 1) < 1e-6)
        scene.step(seconds: 0.25)
        #expect(abs(Double(scene.layer.presentation()?.opacity ?? -1) - 0.75) < 1e-6)
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
        #expect(abs(x - 100 * MediaTimingFunction.easeOut.value(at: 0.5)) < 1e-6)
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
            #expect(abs(t.m11 - expected) < 1e-6 && abs(t.m22 - expected) < 1e-6 && abs(t.m33 - expected) < 1e-6)
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
        #expect(abs(p.x - 100 * fraction) < 1e-6 && abs(p.y - 50 * fraction) < 1e-6)
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
        #expect(abs((scene.layer.presentation()?.position.x ?? -1) - 50) < 1e-6)
    }
}
