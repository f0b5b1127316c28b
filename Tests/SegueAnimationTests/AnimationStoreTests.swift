import Foundation
import Testing
@testable import SegueAnimation

/// The tree's contiguous animation store: what must stay true when the tree changes under it.
@MainActor
@Suite struct AnimationStoreTests {
    @Test func descendantOfARemovedSubtreeShowsItsModel() {
        let t = TestTree()
        let page = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10), to: page)
        let other = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        child.add(BasicAnimation(.positionX, from: 100, to: 200, duration: 1), forKey: "move")
        other.add(BasicAnimation(.positionX, from: 300, to: 400, duration: 1), forKey: "move")
        t.startFrame()
        #expect(child.renderedProperties.position.x == 100)
        page.removeFromSuperlayer()
        t.step()
        // The store was rebuilt without the page: the child's old slot range now belongs to others.
        #expect(child.renderedProperties.position.x == 5)
        #expect(other.renderedProperties.position.x > 300)
    }

    @Test func fastAndClosureAnimationsCompleteInTreeOrder() {
        let t = TestTree()
        let first = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let second = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        // A transform animation has no fast path; a position animation has one.
        let turn = BasicAnimation(.transform, from: .identity, to: Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1), duration: 0.5)
        turn.completion = { _ in log.append("first.turn") }
        first.add(turn, forKey: "turn")
        let move = BasicAnimation(.positionX, from: 0, to: 1, duration: 0.5)
        move.completion = { _ in log.append("second.move") }
        second.add(move, forKey: "move")
        let fade = BasicAnimation(.opacity, from: 1, to: 0, duration: 0.5)
        fade.completion = { _ in log.append("first.fade") }
        first.add(fade, forKey: "fade")
        t.startFrame()
        t.step(30)
        #expect(log == ["first.turn", "first.fade", "second.move"])
    }

    @Test func timingGainedAfterTheFirstFrameIsSeen() {
        let t = TestTree()
        let container = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let page = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10), to: container)
        page.add(BasicAnimation(.positionX, from: 0, to: 100, duration: 1), forKey: "move")
        page.position.x = 100
        t.startFrame()
        t.step(30)
        #expect(abs(page.renderedProperties.position.x - 50) < 1e-9)
        // The container had plain timing, so it had no node of its own; now it freezes.
        container.timeOffset = container.convertTime(t.clock.now, from: nil)
        container.speed = 0
        t.step(30)
        #expect(abs(page.renderedProperties.position.x - 50) < 1e-9)
    }
}
