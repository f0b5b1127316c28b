import CPixman
import CSDL2
import CSDL2TTF
import SegueAnimation

/// Text for the render list: lines rendered with SDL2_ttf into premultiplied pictures in the text's
/// colour, cached; both executors draw these pictures.
@MainActor
final class CompositorText {
    /// What identifies one rendered text (colour apart).
    typealias Key = OpenFonts.TextKey

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
    /// Texts not drawn for this many of the compositor's frames are dropped by ``evict(frameIndex:keepFrames:)``
    /// only when the frame index is a multiple of this (the sweep walks every entry).
    static let evictionInterval: UInt64 = 32

    /// An object: a frame's look-up marks it drawn in place, with no second look-up of its key.
    private final class Entry {
        let picture: PixelBuffer
        @exclusivity(unchecked) var lastFrame: UInt64

        init(picture: PixelBuffer, lastFrame: UInt64) {
            self.picture = picture
            self.lastFrame = lastFrame
        }
    }

    private let fonts: OpenFonts
    @exclusivity(unchecked) private var coverage: [Key: Entry] = [:]
    @exclusivity(unchecked) private var colored: [ColoredKey: Entry] = [:]

    /// What a layer's last look-up found: the text's key inputs, its key and its entry (in ``coverage``).
    private struct Drawn {
        let string: String
        let fontSize: Double
        let isBold: Bool
        let numberOfLines: Int
        let scale: Double
        let wrapWidth: Double
        let key: Key
        let entry: Entry

        /// Whether `text` at `scale` and `wrapWidth` has this key: the same inputs (the string byte for
        /// byte, as the key compares it).
        func matches(_ text: TextContents, scale s: Double, wrapWidth w: Double) -> Bool {
            fontSize == text.fontSize && scale == s && wrapWidth == w && isBold == text.isBold
                && numberOfLines == text.numberOfLines && OpenFonts.TextKey.sameBytes(string, text.string)
        }
    }
    /// Each layer's last look-up (by layer), so that a text drawn again (a still label, every frame) finds
    /// its picture without hashing its key and comparing its string through the dictionary. An entry here
    /// always points to one in ``coverage``: dropped with it.
    @exclusivity(unchecked) private var drawnBy: [ObjectIdentifier: Drawn] = [:]
    /// The compositor's frame being recorded: what ``render(_:scale:wrapWidth:for:)`` and ``picture(_:color:)``
    /// mark their entries with.
    @exclusivity(unchecked) var frameIndex: UInt64 = 0

    /// Rendered texts and coloured pictures kept, and their pixel bytes.
    var cacheSizes: (texts: Int, bytes: Int) {
        (coverage.count + colored.count,
         coverage.values.reduce(0) { $0 + $1.picture.byteCount } + colored.values.reduce(0) { $0 + $1.picture.byteCount })
    }

    /// Drops the texts (and their coloured pictures) not drawn in the last `keepFrames` frames, so that
    /// the cache holds what is on screen, not every text ever shown. Sweeps every ``evictionInterval`` frames,
    /// or now when `now` is set.
    func evict(frameIndex: UInt64, keepFrames: UInt64, now: Bool = false) {
        guard now || frameIndex % Self.evictionInterval == 0 else { return }
        let stale = { (entry: Entry) in frameIndex - entry.lastFrame > keepFrames }
        if coverage.values.contains(where: stale) {
            coverage = coverage.filter { !stale($0.value) }
            drawnBy = drawnBy.filter { !stale($0.value.entry) }
        }
        if colored.values.contains(where: stale) { colored = colored.filter { !stale($0.value) } }
    }

    init(fonts: FontLocator.Fonts) {
        self.fonts = OpenFonts(fonts: fonts)
    }

    /// Closes the fonts and drops the pictures.
    func close() {
        coverage.removeAll()
        colored.removeAll()
        drawnBy.removeAll()
        fonts.close()
    }

    /// The rendered text at `scale` pixels per point, wrapped to `wrapWidth` points when it may use
    /// more than one line, for `layer` (whose last look-up is tried first). Nil for an empty string.
    func render(_ text: TextContents, scale: Double, wrapWidth: Double, for layer: ObjectIdentifier) throws -> Rendered? {
        guard !text.string.isEmpty else { return nil }
        if let drawn = drawnBy[layer], drawn.matches(text, scale: scale, wrapWidth: wrapWidth) {
            drawn.entry.lastFrame = frameIndex
            return Rendered(key: drawn.key, picture: drawn.entry.picture)
        }
        let key = Key(text, scale: scale, wrapWidth: wrapWidth)
        if let entry = coverage[key] {
            entry.lastFrame = frameIndex
            remember(text, scale: scale, wrapWidth: wrapWidth, key: key, entry: entry, for: layer)
            return Rendered(key: key, picture: entry.picture)
        }
        if coverage.count >= Self.maxCachedTexts {
            coverage.removeAll()
            colored.removeAll()
            drawnBy.removeAll()
        }
        let rendered = try fonts.renderWhite(key)
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
        let entry = Entry(picture: picture, lastFrame: frameIndex)
        coverage[key] = entry
        remember(text, scale: scale, wrapWidth: wrapWidth, key: key, entry: entry, for: layer)
        return Rendered(key: key, picture: picture)
    }

    private func remember(_ text: TextContents, scale: Double, wrapWidth: Double, key: Key, entry: Entry,
                          for layer: ObjectIdentifier) {
        // Layers come and go: past the cache's size the look-ups start again (each is only a shortcut).
        if drawnBy.count >= Self.maxCachedTexts { drawnBy.removeAll() }
        drawnBy[layer] = Drawn(string: text.string, fontSize: text.fontSize, isBold: text.isBold,
                               numberOfLines: text.numberOfLines, scale: scale, wrapWidth: wrapWidth, key: key, entry: entry)
    }

    /// The text's picture in `color` (premultiplied), made from its coverage once per colour.
    func picture(_ key: Key, color: Color) -> PixelBuffer? {
        let ck = ColoredKey(key: key, color: color)
        if let entry = colored[ck] {
            entry.lastFrame = frameIndex
            return entry.picture
        }
        guard let mask = coverage[key]?.picture else { return nil }
        let picture = PixelBuffer(width: mask.width, height: mask.height)
        let solid = CompositorGeometry.pixmanColor(color, alpha: 1)
        var c = solid
        guard let fill = pixman_image_create_solid_fill(&c) else { return nil }
        defer { pixman_image_unref(fill) }
        pixman_image_composite32(PIXMAN_OP_SRC, fill, mask.image, picture.image, 0, 0, 0, 0, 0, 0, mask.width, mask.height)
        colored[ck] = Entry(picture: picture, lastFrame: frameIndex)
        return picture
    }

    /// The distance between two lines' baselines, in pixels, for a font size.
    func lineSkip(fontSize: Double, bold: Bool, scale: Double) throws -> Int32 {
        try fonts.lineSkip(fontSize: fontSize, bold: bold, scale: scale)
    }
}
