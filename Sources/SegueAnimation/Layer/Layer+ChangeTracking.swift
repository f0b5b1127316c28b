/// What a renderer needs to know to draw only what changed, kept on every layer for its subtree.
///
/// - `generation` counts the changes to the layer's drawn state and to everything below it (sublayers,
///   masks): a model value set to a different value, `contents`, a drawing flag, `timing`, the layer's
///   animations, the sublayers or the mask. A change bumps the layer's counter and every ancestor's, so
///   a rasterized layer (or a whole window) tells whether its picture is still valid by comparing one
///   number instead of copying its subtree's properties.
/// - `animatedLayers` counts the layers of the subtree (the layer, its masks and sublayers) that have
///   animations attached: their presentation may change every frame without any model change.
struct LayerChangeTracking {
    /// Bumped by every change in the subtree.
    var generation: UInt64 = 0
    /// Bumped by every change strictly below the layer (sublayers, their subtrees, the mask).
    var belowGeneration: UInt64 = 0
    /// Layers in the subtree with animations attached.
    var animatedLayers = 0
}

extension Layer {
    /// A counter that grows whenever something this layer or its subtree draws changes (model values,
    /// contents, drawing flags, timing, animations, sublayers, mask). Equal counters mean an equal
    /// picture, unless ``isSubtreeAnimating``.
    ///
    /// Segue's addition (Core Animation tracks this privately): renderers use it to skip unchanged
    /// windows and to keep a rasterized layer's picture without comparing its subtree.
    public var subtreeGeneration: UInt64 { changeTracking.generation }

    /// Whether this layer or any layer of its subtree has animations attached (its presentation may
    /// differ from frame to frame with no model change).
    public var isSubtreeAnimating: Bool { changeTracking.animatedLayers > 0 }

    /// Like ``subtreeGeneration``, for the changes strictly below the layer (its sublayers and their
    /// subtrees, its mask): what a rasterized layer's picture depends on besides the layer's own values.
    public var sublayersGeneration: UInt64 { changeTracking.belowGeneration }

    /// Whether a layer strictly below this one (a sublayer, a mask, or below them) has animations.
    public var areSublayersAnimating: Bool { changeTracking.animatedLayers > (hasAnimations ? 1 : 0) }

    /// The layer whose subtree this layer belongs to: its superlayer, or the layer it masks.
    private var trackingParent: Layer? { superlayer ?? maskedLayer }

    /// Records a change of this layer's drawn state: bumps its generation and its ancestors'.
    func noteDrawnStateChanged() {
        changeTracking.generation &+= 1
        noteChangeBelow()
    }

    /// Records a change strictly below this layer: bumps the ancestors' generations too.
    private func noteChangeBelow() {
        var layer = trackingParent
        while let l = layer {
            l.changeTracking.generation &+= 1
            l.changeTracking.belowGeneration &+= 1
            layer = l.trackingParent
        }
    }

    /// Records that the layer's animations changed (`wasAnimated`: whether it had any before).
    func noteAnimationsChanged(wasAnimated: Bool) {
        let isAnimated = hasAnimations
        if isAnimated != wasAnimated { adjustAnimatedLayers(by: isAnimated ? 1 : -1, from: self) }
        noteDrawnStateChanged()
    }

    /// Records that `child` (a sublayer or the mask) joined this layer's subtree.
    func noteJoined(_ child: Layer) {
        adjustAnimatedLayers(by: child.changeTracking.animatedLayers, from: self)
        child.noteDrawnStateChanged()
    }

    /// Records that `child` (a former sublayer or mask) left this layer's subtree.
    func noteLeft(_ child: Layer) {
        adjustAnimatedLayers(by: -child.changeTracking.animatedLayers, from: self)
        changeTracking.generation &+= 1
        changeTracking.belowGeneration &+= 1
        noteChangeBelow()
    }

    private func adjustAnimatedLayers(by delta: Int, from start: Layer) {
        guard delta != 0 else { return }
        var layer: Layer? = start
        while let l = layer {
            l.changeTracking.animatedLayers += delta
            layer = l.trackingParent
        }
    }
}
