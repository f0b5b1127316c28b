import Foundation
import SegueAnimation

/// The automatic raster cache: a large subtree whose content stayed the same for a few frames and that is
/// now moved, scaled, faded or turned is drawn from a picture of itself, made once, with no flag from the
/// app — Core Animation keeps a backing store per layer, Flutter caches pictures that stayed the same for
/// a few frames. The picture is the one `shouldRasterize` makes (``rasterPicture(for:_:tracked:)``),
/// invalidated by the same signature: exactly when something in the subtree changes or animates.
///
/// Only where it gives the same picture: the subtree draws nothing outside the layer's bounds (the
/// picture covers the bounds; a layer that clips to its bounds always qualifies), has no 3D sorting
/// of its own and no backdrop blur (which blurs what is drawn under the subtree); the picture is redrawn for a change of
/// scale. Pictures are kept within ``autoRasterBudget`` bytes, the least recently drawn evicted first.
extension Compositor {
    /// Frames a subtree's content must stay the same before it may be cached (Flutter waits three frames).
    static let autoRasterStableFrames: UInt64 = 3
    /// The smallest subtree cached, as a fraction of the target's area (the size that pays for a picture;
    /// the same as an occluder's).
    static let autoRasterMinimumFraction = 1.0 / 16
    /// The least number of sublayers a cached layer has (a layer of its own parts alone gains nothing).
    static let autoRasterMinimumSublayers = 1

    /// The automatic raster cache's picture of `layer` (drawn through `toTarget` at `alpha`), made or
    /// reused; nil when the layer is drawn as usual this frame (and its tracking is brought up to date).
    /// Only for a layer without `shouldRasterize` (which has a picture of its own).
    func autoRasterPicture(for layer: Layer, _ p: LayerProperties, _ toTarget: Homography,
                           alpha: Double) throws -> (version: UInt64, isOpaque: Bool)? {
        guard autoRasterBudget > 0, layer.sublayers.count >= Self.autoRasterMinimumSublayers,
              p.backdropBlurRadius <= 0 else { return nil }
        let id = ObjectIdentifier(layer)
        // A picture made already is drawn wherever the layer goes (also when it shows little of itself, at
        // the start of a push); a new one only for a large subtree.
        let hasPicture = pictures.rasters[id]?.isAutomatic == true
        if !hasPicture {
            guard let box = CompositorGeometry.projectedBox(p.bounds, toTarget),
                  Double(box.expanded(by: 0).intersection(recordingBounds).area) >= Double(recordingBounds.area) * Self.autoRasterMinimumFraction
            else { return nil }
        }
        var known = autoRaster[id]
        if known?.layer !== layer { known = nil }
        // The signature is made and compared only when the layer's stamp does not vouch for the tracked one
        // (two paths, so that no optional signature is copied around when it does).
        let stamp = RasterSignature.Stamp(layer, scale: scale)
        let state: AutoRasterState
        if let known, stamp != nil, known.stamp == stamp {
            guard !layer.areSublayersAnimating else {
                // Tracked again from this frame, with the same signature.
                known.restart(since: frameIndex, placement: toTarget, alpha: alpha)
                if hasPicture { pictures.rasters.removeValue(forKey: id) }
                return nil
            }
            state = known
        } else {
            let signature = RasterSignature(layer, p, scale: scale)
            guard let known, known.hasSignature(signature), !layer.areSublayersAnimating else {
                // Tracked again from this frame (in place when the layer was tracked: an ancestor of what
                // moves changes every frame).
                if let known {
                    known.restart(signature: signature, stamp: stamp, since: frameIndex, placement: toTarget, alpha: alpha)
                } else {
                    autoRaster[id] = AutoRasterState(layer: layer, signature: signature, stamp: stamp, since: frameIndex,
                                                     placement: toTarget, alpha: alpha)
                }
                // Its content changed or animates: its picture is stale.
                if hasPicture { pictures.rasters.removeValue(forKey: id) }
                return nil
            }
            // The same signature: the new stamp vouches for it too.
            known.stamp = stamp
            state = known
        }
        let moved = state.placement != toTarget || state.alpha != alpha
        state.placement = toTarget
        state.alpha = alpha
        if hasPicture { return try rasterPicture(for: layer, p, tracked: state) }
        guard moved, frameIndex - state.since >= Self.autoRasterStableFrames else { return nil }
        if state.fits == nil {
            state.fits = (layer.masksToBounds || Self.subtreeStaysInside(layer, p)) && !Self.subtreeHasBackdrop(layer)
        }
        guard state.fits == true, let (w, h) = pictureSize(for: p.bounds.size),
              makeRoomForAutoRaster(bytes: Int(w) * Int(h) * 4) else { return nil }
        return try rasterPicture(for: layer, p, tracked: state)
    }

