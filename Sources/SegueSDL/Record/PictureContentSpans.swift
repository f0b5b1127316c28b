/// Where pictures hold something other than their background.
///
/// A page is mostly its background colour: per row, the pixels left of its first content pixel and right
/// of its last are that colour. Knowing so lets the compositor write them without reading the picture
/// (``CPUExecutor/spanCopy(_:of:dx:dy:box:in:tint:foldedTint:into:)``, a fill costs about half a copy once the pixels
/// are cold in the caches) and damage, of a picture sliding sideways, only its content columns
/// (``Compositor/damageChangedOperation(_:_:at:oldIndex:old:)``).
///
/// A summary is kept for the last few pictures asked about, by source and pixel buffer (a raster's source
/// names its version; bitmaps and snapshots are not redrawn into their buffers). For drawing, a picture is
/// summarised only when it is drawn again in a later frame (``drawingSummary(of:in:frame:)``): a raster redrawn every frame
/// (its sublayers animate) would cost a scan of all its pixels each frame for one copy.
final class PictureContentSpans {
    /// Rows per band of the damage summary: the page rows of the push/pop workload are 32 pixels; fewer
    /// rows would present more rectangles (each one X request) for a few pixels less.
    static let bandRows: Int32 = 32
    /// Pictures summarised at once (the pages of a push, a modal and the page below it).
    static let capacity = 4
    /// Pictures remembered as drawn once, not yet summarised.
    static let seenCapacity = 8

    struct Span: Equatable { var lo: Int32, hi: Int32 }

    /// One picture's summary.
    final class Summary {
        /// Per row: the first and one past the last column that differs from the row's last pixel (lo ≥ hi:
        /// none), and that pixel.
        let rowLo: [Int32], rowHi: [Int32], rowBackground: [UInt32]
        /// Per band of ``bandRows`` rows: the columns from the band's first to its last content pixel, when
        /// all its rows have the same background; otherwise the whole width.
        let bands: [Span]

        init(rowLo: [Int32], rowHi: [Int32], rowBackground: [UInt32], width: Int32) {
            self.rowLo = rowLo
            self.rowHi = rowHi
            self.rowBackground = rowBackground
            var bands: [Span] = []
            var band = 0
            let rows = Int(PictureContentSpans.bandRows)
            while band < rowLo.count {
                var span = Span(lo: width, hi: 0)
                for y in band..<min(band + rows, rowLo.count) {
                    if rowBackground[y] != rowBackground[band] {
                        span = Span(lo: 0, hi: width)
                        break
                    }
                    if rowLo[y] < rowHi[y] {
                        span.lo = min(span.lo, rowLo[y])
                        span.hi = max(span.hi, rowHi[y])
                    }
                }
                bands.append(span)
                band += rows
            }
            self.bands = bands
        }
    }

    /// A summarised picture. The buffer is held weakly: once it is freed no entry matches it, even when a
    /// new buffer takes its address.
    private struct Entry {
        let source: PictureSource
        weak var buffer: PixelBuffer?
        let summary: Summary
    }
    private var entries: [Entry] = []
    private struct Seen {
        let source: PictureSource
        weak var buffer: PixelBuffer?
        let frame: UInt64
    }
    private var seen: [Seen] = []

    /// The summary of `buffer`, the pixels of `source`, made now if need be.
    func summary(of source: PictureSource, in buffer: PixelBuffer) -> Summary {
        if let known = known(source, buffer) { return known }
        let summary = Self.summarise(buffer)
        entries.removeAll { $0.buffer == nil }
        if entries.count >= Self.capacity { entries.removeFirst() }
        entries.append(Entry(source: source, buffer: buffer, summary: summary))
        return summary
    }

    /// The summary for drawing `buffer` in frame `frame`: known, or made when the picture was drawn in an
    /// earlier frame; nil otherwise (the picture is remembered).
    func drawingSummary(of source: PictureSource, in buffer: PixelBuffer, frame: UInt64) -> Summary? {
        if let known = known(source, buffer) { return known }
        if let s = seen.first(where: { $0.source == source && $0.buffer === buffer }) {
            return s.frame < frame ? summary(of: source, in: buffer) : nil
        }
        seen.removeAll { $0.buffer == nil }
        if seen.count >= Self.seenCapacity { seen.removeFirst() }
        seen.append(Seen(source: source, buffer: buffer, frame: frame))
        return nil
    }

    private func known(_ source: PictureSource, _ buffer: PixelBuffer) -> Summary? {
        entries.first { $0.source == source && $0.buffer === buffer }?.summary
    }

    /// Scans a 32-bit picture row by row.
    static func summarise(_ p: PixelBuffer) -> Summary {
        let w = Int(p.width), h = Int(p.height)
        var lo = [Int32](repeating: 0, count: h), hi = [Int32](repeating: 0, count: h)
        var background = [UInt32](repeating: 0, count: h)
        for y in 0..<h {
            let row = (p.pixels + y * Int(p.stride)).assumingMemoryBound(to: UInt32.self)
            let c = row[w - 1]
            background[y] = c
            var x = 0
            while x < w && row[x] == c { x += 1 }
            guard x < w else {
                lo[y] = Int32(w)
                hi[y] = Int32(w)
                continue
            }
            var last = w - 1
            while row[last] == c { last -= 1 }
            lo[y] = Int32(x)
            hi[y] = Int32(last + 1)
        }
        return Summary(rowLo: lo, rowHi: hi, rowBackground: background, width: Int32(w))
    }
}
