import Testing
@testable import SegueSDL

/// The HUD's caches line: the raster caches' totals, and once a backdrop was blurred, the blurs kept and
/// blurred again with the last frame's blurring time (the blur's own cost, issue 39).
@Suite struct RasterCacheTotalsTests {
    @Test func theLineNamesTheBlurOnlyOnceABackdropWasBlurred() {
        var totals = RasterCacheTotals()
        var frame = CompositorCounters()
        frame.rasterHits = 3
        totals.add(frame)
        #expect(totals.description == "rasterized 3/0, automatic 0/0, evicted 0")
        frame = CompositorCounters()
        frame.backdropBlurHits = 1
        frame.backdropBlurMisses = 2
        frame.backdropBlurSeconds = 0.00125
        totals.add(frame)
        frame.backdropBlurSeconds = 0.0005
        totals.add(frame)
        #expect(totals.description == "rasterized 3/0, automatic 0/0, evicted 0, blur 2/4 (0.50 ms last frame)")
    }
}
