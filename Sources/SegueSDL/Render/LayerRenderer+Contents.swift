import Foundation
import CSDL2
import SegueAnimation

/// A layer's `contents`: text laid out in the bounds, bitmaps and snapshots stretched over them.
extension LayerRenderer {
    func drawContents(_ contents: LayerContents, _ p: LayerProperties, _ toTarget: Homography, alpha: Double) throws {
        switch contents {
        case .text(let text):
            try drawText(text, in: p.bounds, toTarget, alpha: alpha)
        case .bitmap(let bitmap):
            let entry = try bitmapTexture(bitmap)
            try drawTexturedRect(p.bounds, uv: (0, 0, 1, 1), toTarget, texture: entry.texture, color: (1, 1, 1, alpha),
                                 opaque: entry.isOpaque)
        case .snapshot(let snapshot):
            guard let texture = try snapshotTexture(snapshot) else { return }
            try drawTexturedRect(p.bounds, uv: (0, 0, 1, 1), toTarget, texture: texture,
                                 color: premultipliedColor(alpha: alpha))
        }
    }

    /// Text as UILabel lays it out: aligned left, centre or right, centred vertically, cut at the bounds
    /// (no ellipsis), at most `numberOfLines` lines.
    func drawText(_ text: TextContents, in bounds: CGRect, _ toTarget: Homography, alpha: Double) throws {
        guard bounds.width > 0, bounds.height > 0,
              let rendered = try self.text.render(text, scale: scale, wrapWidth: bounds.width) else { return }
        let pixelHeight = text.numberOfLines > 1
            ? min(Double(rendered.height),
                  Double(try self.text.lineSkip(fontSize: text.fontSize, bold: text.isBold, scale: scale)) * Double(text.numberOfLines))
            : Double(rendered.height)
        let width = Double(rendered.width) / scale, height = pixelHeight / scale
        let textRect = text.placement(width: width, height: height, in: bounds, toTarget)
        let x = textRect.minX, y = textRect.minY
        guard let visible = textRect.nonEmptyIntersection(bounds) else { return }
        let vScale = pixelHeight / Double(rendered.height)
        let uv = ((visible.minX - x) / width, (visible.minY - y) / height * vScale,
                  (visible.maxX - x) / width, (visible.maxY - y) / height * vScale)
        let c = text.color
        try drawTexturedRect(visible, uv: uv, toTarget, texture: rendered.texture,
                             color: (c.red, c.green, c.blue, c.alpha * alpha))
    }

    /// The texture of a bitmap, made once and cached while the bitmap is in use.
    func bitmapTexture(_ bitmap: Bitmap) throws -> (texture: OpaquePointer, isOpaque: Bool) {
        let key = ObjectIdentifier(bitmap)
        if let entry = bitmaps.texture(for: key) { return (entry.texture, entry.isOpaque) }
        let w = Int32(bitmap.width), h = Int32(bitmap.height)
        // 0xRRGGBBAA packed in a UInt32 is SDL's RGBA8888.
        guard let texture = SDL_CreateTexture(sdlRenderer, SDL_PIXELFORMAT_RGBA8888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue), w, h) else {
            throw SDLError("SDL_CreateTexture(bitmap \(w)x\(h))")
        }
        let result = bitmap.pixels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, w * 4) }
        guard result == 0 else {
            SDL_DestroyTexture(texture)
            throw SDLError("SDL_UpdateTexture(bitmap)")
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        let isOpaque = bitmap.pixels.allSatisfy { $0 & 0xFF == 0xFF }
        bitmaps.insert(texture, width: w, height: h, for: key, owner: bitmap, isOpaque: isOpaque)
        return (texture, isOpaque)
    }
}
