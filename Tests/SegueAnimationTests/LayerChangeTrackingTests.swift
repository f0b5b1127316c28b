import Foundation
import Testing
import SegueAnimation

/// The change tracking renderers rely on (`subtreeGeneration`, `sublayersGeneration`): what leaves and
/// rejoins a tree.
@MainActor
@Suite struct LayerChangeTrackingTests {
    /// A page of rows, as the push/pop benchmark's: a layer with a few sublayers.
    private func page(in t: TestTree) -> (Layer, [Layer]) {
        let page = t.addLayer(CGRect(x: 0, y: 0, width: 400, height: 300))
        let rows = (0..<3).map { t.addLayer(CGRect(x: 0, y: Double($0) * 32, width: 400, height: 32), to: page) }
        return (page, rows)
    }

    /// Regression: a page that left the window for a frame (a navigation controller removes the page
    /// below a finished push; the next pop adds it back) had every layer of its subtree marked changed
    /// when the tree stopped the animations it did not have, so its rasterized picture was redrawn on
    /// every pop (`segue bench --scene pushpop`: 300 layers redrawn once per navigation).
    @Test func aSubtreeWithoutAnimationsThatLeavesTheTreeKeepsItsGenerations() {
        let t = TestTree()
        let (page, rows) = page(in: t)
        t.step()
        page.removeFromSuperlayer()
        let generation = page.subtreeGeneration, below = page.sublayersGeneration
        let rowGenerations = rows.map(\.subtreeGeneration)
        t.step()   // the callbacks phase stops the animations of layers that left the tree
        #expect(page.subtreeGeneration == generation && page.sublayersGeneration == below)
        #expect(rows.map(\.subtreeGeneration) == rowGenerations)
        t.root.addSublayer(page)
        #expect(page.sublayersGeneration == below)
    }

    @Test func aSubtreeThatLeavesTheTreeWithAnAnimationHasItStoppedAndMarkedChanged() {
        let t = TestTree()
        let (page, rows) = page(in: t)
        rows[1].add(BasicAnimation(.opacity, from: 0, to: 1, duration: 1), forKey: "fade")
        t.startFrame()
        page.removeFromSuperlayer()
        let below = page.sublayersGeneration, generation = rows[1].subtreeGeneration
        t.step()
        #expect(rows[1].animation(forKey: "fade") == nil && !page.isSubtreeAnimating)
        #expect(rows[1].subtreeGeneration > generation && page.sublayersGeneration > below)
    }

    @Test func removingAllAnimationsOfALayerWithNoneChangesNothing() {
        let layer = Layer()
        let generation = layer.subtreeGeneration
        layer.removeAllAnimations()
        #expect(layer.subtreeGeneration == generation)
    }
}
