/// A translucent solid colour laid over opaque pixels, applied while the pixels are copied: the
/// dimming over the page below a push, drawn in the pass that copies the page instead of a second pass
/// that reads and writes every pixel again.
///
/// Each channel becomes `tint + pixel × (255 − tint alpha) / 255`, rounded to nearest: what pixman's
/// `OVER` of the premultiplied solid colour over the copied pixels gives, bit for bit.
struct SolidTint: Equatable {
    /// The premultiplied `a8r8g8b8` colour.
    let premultiplied: UInt32
    /// 255 minus its alpha: what the pixels below are multiplied by (in 1/255).
    let inverseAlpha: UInt32

    /// The tint of a premultiplied pixel; nil when it is opaque or fully transparent (nothing to fold).
    init?(premultiplied: UInt32) {
        let a = premultiplied >> 24
        guard a > 0, a < 255 else { return nil }
        self.premultiplied = premultiplied
        inverseAlpha = 255 - a
    }

    /// One channel times `inverseAlpha` / 255, rounded to nearest (pixman's `MUL_UN8`).
    @inline(__always)
    private func scaled(_ channel: UInt32) -> UInt32 {
        let t = channel * inverseAlpha + 0x80
        return (t + (t >> 8)) >> 8
    }

    /// The tint over one opaque pixel.
    func apply(to pixel: UInt32) -> UInt32 {
        (scaled(pixel >> 24) << 24 | scaled((pixel >> 16) & 0xFF) << 16 | scaled((pixel >> 8) & 0xFF) << 8
            | scaled(pixel & 0xFF)) &+ premultiplied
    }

    /// Writes `count` pixels of `source` to `destination`, tinted (32-bit pixels; the two must not overlap).
    /// Eight pixels at a time as sixteen 16-bit lanes, two channels a pixel per pass (the compiler makes
    /// SSE2 multiplies of it): as fast as a plain copy, since the pixels' trip through memory is the cost.
    func copy(_ source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count: Int) {
        typealias Pixels = SIMD8<UInt32>
        typealias Lanes = SIMD16<UInt16>
        let low = Pixels(repeating: 0x00FF_00FF), tint = Pixels(repeating: premultiplied)
        let factor = Lanes(repeating: UInt16(inverseAlpha)), half = Lanes(repeating: 0x80)
        @inline(__always) func scaled(_ x: Lanes) -> Lanes {
            let t = x &* factor &+ half   // at most 255 · 255 + 128: fits 16 bits, as does t + t >> 8
            return (t &+ (t &>> 8)) &>> 8
        }
        var x = 0
        while x + Pixels.scalarCount <= count {
            let v = source.loadUnaligned(fromByteOffset: x * 4, as: Pixels.self)
            let blueRed = unsafeBitCast(v & low, to: Lanes.self)
            let greenAlpha = unsafeBitCast((v &>> 8) & low, to: Lanes.self)
            let out = unsafeBitCast(scaled(blueRed), to: Pixels.self) | (unsafeBitCast(scaled(greenAlpha), to: Pixels.self) &<< 8)
            destination.storeBytes(of: out &+ tint, toByteOffset: x * 4, as: Pixels.self)
            x += Pixels.scalarCount
        }
        while x < count {
            destination.storeBytes(of: apply(to: source.load(fromByteOffset: x * 4, as: UInt32.self)),
                                   toByteOffset: x * 4, as: UInt32.self)
            x += 1
        }
    }
}
