import Foundation
import Testing
@testable import SegueAnimation

/// `LayerTree.needsNextFrame`: what lets a host sleep between frames (frames on demand).
@MainActor
@Suite struct FrameDemandTests {
    @Test func aStillTreeNeedsNoFrameAndAnAnimatedOneNeedsFramesUntilItsAnimationEnds() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        t.step()
        #expect(!t.tree.needsNextFrame)
        layer.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.1), forKey: "fade")
        #expect(t.tree.needsNextFrame)
        t.step(3)
        #expect(t.tree.needsNextFrame)
        t.step(10)   // past its end: the callbacks phase removed it
        #expect(!t.tree.needsNextFrame)
    }

    @Test func anActiveDisplayLinkNeedsFramesAPausedOneDoesNot() {
        let t = TestTree()
        t.step()
        let link = DisplayLink { _ in }
        link.add(to: t.tree)
        #expect(t.tree.needsNextFrame)
        link.isPaused = true
        #expect(!t.tree.needsNextFrame)
        link.isPaused = false
        link.invalidate()
        #expect(!t.tree.needsNextFrame)
    }

    @Test func aQueuedCallbackNeedsTheNextFrame() {
        let t = TestTree()
        t.step()
        Transaction.enqueueCallback {}
        #expect(t.tree.needsNextFrame)
        t.step()
        #expect(!t.tree.needsNextFrame)
        // Queued for this tree (a container's work) outside any frame: this tree needs its frame; another
        // tree does not (the callback is not its to run).
        let other = TestTree()
        other.step()
        t.tree.enqueueCallback {}
        #expect(t.tree.needsNextFrame && !other.tree.needsNextFrame)
        other.step()
        #expect(t.tree.needsNextFrame)
        t.step()
        #expect(!t.tree.needsNextFrame)
    }

    @Test func aLayerThatLeftTheTreeWithAnAnimationNeedsAFrameToStopIt() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 10), forKey: "fade")
        t.step()
        layer.removeFromSuperlayer()
        #expect(t.tree.needsNextFrame)
        t.step()
        #expect(!t.tree.needsNextFrame)
    }
}
