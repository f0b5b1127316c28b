import Foundation

/// The raster caches' hits and misses added up over frames, for the HUD and `segue bench --steps`:
/// `shouldRasterize`'s pictures and the automatic raster cache's apart.
public struct RasterCacheTotals: Sendable, Equatable, CustomStringConvertible {
    /// Rasterized layers (`shouldRasterize`) drawn from their picture, and redrawn into it.
    public var hits = 0, misses = 0
    /// Subtrees drawn from the automatic raster cache's pictures, and drawn into one.
    public var automaticHits = 0, automaticMisses = 0
    /// Automatic pictures evicted to stay within the budget.
    public var evictions = 0
    /// Backdrop blurs drawn from their kept pixels, and blurred again.
    public var blurHits = 0, blurMisses = 0
    /// The seconds the last frame spent blurring backdrops (the blur's own cost).
    public var lastFrameBlurSeconds = 0.0

    /// Nothing counted yet.
    public init() {}

    /// Adds one frame's counters.
    public mutating func add(_ frame: CompositorCounters) {
        hits += frame.rasterHits
        misses += frame.rasterMisses
        automaticHits += frame.autoRasterHits
        automaticMisses += frame.autoRasterMisses
        evictions += frame.autoRasterEvictions
        blurHits += frame.backdropBlurHits
        blurMisses += frame.backdropBlurMisses
        lastFrameBlurSeconds = frame.backdropBlurSeconds
    }

    /// Hits/misses: `rasterized 120/2, automatic 300/4, evicted 0` (`rasterized`: `shouldRasterize`'s), then
    /// once a backdrop was blurred `, blur 40/12 (1.25 ms last frame)`: kept/blurred again, and the blur's cost.
    public var description: String {
        var text = "rasterized \(hits)/\(misses), automatic \(automaticHits)/\(automaticMisses), evicted \(evictions)"
        if blurHits + blurMisses > 0 {
            text += ", blur \(blurHits)/\(blurMisses) (" + String(format: "%.2f", lastFrameBlurSeconds * 1000) + " ms last frame)"
        }
        return text
    }
}
