import CGif

/// Turns a rectangle of the CPU compositor's pixels into a ``GIFImage`` (at most 256 colours).
///
/// - A rectangle with at most 256 distinct colours (flat UI colours, a few shades of text) gets them
///   exactly: no colour changes.
/// - Otherwise the ``exactColours`` most frequent colours (the flat areas: backgrounds, bars, swatches)
///   stay exact, and the rest, rare colours (antialiased edges, shadows' gradients), share the other
///   ``sharedColours`` entries: giflib's median cut (`GifQuantizeBuffer`, Heckbert's algorithm on 5 bits a
///   channel, no dithering; still exported and declared by giflib 5.2.1, marked deprecated in its header)
///   splits their colours into boxes, and each entry is the mean of the pixels in its box (giflib's own
///   entry is the box's 5-bit colour, which turns white into 248).
///
/// No dithering keeps flat areas flat, so they compress well and do not shimmer from frame to frame. The
/// result depends only on the pixels (ties in frequency go to the lower colour value), so a replay gives
/// the same file every time. Pixels are premultiplied ARGB (`0xAARRGGBB`); a pixel that is not opaque is
/// taken over black (GIF has no partial transparency). Frames of the demo app are opaque.
package enum GIFQuantizer {
    /// The most colours a GIF colour table holds.
    package static let maximumColours = 256
    /// Entries kept for the most frequent colours, exactly, when there are more than 256.
    package static let exactColours = 128
    /// Entries the rarer colours share (median cut), when there are more than 256.
    package static let sharedColours = maximumColours - exactColours
    /// The fewest entries of a colour table (giflib refuses fewer).
    static let minimumTableSize = 2

    /// The image of the rectangle `x, y, width, height` of `pixels` (rows of `rowLength` pixels).
    package static func image(of pixels: UnsafePointer<UInt32>, rowLength: Int,
                             x: Int, y: Int, width: Int, height: Int) -> GIFImage {
        precondition(width >= 1 && height >= 1 && x >= 0 && y >= 0 && x + width <= rowLength, "A rectangle inside the rows")
        let count = width * height
        // The rectangle's colours (0xRRGGBB) in order, and how often each occurs.
        var colours = [UInt32](repeating: 0, count: count)
        var frequency: [UInt32: Int] = [:]
        var run: UInt32 = 0, runLength = 0
        for row in 0..<height {
            let line = pixels + (y + row) * rowLength + x
            for column in 0..<width {
                let colour = line[column] & 0x00FF_FFFF
                colours[row * width + column] = colour
                if colour == run {
                    runLength += 1
                } else {
                    if runLength > 0 { frequency[run, default: 0] += runLength }
                    run = colour
                    runLength = 1
                }
            }
        }
        frequency[run, default: 0] += runLength
        let byFrequency = frequency.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        let exact = byFrequency.count <= maximumColours ? byFrequency : Array(byFrequency.prefix(exactColours))
        var indexOf: [UInt32: UInt8] = [:]
        for (i, colour) in exact.enumerated() { indexOf[colour] = UInt8(i) }

        var indices = [UInt8](repeating: 0, count: count)
        var rare: [Int] = []   // positions of pixels whose colour is not exact
        for i in 0..<count {
            if let index = indexOf[colours[i]] { indices[i] = index } else { rare.append(i) }
        }
        var table = exact
        if !rare.isEmpty {
            let shared = sharedTable(for: rare.map { colours[$0] })
            for (k, i) in rare.enumerated() { indices[i] = UInt8(exact.count + Int(shared.indices[k])) }
            table += shared.colours
        }
        var palette = [UInt8](repeating: 0, count: 3 * tableSize(for: table.count))
        for (i, colour) in table.enumerated() {
            palette[3 * i] = UInt8(truncatingIfNeeded: colour >> 16)
            palette[3 * i + 1] = UInt8(truncatingIfNeeded: colour >> 8)
            palette[3 * i + 2] = UInt8(truncatingIfNeeded: colour)
        }
        return GIFImage(left: x, top: y, width: width, height: height, palette: palette, indices: indices)
    }

    /// At most ``sharedColours`` colours for `colours` (0xRRGGBB) by giflib's median cut, each the mean
    /// of the colours given it, and an entry for each colour.
    static func sharedTable(for colours: [UInt32]) -> (colours: [UInt32], indices: [UInt8]) {
        let count = colours.count
        var red = colours.map { UInt8(truncatingIfNeeded: $0 >> 16) }
        var green = colours.map { UInt8(truncatingIfNeeded: $0 >> 8) }
        var blue = colours.map { UInt8(truncatingIfNeeded: $0) }
        var indices = [UInt8](repeating: 0, count: count)
        var table = [GifColorType](repeating: GifColorType(), count: maximumColours)
        var size = Int32(sharedColours)
        let status = GifQuantizeBuffer(UInt32(count), 1, &size, &red, &green, &blue, &indices, &table)
        // It fails only when it cannot allocate its histogram (128 KB).
        precondition(status == GIF_OK, "GifQuantizeBuffer failed: out of memory")
        var sums = [(r: Int, g: Int, b: Int, n: Int)](repeating: (0, 0, 0, 0), count: Int(size))
        for i in 0..<count {
            let entry = Int(indices[i])
            sums[entry].r += Int(red[i])
            sums[entry].g += Int(green[i])
            sums[entry].b += Int(blue[i])
            sums[entry].n += 1
        }
        let means = sums.map { sum -> UInt32 in
            guard sum.n > 0 else { return 0 }
            let n = sum.n
            return UInt32((sum.r + n / 2) / n) << 16 | UInt32((sum.g + n / 2) / n) << 8 | UInt32((sum.b + n / 2) / n)
        }
        return (means, indices)
    }

    /// The size of a colour table holding `colours`: a power of two, at least ``minimumTableSize``.
    static func tableSize(for colours: Int) -> Int {
        var size = minimumTableSize
        while size < colours { size *= 2 }
        return size
    }
}
