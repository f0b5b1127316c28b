import SegueAnimation

/// Everything that decides how a rasterized layer's cached picture looks, in constant size: the
/// generation of everything below the layer (its sublayers' subtrees and mask: one counter the layer
/// tree bumps on every change there, see `Layer.sublayersGeneration`), and the layer's own drawn values,
/// contents and flags. When it changes, or while anything below the layer animates, the picture is
/// redrawn. Nothing is copied from the subtree.
///
/// The rasterized layer's own placement (position, transform, anchor, opacity, shadow, zPosition) is
/// left out: moving, rotating or fading the layer reuses the picture; so are its backdrop blur, drawn under
/// the picture, and its content blur, applied to the picture.
@MainActor
struct RasterSignature: Equatable {
    let below: UInt64
    let properties: LayerProperties
    let contents: LayerContents?
    let flags: UInt8
    let scale: Double
    let gravity: ContentsGravity
    let contentsScale: CGFloat

    /// The signature of `layer` drawn with presentation values `p` at `scale` pixels per point.
    init(_ layer: Layer, _ p: LayerProperties, scale: Double) {
        var own = p
        own.position = .zero
        own.anchorPoint = .zero
        own.transform = .identity
        own.opacity = 1
        own.zPosition = 0
        own.shadowOpacity = 0
        own.shadowOffset = .zero
        own.shadowRadius = 0
        own.shadowColor = .clear
        own.backdropBlurRadius = 0
        own.contentBlurRadius = 0
        below = layer.sublayersGeneration
        properties = own
        contents = layer.contents
        flags = (layer.isHidden ? 1 : 0) | (layer.masksToBounds ? 2 : 0) | (layer.isDoubleSided ? 4 : 0)
            | (layer.shouldRasterize ? 8 : 0)
        self.scale = scale
        gravity = layer.contentsGravity
        contentsScale = layer.contentsScale
    }

    /// What the layer tree's change tracking says of a signature's inputs, in three loads: while a layer's
    /// stamp stays the same (and is not nil), its signature does too, so the signature made with the stamp
    /// is reused without being made and compared again (the automatic raster cache asks every frame for
    /// every large layer). Two different stamps say nothing: the signatures are then made and compared.
    ///
    /// Nil while the layer has animations: its presentation may change with no change counted. Without
    /// animations the presentation is the model, and every change of the model, the contents or a drawing
    /// flag bumps the layer's `subtreeGeneration` alone, while a change below it bumps `subtreeGeneration`
    /// and `sublayersGeneration` together (`Layer+ChangeTracking.swift`): their difference counts the
    /// layer's own changes.
    struct Stamp: Equatable {
        let own: UInt64
        let below: UInt64
        let scale: Double

        @MainActor init?(_ layer: Layer, scale: Double) {
            guard !layer.hasAnimations else { return nil }
            below = layer.sublayersGeneration
            own = layer.subtreeGeneration &- below
            self.scale = scale
        }
    }
}
