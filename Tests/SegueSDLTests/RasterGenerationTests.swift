import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// A rasterized layer's picture is kept or redrawn from one generation counter (issue #8: no copy of the
/// subtree's properties per frame), on both back-ends.
@Suite(.serialized) @MainActor
struct RasterGenerationTests {
    @Test(arguments: BackEnd.allCases)
    func aDeepChangeRedrawsThePictureAndMovingKeepsIt(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let page = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), .blue)
        let row = solidLayer(CGRect(x: 0, y: 50, width: 100, height: 50), .clear)
        let swatch = solidLayer(CGRect(x: 10, y: 10, width: 30, height: 30), .red)
        row.addSublayer(swatch)
        page.addSublayer(row)
        page.shouldRasterize = true
        c.add(page)
        try c.draw()
        #expect(c.counters.rasterMisses == 1)
        page.position = CGPoint(x: 150, y: 150)
        page.opacity = 0.99
        try c.draw()
        #expect(c.counters.rasterHits == 1 && c.counters.rasterMisses == 0)
        swatch.backgroundColor = .green          // two levels down
        try c.draw()
        #expect(c.counters.rasterMisses == 1)
        #expect(try c.pixel(100 + 25, 100 + 75).g > 200)
    }

    @Test(arguments: BackEnd.allCases)
    func anAnimationBelowRedrawsThePictureEveryFrameUntilItEnds(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let page = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), .blue)
        let swatch = solidLayer(CGRect(x: 10, y: 10, width: 30, height: 30), .red)
        page.addSublayer(swatch)
        page.shouldRasterize = true
        c.add(page)
        try c.draw()
        swatch.add(BasicAnimation(.positionX, from: 25, to: 75, duration: 0.1), forKey: "move")
        var misses = 0
        for _ in 0..<6 {
            c.clock.advance(frames: 1)
            try c.draw()
            misses += c.counters.rasterMisses
        }
        #expect(misses == 6)                       // 0.1 s: six frames of motion
        c.clock.advance(frames: 1)                 // the animation is removed: the model shows (one more)
        try c.draw()
        #expect(c.counters.rasterMisses == 1)
        c.clock.advance(frames: 1)
        try c.draw()
        // Nothing changed: neither back-end records or draws (one render list for both).
        #expect(c.counters.rasterMisses == 0 && c.counters.rasterHits == 0)
    }
}
