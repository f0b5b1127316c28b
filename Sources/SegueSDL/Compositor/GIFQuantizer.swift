import CGif

/// Turns a rectangle of the CPU compositor's pixels into a ``GIFImage`` (at most 256 colours).
///
/// - A rectangle with at most 256 distinct colours (flat UI colours, a few shades of text) gets them
///   exactly: no colour changes.
/// - Otherwise giflib's median cut (`GifQuantizeBuffer`, Heckbert's algorithm on 5 bits a channel, no
///   dithering; still exported and declared by giflib 5.2.1, marked deprecated in its header) picks 256
///   colours for the rectangle; a colour may then be off by up to 7 levels a channel. No dithering
///   keeps flat areas flat, so they compress well and do not shimmer from frame to frame.
///
/// Pixels are premultiplied ARGB (`0xAARRGGBB`); a pixel that is not opaque is taken over black (GIF has
/// no partial transparency). Frames of the demo app are opaque.
public enum GIFQuantizer {
    /// The most colours a GIF colour table holds.
    public static let maximumColours = 256
    /// The fewest entries of a colour table (giflib refuses fewer).
    static let minimumTableSize = 2

    /// The image of the rectangle `x, y, width, height` of `pixels` (rows of `rowLength` pixels).
    public static func image(of pixels: UnsafePointer<UInt32>, rowLength: Int,
                             x: Int, y: Int, width: Int, height: Int) -> GIFImage {
        precondition(width >= 1 && height >= 1 && x >= 0 && y >= 0 && x + width <= rowLength, "A rectangle inside the rows")
        if let exact = exactImage(of: pixels, rowLength: rowLength, x: x, y: y, width: width, height: height) {
            return exact
        }
        return medianCutImage(of: pixels, rowLength: rowLength, x: x, y: y, width: width, height: height)
    }

    /// The image with every colour exact, or nil when the rectangle has more than 256 colours.
    static func exactImage(of pixels: UnsafePointer<UInt32>, rowLength: Int,
                           x: Int, y: Int, width: Int, height: Int) -> GIFImage? {
        var indexOf: [UInt32: UInt8] = [:]
        var colours: [UInt32] = []
        var indices = [UInt8](repeating: 0, count: width * height)
        var last: UInt32 = 0, lastIndex: UInt8 = 0, hasLast = false
        for row in 0..<height {
            let line = pixels + (y + row) * rowLength + x
            for column in 0..<width {
                let colour = line[column] & 0x00FF_FFFF
                if !hasLast || colour != last {
                    if let index = indexOf[colour] {
                        lastIndex = index
                    } else {
                        guard colours.count < maximumColours else { return nil }
                        lastIndex = UInt8(colours.count)
                        indexOf[colour] = lastIndex
                        colours.append(colour)
                    }
                    last = colour
                    hasLast = true
                }
                indices[row * width + column] = lastIndex
            }
        }
        var palette = [UInt8](repeating: 0, count: 3 * tableSize(for: colours.count))
        for (i, colour) in colours.enumerated() {
            palette[3 * i] = UInt8(truncatingIfNeeded: colour >> 16)
            palette[3 * i + 1] = UInt8(truncatingIfNeeded: colour >> 8)
            palette[3 * i + 2] = UInt8(truncatingIfNeeded: colour)
        }
        return GIFImage(left: x, top: y, width: width, height: height, palette: palette, indices: indices)
    }

    /// The image with 256 colours picked by giflib's median cut.
    static func medianCutImage(of pixels: UnsafePointer<UInt32>, rowLength: Int,
                               x: Int, y: Int, width: Int, height: Int) -> GIFImage {
        let count = width * height
        var red = [UInt8](repeating: 0, count: count), green = red, blue = red
        for row in 0..<height {
            let line = pixels + (y + row) * rowLength + x
            for column in 0..<width {
                let v = line[column], i = row * width + column
                red[i] = UInt8(truncatingIfNeeded: v >> 16)
                green[i] = UInt8(truncatingIfNeeded: v >> 8)
                blue[i] = UInt8(truncatingIfNeeded: v)
            }
        }
        var indices = [UInt8](repeating: 0, count: count)
        var table = [GifColorType](repeating: GifColorType(), count: maximumColours)
        var size = Int32(maximumColours)
        let status = GifQuantizeBuffer(UInt32(width), UInt32(height), &size, &red, &green, &blue, &indices, &table)
        // It fails only when it cannot allocate its histogram (128 KB).
        precondition(status == GIF_OK, "GifQuantizeBuffer failed: out of memory")
        let used = Int(size)
        var palette = [UInt8](repeating: 0, count: 3 * tableSize(for: used))
        for i in 0..<used {
            palette[3 * i] = table[i].Red
            palette[3 * i + 1] = table[i].Green
            palette[3 * i + 2] = table[i].Blue
        }
        return GIFImage(left: x, top: y, width: width, height: height, palette: palette, indices: indices)
    }

    /// The size of a colour table holding `colours`: a power of two, at least ``minimumTableSize``.
    static func tableSize(for colours: Int) -> Int {
        var size = minimumTableSize
        while size < colours { size *= 2 }
        return size
    }
}
