/// The raster caches' hits and misses added up over frames, for the HUD and `segue bench --steps`:
/// `shouldRasterize`'s pictures and the automatic raster cache's apart.
public struct RasterCacheTotals: Sendable, Equatable, CustomStringConvertible {
    /// Rasterized layers (`shouldRasterize`) drawn from their picture, and redrawn into it.
    public var hits = 0, misses = 0
    /// Subtrees drawn from the automatic raster cache's pictures, and drawn into one.
    public var automaticHits = 0, automaticMisses = 0
    /// Automatic pictures evicted to stay within the budget.
    public var evictions = 0

    /// Nothing counted yet.
    public init() {}

    /// Adds one frame's counters.
    public mutating func add(_ frame: CompositorCounters) {
        hits += frame.rasterHits
        misses += frame.rasterMisses
        automaticHits += frame.autoRasterHits
        automaticMisses += frame.autoRasterMisses
        evictions += frame.autoRasterEvictions
    }

    /// Hits/misses: `rasterized 120/2, automatic 300/4, evicted 0` (`rasterized`: `shouldRasterize`'s).
    public var description: String {
        "rasterized \(hits)/\(misses), automatic \(automaticHits)/\(automaticMisses), evicted \(evictions)"
    }
}
