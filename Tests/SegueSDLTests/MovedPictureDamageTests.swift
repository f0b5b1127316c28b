import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// A rasterized opaque page sliding sideways over its own last place damages only the pixels it changes
/// (its content columns at the old and new offsets, and what it covers in one frame only), and the page
/// below it, hidden in both frames, damages nothing there; the frames stay the same, pixel for pixel, as
/// frames drawn from scratch.
@Suite(.serialized) @MainActor
struct MovedPictureDamageTests {
    /// A 400x300 page: its background, and rows of a swatch and a label in its left third.
    private func page(_ color: UInt32, rows: Int) -> Layer {
        let page = solidLayer(CGRect(x: 0, y: 0, width: 400, height: 300), Color(rgb: color))
        page.shouldRasterize = true
        for i in 0..<rows {
            let swatch = solidLayer(CGRect(x: 10, y: 8 + 32 * Double(i), width: 20, height: 20),
                                    Color(red: Double(i) / Double(rows), green: 0.5, blue: 1 - Double(i) / Double(rows)))
            swatch.cornerRadius = 4
            let label = Layer()
            label.frame = CGRect(x: 40, y: 6 + 32 * Double(i), width: 100, height: 24)
            label.contents = .text(TextContents("Row \(i + 1)", fontSize: 15, color: .black))
            page.addSublayer(swatch)
            page.addSublayer(label)
        }
        return page
    }

    private func mismatches(_ c: Canvas) throws -> Int {
        let fresh = try HeadlessCompositor(size: CGSize(width: 400, height: 300))
        try fresh.render(c.tree)
        var n = 0
        for y in 0..<300 {
            for x in 0..<400 where c.compositor!.readPixel(x: x, y: y) != fresh.readPixel(x: x, y: y) { n += 1 }
        }
        return n
    }

    @Test func aPushAndAPopDrawTheSamePixelsAsFullRedrawsAndLessOfThem() throws {
        let c = try Canvas(backEnd: .cpu)
        let lower = page(0xFAFAFA, rows: 9), upper = page(0xEEF3FF, rows: 9)
        let dimming = solidLayer(CGRect(x: 0, y: 0, width: 400, height: 300), .black)
        dimming.opacity = 0
        c.add(lower)
        c.add(dimming)
        c.add(upper)
        upper.position.x = 200 + 400
        try c.draw()
        // The push's steps (the top page from the right, the lower page a third as fast, the dimming up),
        // then back (a pop), on whole and fractional points.
        let steps: [Double] = [1, 0.8, 0.55, 0.3, 0.17, 0.09, 0.04, 0.015, 0.004, 0, 0.02, 0.1, 0.33, 0.6, 0.9, 1]
        var partialFrames = 0
        for (n, progress) in steps.enumerated() {
            upper.position.x = 200 + 400 * progress + (n % 3 == 1 ? 0.4 : 0)
            lower.position.x = 200 - 120 * (1 - progress)
            dimming.opacity = Float(0.1 * (1 - progress))
            try c.draw()
            #expect(try mismatches(c) == 0, "after step \(n) (progress \(progress))")
            if c.compositor!.compositor.lastFrame.damagedPixels < 400 * 300 * 3 / 4 { partialFrames += 1 }
        }
        // While the top page slides over most of the window, a frame redraws far less than the window.
        #expect(partialFrames >= 6)
    }

    @Test func aPageSlidingInsideAClippingContainerDamagesItsContentColumnsOnly() throws {
        // As in a navigation controller, whose transition view clips its pages to its bounds.
        let c = try Canvas(backEnd: .cpu)
        let container = Layer()
        container.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        container.masksToBounds = true
        c.add(container)
        let upper = page(0xEEF3FF, rows: 9)
        container.addSublayer(upper)
        try c.draw()
        upper.position.x += 10
        try c.draw()
        let damaged = c.compositor!.compositor.lastFrame.damagedPixels
        #expect(damaged > 10 * 300)
        #expect(damaged <= 10 * 300 + 150 * 288)
        #expect(try mismatches(c) == 0)
    }

    @Test func aPageSlidingOverItselfDamagesItsContentColumnsOnly() throws {
        let c = try Canvas(backEnd: .cpu)
        let upper = page(0xEEF3FF, rows: 9)
        c.add(upper)
        try c.draw()
        upper.position.x += 10   // the page now covers x 10..<400 of the window
        try c.draw()
        // Uncovered: x 0..<10 (the root's white shows). Content: the swatches and labels, x 10..<~140 in the
        // page, so x 10..<150 of the window (the old and the new place) in the 9 rows' bands (rows 0..<288 and the
        // band to 300, whose last rows are empty: page background only).
        let damaged = c.compositor!.compositor.lastFrame.damagedPixels
        #expect(damaged > 10 * 300)
        #expect(damaged <= 10 * 300 + 150 * 288)
        #expect(try mismatches(c) == 0)
    }
}
