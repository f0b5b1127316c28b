import CSDL2
import CSDL2TTF
import SegueAnimation

/// The fonts text is drawn with (``CompositorText`` makes the pictures both executors draw), each opened
/// once per pixel size and weight, and the white coverage SDL2_ttf renders a text as.
@MainActor
final class OpenFonts {
    /// What identifies one rendered text (colour apart).
    ///
    /// The string is compared and hashed by its UTF-8 bytes, not as Swift compares strings (canonical
    /// equivalence, which hashes a normalized copy of any string that is not ASCII: a label "Page 1 · Row 1"
    /// was normalized at every lookup, a few times a frame for each label drawn view by view). Two
    /// canonically equivalent strings of other bytes are two keys: the same pixels rendered twice.
    struct TextKey: Hashable {
        let string: String
        let pixelSize: Int32
        let isBold: Bool
        /// The wrap width in pixels for multi-line text; 0 for a single line.
        let wrapWidth: UInt32

        static func == (a: TextKey, b: TextKey) -> Bool {
            a.pixelSize == b.pixelSize && a.isBold == b.isBold && a.wrapWidth == b.wrapWidth
                && Self.sameBytes(a.string, b.string)
        }

        /// Whether two strings have the same UTF-8 bytes (what `utf8.elementsEqual` says, not String's
        /// canonical equivalence): one `memcmp` over contiguous storage, instead of the generic element
        /// by element comparison that every dictionary look-up of a text paid.
        static func sameBytes(_ a: String, _ b: String) -> Bool {
            let a8 = a.utf8, b8 = b.utf8
            guard a8.count == b8.count else { return false }
            let compared = a8.withContiguousStorageIfAvailable { pa in
                b8.withContiguousStorageIfAvailable { pb in
                    pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0
                }
            }
            if let compared, let same = compared { return same }
            return a8.elementsEqual(b8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(pixelSize)
            hasher.combine(isBold)
            hasher.combine(wrapWidth)
            let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if hashed == nil { for byte in string.utf8 { hasher.combine(byte) } }
            hasher.combine(string.utf8.count)
        }

        /// The key of `text` at `scale` pixels per point, wrapped to `wrapWidth` points when it may use more
        /// than one line.
        init(_ text: TextContents, scale: Double, wrapWidth: Double) {
            string = text.string
            pixelSize = OpenFonts.pixelSize(fontSize: text.fontSize, scale: scale)
            isBold = text.isBold
            self.wrapWidth = text.numberOfLines != 1 ? UInt32(max(1, (wrapWidth * scale).rounded())) : 0
        }
    }

    private struct FontKey: Hashable {
        let pixelSize: Int32
        let isBold: Bool
    }

    private let fonts: FontLocator.Fonts
    private var open: [FontKey: OpaquePointer] = [:]

    init(fonts: FontLocator.Fonts) {
        self.fonts = fonts
    }

    /// Closes every opened font.
    func close() {
        for font in open.values { TTF_CloseFont(font) }
        open.removeAll()
    }

    /// A font size in points at `scale` pixels per point, as a whole pixel size of at least 1.
    nonisolated static func pixelSize(fontSize: Double, scale: Double) -> Int32 {
        Int32(max(1, (fontSize * scale).rounded()))
    }

    /// The distance between two lines' baselines, in pixels, for a font size.
    func lineSkip(fontSize: Double, bold: Bool, scale: Double) throws -> Int32 {
        TTF_FontLineSkip(try font(pixelSize: Self.pixelSize(fontSize: fontSize, scale: scale), bold: bold))
    }

    /// The text of `key` rendered white with straight alpha, wrapped when `key.wrapWidth` is not 0. The
    /// caller frees it with `SDL_FreeSurface`.
    func renderWhite(_ key: TextKey) throws -> UnsafeMutablePointer<SDL_Surface> {
        let font = try font(pixelSize: key.pixelSize, bold: key.isBold)
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        let surface: UnsafeMutablePointer<SDL_Surface>? = key.wrapWidth > 0
            ? TTF_RenderUTF8_Blended_Wrapped(font, key.string, white, key.wrapWidth)
            : TTF_RenderUTF8_Blended(font, key.string, white)
        guard let surface else { throw SDLError("TTF_RenderUTF8_Blended") }
        return surface
    }

    private func font(pixelSize: Int32, bold: Bool) throws -> OpaquePointer {
        let key = FontKey(pixelSize: pixelSize, isBold: bold)
        if let font = open[key] { return font }
        // SDL2_ttf sizes are in points at 72 dpi, which makes them pixels.
        guard let font = TTF_OpenFont(bold ? fonts.bold : fonts.regular, pixelSize) else {
            throw SDLError("TTF_OpenFont(\(bold ? fonts.bold : fonts.regular))")
        }
        open[key] = font
        return font
    }
}
