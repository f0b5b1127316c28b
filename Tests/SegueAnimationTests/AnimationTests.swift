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

    @Test func springAnimationDefaultsToItsSettlingDurationAndEndsAtTarget() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let spring = SpringAnimation(.positionX)
        spring.fromValue = 0
        spring.toValue = 100
        spring.spring = Spring(dampingRatio: 0.5, response: 0.4)
        layer.add(spring, forKey: "s")
        #expect(spring.duration == spring.settlingDuration)
        var overshot = false
        var done = false
        spring.completion = { done = $0 }
        t.startFrame()
        let start = t.clock.now
        while !done {
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
        #expect(log == ["first false"])
        layer.removeAnimation(forKey: "fade")
        layer.removeAnimation(forKey: "fade")
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
