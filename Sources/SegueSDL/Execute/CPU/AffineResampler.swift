import CPixman
import CSeguePixels
import Dispatch
import SegueAnimation

/// Draws a premultiplied ARGB picture through an affine map, bilinearly filtered, over 32-bit pixels:
/// the turned page of a transition. pixman does this in generic C at ~11 ns a pixel (measured: a turned
/// 1280x800 picture, 10.8 ms); walking each row with fixed-point steps and blending in integers costs a
/// fraction of that.
///
/// Outside the picture counts as transparent (its edge is antialiased by the filter over about a pixel,
/// as pixman's `REPEAT_NONE`). The weights have 8 bits (pixman's bilinear filter uses 7), so the two differ
/// by at most a level or two per channel.
enum AffineResampler {
    /// Fractional bits of the source coordinates while walking a row.
    static let fractionBits = 16
    /// Bits of the bilinear weights.
    static let weightBits = 8

    private struct Job: @unchecked Sendable {
        let source: UnsafePointer<UInt32>
        let sourceWidth: Int, sourceHeight: Int, sourceStride: Int   // stride in pixels
        let destination: UnsafeMutablePointer<UInt32>
        let destinationStride: Int
        let destinationHasAlpha: Bool
        /// Target pixel → source pixel (continuous coordinates, pixel centres at +0.5).
        let map: (m11: Double, m12: Double, m21: Double, m22: Double, m31: Double, m32: Double)
        let alpha: UInt32   // 0...256
        /// The widest C path allowed (every path gives the same pixels; narrower ones to test that). The
        /// Swift reference filters four pixels at once unless this is `.scalar`.
        let path: Path
        /// Whether the Swift reference draws instead of the C loop (the same result; on to test that).
        let reference: Bool
    }

    /// The C loop's paths for the pixels whose taps all lie inside the picture (the others are drawn one
    /// at a time by every path). All give the same pixels.
    enum Path: Int32, CaseIterable, Sendable {
        /// One pixel at a time.
        case scalar = 0
        /// Four pixels at a time with SSE2 (x86-64's baseline).
        case sse2 = 1
        /// Eight pixels at a time with AVX2, where the CPU has it (chosen at run time): ~1.4 ns a pixel
        /// against ~2.9 for SSE2 (a 1280x800 picture turned by 0.05 rad, one thread, Zen 4).
        case avx2 = 2
    }

    /// Whether the pixel kernels were built without x86 vector code (another CPU, or
    /// SEGUE_SCALAR_PIXELS=1 at build time): every path then runs as ``Path/scalar``.
    static let isScalarOnly = segue_pixels_scalar_only() != 0

    /// The widest path this CPU runs (a wider one asked for runs as this one).
    static let widestPath = Path(rawValue: segue_resample_widest_path()) ?? .sse2

