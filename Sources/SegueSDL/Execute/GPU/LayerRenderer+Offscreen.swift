import Foundation
import CSDL2
import SegueAnimation

/// Offscreen passes: group opacity.
extension LayerRenderer {
    var currentTarget: Target { targets[targets.count - 1] }

    /// Starts a group: an offscreen texture the size of the current target, cleared inside the damage,
    /// becomes the target until ``endGroup(_:)``.
    func beginGroup() throws {
        try flush()
        let target = currentTarget
        let key = OffscreenKey(width: target.width, height: target.height)
        let texture = try offscreenPool[key]?.popLast() ?? makeTargetTexture(width: target.width, height: target.height)
        guard SDL_SetRenderTarget(sdlRenderer, texture) == 0 else { throw SDLError("SDL_SetRenderTarget") }
        targets.append(Target(texture: texture, width: target.width, height: target.height))
        lastFrame.offscreenPasses += 1
        setClipRectangle()
        try clear(to: .clear)
        drawnBounds = PixelBounds()
    }

    /// Ends a group: returns to the target below and composites the group's pixels over it at the
    /// operation's opacity (premultiplied).
    func endGroup(_ op: CompositorOp) throws {
        try flush()
        let group = targets.removeLast()
        guard let texture = group.texture else { preconditionFailure("A group's target is a texture") }
        defer { offscreenPool[OffscreenKey(width: group.width, height: group.height), default: []].append(texture) }
        guard SDL_SetRenderTarget(sdlRenderer, currentTarget.texture) == 0 else { throw SDLError("SDL_SetRenderTarget") }
        SDL_SetRenderDrawBlendMode(sdlRenderer, SDL_BLENDMODE_BLEND)
        setClipRectangle()
        let box = op.bounds.intersection(damageBox)
        guard !box.isEmpty else { return }
        let w = Double(group.width), h = Double(group.height)
        let x0 = Double(box.x0), y0 = Double(box.y0), x1 = Double(box.x1), y1 = Double(box.y1)
        let saved = (clip, occluders)
        (clip, occluders) = (nil, [])
        defer { (clip, occluders) = saved }
        try drawTexturedRect(CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), uv: (x0 / w, y0 / h, x1 / w, y1 / h),
                             .identity, texture: texture, color: premultipliedColor(alpha: op.alpha))
        try flush()
    }

    /// A target texture of `width`x`height` pixels, premultiplied blending.
    func makeTargetTexture(width: Int32, height: Int32) throws -> OpaquePointer {
        guard let texture = SDL_CreateTexture(sdlRenderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height) else {
            throw SDLError("SDL_CreateTexture(target \(width)x\(height))")
        }
        SDL_SetTextureBlendMode(texture, premultipliedBlendMode)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return texture
    }
}

extension LayerRenderer {
    /// The textures the executor keeps between frames (pictures' textures as "rasterized", offscreen
    /// targets), and their bytes (4 a pixel).
    var textureSizes: RendererCacheSizes {
        func bytes(_ texture: OpaquePointer) -> Int {
            var w: Int32 = 0, h: Int32 = 0
            SDL_QueryTexture(texture, nil, nil, &w, &h)
            return Int(w) * Int(h) * 4
        }
        let offscreens = offscreenPool.values.joined()
        let pictures = textures.sizes
        return RendererCacheSizes(offscreens: offscreens.count, textures: pictures.count,
                                  bytes: pictures.bytes + offscreens.reduce(0) { $0 + bytes($1) })
    }

    /// Drops the offscreen targets now (made again when needed); the next drawn frame keeps only the
    /// pictures' textures it draws.
    func trimCaches() {
        for list in offscreenPool.values { for texture in list { SDL_DestroyTexture(texture) } }
        offscreenPool.removeAll()
    }
}

extension ClipPolygon {
    /// The rectangle of whole pixels `r` as a polygon; nil when empty.
    init?(rectangle r: PixelRect) {
        guard !r.isEmpty else { return nil }
        let x0 = Double(r.x0), y0 = Double(r.y0), x1 = Double(r.x1), y1 = Double(r.y1)
        self.init([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    }
}
