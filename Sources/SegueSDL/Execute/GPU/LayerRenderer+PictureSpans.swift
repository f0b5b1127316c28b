import Foundation
import SegueAnimation

/// Drawing an opaque picture placed on whole pixels as its background fills and its content's texture.
///
/// A page is mostly its background colour (``PictureContentSpans``). On a CPU rasteriser such as Mesa's
/// llvmpipe a textured pixel costs several flat ones, so the executor draws, of such a picture, its
/// background as flat rectangles of that colour and only its content columns (per band of rows) from the
/// texture: the same pixels, since each background pixel is that colour exactly. The CPU executor does the
/// same with its span copy (``CPUExecutor/spanCopy(_:of:dx:dy:box:in:tint:foldedTint:into:)``).
extension LayerRenderer {
    /// One rectangle of a picture in its own pixels: its background colour (ARGB, opaque) or its texture.
    struct PicturePiece: Equatable {
        var box: PixelRect
        /// The colour filling it; nil: drawn from the texture.
        var background: UInt32?
    }

    /// The pieces covering `box` (the picture's pixels to draw) of a picture whose content `summary`
    /// describes: per run of bands of rows with one opaque background colour, the columns left and right of
    /// all their content as fills as tall as the run, each band's content columns from the texture and
    /// the rest of the band as fills; bands whose rows differ in background, or whose background is not
    /// opaque, from the texture whole.
    static func pieces(of summary: PictureContentSpans.Summary, in box: PixelRect) -> [PicturePiece] {
        let rows = PictureContentSpans.bandRows
        let height = Int32(summary.rowBackground.count)
        let y0 = max(box.y0, 0), y1 = min(box.y1, height)
        guard y0 < y1, box.x0 < box.x1 else { return [] }
        var pieces: [PicturePiece] = []
        var fills: [PicturePiece] = []
        // The band's background when it is one opaque colour in every row.
        func background(ofBand band: Int32) -> UInt32? {
            let first = band * rows, last = min(first + rows, height)
            let c = summary.rowBackground[Int(first)]
            guard c >> 24 == 0xFF else { return nil }
            for y in first..<last where summary.rowBackground[Int(y)] != c { return nil }
            return c
        }
        var band = y0 / rows
        while band * rows < y1 {
            guard let color = background(ofBand: band) else {
                let top = max(band * rows, y0), bottom = min((band + 1) * rows, y1)
                pieces.append(PicturePiece(box: PixelRect(x0: box.x0, y0: top, x1: box.x1, y1: bottom), background: nil))
                band += 1
                continue
            }
            // The run of bands with this background.
            var end = band + 1
            while end * rows < y1, background(ofBand: end) == color { end += 1 }
            let runTop = max(band * rows, y0), runBottom = min(end * rows, y1)
            var lo = box.x1, hi = box.x0
            for b in band..<end {
                let span = summary.bands[Int(b)]
                let l = max(span.lo, box.x0), h = min(span.hi, box.x1)
                if l < h { lo = min(lo, l); hi = max(hi, h) }
            }
            guard lo < hi else {
                fills.append(PicturePiece(box: PixelRect(x0: box.x0, y0: runTop, x1: box.x1, y1: runBottom), background: color))
                band = end
                continue
            }
            if box.x0 < lo { fills.append(PicturePiece(box: PixelRect(x0: box.x0, y0: runTop, x1: lo, y1: runBottom), background: color)) }
            if hi < box.x1 { fills.append(PicturePiece(box: PixelRect(x0: hi, y0: runTop, x1: box.x1, y1: runBottom), background: color)) }
            for b in band..<end {
                let top = max(b * rows, y0), bottom = min((b + 1) * rows, y1)
                let span = summary.bands[Int(b)]
                let l = max(span.lo, lo), h = min(span.hi, hi)
                guard l < h else {
                    fills.append(PicturePiece(box: PixelRect(x0: lo, y0: top, x1: hi, y1: bottom), background: color))
                    continue
                }
                if lo < l { fills.append(PicturePiece(box: PixelRect(x0: lo, y0: top, x1: l, y1: bottom), background: color)) }
                pieces.append(PicturePiece(box: PixelRect(x0: l, y0: top, x1: h, y1: bottom), background: nil))
                if h < hi { fills.append(PicturePiece(box: PixelRect(x0: h, y0: top, x1: hi, y1: bottom), background: color)) }
            }
            band = end
        }
        // Fills first, then the textured pieces: they do not overlap, and each kind is one batch.
        return fills + pieces
    }

