// Core Animation layer animations as tutorials write them, compiled through `import SegueUIKit`.
// Changes Swift on Linux forces: none (the delegate needs no `NSObject`).
import Testing
import SegueUIKit

/// How close an animated value must be to the expected one: absorbs the rounding of frame times
/// (k / 60 s is rarely exact in binary).
private let tolerance = 1e-9
/// How close an animated opacity must be: `CALayer.opacity` is a `Float` (24-bit significand).
private let floatTolerance: Float = 1e-6

@MainActor
@Suite struct CABasicAnimationPortTests {
    @Test func positionXAnimationIsHalfWayAtHalfItsDurationThroughThePresentationLayer() {
        let scene = CoreAnimationTestScene()
        let layer = scene.layer
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 0
        animation.toValue = 100
        animation.duration = 1
        layer.add(animation, forKey: "slide")
        scene.startFrame()
        scene.step(seconds: 0.5)

        #expect(abs((layer.presentation()?.position.x ?? -1) - 50) < tolerance)
        if let p = layer.presentation() {
            #expect(abs(p.position.x - 50) < tolerance)
            #expect(p.position.y == 10)
        } else {
            Issue.record("presentation() returned nil")
        }
        #expect(layer.position.x == 10)   // The model is untouched.
        #expect(layer.animationKeys() == ["slide"])
    }

    @Test func animationEndsAtItsModelValueAndTellsItsDelegateAboutTheCopy() {
        final class Delegate: CAAnimationDelegate {
            var stopped: [(CAAnimation, Bool)] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append((anim, flag)) }
        }
        let scene = CoreAnimationTestScene()
        let delegate = Delegate()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.duration = 0.5
        animation.delegate = delegate
        scene.layer.add(animation, forKey: nil)
        scene.startFrame()
        scene.step(seconds: 0.25)
        #expect(abs((scene.layer.presentation()?.opacity ?? -1) - 0.5) < floatTolerance)
        scene.step(seconds: 0.25)

