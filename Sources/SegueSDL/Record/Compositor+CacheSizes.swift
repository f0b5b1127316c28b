extension PixelBuffer {
    /// The bytes of its pixels.
    var byteCount: Int { Int(stride) * Int(height) }
}

extension Compositor {
    /// The pictures the compositor keeps between frames, and their bytes (not the target's).
    package var cacheSizes: RendererCacheSizes {
        let text = text.cacheSizes
        let pictures = [pictures.bitmaps.values.map(\.buffer), pictures.snapshots.values.map(\.buffer),
                        pictures.rasters.values.map(\.buffer), Array(pictures.shadows.values), pictures.offscreenPool]
        return RendererCacheSizes(
            bitmaps: self.pictures.bitmaps.count, snapshots: self.pictures.snapshots.count,
            rasters: self.pictures.rasters.count, shadows: self.pictures.shadows.count, texts: text.texts,
            offscreens: self.pictures.offscreenPool.count,
            bytes: pictures.joined().reduce(text.bytes) { $0 + $1.byteCount })
    }
}

extension Compositor {
    /// Keeps only the pictures the next drawn frame uses: that frame redraws the whole target, and the
    /// pictures of bitmaps, snapshots, rasterized layers and texts it does not use are dropped, with every
    /// shadow mask and offscreen target not made again for it, and every picture of the automatic raster
    /// cache (made again when a subtree moves). Without this, a picture not drawn for
    /// ``rasterKeepFrames`` drawn frames is dropped (texts swept every ``CompositorText/evictionInterval``
    /// frames); shadow masks are kept up to ``CompositorPictures/maxCachedShadows``. For memory pressure
    /// and for measuring (`segue soak`: the caches at rest hold what the screen shows).
    package func trimCaches() {
        pictures.removeShadowsAndOffscreens()
        // The automatic raster cache's pictures are made again when something moves.
        pictures.rasters = pictures.rasters.filter { !$0.value.isAutomatic }
        autoRaster.removeAll()
        pictures.trimsAfterNextFrame = true
        invalidate()
    }

    /// The end of a drawn frame: drops what has not been drawn for a while (or, after ``trimCaches()``,
    /// what this frame did not draw).
    func evictPictures() {
        let trim = pictures.trimsAfterNextFrame
        let keep = trim ? 0 : Self.rasterKeepFrames
        pictures.evict(frameIndex: frameIndex, keepFrames: keep)
        text.evict(frameIndex: frameIndex, keepFrames: keep, now: trim)
        cpu.evictPresentables(keepFrames: keep, at: frameIndex)
        pictures.trimsAfterNextFrame = false
    }
}