    /// Composites `source` (premultiplied `a8r8g8b8`) OVER `destination` in `region`, sampling the
    /// source at `targetToSource` (affine) of each pixel's centre, at `alpha`. False (nothing drawn) when
    /// the formats or the map do not fit; the caller then uses pixman.
    static func composite(_ source: PixelBuffer, through targetToSource: Homography, alpha: Double,
                          into destination: PixelBuffer, region: PixelRegion, path: Path = .avx2,
                          reference: Bool = false) -> Bool {
        guard targetToSource.isAffine, source.format == PIXMAN_a8r8g8b8,
              destination.format == PIXMAN_a8r8g8b8 || destination.format == PIXMAN_x8r8g8b8,
              source.width < 1 << 14, source.height < 1 << 14 else { return false }
        let h = targetToSource
        let job = Job(source: UnsafePointer(source.pixels.assumingMemoryBound(to: UInt32.self)),
                      sourceWidth: Int(source.width), sourceHeight: Int(source.height), sourceStride: Int(source.stride) / 4,
                      destination: destination.pixels.assumingMemoryBound(to: UInt32.self),
                      destinationStride: Int(destination.stride) / 4,
                      destinationHasAlpha: destination.format == PIXMAN_a8r8g8b8,
                      map: (h.m11, h.m12, h.m21, h.m22, h.m31, h.m32),
                      alpha: UInt32((min(max(alpha, 0), 1) * 256).rounded()), path: path,
                      reference: reference)
        let rects = region.rectangles
        let rows = rects.reduce(0) { $0 + Int($1.height) }
        let area = rects.reduce(0) { $0 + $1.area }
        let bands = area >= ParallelComposite.minimumPixels ? ParallelComposite.threads : 1
        if bands <= 1 {
            for r in rects { draw(job, r) }
            return true
        }
        // Rows are dealt out in interleaved blocks so that each thread gets a similar share.
        let rowsPerBand = (rows + bands - 1) / bands
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            var skip = band * rowsPerBand, left = rowsPerBand
            for r in rects where left > 0 {
                let height = Int(r.height)
                if skip >= height { skip -= height; continue }
                let y0 = Int(r.y0) + skip, y1 = min(Int(r.y1), y0 + left)
                draw(job, PixelRect(x0: r.x0, y0: Int32(y0), x1: r.x1, y1: Int32(y1)))
                left -= y1 - y0
                skip = 0
            }
        }
        return true
    }

    /// Pixels the Swift reference resamples at once where all their taps lie inside the picture.
    static let vectorWidth = 4

    /// Width of the columns a rectangle is drawn in, in pixels. Along a row of a turned picture's target,
    /// the taps cross many source rows (80 across 1280 pixels turned by 0.06 rad), each at the next cache
    /// line when the next row is drawn: more interleaved streams than the memory prefetchers follow, so
    /// every line came late (a profile: a quarter of the time in one load). In columns this wide a row
    /// crosses a few source rows only, and those streams are followed.
    static let columnWidth: Int32 = 128

    private static func draw(_ job: Job, _ r: PixelRect) {
        var x0 = r.x0
        while x0 < r.x1 {
            let x1 = min(r.x1, x0 + columnWidth)
            drawColumn(job, PixelRect(x0: x0, y0: r.y0, x1: x1, y1: r.y1))
            x0 = x1
        }
    }

    /// Rows ahead whose taps are fetched while a row is drawn (the next rows read the cache lines next
    /// to this row's, in the same source rows).
    static let prefetchRows = 2

    /// One column of a rectangle, in C (`CSeguePixels`' `segue_resample_column`: the arithmetic of
    /// ``referenceColumn(_:_:)`` with SSE2 or AVX2 intrinsics, ~2.9 and ~1.4 ns a pixel against ~3.8 for
    /// the same loop written as the Swift is; a test checks that all give the same pixels). It finds each
    /// row's run of pixels whose taps are all inside once, from the map, and filters that run without
    /// bounds checks.
    private static func drawColumn(_ job: Job, _ r: PixelRect) {
        if job.reference {
            referenceColumn(job, r)
            return
        }
        var c = segue_resample_job(
            source: job.source, sourceWidth: job.sourceWidth, sourceHeight: job.sourceHeight, sourceStride: job.sourceStride,
            destination: job.destination, destinationStride: job.destinationStride,
            destinationHasAlpha: job.destinationHasAlpha ? 1 : 0,
            m11: job.map.m11, m12: job.map.m12, m21: job.map.m21, m22: job.map.m22, m31: job.map.m31, m32: job.map.m32,
            alpha: job.alpha, path: job.path.rawValue, prefetchRows: Int32(prefetchRows))
        segue_resample_column(&c, r.x0, r.y0, r.x1, r.y1)
    }

    /// The reference of ``drawColumn(_:_:)`` in Swift: what the C loop must draw, bit for bit.
    private static func referenceColumn(_ job: Job, _ r: PixelRect) {
        let one = Double(1 << fractionBits)
        let m = job.map
        let du = Int(m.m11 * one), dv = Int(m.m12 * one)
        let w = job.sourceWidth, h = job.sourceHeight
        let lastX = Int(r.x1)
        for y in Int(r.y0)..<Int(r.y1) {
            // The source position of the first pixel's centre, minus half a texel (bilinear taps).
            let cx = Double(r.x0) + 0.5, cy = Double(y) + 0.5
            var u = Int(((cx * m.m11 + cy * m.m21 + m.m31) - 0.5) * one)
            var v = Int(((cx * m.m12 + cy * m.m22 + m.m32) - 0.5) * one)
            // Where the same pixels of a row `prefetchRows` further down read, fetched ahead.
            var aheadU = u &+ Int(Double(prefetchRows) * m.m21 * one), aheadV = v &+ Int(Double(prefetchRows) * m.m22 * one)
            let row = job.destination + y * job.destinationStride
            var x = Int(r.x0)
            while x < lastX {
                if job.path != .scalar && x + vectorWidth <= lastX {
                    // Four pixels whose taps are all inside (the positions are linear along the row:
                    // the first and the last decide) are filtered together.
                    let u3 = u &+ 3 &* du, v3 = v &+ 3 &* dv
                    let sx0 = u >> fractionBits, sy0 = v >> fractionBits, sx3 = u3 >> fractionBits, sy3 = v3 >> fractionBits
                    if sx0 >= 0, sy0 >= 0, sx3 >= 0, sy3 >= 0, sx0 < w - 1, sy0 < h - 1, sx3 < w - 1, sy3 < h - 1 {
                        let ax = min(max(aheadU >> fractionBits, 0), w - 1), ay = min(max(aheadV >> fractionBits, 0), h - 2)
                        let ahead = job.source + ay * job.sourceStride + ax
                        segue_prefetch(ahead)
                        segue_prefetch(ahead + job.sourceStride)
                        drawFour(job, row + x, u: u, v: v, du: du, dv: dv)
                        u &+= 4 &* du
                        v &+= 4 &* dv
                        aheadU &+= 4 &* du
                        aheadV &+= 4 &* dv
                        x += vectorWidth
                        continue
                    }
                }
                drawOne(job, row + x, u: u, v: v)
                u &+= du
                v &+= dv
                aheadU &+= du
                aheadV &+= dv
                x += 1
            }
        }
    }

    /// One pixel: its taps, outside the picture transparent; blended over the destination.
    @inline(__always)
    private static func drawOne(_ job: Job, _ pixel: UnsafeMutablePointer<UInt32>, u: Int, v: Int) {
        let w = job.sourceWidth, h = job.sourceHeight
        let sx = u >> fractionBits, sy = v >> fractionBits
        guard sx >= -1 && sy >= -1 && sx < w && sy < h else { return }
        let fx = UInt32((u >> (fractionBits - weightBits)) & 0xFF)
        let fy = UInt32((v >> (fractionBits - weightBits)) & 0xFF)
        var s: UInt32
        if sx >= 0 && sy >= 0 && sx < w - 1 && sy < h - 1 {
            // Inside: the four taps without bounds checks.
            let top = job.source + sy * job.sourceStride + sx
            let bottom = top + job.sourceStride
            s = bilinear(top[0], top[1], bottom[0], bottom[1], fx, fy)
        } else {
            s = bilinear(texel(job, sx, sy), texel(job, sx + 1, sy), texel(job, sx, sy + 1),
                         texel(job, sx + 1, sy + 1), fx, fy)
        }
        store(s, job, pixel)
    }

    /// A filtered pixel at the job's opacity, over the destination pixel.
    @inline(__always)
    private static func store(_ filtered: UInt32, _ job: Job, _ pixel: UnsafeMutablePointer<UInt32>) {
        var s = filtered
        if job.alpha < 256 { s = scale(s, job.alpha) }
        let a = s >> 24
        if a == 0xFF {
            pixel.pointee = s
        } else if a != 0 || s != 0 {
            pixel.pointee = over(s, pixel.pointee, hasAlpha: job.destinationHasAlpha)
        }
    }

    /// Four pixels whose taps all lie inside the picture: the same arithmetic as ``bilinear(_:_:_:_:_:_:)``,
    /// two channels of each pixel in 16-bit lanes, four pixels at once (the compiler makes SSE2 of it).
    @inline(__always)
    private static func drawFour(_ job: Job, _ pixels: UnsafeMutablePointer<UInt32>, u: Int, v: Int, du: Int, dv: Int) {
        typealias Quad = SIMD4<UInt32>
        typealias Lanes = SIMD8<UInt16>
        var a = Quad(), b = Quad(), c = Quad(), d = Quad(), fx = Quad(), fy = Quad()
        var pu = u, pv = v
        for k in 0..<4 {
            let top = job.source + (pv >> fractionBits) * job.sourceStride + (pu >> fractionBits)
            let bottom = top + job.sourceStride
            a[k] = top[0]
            b[k] = top[1]
            c[k] = bottom[0]
            d[k] = bottom[1]
            fx[k] = UInt32(truncatingIfNeeded: (pu >> (fractionBits - weightBits)) & 0xFF)
            fy[k] = UInt32(truncatingIfNeeded: (pv >> (fractionBits - weightBits)) & 0xFF)
            pu &+= du
            pv &+= dv
        }
        let low = Quad(repeating: 0x00FF_00FF), full = Lanes(repeating: 256)
        @inline(__always) func lanes(_ q: Quad) -> Lanes { unsafeBitCast(q, to: Lanes.self) }
        let x1 = lanes(fx | fx &<< 16), x0 = full &- x1
        let y1 = lanes(fy | fy &<< 16), y0 = full &- y1
        // Each product is at most 255 · 256 and each weighted pair sums to at most that: no lane overflows.
        @inline(__always) func mix(_ p: Lanes, _ q: Lanes, _ w0: Lanes, _ w1: Lanes) -> Lanes { (p &* w0 &+ q &* w1) &>> 8 }
        let blueRed = mix(mix(lanes(a & low), lanes(b & low), x0, x1), mix(lanes(c & low), lanes(d & low), x0, x1), y0, y1)
        let greenAlpha = mix(mix(lanes((a &>> 8) & low), lanes((b &>> 8) & low), x0, x1),
                             mix(lanes((c &>> 8) & low), lanes((d &>> 8) & low), x0, x1), y0, y1)
        let s = unsafeBitCast(blueRed, to: Quad.self) | unsafeBitCast(greenAlpha, to: Quad.self) &<< 8
        if job.alpha == 256 && (s & Quad(repeating: 0xFF00_0000)) == Quad(repeating: 0xFF00_0000) {
            UnsafeMutableRawPointer(pixels).storeBytes(of: s, as: Quad.self)
        } else {
            for k in 0..<4 { store(s[k], job, pixels + k) }
        }
    }

    @inline(__always)
    private static func texel(_ job: Job, _ x: Int, _ y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < job.sourceWidth, y < job.sourceHeight else { return 0 }
        return job.source[y * job.sourceStride + x]
    }

    /// Bilinear blend of four premultiplied pixels (a b on the top row, c d below), weights in 1/256:
    /// each pixel spread to four 16-bit lanes (0x00AA_00RR_00GG_00BB), so a channel times a weight
    /// (at most 255 · 256) never reaches the next lane.
    @inline(__always)
    private static func bilinear(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ fx: UInt32, _ fy: UInt32) -> UInt32 {
        let mask: UInt64 = 0x00FF_00FF_00FF_00FF
        @inline(__always) func spread(_ p: UInt32) -> UInt64 {
            let v = UInt64(p)
            return (v & 0x00FF_00FF) | ((v & 0xFF00_FF00) << 24)
        }
        let x1 = UInt64(fx), x0 = 256 - x1, y1 = UInt64(fy), y0 = 256 - y1
        let top = ((spread(a) &* x0 &+ spread(b) &* x1) >> 8) & mask
        let bottom = ((spread(c) &* x0 &+ spread(d) &* x1) >> 8) & mask
        let v = ((top &* y0 &+ bottom &* y1) >> 8) & mask
        return UInt32(truncatingIfNeeded: (v & 0x00FF_00FF) | ((v >> 24) & 0xFF00_FF00))
    }

    /// A premultiplied pixel times `f`/256.
    @inline(__always)
    private static func scale(_ p: UInt32, _ f: UInt32) -> UInt32 {
        // Parenthesised: Swift's `>>` binds tighter than `*` (unparenthesised this was `p * (f >> 8)`, 0
        // for any opacity below 1: a turned picture at partial opacity was not drawn at all).
        let rb = (((p & 0x00FF_00FF) * f) >> 8) & 0x00FF_00FF
        let ag = ((((p >> 8) & 0x00FF_00FF) * f) >> 8) & 0x00FF_00FF
        return ag << 8 | rb
    }

    /// Premultiplied `s` OVER `d`.
    @inline(__always)
    private static func over(_ s: UInt32, _ d: UInt32, hasAlpha: Bool) -> UInt32 {
        let inverse = 255 - (s >> 24)
        func times(_ v: UInt32) -> UInt32 {   // two channels of d times inverse / 255, rounded
            let t = v * inverse + 0x0080_0080
            return ((t + ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        }
        let dd = hasAlpha ? d : d | 0xFF00_0000
        return s &+ (times((dd >> 8) & 0x00FF_00FF) << 8 | times(dd & 0x00FF_00FF))
    }
}