        #expect(delegate.stopped.count == 1)
        #expect(delegate.stopped.first?.1 == true)
        #expect(delegate.stopped.first?.0 is CABasicAnimation)
        #expect(delegate.stopped.first?.0 !== animation)
        #expect(scene.layer.animationKeys() == nil)
        #expect(scene.layer.presentation()?.opacity == 1)
    }

    @Test func numbersOfEverySwiftAndFoundationTypeAreAccepted() {
        let scene = CoreAnimationTestScene()
        let values: [Any] = [CGFloat(10), 20.0, Float(30), 40, NSNumber(value: 50)]
        for (index, value) in values.enumerated() {
            let animation = CABasicAnimation(keyPath: "cornerRadius")
            animation.fromValue = value
            animation.toValue = value
            animation.duration = 1
            scene.layer.add(animation, forKey: "radius")
            #expect(scene.layer.presentation()?.cornerRadius == CGFloat(10 * (index + 1)))
        }
    }

    @Test func valuesOfEachPropertyTypeAnimate() {
        let scene = CoreAnimationTestScene()
        let layer = scene.layer
        func animate(_ keyPath: String, from: Any, to: Any) {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = 1
            layer.add(animation, forKey: keyPath)
        }
        animate("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 200))
        animate("bounds.size", from: CGSize(width: 0, height: 0), to: CGSize(width: 40, height: 80))
        animate("shadowOffset", from: CGSize(width: 0, height: 0), to: CGSize(width: 4, height: 8))
        animate("backgroundColor", from: UIColor.black.cgColor, to: UIColor.white)
        animate("transform", from: CATransform3DIdentity, to: CATransform3DMakeTranslation(10, 20, 30))
        animate("transform.rotation", from: 0, to: Double.pi)
        animate("transform.translation.y", from: 0, to: 40)   // After "transform.rotation": both apply.
        scene.startFrame()
        scene.step(seconds: 0.5)

        let p = layer.presentation()!
        #expect(abs(p.position.x - 50) < tolerance && abs(p.position.y - 100) < tolerance)
        #expect(abs(p.bounds.width - 20) < tolerance && abs(p.bounds.height - 40) < tolerance)
        #expect(abs(p.shadowOffset.width - 2) < tolerance && abs(p.shadowOffset.height - 4) < tolerance)
        let color = p.backgroundColor!
        #expect(abs(color.red - 0.5) < tolerance && abs(color.green - 0.5) < tolerance && color.alpha == 1)
        // "transform.rotation" replaced the transform by a rotation of π/2 (keeping its translation);
        // "transform.translation.y" then set m42.
        #expect(abs(p.transform.m11) < tolerance && abs(p.transform.m12 - 1) < tolerance)
        #expect(abs(p.transform.m41 - 5) < tolerance && abs(p.transform.m42 - 20) < tolerance)
        #expect(abs(p.transform.m43 - 15) < tolerance)
    }

    @Test func byValueAloneAnimatesFromTheModelValue() {
        let scene = CoreAnimationTestScene()
        let animation = CABasicAnimation(keyPath: "position.y")
        animation.byValue = 60
        animation.duration = 1
        scene.layer.add(animation, forKey: nil)
        scene.startFrame()
        scene.step(seconds: 0.5)
        #expect(abs((scene.layer.presentation()?.position.y ?? -1) - 40) < tolerance)   // 10 + 60 / 2
    }

    @Test func additiveAnimationAddsToTheModelValue() {
        let scene = CoreAnimationTestScene()
        let shake = CABasicAnimation(keyPath: "position.x")
        shake.fromValue = 0
        shake.toValue = 8
        shake.isAdditive = true
        shake.duration = 1
        scene.layer.add(shake, forKey: "shake")
        scene.startFrame()
        scene.step(seconds: 0.5)
        #expect(abs((scene.layer.presentation()?.position.x ?? -1) - 14) < tolerance)   // 10 + 8 / 2
    }

    @Test func fillModeForwardsWithoutRemovalKeepsTheEndValue() {
        let scene = CoreAnimationTestScene()
        let animation = CABasicAnimation(keyPath: "transform.scale")
        animation.toValue = 2
        animation.duration = 0.5
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        scene.layer.add(animation, forKey: "grow")
        scene.startFrame()
        scene.step(seconds: 1)
        #expect(scene.layer.presentation()?.transform == CATransform3DMakeScale(2, 2, 2))
        #expect(scene.layer.animationKeys() == ["grow"])
    }

    @Test func timingFunctionPacesTheAnimation() {
        let scene = CoreAnimationTestScene()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 0
        animation.toValue = 100
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
        scene.layer.add(animation, forKey: nil)
        scene.startFrame()
        scene.step(seconds: 0.25)
        let expected = 100 * MediaTimingFunction.easeIn.value(at: 0.25)
        #expect(abs((scene.layer.presentation()?.position.x ?? -1) - expected) < tolerance)
    }

    @Test func changingTheAnimationAfterAddingItChangesNothingOnScreen() {
        let scene = CoreAnimationTestScene()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 0
        animation.toValue = 100
        animation.duration = 1
        scene.layer.add(animation, forKey: nil)
        animation.toValue = 1000
        scene.startFrame()
        scene.step(seconds: 0.5)
        #expect(abs((scene.layer.presentation()?.position.x ?? -1) - 50) < tolerance)
    }

    @Test func groupRunsBasicAnimationsOnItsTimeline() {
        let scene = CoreAnimationTestScene()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        let group = CAAnimationGroup()
        group.animations = [move, fade]
        group.duration = 2
        scene.layer.add(group, forKey: "both")
        scene.startFrame()
        scene.step(seconds: 1)
        let p = scene.layer.presentation()!
        #expect(abs(p.position.x - 50) < tolerance)
        #expect(abs(p.opacity - 0.5) < floatTolerance)
    }

    @Test func transactionCompletionWaitsForTheAnimation() {
        let scene = CoreAnimationTestScene()
        var completed = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed = true }
        let animation = CABasicAnimation(keyPath: "zPosition")
        animation.toValue = 5
        animation.duration = 0.5
        scene.layer.add(animation, forKey: nil)
        CATransaction.commit()
        scene.startFrame()
        scene.step(seconds: 0.25)
        #expect(!completed)
        scene.step(seconds: 0.25)
        #expect(completed)
    }
}
