/// How different two images may be and still match (`compare(_:with:tolerance:)`).
///
/// Two tolerances, as in pointfreeco's swift-snapshot-testing (`precision` and `perceptualPrecision`), in
/// terms that can be checked by hand: a pixel differs when any channel (R, G, B or A) differs by more than
/// ``perPixel``; the images match when at most ``perImage`` of their pixels differ (a fraction, 0...1)
/// and they have the same size.
///
/// ``exact`` is the default, and the right one on one machine: the CPU compositor is deterministic (the
/// same scene draws the same bytes, run after run). Across machines, text is drawn by the fonts found
/// (`FontLocator`: DejaVu Sans on Linux) with FreeType's antialiasing, so a different font
/// version or FreeType can move the grey of glyph edges by a few levels: ``antialiasing`` absorbs that.
public struct ImageTolerance: Sendable, Hashable {
    /// The largest difference of a channel, 0...255, at which two pixels still count as the same.
    public var perPixel: Int
    /// The fraction of the pixels, 0...1, that may differ (beyond ``perPixel``) in matching images.
    public var perImage: Double

    /// A tolerance of `perPixel` levels a channel and `perImage` of the pixels.
    public init(perPixel: Int = 0, perImage: Double = 0) {
        precondition((0...255).contains(perPixel), "A per-pixel tolerance is 0...255 levels, got \(perPixel)")
        precondition(perImage.isFinite && (0...1).contains(perImage), "A per-image tolerance is a fraction 0...1, got \(perImage)")
        self.perPixel = perPixel
        self.perImage = perImage
    }

    /// Every pixel the same.
    public static let exact = ImageTolerance()
    /// What another machine's fonts and rasteriser may change: 8 levels a channel (glyph edges' grey),
    /// and 0.1 % of the pixels beyond that.
    public static let antialiasing = ImageTolerance(perPixel: 8, perImage: 0.001)
}
