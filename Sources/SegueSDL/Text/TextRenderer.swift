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
    typealias Key = OpenFonts.TextKey

    /// Text textures kept (a page of labels is a few hundred).
    static let maxCachedTexts = 1024
    /// Text texture memory kept, in bytes.
    static let maxCachedTextBytes = 64 << 20

    private let renderer: OpaquePointer
    private let fonts: OpenFonts
    let cache = TextureCache<Key>(maxEntries: maxCachedTexts, maxBytes: maxCachedTextBytes)

    init(renderer: OpaquePointer, fonts: FontLocator.Fonts) {
        self.renderer = renderer
        self.fonts = OpenFonts(fonts: fonts)
    }

    /// Closes the fonts and destroys the cached textures.
    func close() {
        cache.removeAll()
        fonts.close()
    }

    /// The texture for `text` at `scale` pixels per point, wrapped to `wrapWidth` points when it may use
    /// more than one line. Nil for an empty string.
    func render(_ text: TextContents, scale: Double, wrapWidth: Double) throws -> Rendered? {
        guard !text.string.isEmpty else { return nil }
        let key = Key(text, scale: scale, wrapWidth: wrapWidth)
        if let entry = cache.texture(for: key) {
            return Rendered(texture: entry.texture, width: entry.width, height: entry.height)
        }
        let surface = try fonts.renderWhite(key)
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
        try fonts.lineSkip(fontSize: fontSize, bold: bold, scale: scale)
    }
}
