import CSDL2

/// The GPU executor's textures of the compositor's pictures (texts, bitmaps, snapshots, rasterized
/// layers): each picture uploaded once, and again only when a rasterized layer's picture gets a new
/// version; dropped when the picture is gone or has not been drawn for ``LayerRenderer/textureKeepFrames``
/// frames.
@MainActor
final class PictureTextures {
    private struct Entry {
        weak var picture: PixelBuffer?
        let texture: OpaquePointer
        let width: Int32, height: Int32
        let format: UInt32
        var version: UInt64
        var lastFrame: UInt64
    }

    private let renderer: OpaquePointer
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Whether textures hold premultiplied colour (else straight alpha, for renderers without a
    /// premultiplied blend mode), and the blend mode they are drawn with.
    var premultiplied = false
    var blendMode = SDL_BLENDMODE_BLEND
    /// The format of opaque pictures' textures: the window's own (`RGB888`, the same bytes with the alpha
    /// ignored) on SDL's software renderer, which copies a texture pixel for pixel only when its format is
    /// the target's and converts every pixel otherwise; `ARGB8888`, as every other picture, elsewhere.
    var opaqueFormat = SDL_PIXELFORMAT_ARGB8888.rawValue
    /// The compositor's frame being drawn: what uses are stamped with.
    var frameIndex: UInt64 = 0
    /// Pictures uploaded since the executor started.
    private(set) var uploads = 0

    init(renderer: OpaquePointer) { self.renderer = renderer }

    /// Textures kept, and their bytes (4 a pixel).
    var sizes: (count: Int, bytes: Int) {
        (entries.count, entries.values.reduce(0) { $0 + Int($1.width) * Int($1.height) * 4 })
    }

    /// The texture of `picture` (uploaded now if it is new, or a rasterized layer's picture of another
    /// version); nil for a picture without pixels. `opaque`: every pixel of the picture is opaque.
    func texture(for picture: PixelBuffer, source: PictureSource, opaque: Bool) throws -> OpaquePointer? {
        let id = ObjectIdentifier(picture)
        let version: UInt64
        if case .raster(_, let v) = source { version = v } else { version = 0 }
        let format = opaque ? opaqueFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
        if var entry = entries[id], entry.picture === picture, entry.width == picture.width, entry.height == picture.height,
           entry.format == format {
            if entry.version != version {
                try upload(picture, into: entry.texture)
                entry.version = version
            }
            entry.lastFrame = frameIndex
            entries[id] = entry
            return entry.texture
        }
        if let stale = entries.removeValue(forKey: id) { SDL_DestroyTexture(stale.texture) }
        guard let texture = SDL_CreateTexture(renderer, format,
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue), picture.width, picture.height) else {
            throw SDLError("SDL_CreateTexture(picture \(picture.width)x\(picture.height))")
        }
        SDL_SetTextureBlendMode(texture, blendMode)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        do { try upload(picture, into: texture) } catch {
            SDL_DestroyTexture(texture)
            throw error
        }
        entries[id] = Entry(picture: picture, texture: texture, width: picture.width, height: picture.height,
                            format: format, version: version, lastFrame: frameIndex)
        return texture
    }

    /// Copies a premultiplied `a8r8g8b8` picture into a texture (straight alpha when not ``premultiplied``).
    private func upload(_ picture: PixelBuffer, into texture: OpaquePointer) throws {
        uploads += 1
        let result: Int32
        if premultiplied {
            result = SDL_UpdateTexture(texture, nil, picture.pixels, picture.stride)
        } else {
            let w = Int(picture.width), h = Int(picture.height)
            var straight = [UInt32](repeating: 0, count: w * h)
            for y in 0..<h {
                let row = picture.pixels.advanced(by: y * Int(picture.stride)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    let v = row[x], a = v >> 24
                    guard a != 0 && a != 255 else {
                        straight[y * w + x] = v
                        continue
                    }
                    func channel(_ shift: UInt32) -> UInt32 { min(255, (((v >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
                    straight[y * w + x] = a << 24 | channel(16) | channel(8) | channel(0)
                }
            }
            result = straight.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(w * 4)) }
        }
        guard result == 0 else { throw SDLError("SDL_UpdateTexture(picture)") }
    }

    /// Drops the textures of pictures that are gone or were not drawn lately (`trimming`: not drawn in
    /// this frame).
    func evict(trimming: Bool) {
        let keep = trimming ? 0 : LayerRenderer.textureKeepFrames
        for (id, entry) in entries where entry.picture == nil || frameIndex - min(frameIndex, entry.lastFrame) > keep {
            SDL_DestroyTexture(entry.texture)
            entries.removeValue(forKey: id)
        }
    }

    /// Destroys every texture.
    func removeAll() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries.removeAll()
    }
}
