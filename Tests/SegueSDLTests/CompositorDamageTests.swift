import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// The CPU compositor draws only what changed: an unchanged tree draws nothing, a change redraws the
/// changed layer's pixels (its bounds, grown by one pixel for the antialiased edge), and a frame drawn
/// from the last one plus its damage is the same, pixel for pixel, as one drawn from scratch.
@Suite(.serialized) @MainActor
struct CompositorDamageTests {
    /// A CPU canvas without the automatic raster cache: incremental frames are compared with fresh ones
    /// pixel for pixel, and a fresh compositor draws a moved page view by view where the incremental one
    /// may draw its picture (equal within the agreement tolerance: `AutoRasterCacheTests`).
    private func canvas() throws -> Canvas {
        let c = try Canvas(backEnd: .cpu)
        c.recorder.autoRasterBudget = 0
        return c
    }

    /// The frame as a bitmap (what `segue inspect` shows): every pixel as `readPixel` reads it, RRGGBBAA.
    @Test func theFrameAsABitmapHoldsEveryPixelStraight() throws {
        let c = try canvas()
        c.add(solidLayer(CGRect(x: 10, y: 20, width: 50, height: 40), .red))
        c.add(solidLayer(CGRect(x: 30, y: 30, width: 50, height: 40), Color.blue.withAlphaComponent(0.5)))
        try c.draw()
        let compositor = try #require(c.compositor)
        let bitmap = compositor.bitmap()
        #expect(bitmap.width == 400 && bitmap.height == 300)
        for (x, y) in [(0, 0), (15, 25), (40, 35), (70, 60), (399, 299)] {
            let p = compositor.readPixel(x: x, y: y)
            #expect(bitmap.pixels[y * 400 + x] == UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8 | UInt32(p.a), "(\(x), \(y))")
        }
        #expect(bitmap.pixels[25 * 400 + 15] == 0xFF0000FF)   // opaque red
    }

    @Test func unchangedTreeDrawsNothing() throws {
        let c = try canvas()
        c.add(solidLayer(CGRect(x: 100, y: 100, width: 50, height: 40), .red))
        try c.draw()
        #expect(c.compositor!.lastDamage == [CGRect(x: 0, y: 0, width: 400, height: 300)])
        try c.draw()
        #expect(c.compositor!.lastDamage.isEmpty)
        #expect(c.compositor!.compositor.lastFrame.operations == 0)
        c.clock.advance(frames: 10)
        try c.draw()
        #expect(c.compositor!.lastDamage.isEmpty)
        #expect(try c.pixel(120, 120) == red)
    }

    @Test func smallChangeRedrawsOnlyItsRegion() throws {
        let c = try canvas()
        let small = solidLayer(CGRect(x: 100, y: 100, width: 50, height: 40), .red)
        c.add(small)
        c.add(solidLayer(CGRect(x: 300, y: 200, width: 50, height: 40), .blue))
        try c.draw()
        small.backgroundColor = .green
        try c.draw()
        // The bounds (100...150, 100...140) and one pixel around them for the antialiased edge.
        #expect(c.compositor!.lastDamage == [CGRect(x: 99, y: 99, width: 52, height: 42)])
        #expect(c.compositor!.compositor.lastFrame.damagedPixels == 52 * 42)
        #expect(try c.pixel(120, 120) == green)
        #expect(try c.pixel(320, 220) == blue)
    }

    @Test func movingALayerDamagesItsOldAndNewPlaces() throws {
        let c = try canvas()
        let small = solidLayer(CGRect(x: 100, y: 100, width: 50, height: 40), .red)
        c.add(small)
        try c.draw()
        small.position = CGPoint(x: 225, y: 120)   // now 200...250 x 100...140
        try c.draw()
        #expect(c.compositor!.lastDamage == [CGRect(x: 99, y: 99, width: 52, height: 42), CGRect(x: 199, y: 99, width: 52, height: 42)])
        #expect(try c.pixel(120, 120) == white)
        #expect(try c.pixel(220, 120) == red)
    }

    @Test func aRunningAnimationRedrawsEveryFrameAndTheEndStopsIt() throws {
        let c = try canvas()
        let small = solidLayer(CGRect(x: 100, y: 100, width: 50, height: 40), .red)
        c.add(small)
        try c.draw()
        small.add(BasicAnimation(.positionX, from: 125, to: 225, duration: 0.5), forKey: "move")
        var damagedFrames = 0
        for _ in 0..<40 {
            c.clock.advance(frames: 1)
            try c.draw()
            if !c.compositor!.lastDamage.isEmpty { damagedFrames += 1 }
        }
        // 30 frames of motion, the frame where it ends (the model shows again), then nothing.
        #expect(damagedFrames >= 30 && damagedFrames <= 32)
        c.clock.advance(frames: 1)
        try c.draw()
        #expect(c.compositor!.lastDamage.isEmpty)
        #expect(try c.pixel(120, 120) == red)
    }

