import CZlib

/// Encodes the CPU compositor's frames (premultiplied ARGB, 32 bits a pixel) as PNG files: 8 bits a
/// channel, straight alpha, RGB when every pixel is opaque (exact: nothing is lost) and RGBA otherwise,
/// compressed by zlib at its fastest level. Pure and thread-safe: `segue replay` encodes on other threads
/// while the next frame renders.
///
/// Speed over size: libpng (through SDL2_image) tried five filters on every row and compressed at zlib's
/// default level, ~15 ms for an 800x600 frame here; this writes each row unfiltered (filter type None) at
/// level 1, ~3 ms, and files about as large (on the demo's replay frames None gave the smallest files of
/// None, Sub and Up at level 1: flat colours and text, which deflate's matches already catch).
package enum PNGEncoder {
    /// zlib's compression level: 1, its fastest (`Z_BEST_SPEED`).
    static let deflateLevel: Int32 = 1
    /// The PNG filter type written before every row: 0, None (PNG specification, 9.2).
    static let filterNone: UInt8 = 0
    /// The 8-byte PNG signature (PNG specification, 5.2).
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Colour type 2, truecolour: R, G, B (PNG specification, 11.2.2).
    static let colourTypeRGB: UInt8 = 2
    /// Colour type 6, truecolour with alpha: R, G, B, A, straight alpha (PNG specification, 11.2.2).
    static let colourTypeRGBA: UInt8 = 6
    /// Bits per channel.
    static let bitDepth: UInt8 = 8
    /// Bytes of a chunk besides its data: length, type, CRC (PNG specification, 5.3).
    static let chunkOverhead = 12
    /// Bytes of the IHDR chunk's data (PNG specification, 11.2.2).
    static let headerDataLength = 13

    /// The PNG file of a frame: `height` rows of `width` premultiplied ARGB pixels (`0xAARRGGBB` in native
    /// order, the compositor's `a8r8g8b8`), `stride` bytes from one row to the next. Colours are
    /// un-premultiplied as ``HeadlessCompositor/readPixel(x:y:)`` does, so a decoded file reads back the
    /// same pixels.
    package static func encode(argb pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        var scratch: [UInt8] = []
        return encode(argb: pixels, width: width, height: height, stride: stride, scratch: &scratch)
    }

    /// ``encode(argb:width:height:stride:)`` with the rows prepared in `scratch` (grown as needed, kept
    /// for the next frame: a fresh buffer a frame costs the kernel a page fault every 4 KB).
    package static func encode(argb pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                              scratch: inout [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && stride >= width * 4, "A \(width)x\(height) frame with a stride of \(stride) bytes")
        let opaque = isOpaque(pixels, width: width, height: height, stride: stride)
        let channels = opaque ? 3 : 4
        let rowLength = 1 + width * channels
        if scratch.count < rowLength * height { scratch = [UInt8](repeating: 0, count: rowLength * height) }
        scratch.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                let line = out.baseAddress! + y * rowLength
                line[0] = filterNone
                if opaque {
                    writeOpaqueRow(row, width: width, into: line + 1)
                } else {
                    writeRow(row, width: width, into: line + 1)
                }
            }
        }
        return scratch.withUnsafeBufferPointer {
            file(width: width, height: height, colourType: opaque ? colourTypeRGB : colourTypeRGBA,
                 scanlines: UnsafeBufferPointer(rebasing: $0[0..<rowLength * height]))
        }
    }

    /// Whether every pixel's alpha is 255.
    static func isOpaque(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= row[x] }
            if all < 0xFF00_0000 { return false }
        }
        return true
    }

    /// R, G, B of opaque pixels (premultiplied and straight colours are the same).
    @inline(__always)
    static func writeOpaqueRow(_ row: UnsafePointer<UInt32>, width: Int, into out: UnsafeMutablePointer<UInt8>) {
        var o = out
        for x in 0..<width {
            let v = row[x]
            o[0] = UInt8(truncatingIfNeeded: v >> 16)
            o[1] = UInt8(truncatingIfNeeded: v >> 8)
            o[2] = UInt8(truncatingIfNeeded: v)
            o += 3
        }
    }

    /// R, G, B, A with straight alpha, rounded as ``HeadlessCompositor/readPixel(x:y:)`` rounds.
    @inline(__always)
    static func writeRow(_ row: UnsafePointer<UInt32>, width: Int, into out: UnsafeMutablePointer<UInt8>) {
        var o = out
        for x in 0..<width {
            let v = row[x]
            let a = v >> 24
            if a == 0xFF {
                o[0] = UInt8(truncatingIfNeeded: v >> 16)
                o[1] = UInt8(truncatingIfNeeded: v >> 8)
                o[2] = UInt8(truncatingIfNeeded: v)
            } else {
                o[0] = unpremultiplied((v >> 16) & 0xFF, alpha: a)
                o[1] = unpremultiplied((v >> 8) & 0xFF, alpha: a)
                o[2] = unpremultiplied(v & 0xFF, alpha: a)
            }
            o[3] = UInt8(truncatingIfNeeded: a)
            o += 4
        }
    }

    /// A premultiplied channel divided by its alpha, rounded to nearest (0 where alpha is 0).
    @inline(__always)
    static func unpremultiplied(_ c: UInt32, alpha a: UInt32) -> UInt8 {
        a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
    }

    /// The zlib stream header (RFC 1950, 2.2): deflate with a 32 KB window (0x78), the fastest compression
    /// level and no preset dictionary (0x01, which makes the pair a multiple of 31).
    static let zlibHeader: [UInt8] = [0x78, 0x01]
    /// Window bits of the deflate stream: 15, 32 KB (negative for zlib's raw deflate, without header or checksum).
    static let windowBits: Int32 = 15
    /// zlib's default memory level for its hash tables.
    static let memoryLevel: Int32 = 8

    /// Deflates `input` at ``deflateLevel`` into `out` (room for `capacity` bytes, zlib's `compressBound`
    /// of the input at least); returns the bytes written.
    static func rawDeflate(_ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        // zlib keeps a pointer to the stream: it must not move while in use.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        var status = deflateInit2_(stream, deflateLevel, Z_DEFLATED, -windowBits, memoryLevel, Z_DEFAULT_STRATEGY,
                                   zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib deflateInit2 failed (\(status))")
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = out
        stream.pointee.avail_out = uInt(capacity)
        status = deflate(stream, Z_FINISH)
        // compressBound is enough by zlib's contract; anything else is memory exhaustion.
        precondition(status == Z_STREAM_END, "zlib deflate failed (\(status))")
        return Int(stream.pointee.total_out)
    }

    /// The PNG file around filtered scanlines: signature, IHDR, one IDAT (the zlib stream), IEND.
    static func file(width: Int, height: Int, colourType: UInt8, scanlines: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let bound = Int(compressBound(uLong(scanlines.count)))
        let capacity = signature.count + 3 * chunkOverhead + headerDataLength + bound
        return [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
            var at = 0
            func put(_ bytes: [UInt8]) {
                for b in bytes { out[at] = b; at += 1 }
            }
            func putBigEndian(_ v: UInt32) {
                put([UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)])
            }
            /// Writes the chunk's length and type, its data (`body` writes it at `at` and moves `at` past
            /// it), then the CRC of type and data.
            func chunk(_ type: String, body: () -> Void) {
                let lengthAt = at
                at += 4
                let typeAt = at
                put(Array(type.utf8))
                let dataAt = at
                body()
                let length = at - dataAt
                let crc = crc32(0, out.baseAddress! + typeAt, uInt(at - typeAt))
                let saved = at
                at = lengthAt
                putBigEndian(UInt32(length))
                at = saved
                putBigEndian(UInt32(crc))
            }
            put(signature)
            chunk("IHDR") {
                putBigEndian(UInt32(width))
                putBigEndian(UInt32(height))
                // Bit depth, colour type, compression method 0, filter method 0, interlace method 0 (none).
                put([bitDepth, colourType, 0, 0, 0])
            }
            chunk("IDAT") {
                // The zlib stream (RFC 1950): header, zlib's raw deflate, then the Adler-32 of the
                // scanlines, summed here (faster than zlib's own).
                put(zlibHeader)
                at += rawDeflate(scanlines, into: out.baseAddress! + at, capacity: bound)
                putBigEndian(Adler32.checksum(UnsafeRawBufferPointer(scanlines)))
            }
            chunk("IEND") {}
            count = at
        }
    }
}
