import SegueAnimation

/// What the render list's recording (the compositor's `record`) decides first for each layer: whether it is
/// drawn at all, and where its mask is.
@MainActor
enum LayerWalk {
    /// How a layer is drawn.
    enum Visibility: Equatable {
        /// Hidden, or too faint to see: nothing of it or its subtree is drawn.
        case invisible
        /// Single-sided and seen from behind: culled (counted by the back-ends).
        case culled
        /// Drawn with this effective opacity (its own times its ancestors').
        case visible(alpha: Double)
    }

    /// The layer's visibility with presentation `p`, its map to the target `toTarget` and its ancestors'
    /// opacity `alpha`, below `minimumOpacity` invisible.
    static func visibility(_ layer: Layer, _ p: LayerProperties, _ toTarget: Homography, alpha: Double,
                           minimumOpacity: Double) -> Visibility {
        guard !layer.isHidden else { return .invisible }
        let a = alpha * p.opacity
        guard a >= minimumOpacity else { return .invisible }
        // The map first: the flag is a dynamically dispatched, exclusivity-checked read.
        if !toTarget.preservesOrientation && !layer.isDoubleSided { return .culled }
        return .visible(alpha: a)
    }

    /// Where a layer's mask is.
    enum Mask {
        /// The layer has no mask.
        case none
        /// Its mask is hidden: nothing of the layer shows.
        case hidesAll
        /// Its mask's presentation and its map to the target.
        case mask(LayerProperties, Homography)
    }

    /// The layer's mask, placed under `toTarget`.
    static func mask(of layer: Layer, _ toTarget: Homography) -> Mask {
        guard let mask = layer.mask else { return .none }
        guard !mask.isHidden else { return .hidesAll }
        let mp = mask.renderedProperties
        return .mask(mp, Layer.homographyToSuperlayer(mp, superlayer: nil).concatenating(toTarget))
    }
}
