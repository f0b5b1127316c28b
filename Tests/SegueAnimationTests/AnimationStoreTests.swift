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

/// The store's rebuild walks only the animated subtrees and their ancestors: a long list of still rows
/// costs nothing when one row starts to move.
@MainActor
@Suite struct AnimationStoreRebuildTests {
    /// 100 rows of 10 cells under one column, all still.
    func makeRows(_ t: TestTree) -> (column: Layer, rows: [Layer]) {
        let column = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 3200))
        let rows = (0..<100).map { i in t.addLayer(CGRect(x: 0, y: Double(i) * 32, width: 100, height: 32), to: column) }
        for row in rows {
            for j in 0..<10 { _ = t.addLayer(CGRect(x: Double(j) * 10, y: 0, width: 10, height: 10), to: row) }
        }
        return (column, rows)
    }

    @Test func aRebuildVisitsTheAnimatedLayersAndTheirAncestorsOnly() {
        let t = TestTree()
        let (_, rows) = makeRows(t)
        t.startFrame()
        #expect(t.tree.store.visitedInLastRebuild == 1)   // the root only: nothing animates
        let cell = rows[57].sublayers[3]
        cell.add(BasicAnimation(.positionX, from: 0, to: 50, duration: 1), forKey: "move")
        t.step()
        // The root, the column, row 57 and its cell: 4 of the 1,102 layers.
        #expect(t.tree.store.visitedInLastRebuild == 4)
        #expect(t.tree.store.slots.count == 1)
        rows[3].add(BasicAnimation(.opacity, from: 1, to: 0, duration: 1), forKey: "fade")
        t.step()
        // Row 3 joins (its still cells do not): the root, the column, rows 3 and 57, and the cell.
        #expect(t.tree.store.visitedInLastRebuild == 5)
        #expect(t.tree.store.slots.count == 2)
    }

    @Test func aLayerWhoseLastAnimationGoesShowsItsModelAtOnce() {
        let t = TestTree()
        let (_, rows) = makeRows(t)
        let row = rows[10]
        // A transform animation has no fast path: the layer's presentation is computed whole.
        row.add(BasicAnimation(.transform, from: .identity, to: Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1), duration: 1),
                forKey: "turn")
        t.startFrame()
        t.step(15)
        #expect(row.renderedProperties.transform != .identity)
        row.removeAnimation(forKey: "turn")
        #expect(row.renderedProperties.transform == .identity)
        t.step()
        // The rebuild no longer visits the row (nothing below the root animates), and it still shows its model.
        #expect(t.tree.store.visitedInLastRebuild == 1)
        #expect(row.renderedProperties.transform == .identity && row.renderedProperties == row.model)
    }
}
