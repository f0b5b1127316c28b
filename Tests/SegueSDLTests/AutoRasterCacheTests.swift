import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// The automatic raster cache: a large subtree whose content stayed the same is drawn from a picture of
/// itself while it moves, with no `shouldRasterize`, and looks as it does drawn view by view.
@Suite(.serialized) @MainActor
struct AutoRasterCacheTests {
    /// A 300x220 page of six rows (rounded swatches and labels), not rasterized, on a 400x300 canvas.
    private func pageScene(_ backEnd: BackEnd, automatic: Bool = true) throws -> (Canvas, Layer) {
        let c = try Canvas(backEnd: backEnd)
        if !automatic { c.recorder.autoRasterBudget = 0 }
        let page = rasterizedRowsPage(Color(rgb: 0xEEF3FF))
        page.shouldRasterize = false
        page.position = CGPoint(x: 200, y: 150)
        c.add(page)
        return (c, page)
    }

    /// Draws frames 0..<count, the page moved to `x(frame)` in each (its content unchanged).
    private func slide(_ c: Canvas, _ page: Layer, frames: Range<Int>, x: (Int) -> Double) throws -> (misses: Int, hits: Int) {
        var misses = 0, hits = 0
        for k in frames {
            page.position.x = x(k)
            try c.draw()
            misses += c.counters.autoRasterMisses
            hits += c.counters.autoRasterHits
        }
        return (misses, hits)
    }

    @Test(arguments: BackEnd.allCases)
    func aPageThatOnlyMovesIsDrawnFromOnePictureAndLooksAsDrawnViewByView(_ backEnd: BackEnd) throws {
        let (c, page) = try pageScene(backEnd)
        let (v, reference) = try pageScene(backEnd, automatic: false)
        // Still (a frame that changes nothing is not recorded), then moving by fractions of a pixel: cached
        // once its content has been recorded the same in three frames, drawn from the picture after that.
        let still = try slide(c, page, frames: 0..<3) { _ in 200 }
        #expect(still.misses == 0 && still.hits == 0)
        let moving = try slide(c, page, frames: 0..<10) { 203.3 + 3.3 * Double($0) }
        #expect(moving.misses == 1 && moving.hits == 7, "\(moving)")
        #expect(c.counters.rasterMisses == 0 && c.counters.rasterHits == 0)   // shouldRasterize's own counters
        _ = try slide(v, reference, frames: 0..<13) { $0 < 3 ? 200 : 203.3 + 3.3 * Double($0 - 3) }
        #expect(v.counters.autoRasterHits == 0 && v.counters.autoRasterMisses == 0)
        try c.saveIfAsked("auto-raster-moved")
        try v.saveIfAsked("auto-raster-reference")
        // A picture moved by a fraction is placed on the nearest whole pixels, and the GPU executor's picture
        // has pixman's antialiased edges where its view-by-view drawing has hard ones: edges may differ
        // (within the colours around them), nothing else.
        let (edges, outOfRange) = try compareFrames(v, c, tolerance: 4, reach: 2)
        #expect(outOfRange.count == 0, "pixels differ, e.g. \(outOfRange.prefix(4))")
        #expect(edges < 400 * 300 / 50)
        page.transform = Transform3D(rotationAngle: 0.05, x: 0, y: 0, z: 1)
        reference.transform = page.transform
        try c.draw()
        try v.draw()
        #expect(c.counters.autoRasterHits == 1)
        let turned = try compareFrames(v, c, tolerance: 4, reach: 2)
        #expect(turned.outOfRange.count == 0, "pixels differ, e.g. \(turned.outOfRange.prefix(4))")
    }

    @Test(arguments: BackEnd.allCases)
    func aChangeInsideThePageInvalidatesItsPicture(_ backEnd: BackEnd) throws {
        let (c, page) = try pageScene(backEnd)
        _ = try slide(c, page, frames: 0..<3) { _ in 200 }
        #expect(try slide(c, page, frames: 0..<3) { 201 + Double($0) }.misses == 1)
        let swatch = page.sublayers[0]
        swatch.backgroundColor = .red
        try c.draw()
        #expect(c.counters.autoRasterHits == 0 && c.counters.autoRasterMisses == 0)
        let swatchCentre = page.convert(CGPoint(x: swatch.frame.midX, y: swatch.frame.midY), to: c.root)
        #expect(try c.pixel(Int(swatchCentre.x), Int(swatchCentre.y)) == red)
        // Drawn view by view until it has been the same for a few frames again, then cached anew.
        let again = try slide(c, page, frames: 0..<6) { 210 + Double($0) }
        #expect(again.misses == 1 && again.hits == 3)
        #expect(try c.pixel(Int(swatchCentre.x) + 15, Int(swatchCentre.y)) == red)
    }

    @Test func aSubtreeReachingOutsideItsBoundsIsNotCached() throws {
        let (c, page) = try pageScene(.cpu)
        page.addSublayer(solidLayer(CGRect(x: 280, y: 100, width: 40, height: 20), .green))   // past the right edge
        let counts = try slide(c, page, frames: 0..<10) { 200 - Double($0) }
        #expect(counts.misses == 0 && counts.hits == 0)
        page.sublayers.last?.removeFromSuperlayer()
        let fits = try slide(c, page, frames: 0..<10) { 190 - Double($0) }
        #expect(fits.misses == 1)
    }

    @Test func theBudgetBoundsThePicturesAndShouldRasterizeIsCountedApart() throws {
        let (c, page) = try pageScene(.cpu)
        c.recorder.autoRasterBudget = 300 * 220 * 4 - 1   // one byte short of the page's picture
        let counts = try slide(c, page, frames: 0..<10) { 200 - Double($0) }
        #expect(counts.misses == 0 && counts.hits == 0)
        c.recorder.autoRasterBudget = 300 * 220 * 4
        #expect(try slide(c, page, frames: 0..<3) { 190 - Double($0) }.misses == 1)
        page.shouldRasterize = true
        _ = try slide(c, page, frames: 0..<3) { 180 - Double($0) }
        #expect(c.counters.rasterHits == 1 && c.counters.autoRasterHits == 0)
        #expect(c.recorder.pictures.rasters.values.allSatisfy { !$0.isAutomatic })
    }
}
