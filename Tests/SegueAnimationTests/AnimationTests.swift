import Foundation
import Testing
@testable import SegueAnimation

@MainActor
@Suite struct AnimationTests {
    @Test func basicAnimationCombinesFromToByAsCoreAnimation() {
        let a = BasicAnimation(.positionX)
        a.fromValue = 10; a.byValue = 5
        #expect(a.endpoints(current: 99) == (10, 15))
        a.fromValue = nil; a.toValue = 30
        #expect(a.endpoints(current: 99) == (25, 30))
        a.byValue = nil
        #expect(a.endpoints(current: 99) == (99, 30))
        a.isAdditive = true
        #expect(a.endpoints(current: 99) == (0, 30))
    }

    @Test func keyframesInterpolateBetweenKeyTimes() {
        let k = KeyframeAnimation(.positionX)
        k.values = [0, 100, 50]
        k.keyTimes = [0, 0.25, 1]
        #expect(k.value(atFraction: 0.125) == 50)
        #expect(k.value(atFraction: 0.625) == 75)
        #expect(k.value(atFraction: 1) == 50)
        k.calculationMode = .discrete
        #expect(k.value(atFraction: 0.2) == 0)
        #expect(k.value(atFraction: 0.3) == 100)
        k.calculationMode = .linear
        k.timingFunctions = [.easeIn, .linear]
        #expect(abs(k.value(atFraction: 0.125) - 100 * MediaTimingFunction.easeIn.value(at: 0.5)) < 1e-12)
    }

    /// The cubic mode: a Catmull-Rom spline through the keyframes at their key times, starting and ending
    /// at rest. Through 0, 10, 40 evenly: the middle keyframe's tangent is (40 - 0) / 1 per unit of time,
    /// so over a segment of 0.5 its Bezier control points sit 40 x 0.5 / 3 = 6.667 from it; at a quarter
    /// (half way through the first segment, control points 0, 0, 3.333, 10) the Bezier gives
    /// (0 + 3 x 0 + 3 x 3.333 + 10) / 8 = 2.5, and at three quarters (10, 16.667, 40, 40) it gives 27.5, where
    /// the chords give 5 and 25.
    @Test func theCubicModeIsASplineThroughTheKeyframes() {
        let k = KeyframeAnimation(.positionX)
        k.values = [0, 10, 40]
        k.calculationMode = .cubic
        #expect(abs(k.value(atFraction: 0.25) - 2.5) < 1e-12)
        #expect(abs(k.value(atFraction: 0.75) - 27.5) < 1e-12)
        for (f, v) in [(0.0, 0.0), (0.5, 10.0), (1.0, 40.0)] { #expect(abs(k.value(atFraction: f) - v) < 1e-12) }
        // A value that holds between keyframes stays put, and the turn into it does not overshoot.
        let hold = KeyframeAnimation(.positionX)
        hold.values = [0, 90, 90]
        hold.keyTimes = [0, 1.0 / 3, 1]
        hold.calculationMode = .cubic
        #expect((0...100).allSatisfy { hold.value(atFraction: Double($0) / 100) <= 90 + 1e-9 })
        #expect(hold.value(atFraction: 0.6) == 90)
        // The evaluator the presentation pass uses agrees.
        let t = TestTree()
        let layer = Layer()
        t.root.addSublayer(layer)
        k.duration = 1
        layer.add(k, forKey: "x")
        t.startFrame()
        t.step(15)   // 0.25 s
        #expect(abs(layer.renderedProperties.position.x - 2.5) < 1e-9)
    }

    /// The paced modes ignore key times and timing functions: an even speed along the values. 0, 10, 40:
    /// 10 of 40 points, so the middle keyframe is reached at a quarter of the duration.
    @Test func thePacedModesMoveAtAnEvenSpeed() {
        let k = KeyframeAnimation(.positionX)
        k.values = [0, 10, 40]
        k.keyTimes = [0, 0.9, 1]
        k.timingFunctions = [.easeIn, .easeOut]
        k.calculationMode = .paced
        #expect(abs(k.value(atFraction: 0.25) - 10) < 1e-12)
        #expect(abs(k.value(atFraction: 0.5) - 20) < 1e-12)
        #expect(abs(k.value(atFraction: 0.125) - 5) < 1e-12)
        k.calculationMode = .cubicPaced
        #expect(abs(k.value(atFraction: 0.25) - 10) < 1e-12)
        #expect(abs(k.value(atFraction: 1) - 40) < 1e-12)
        // Points pace by their distance: (0,0) -> (3,4) -> (3,14) is 5 then 10.
        let p = KeyframeAnimation(.position)
        p.values = [.zero, CGPoint(x: 3, y: 4), CGPoint(x: 3, y: 14)]
        p.calculationMode = .paced
        #expect(p.value(atFraction: 1.0 / 3) == CGPoint(x: 3, y: 4))
    }

    @Test func groupRunsChildrenOnItsOwnTimeline() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let move = BasicAnimation(.positionX, from: 0, to: 100, duration: 1)
        let fade = BasicAnimation(.opacity, from: 1, to: 0, duration: 0.5)
        fade.beginTime = 0.5
        let group = AnimationGroup([move, fade])
        #expect(group.duration == 1)
        var done: [Bool] = []
        group.completion = { done.append($0) }
        layer.add(group, forKey: "g")
        t.startFrame()
        t.step(45)  // 0.75 s
        #expect(abs(layer.renderedProperties.position.x - 75) < 1e-9)
        #expect(abs(layer.renderedProperties.opacity - 0.5) < 1e-9)
        t.step(15)
        #expect(done == [true])
    }

