import CSDL2

extension LayerRenderer {
    /// The textures the renderer keeps between frames (bitmaps, snapshots, rasterized layers, texts,
    /// offscreen targets), and their bytes (4 a pixel).
    public var cacheSizes: RendererCacheSizes {
        func bytes(_ texture: OpaquePointer) -> Int {
            var w: Int32 = 0, h: Int32 = 0
            SDL_QueryTexture(texture, nil, nil, &w, &h)
            return Int(w) * Int(h) * 4
        }
        let offscreens = offscreenPool.values.joined()
        let total = bitmaps.totalBytes + text.cache.totalBytes
            + snapshots.values.reduce(0) { $0 + bytes($1.texture) }
            + rasters.values.reduce(0) { $0 + Int($1.width) * Int($1.height) * 4 }
            + offscreens.reduce(0) { $0 + bytes($1) }
        return RendererCacheSizes(bitmaps: bitmaps.count, snapshots: snapshots.count, rasters: rasters.count,
                                  texts: text.cache.count, offscreens: offscreens.count, bytes: total)
    }

    /// Keeps only the textures the next drawn frame uses (texts, bitmaps, rasterized layers; offscreen
    /// targets are dropped now and made again when needed). Without this, textures not drawn for
    /// ``rasterKeepFrames`` frames are dropped (texts and bitmaps swept every ``textureSweepInterval``
    /// frames). For memory pressure and for measuring (`segue soak --renderer gpu`).
    public func trimCaches() {
        for list in offscreenPool.values { for texture in list { SDL_DestroyTexture(texture) } }
        offscreenPool.removeAll()
        trimsAfterNextFrame = true
    }
}