    /// Whether everything the layer's sublayers draw lies inside its bounds (a sublayer that clips to its
    /// bounds is not looked into), on the layer's plane (no `zPosition`, no map behind the viewer): what a
    /// picture of the bounds shows exactly.
    static func subtreeStaysInside(_ layer: Layer, _ p: LayerProperties) -> Bool {
        let limit = p.bounds.insetBy(dx: -CompositorGeometry.boundsTolerance, dy: -CompositorGeometry.boundsTolerance)
        func inside(_ sublayers: [Layer], _ parent: LayerProperties, _ toLayer: Homography) -> Bool {
            for sublayer in sublayers where !sublayer.isHidden {
                let sp = sublayer.renderedProperties
                guard sp.zPosition == 0 else { return false }
                let map = Layer.homographyToSuperlayer(sp, superlayer: parent).concatenating(toLayer)
                var drawn = sp.bounds
                if sp.shadowOpacity > 0 && sp.shadowColor.alpha > 0 {
                    let shadow = sp.bounds.offsetBy(dx: sp.shadowOffset.width, dy: sp.shadowOffset.height)
                        .insetBy(dx: -max(0, sp.shadowRadius), dy: -max(0, sp.shadowRadius))
                    drawn = drawn.union(shadow)
                }
                if sp.contentBlurRadius > 0 {
                    // The blur spreads past the bounds (``ContentBlur/reach(sigma:)``: less than 3σ + 1 pt at 1 px a point or more);
                    // a blurred subtree that does not clip to its bounds is not looked into.
                    guard sublayer.masksToBounds else { return false }
                    let spread = 3 * sp.contentBlurRadius + 1
                    drawn = drawn.insetBy(dx: -spread, dy: -spread)
                }
                let corners = [CGPoint(x: drawn.minX, y: drawn.minY), CGPoint(x: drawn.maxX, y: drawn.minY),
                               CGPoint(x: drawn.maxX, y: drawn.maxY), CGPoint(x: drawn.minX, y: drawn.maxY)]
                for corner in corners {
                    guard let q = map.apply(corner), limit.contains(q) else { return false }
                }
                if !sublayer.masksToBounds && !inside(sublayer.sublayers, sp, map) { return false }
            }
            return true
        }
        return inside(layer.sublayers, p, .identity)
    }

    /// Whether a layer below `layer` blurs its backdrop: its picture would not hold what is drawn under
    /// the subtree, which the blur reads.
    static func subtreeHasBackdrop(_ layer: Layer) -> Bool {
        layer.sublayers.contains { !$0.isHidden && ($0.renderedProperties.backdropBlurRadius > 0 || subtreeHasBackdrop($0)) }
    }

    /// Evicts the automatic pictures drawn longest ago (not this frame's) until `bytes` more fit in
    /// ``autoRasterBudget``; false when they cannot.
    private func makeRoomForAutoRaster(bytes: Int) -> Bool {
        guard bytes <= autoRasterBudget else { return false }
        var used = pictures.rasters.values.reduce(0) { $0 + ($1.isAutomatic ? $1.buffer.byteCount : 0) }
        while used + bytes > autoRasterBudget {
            guard let oldest = pictures.rasters.filter({ $0.value.isAutomatic && $0.value.lastFrame < frameIndex })
                .min(by: { $0.value.lastFrame < $1.value.lastFrame }) else { return false }
            used -= oldest.value.buffer.byteCount
            pictures.rasters.removeValue(forKey: oldest.key)
            lastFrame.autoRasterEvictions += 1
        }
        return true
    }

    /// Forgets the tracking of layers that are gone.
    func sweepAutoRaster() {
        if autoRaster.values.contains(where: { $0.layer == nil }) { autoRaster = autoRaster.filter { $0.value.layer != nil } }
    }
}

/// What the automatic raster cache knows of one candidate layer (an object: looked up for every candidate
/// every frame, and updated in place).
@MainActor
final class AutoRasterState {
    weak var layer: Layer?
    /// The layer's content as last recorded, and the frame it has been so since.
    @exclusivity(unchecked) private(set) var signature: RasterSignature
    @exclusivity(unchecked) private(set) var since: UInt64
    /// A stamp the layer had with that content (``RasterSignature/Stamp``).
    @exclusivity(unchecked) var stamp: RasterSignature.Stamp?
    /// Where and how strongly it was drawn last.
    @exclusivity(unchecked) var placement: Homography
    @exclusivity(unchecked) var alpha: Double
    /// Whether its subtree stays inside its bounds (computed once per content).
    @exclusivity(unchecked) var fits: Bool?

    init(layer: Layer, signature: RasterSignature, stamp: RasterSignature.Stamp?, since: UInt64, placement: Homography,
         alpha: Double) {
        self.layer = layer
        self.signature = signature
        self.stamp = stamp
        self.since = since
        self.placement = placement
        self.alpha = alpha
    }

    /// Tracks new content from `since` (what ``init(layer:signature:stamp:since:placement:alpha:)`` makes, in
    /// place).
    func restart(signature: RasterSignature, stamp: RasterSignature.Stamp?, since: UInt64, placement: Homography,
                 alpha: Double) {
        self.signature = signature
        self.stamp = stamp
        restart(since: since, placement: placement, alpha: alpha)
    }

    /// Tracks the same content again from `since`.
    func restart(since: UInt64, placement: Homography, alpha: Double) {
        self.since = since
        self.placement = placement
        self.alpha = alpha
        fits = nil
    }

    /// Whether the tracked content has this signature (compared in place).
    func hasSignature(_ signature: RasterSignature) -> Bool { self.signature == signature }
}

extension CompositorGeometry {
    /// How far, in points, a sublayer may reach past its layer's bounds and still count as inside (the
    /// rounding of a layout).
    static let boundsTolerance = 0.001
}