    @Test func presentationHitTestingFollowsTheLayersAnimationsAndIsCopiedOnAdd() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.add(BasicAnimation(.positionX, from: 0, to: 100, duration: 1), forKey: "model")
        #expect(!layer.hitTestsPresentationGeometry)
        let caught = BasicAnimation(.positionX, from: 0, to: 100, duration: 1)
        caught.hitTestsPresentation = true
        layer.add(caught, forKey: "caught")
        #expect(layer.animation(forKey: "caught")?.hitTestsPresentation == true)
        #expect(layer.hitTestsPresentationGeometry)
        t.startFrame()
        t.step(30)
        #expect(layer.hitTestingProperties == layer.renderedProperties)
        #expect(layer.hitTestingProperties.position.x != layer.model.position.x)
        layer.removeAnimation(forKey: "caught")
        #expect(!layer.hitTestsPresentationGeometry)
        #expect(layer.hitTestingProperties == layer.model)
    }

    @Test func springAnimationDefaultsToItsSettlingDurationAndEndsAtTarget() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let spring = SpringAnimation(.positionX)
        spring.fromValue = 0
        spring.toValue = 100
        spring.spring = Spring(dampingRatio: 0.5, response: 0.4)
        var overshot = false
        var done = false
        spring.completion = { done = $0 }
        layer.add(spring, forKey: "s")
        #expect(spring.duration == 0)  // the layer keeps a copy
        #expect(layer.animation(forKey: "s")?.duration == spring.settlingDuration)
        t.startFrame()
        let start = t.clock.now
        for _ in 0..<600 where !done {
            t.step()
            if layer.hasAnimations && layer.renderedProperties.position.x > 100.5 { overshot = true }
        }
        #expect(overshot)
        #expect(t.clock.now - start >= spring.settlingDuration)
        #expect(t.clock.now - start < spring.settlingDuration + 1.0 / 60 + 1e-9)
    }

    @Test func replacingAnAnimationStopsTheOldOneUnfinished() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        let first = BasicAnimation(.opacity, from: 1, to: 0, duration: 1)
        first.completion = { log.append("first \($0)") }
        let second = BasicAnimation(.opacity, from: 0, to: 1, duration: 1)
        second.completion = { log.append("second \($0)") }
        layer.add(first, forKey: "fade")
        layer.add(second, forKey: "fade")
        #expect(log.isEmpty)  // stop callbacks never run inside the call
        t.step()
        #expect(log == ["first false"])
        layer.removeAnimation(forKey: "fade")
        layer.removeAnimation(forKey: "fade")
        t.step()
        #expect(log == ["first false", "second false"])
    }

    @Test func completionsRunInTheOrderAnimationsEnd() {
        let t = TestTree()
        let a = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        func animation(_ name: String, _ duration: Double) -> Animation {
            let anim = BasicAnimation(.positionX, from: 0, to: 1, duration: duration)
            anim.completion = { log.append("\(name):\($0)") }
            return anim
        }
        a.add(animation("a-long", 0.5), forKey: nil)
        b.add(animation("b-short", 0.25), forKey: nil)
        a.add(animation("a-short", 0.25), forKey: nil)
        t.startFrame()
        t.step(15)
        #expect(log == ["a-short:true", "b-short:true"])
        t.step(15)
        #expect(log == ["a-short:true", "b-short:true", "a-long:true"])
        t.step(60)
        #expect(log.count == 3)
    }

    @Test func layerThatLeavesTheTreeStopsItsAnimationsUnfinished() {
        let t = TestTree()
        let parent = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let child = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10), to: parent)
        let other = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        var log: [Bool] = []
        let anim = BasicAnimation(.positionX, from: 0, to: 1, duration: 1)
        anim.completion = { log.append($0) }
        child.add(anim, forKey: "a")
        // Moving within the tree in one turn keeps it running.
        other.addSublayer(child)
        t.step()
        #expect(log.isEmpty && child.hasAnimations)
        parent.removeFromSuperlayer()
        other.removeFromSuperlayer()
        t.step()
        #expect(log == [false])
    }
}
