import CSDL2
import CSDL2TTF
import SegueAnimation

/// Turns ``TextContents`` into SDL textures with SDL2_ttf, caching both the opened fonts and the
/// rendered lines (least-recently-used eviction).
///
/// Glyphs are rendered white and tinted by vertex colour when drawn, so one texture serves every colour.
@MainActor
final class TextRenderer {
    /// A rendered text: its texture and its size in pixels.
    struct Rendered {
        let texture: OpaquePointer
        let width: Int32
        let height: Int32
    }

    /// What identifies one rendered text texture.
    struct Key: Hashable {
        let string: String
        let pixelSize: Int32
        let isBold: Bool
        /// The wrap width in pixels for multi-line text; 0 for a single line.
        let wrapWidth: UInt32
    }

    /// Text textures kept (a page of labels is a few hundred).
    static let maxCachedTexts = 1024
    /// Text texture memory kept, in bytes.
    static let maxCachedTextBytes = 64 << 20

    private let renderer: OpaquePointer
    private let fonts: FontLocator.Fonts
    private var openFonts: [FontKey: OpaquePointer] = [:]
    let cache = TextureCache<Key>(maxEntries: maxCachedTexts, maxBytes: maxCachedTextBytes)

    private struct FontKey: Hashable {
        let pixelSize: Int32
        let isBold: Bool
    }

    init(renderer: OpaquePointer, fonts: FontLocator.Fonts) {
        self.renderer = renderer
        self.fonts = fonts
    }

    /// Closes the fonts and destroys the cached textures.
    func close() {
        cache.removeAll()
        for font in openFonts.values { TTF_CloseFont(font) }
        openFonts.removeAll()
    }

    /// The texture for `text` at `scale` pixels per point, wrapped to `wrapWidth` points when it may use
    /// more than one line. Nil for an empty string.
    func render(_ text: TextContents, scale: Double, wrapWidth: Double) throws -> Rendered? {
        guard !text.string.isEmpty else { return nil }
        let pixelSize = Int32(max(1, (text.fontSize * scale).rounded()))
        let wraps = text.numberOfLines != 1
        let key = Key(string: text.string, pixelSize: pixelSize, isBold: text.isBold,
                      wrapWidth: wraps ? UInt32(max(1, (wrapWidth * scale).rounded())) : 0)
        if let entry = cache.texture(for: key) {
            return Rendered(texture: entry.texture, width: entry.width, height: entry.height)
        }
        let font = try font(pixelSize: pixelSize, bold: text.isBold)
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        let surface: UnsafeMutablePointer<SDL_Surface>? = key.wrapWidth > 0
            ? TTF_RenderUTF8_Blended_Wrapped(font, text.string, white, key.wrapWidth)
            : TTF_RenderUTF8_Blended(font, text.string, white)
        guard let surface else { throw SDLError("TTF_RenderUTF8_Blended") }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
            throw SDLError("SDL_CreateTextureFromSurface (text)")
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        cache.insert(texture, width: surface.pointee.w, height: surface.pointee.h, for: key)
        return Rendered(texture: texture, width: surface.pointee.w, height: surface.pointee.h)
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
