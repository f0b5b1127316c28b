import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// A cached picture is reused without making its layer's signature while the layer's stamp
/// (``RasterSignature/Stamp``: its own changes and its subtree's generation, no animation, the scale) stays
/// the same. These scenes keep the page still in a carrier that moves, so that the stamp alone decides:
/// every change of the page (its colour, geometry, contents, something below it, an animation of its own,
/// the scale) must show in the next frame.
@Suite(.serialized) @MainActor
struct RasterStampTests {
    /// The 300x220 page of six rows (blue background), not rasterized, in a 1x1 carrier (too small to be
    /// cached itself) at (50, 40) on a 400x300 canvas; the page's origin sits at the carrier's.
    private func carriedPage(shouldRasterize: Bool = false) throws -> (Canvas, carrier: Layer, page: Layer) {
        let c = try Canvas(backEnd: .cpu)
        let page = rasterizedRowsPage(Color(red: 0, green: 0, blue: 1))
        page.shouldRasterize = shouldRasterize
        page.anchorPoint = .zero
        page.position = .zero
        let carrier = Layer()
        carrier.anchorPoint = .zero
        carrier.bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
        carrier.position = CGPoint(x: 50, y: 40)
        carrier.addSublayer(page)
        c.add(carrier)
        return (c, carrier, page)
    }

    /// Draws `count` frames, the carrier moved one pixel right before each; the counters summed.
    private func carry(_ c: Canvas, _ carrier: Layer, frames count: Int) throws -> CompositorCounters {
        var sum = CompositorCounters()
        for _ in 0..<count {
            carrier.position.x += 1
            try c.draw()
            sum.autoRasterHits += c.counters.autoRasterHits
            sum.autoRasterMisses += c.counters.autoRasterMisses
            sum.rasterHits += c.counters.rasterHits
            sum.rasterMisses += c.counters.rasterMisses
        }
        return sum
    }

    /// The page cached by the automatic raster cache and drawn from its picture: tracked in the first
    /// frame, its picture made three frames later (the fourth), drawn from it in the fifth and sixth.
    private func cachedPage() throws -> (Canvas, carrier: Layer, page: Layer) {
        let (c, carrier, page) = try carriedPage()
        let counts = try carry(c, carrier, frames: 6)
        #expect(counts.autoRasterMisses == 1 && counts.autoRasterHits == 2, "\(counts)")
        return (c, carrier, page)
    }

    /// A point of the page's background right of its rows (x 250 of 300, y 100), on the canvas.
    private func backgroundPoint(_ carrier: Layer) -> (Int, Int) {
        (Int(carrier.position.x) + 250, Int(carrier.position.y) + 100)
    }

    @Test func aCachedPageWhoseColourChangesIsDrawnInItsNewColourInTheNextFrame() throws {
        let (c, carrier, page) = try cachedPage()
        page.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let counts = try carry(c, carrier, frames: 1)
        #expect(counts.autoRasterHits == 0 && counts.autoRasterMisses == 0)   // drawn view by view
        let (x, y) = backgroundPoint(carrier)
        #expect(try c.pixel(x, y) == red)
    }

    @Test func aCachedPageWhoseBoundsShrinkIsDrawnAtItsNewSizeInTheNextFrame() throws {
        let (c, carrier, page) = try cachedPage()
        page.bounds.size.width = 200   // the background point (x 250) is now outside the page: the root's white
        let counts = try carry(c, carrier, frames: 1)
        #expect(counts.autoRasterHits == 0)
        let (x, y) = backgroundPoint(carrier)
        #expect(try c.pixel(x, y) == white)
        #expect(try c.pixel(x - 60, y) == blue)
    }

    @Test func aCachedPageWhoseContentsChangeShowsThemInTheNextFrame() throws {
        let (c, carrier, page) = try cachedPage()
        // A green bitmap stretched over the page's bounds (the default gravity), under its rows.
        page.contents = .bitmap(Bitmap(width: 30, height: 22) { _, _ in Color(red: 0, green: 1, blue: 0) })
        let counts = try carry(c, carrier, frames: 1)
        #expect(counts.autoRasterHits == 0)
        let (x, y) = backgroundPoint(carrier)
        #expect(try c.pixel(x, y) == green)
    }

    @Test func aCachedPageWhoseRowChangesShowsItInTheNextFrame() throws {
        let (c, carrier, page) = try cachedPage()
        let swatch = page.sublayers[0]   // (12, 6) 20x20 in the page
        swatch.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let counts = try carry(c, carrier, frames: 1)
        #expect(counts.autoRasterHits == 0)
        #expect(try c.pixel(Int(carrier.position.x) + 22, Int(carrier.position.y) + 16) == red)
    }

    @Test func aPageWithAnAnimationOfItsOwnIsNotCachedWhileItAnimates() throws {
        let (c, carrier, page) = try cachedPage()
        page.add(BasicAnimation(.backgroundColor, from: Color(red: 1, green: 0, blue: 0), to: Color(red: 0, green: 1, blue: 0),
                                duration: 1), forKey: "colour")
        // Its colour differs in every frame of the animation (a second long): never the same for three
        // frames, never cached; what shows is between red and green, no longer the page's blue.
        var sum = CompositorCounters()
        for _ in 0..<10 {
            c.clock.advance(frames: 1)
            let counts = try carry(c, carrier, frames: 1)
            sum.autoRasterHits += counts.autoRasterHits
            sum.autoRasterMisses += counts.autoRasterMisses
            let (x, y) = backgroundPoint(carrier)
            #expect(try c.pixel(x, y).b == 0)
        }
        #expect(sum.autoRasterHits == 0 && sum.autoRasterMisses == 0, "\(sum)")
    }

    @Test func aCachedPageIsRedrawnWhenTheScaleChanges() throws {
        let (c, carrier, _) = try cachedPage()
        c.recorder.scale = 2
        let counts = try carry(c, carrier, frames: 1)
        #expect(counts.autoRasterHits == 0)
    }

    @Test func aRasterizedPageWhoseColourChangesIsRedrawnInTheNextFrame() throws {
        let (c, carrier, page) = try carriedPage(shouldRasterize: true)
        let moving = try carry(c, carrier, frames: 3)
        #expect(moving.rasterMisses == 1 && moving.rasterHits == 2)
        page.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let counts = try carry(c, carrier, frames: 1)
        #expect(counts.rasterMisses == 1 && counts.rasterHits == 0)
        let (x, y) = backgroundPoint(carrier)
        #expect(try c.pixel(x, y) == red)
    }
}
