import Foundation
import Testing
@testable import SegueAnimation

@MainActor
@Suite struct LayerTimeTests {
    @Test func frozenParentScrubsDescendantsThroughItsTimeOffset() {
        let t = TestTree()
        let container = t.addLayer(CGRect(x: 0, y: 0, width: 800, height: 600))
        let page = t.addLayer(CGRect(x: 0, y: 0, width: 800, height: 600), to: container)
        let child = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 100), to: page)

        // The page slides linearly, its child eases in: both over 0.5 s.
        page.add(BasicAnimation(.positionX, from: 400, to: 1200, duration: 0.5), forKey: "slide")
        child.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.5, timingFunction: .easeIn), forKey: "fade")
        // As in a transition, the model holds the end state.
        page.position.x = 1200
        child.opacity = 1
        // Frozen in the same turn, as a percent-driven transition does right after animateTransition.
        container.speed = 0
        container.timeOffset = 0
        t.step(30)  // Wall time moves on; the frozen subtree does not.
        #expect(page.renderedProperties.position.x == 400)

        for percent in [0.1, 0.5, 1.0] {
            container.timeOffset = percent * 0.5
            t.step()
            #expect(abs(page.renderedProperties.position.x - (400 + 800 * percent)) < 1e-9)
            #expect(abs(child.renderedProperties.opacity - MediaTimingFunction.easeIn.value(at: percent)) < 1e-9)
        }
        // At 100 % while frozen nothing completes, so scrubbing back still works.
        #expect(page.animation(forKey: "slide") != nil)
        container.timeOffset = 0.25
        t.step()
        #expect(abs(page.renderedProperties.position.x - 800) < 1e-9)
    }

    @Test func resumingAFrozenParentLetsAnimationsFinish() {
        let t = TestTree()
        let container = t.addLayer(CGRect(x: 0, y: 0, width: 800, height: 600))
        let page = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 100), to: container)
        var finished: [Bool] = []
        let slide = BasicAnimation(.positionX, from: 0, to: 100, duration: 0.5)
        slide.completion = { finished.append($0) }
        page.add(slide, forKey: "slide")
        container.speed = 0
        t.step()
        container.timeOffset = 0.25
        t.step(10)
        #expect(finished.isEmpty)
        // Resume from the frozen instant: local time continues from 0.25 s.
        let now = t.clock.now
        container.speed = 1
        container.timeOffset = 0.25
        container.beginTime = now
        t.step(14)  // 0.25 + 14/60 = 0.483 s
        #expect(finished.isEmpty)
        t.step()   // 0.5 s
        #expect(finished == [true])
        #expect(!page.hasAnimations)
    }

    @Test func convertTimeFollowsSpeedsAndOffsets() {
        let t = TestTree()
        let a = t.addLayer(.zero)
        a.speed = 2
        a.beginTime = 1
        let b = t.addLayer(.zero, to: a)
        b.timeOffset = 3
        #expect(b.convertTime(5, from: nil) == (5 - 1) * 2 + 3)
        #expect(a.convertTime(11, from: b) == 8)
        #expect(b.convertTime(11, to: nil) == 5)
        #expect(t.root.convertTime(2, from: nil) == 2)
    }

    @Test func delayedAnimationFillsBackwards() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let move = BasicAnimation(.positionX, from: 0, to: 60, duration: 1)
        move.fillMode = .backwards
        layer.add(move, forKey: "move", delay: 0.5)
        layer.position.x = 60
        t.step()    // The frame the animation begins: its delay starts now.
        t.step(15)  // 0.25 s: still in the delay, the from value shows.
        #expect(layer.renderedProperties.position.x == 0)
        t.step(45)  // 1.0 s: half way.
        #expect(abs(layer.renderedProperties.position.x - 30) < 1e-9)
    }

    @Test func repeatAndAutoreverseFoldTime() {
        var timing = MediaTimingValues()
        timing.duration = 1
        timing.repeatCount = 2
        timing.autoreverses = true
        #expect(timing.activeDuration == 4)
        #expect(timing.position(atActiveTime: 0.25) == .active(0.25))
        #expect(timing.position(atActiveTime: 1.25) == .active(0.75))
        #expect(timing.position(atActiveTime: 2.5) == .active(0.5))
        #expect(timing.position(atActiveTime: 4.5) == .after)
        #expect(timing.position(atActiveTime: -1) == .before)
        timing.fillMode = .both
        #expect(timing.position(atActiveTime: 4.5) == .active(0))
        #expect(timing.position(atActiveTime: -1) == .active(0))
        timing.autoreverses = false
        #expect(timing.position(atActiveTime: 9) == .active(1))
    }
}