    /// Draws an opaque picture at full strength placed on whole pixels (its pixel (x + dx, y + dy) on
    /// target pixel (x, y), over the target's `box`) by pieces, when its summary is known; false (nothing
    /// drawn) otherwise. Inside `fold` (target pixels) the pieces are drawn under the black tint: fills in
    /// the tinted colour, exactly as the CPU executor's ``SolidTint``, and the texture multiplied by the
    /// tint's inverse alpha.
    func drawPictureBySpans(_ op: CompositorOp, picture: PixelBuffer, texture: OpaquePointer, dx: Int32, dy: Int32,
                            box: PixelRect, fold: (box: PixelRect, tint: SolidTint)?, in frame: RenderList) throws -> Bool {
        guard frame.copiesBySpans, op.sourceIsOpaque, op.alpha >= 1, PixelBuffer.bytesPerPixel(picture.format) == 4,
              let summary = frame.pictureSpans.drawingSummary(of: op.source, in: picture, frame: frame.frameIndex)
        else { return false }
        let visible = box.intersection(damageBox)
        let source = PixelRect(x0: visible.x0 + dx, y0: visible.y0 + dy, x1: visible.x1 + dx, y1: visible.y1 + dy)
        func draw(_ target: PixelRect, _ background: UInt32?, tint: SolidTint?) throws {
            guard !target.isEmpty else { return }
            let placed = CGRect(x: Double(target.x0), y: Double(target.y0), width: Double(target.width), height: Double(target.height))
            if let background {
                let argb = tint?.apply(to: background) ?? background
                func channel(_ shift: UInt32) -> Double { Double((argb >> shift) & 0xFF) / 255 }
                try fillRoundedRect(placed, radius: 0, .identity,
                                    color: Color(red: channel(16), green: channel(8), blue: channel(0)), alpha: 1)
            } else {
                let uv = Self.texelCoordinates(PixelRect(x0: target.x0 + dx, y0: target.y0 + dy, x1: target.x1 + dx, y1: target.y1 + dy),
                                               width: picture.width, height: picture.height)
                let s = tint.map { Double($0.inverseAlpha) / 255 } ?? 1
                try drawTexturedRect(placed, uv: uv, .identity, texture: texture, color: (s, s, s, 1), opaque: true)
            }
        }
        for piece in Self.pieces(of: summary, in: source) {
            let b = piece.box
            let target = PixelRect(x0: b.x0 - dx, y0: b.y0 - dy, x1: b.x1 - dx, y1: b.y1 - dy)
            guard let fold, !target.intersection(fold.box).isEmpty else {
                try draw(target, piece.background, tint: nil)
                continue
            }
            try draw(target.intersection(fold.box), piece.background, tint: fold.tint)
            for rest in target.subtracting(fold.box) { try draw(rest, piece.background, tint: nil) }
        }
        lastFrame.gpu.spanPictures += 1
        return true
    }

    /// How far past a texel's edge, in texels, the texture coordinates of a picture copied texel for texel
    /// are put. SDL's software renderer turns a coordinate into a texel by truncation, so 32/220 x 220
    /// (31.99999 in floats) would read texel 31; GPUs sample at pixel centres, half a texel in, where the
    /// nudge changes nothing.
    static let texelNudge = 1.0 / 64

    /// Texture coordinates (u0, v0, u1, v1) of the texels `box` of a picture of `width` x `height`, for
    /// nearest sampling texel for texel.
    static func texelCoordinates(_ box: PixelRect, width: Int32, height: Int32) -> (Double, Double, Double, Double) {
        let w = Double(width), h = Double(height)
        return ((Double(box.x0) + texelNudge) / w, (Double(box.y0) + texelNudge) / h,
                (Double(box.x1) + texelNudge) / w, (Double(box.y1) + texelNudge) / h)
    }

    /// Operations looked through after a picture for a dimming over it (the plan's, as the CPU executor's).
    static let tintFoldingLookahead = DrawPlan.tintFoldingLookahead

    /// The dimming to fold into picture operation `i` placed on `box`: the first operation after it that
    /// touches its visible pixels, when that is a translucent black fill over whole pixels (a dimming
    /// layer); its index, the pixels of the picture it covers (inside the picture's clip, which must then
    /// be a rectangle on whole pixels) and its tint. Black only: a texture can be
    /// multiplied by a colour in one pass, not have one added.
    func tintFold(for op: CompositorOp, at i: Int, box: PixelRect, in frame: RenderList) -> (index: Int, box: PixelRect, tint: SolidTint)? {
        guard frame.foldsTints, op.level == 0, op.sourceIsOpaque, op.alpha >= 1 else { return nil }
        let list = frame.operations
        var area = box.intersection(damageBox)
        if op.clip >= 0 {
            // Only inside a clip on whole pixels (a container's bounds): elsewhere the picture is cut.
            guard let inside = list.clips[Int(op.clip)].wholePixels else { return nil }
            area = area.intersection(inside)
        }
        guard !area.isEmpty else { return nil }
        for k in (i + 1)..<min(list.ops.count, i + 1 + Self.tintFoldingLookahead) {
            let o = list.ops[k]
            guard !o.bounds.intersection(area).isEmpty else { continue }
            guard let (fillBox, tint) = tintFills[k], tint.premultiplied & 0xFF_FFFF == 0 else { return nil }
            let covered = fillBox.intersection(area)
            return covered.isEmpty ? nil : (k, covered, tint)
        }
        return nil
    }
}
