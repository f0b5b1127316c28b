import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// Opaque pictures on whole pixels are written span by span (the rows' background filled, their content
/// copied, both tinted when a dimming is folded in); the pixels must be pixman's copy's, bit for bit.
@Suite(.serialized) @MainActor
struct SpanCopyTests {
    /// A 300x220 rasterized page: a background, rounded swatches and labels on the left, a bar on the
    /// right whose rows differ from the background at their last pixel (so that row's background is the bar's colour).
    private func page() -> Layer {
        let page = rasterizedRowsPage(Color(rgb: 0xFAFAFA))
        page.addSublayer(solidLayer(CGRect(x: 280, y: 100, width: 20, height: 30), .red))
        return page
    }

    /// The page at `x` (fractional: placed on the nearest whole pixel), under a dimming of `dim`.
    private func scene(spans: Bool, dim: Float) throws -> (Canvas, Layer, Layer) {
        let c = try Canvas(backEnd: .cpu)
        c.compositor!.compositor.copiesBySpans = spans
        let p = page()
        p.position = CGPoint(x: 150 + 37.3, y: 110 + 20)
        c.add(p)
        let dimming = solidLayer(CGRect(x: 0, y: 0, width: 400, height: 300), .black)
        dimming.opacity = dim
        c.add(dimming)
        try c.draw()
        return (c, p, dimming)
    }

    private func differingPixels(_ a: Canvas, _ b: Canvas) throws -> Int {
        var n = 0
        for y in 0..<300 { for x in 0..<400 where try a.pixel(x, y) != b.pixel(x, y) { n += 1 } }
        return n
    }

    @Test(arguments: [Float(0), 0.1, 0.37])
    func spansGiveThePixelsOfPixmansCopy(dim: Float) throws {
        let (bySpans, page, dimming) = try scene(spans: true, dim: dim)
        let (reference, referencePage, referenceDimming) = try scene(spans: false, dim: dim)
        // The first frame draws a picture once: not summarised yet.
        #expect(bySpans.compositor!.compositor.lastFrame.spanCopies == 0)
        for (n, dx) in [-3.0, 11.4, -40.2, 95].enumerated() {
            for (p, d) in [(page, dimming), (referencePage, referenceDimming)] {
                p.position.x += dx
                p.position.y += Double(n) - 1
                d.opacity = dim * Float(n + 1) / 4
            }
            try bySpans.draw()
            try reference.draw()
            #expect(bySpans.compositor!.compositor.lastFrame.spanCopies > 0, "frame \(n)")
            #expect(reference.compositor!.compositor.lastFrame.spanCopies == 0)
            #expect(try differingPixels(bySpans, reference) == 0, "frame \(n)")
        }
        // The swatch and the bar are there, dimmed as the page is.
        #expect(try bySpans.pixel(Int(page.frame.minX) + 290, Int(page.frame.minY) + 110) != bySpans.pixel(Int(page.frame.minX) + 200, Int(page.frame.minY) + 110))
    }

    @Test func rowSummaryFindsEachRowsContentAndBackground() throws {
        let buffer = PixelBuffer(width: 8, height: 3)
        let rows: [[UInt32]] = [
            [5, 5, 7, 5, 9, 5, 5, 5],   // content at 2..<5 over 5
            [5, 5, 5, 5, 5, 5, 5, 5],   // background only
            [1, 2, 3, 4, 5, 6, 7, 8],   // the last pixel is the background: content 0..<7
        ]
        for (y, row) in rows.enumerated() {
            let p = (buffer.pixels + y * Int(buffer.stride)).assumingMemoryBound(to: UInt32.self)
            for (x, v) in row.enumerated() { p[x] = v }
        }
        let s = PictureContentSpans.summarise(buffer)
        #expect(s.rowLo == [2, 8, 0])
        #expect(s.rowHi == [5, 8, 7])
        #expect(s.rowBackground == [5, 5, 8])
        // One band of 32 rows whose rows' backgrounds differ: the whole width.
        #expect(s.bands == [PictureContentSpans.Span(lo: 0, hi: 8)])
    }

    @Test func aDimmingChangingByLessThanOneLevelDamagesNothing() throws {
        let (c, _, dimming) = try scene(spans: true, dim: 0.1)
        // 0.1 x 255 = 25.5 rounds to 26; 0.1015 x 255 = 25.88 rounds to 26 too: the same pixels.
        dimming.opacity = 0.1015
        try c.draw()
        #expect(c.compositor!.compositor.lastFrame.damagedPixels == 0)
        // 0.104 x 255 = 26.52 rounds to 27: the dimming is redrawn wherever it shows.
        dimming.opacity = 0.104
        try c.draw()
        #expect(c.compositor!.compositor.lastFrame.damagedPixels == 400 * 300)
        let fresh = try HeadlessCompositor(size: CGSize(width: 400, height: 300))
        try fresh.render(c.tree)
        var n = 0
        for y in 0..<300 { for x in 0..<400 where c.compositor!.readPixel(x: x, y: y) != fresh.readPixel(x: x, y: y) { n += 1 } }
        #expect(n == 0)
    }
}