    @Test func hiddenAndRemovedLayersAreErased() throws {
        let c = try canvas()
        let a = solidLayer(CGRect(x: 10, y: 10, width: 30, height: 30), .red)
        let b = solidLayer(CGRect(x: 60, y: 10, width: 30, height: 30), .blue)
        c.add(a)
        c.add(b)
        try c.draw()
        a.isHidden = true
        try c.draw()
        #expect(try c.pixel(20, 20) == white)
        b.removeFromSuperlayer()
        try c.draw()
        #expect(try c.pixel(70, 20) == white)
    }

    /// A sequence of changes of every kind; after each, the incrementally drawn frame must equal a frame
    /// drawn from scratch, pixel for pixel.
    @Test func incrementalFramesEqualFullRedraws() throws {
        let c = try canvas()
        let page = solidLayer(CGRect(x: 0, y: 0, width: 300, height: 300), Color(rgb: 0xEEF3FF))
        let card = solidLayer(CGRect(x: 40, y: 40, width: 120, height: 80), .white)
        card.cornerRadius = 12
        card.shadowOpacity = 0.4
        card.shadowRadius = 6
        card.borderWidth = 2
        card.borderColor = .gray
        let label = Layer()
        label.frame = CGRect(x: 8, y: 8, width: 104, height: 30)
        label.contents = .text(TextContents("Hello", fontSize: 17, color: .black))
        card.addSublayer(label)
        let faded = solidLayer(CGRect(x: 200, y: 150, width: 100, height: 100), .red)
        faded.addSublayer(solidLayer(CGRect(x: 20, y: 20, width: 40, height: 40), .blue))
        faded.opacity = 0.6
        page.addSublayer(card)
        c.add(page)
        c.add(faded)
        try c.draw()
        let changes: [(String, () -> Void)] = [
            ("text", { label.contents = .text(TextContents("Hello, world", fontSize: 17, color: .black)) }),
            ("move card", { card.position = CGPoint(x: 130.5, y: 100.25) }),
            ("fade group", { faded.opacity = 0.3 }),
            ("page over", { page.position = CGPoint(x: 250, y: 150) }),
            ("rotate", { card.transform = Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1) }),
            ("reorder", { c.root.insertSublayer(faded, at: 0) }),
            ("radius", { card.cornerRadius = 30 }),
        ]
        for (name, change) in changes {
            change()
            try c.draw()
            let fresh = try HeadlessCompositor(size: CGSize(width: 400, height: 300))
            try fresh.render(c.tree)
            var mismatches = 0
            for y in 0..<300 {
                for x in 0..<400 where c.compositor!.readPixel(x: x, y: y) != fresh.readPixel(x: x, y: y) { mismatches += 1 }
            }
            #expect(mismatches == 0, "after \(name)")
        }
    }

    // MARK: The change-tracking hook

    @Test func generationsCountChangesBelowAndAnimationsAreCounted() {
        let root = Layer(), child = Layer(), grandchild = Layer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        let rootBefore = root.subtreeGeneration, childBelow = child.sublayersGeneration
        grandchild.opacity = 0.5
        #expect(root.subtreeGeneration > rootBefore)
        #expect(child.sublayersGeneration > childBelow)
        let own = child.sublayersGeneration
        child.backgroundColor = .red
        #expect(child.sublayersGeneration == own)   // its own change is not below it
        let same = root.subtreeGeneration
        grandchild.opacity = 0.5                    // same value: no change
        #expect(root.subtreeGeneration == same)
        #expect(!root.isSubtreeAnimating)
        grandchild.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 1), forKey: "fade")
        #expect(root.isSubtreeAnimating && child.areSublayersAnimating && !grandchild.areSublayersAnimating)
        grandchild.removeFromSuperlayer()
        #expect(!root.isSubtreeAnimating)
        root.addSublayer(grandchild)
        #expect(root.isSubtreeAnimating && !child.isSubtreeAnimating)
        grandchild.removeAllAnimations()
        #expect(!root.isSubtreeAnimating)
    }
}
