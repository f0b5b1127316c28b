import CPixman
import CSDL2
import CSDL2TTF
import SegueAnimation

/// Text for the compositor: lines rendered with SDL2_ttf (the same fonts and layout as
/// ``TextRenderer``) into premultiplied pictures in the text's colour, cached.
@MainActor
final class CompositorText {
    /// What identifies one rendered text (colour apart).
    struct Key: Hashable {
        let string: String
        let pixelSize: Int32
        let isBold: Bool
        /// The wrap width in pixels for multi-line text; 0 for a single line.
        let wrapWidth: UInt32
    }

    /// A rendered text: its cache key and its coverage (white glyphs, straight alpha, as SDL2_ttf gives).
    struct Rendered {
        let key: Key
        let picture: PixelBuffer
    }

    private struct ColoredKey: Hashable {
        let key: Key
        let color: Color
    }

    /// Texts kept (a page of labels is a few hundred); past this the cache starts again empty.
    static let maxCachedTexts = 2048

    private let fonts: FontLocator.Fonts
    private var openFonts: [FontKey: OpaquePointer] = [:]
    private var coverage: [Key: PixelBuffer] = [:]
    private var colored: [ColoredKey: PixelBuffer] = [:]

    private struct FontKey: Hashable {
        let pixelSize: Int32
        let isBold: Bool
    }

    init(fonts: FontLocator.Fonts) {
        self.fonts = fonts
    }

    /// Closes the fonts and drops the pictures.
    func close() {
        coverage.removeAll()
        colored.removeAll()
        for font in openFonts.values { TTF_CloseFont(font) }
        openFonts.removeAll()
    }

    /// The rendered text at `scale` pixels per point, wrapped to `wrapWidth` points when it may use
    /// more than one line. Nil for an empty string.
    func render(_ text: TextContents, scale: Double, wrapWidth: Double) throws -> Rendered? {
        guard !text.string.isEmpty else { return nil }
        let pixelSize = Int32(max(1, (text.fontSize * scale).rounded()))
        let wraps = text.numberOfLines != 1
        let key = Key(string: text.string, pixelSize: pixelSize, isBold: text.isBold,
                      wrapWidth: wraps ? UInt32(max(1, (wrapWidth * scale).rounded())) : 0)
        if let picture = coverage[key] { return Rendered(key: key, picture: picture) }
        if coverage.count >= Self.maxCachedTexts {
            coverage.removeAll()
            colored.removeAll()
        }
        let font = try font(pixelSize: pixelSize, bold: text.isBold)
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        let rendered: UnsafeMutablePointer<SDL_Surface>? = key.wrapWidth > 0
            ? TTF_RenderUTF8_Blended_Wrapped(font, text.string, white, key.wrapWidth)
            : TTF_RenderUTF8_Blended(font, text.string, white)
        guard let rendered else { throw SDLError("TTF_RenderUTF8_Blended") }
        defer { SDL_FreeSurface(rendered) }
        guard let surface = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw SDLError("SDL_ConvertSurfaceFormat (text)")
        }
        defer { SDL_FreeSurface(surface) }
        let w = surface.pointee.w, h = surface.pointee.h
        let picture = PixelBuffer(width: max(1, w), height: max(1, h), format: PIXMAN_a8)
        if let pixels = surface.pointee.pixels {
            for y in 0..<Int(h) {
                let source = pixels.advanced(by: y * Int(surface.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
                let row = picture.pixels.advanced(by: y * Int(picture.stride)).assumingMemoryBound(to: UInt8.self)
                for x in 0..<Int(w) { row[x] = UInt8(source[x] >> 24) }
            }
        }
        coverage[key] = picture
        return Rendered(key: key, picture: picture)
    }

    /// The text's picture in `color` (premultiplied), made from its coverage once per colour.
    func picture(_ key: Key, color: Color) -> PixelBuffer? {
        let ck = ColoredKey(key: key, color: color)
        if let picture = colored[ck] { return picture }
        guard let mask = coverage[key] else { return nil }
        let picture = PixelBuffer(width: mask.width, height: mask.height)
        let solid = CompositorGeometry.pixmanColor(color, alpha: 1)
        var c = solid
        guard let fill = pixman_image_create_solid_fill(&c) else { return nil }
        defer { pixman_image_unref(fill) }
        pixman_image_composite32(PIXMAN_OP_SRC, fill, mask.image, picture.image, 0, 0, 0, 0, 0, 0, mask.width, mask.height)
        colored[ck] = picture
        return picture
    }

    /// The distance between two lines' baselines, in pixels, for a font size.
    func lineSkip(fontSize: Double, bold: Bool, scale: Double) throws -> Int32 {
        let pixelSize = Int32(max(1, (fontSize * scale).rounded()))
        return TTF_FontLineSkip(try font(pixelSize: pixelSize, bold: bold))
    }

    private func font(pixelSize: Int32, bold: Bool) throws -> OpaquePointer {
        let key = FontKey(pixelSize: pixelSize, isBold: bold)
        if let font = openFonts[key] { return font }
        // SDL2_ttf sizes are in points at 72 dpi, which makes them pixels.
        guard let font = TTF_OpenFont(bold ? fonts.bold : fonts.regular, pixelSize) else {
            throw SDLError("TTF_OpenFont(\(bold ? fonts.bold : fonts.regular))")
        }
        openFonts[key] = font
        return font
    }
}
