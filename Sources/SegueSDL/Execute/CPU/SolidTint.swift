/// A translucent solid colour laid over opaque pixels, applied while the pixels are copied: the
/// dimming over the page below a push, drawn in the pass that copies the page instead of a second pass
/// that reads and writes every pixel again.
///
/// Each channel becomes `tint + pixel × (255 − tint alpha) / 255`, rounded to nearest: what pixman's
/// `OVER` of the premultiplied solid colour over the copied pixels gives, bit for bit. The copy itself is
/// ``CPUExecutor/spanCopy(_:of:dx:dy:box:in:tint:foldedTint:into:)``'s, in C, with the same arithmetic.
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
}
