import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// Layers added or removed between two frames damage their own pixels only (minus what opaque layers
/// above them cover in both frames), not the whole target; a change of order damages everything. Every
/// frame is compared with one drawn from scratch.
@Suite(.serialized) @MainActor
struct OperationMatchingTests {
    private func mismatches(_ c: Canvas) throws -> Int {
        let fresh = try HeadlessCompositor(size: CGSize(width: 400, height: 300))
        try fresh.render(c.tree)
        var n = 0
        for y in 0..<300 {
            for x in 0..<400 where c.compositor!.readPixel(x: x, y: y) != fresh.readPixel(x: x, y: y) { n += 1 }
        }
        return n
    }

    private var damaged: (Canvas) -> Int { { $0.compositor!.compositor.lastFrame.damagedPixels } }

    @Test func aPagePushedAndPoppedDamagesWhatItShowsOnly() throws {
        let c = try Canvas(backEnd: .cpu)
        let lower = solidLayer(CGRect(x: 0, y: 0, width: 400, height: 300), Color(rgb: 0xFAFAFA))
        lower.addSublayer(solidLayer(CGRect(x: 20, y: 20, width: 50, height: 40), .red))
        c.add(lower)
        try c.draw()
        // (An operation's bounds are conservative: one pixel around its shape, for antialiased edges.)
        // A page added just off the right edge (a push's first frame): nothing on screen changes but that
        // conservative column.
        let upper = solidLayer(CGRect(x: 400, y: 0, width: 400, height: 300), Color(rgb: 0xEEF3FF))
        c.add(upper)
        try c.draw()
        #expect(damaged(c) == 1 * 300)
        // A small card added over the lower page: its pixels only.
        let card = solidLayer(CGRect(x: 100, y: 100, width: 30, height: 20), .blue)
        lower.addSublayer(card)
        try c.draw()
        #expect(damaged(c) == 32 * 22)
        #expect(try mismatches(c) == 0)
        // The upper page slides over everything; then the lower page (and its card), covered in both
        // frames, leaves the tree (a push's end): nothing changes.
        upper.position.x = 200
        try c.draw()
        lower.removeFromSuperlayer()
        try c.draw()
        #expect(damaged(c) == 0)
        #expect(try mismatches(c) == 0)
        // The lower page comes back under it (a pop's first frame): covered, nothing changes.
        c.root.insertSublayer(lower, at: 0)
        try c.draw()
        #expect(damaged(c) == 0)
        // The upper page slides half away, then leaves the tree: the pixels it showed only.
        upper.position.x = 400
        try c.draw()
        #expect(try mismatches(c) == 0)
        upper.removeFromSuperlayer()
        try c.draw()
        #expect(damaged(c) == 201 * 300)
        #expect(try mismatches(c) == 0)
    }

    @Test func layersChangingOrderDamageEverything() throws {
        let c = try Canvas(backEnd: .cpu)
        let a = solidLayer(CGRect(x: 10, y: 10, width: 50, height: 50), .red)
        let b = solidLayer(CGRect(x: 40, y: 40, width: 50, height: 50), .blue)
        c.add(a)
        c.add(b)
        try c.draw()
        a.removeFromSuperlayer()
        c.add(a)
        try c.draw()
        #expect(damaged(c) == 400 * 300)
        #expect(try c.pixel(50, 50) == (try c.pixel(20, 20)))
        #expect(try mismatches(c) == 0)
    }
}
