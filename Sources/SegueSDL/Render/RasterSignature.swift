import SegueAnimation

/// Everything that decides how a rasterized layer's cached picture looks: the drawn values of every
/// layer in its subtree (and masks), in order. When it changes the picture is redrawn.
///
/// The rasterized layer's own placement (position, transform, anchor, opacity, shadow, zPosition) is
/// left out: moving, rotating or fading the layer reuses the picture.
@MainActor
enum RasterSignature {
    struct Item: Equatable {
        let layer: ObjectIdentifier
        let depth: Int
        let properties: LayerProperties
        let contents: LayerContents?
        let flags: UInt8
    }

    /// The signature of `layer`'s subtree, as drawn with presentation values `p`.
    static func of(_ layer: Layer, _ p: LayerProperties) -> [Item] {
        var placementFree = p
        placementFree.position = .zero
        placementFree.anchorPoint = .zero
        placementFree.transform = .identity
        placementFree.opacity = 1
        placementFree.zPosition = 0
        placementFree.shadowOpacity = 0
        placementFree.shadowOffset = .zero
        placementFree.shadowRadius = 0
        placementFree.shadowColor = .clear
        var items = [Item(layer: ObjectIdentifier(layer), depth: 0, properties: placementFree,
                          contents: layer.contents, flags: flags(layer))]
        for sublayer in layer.sublayers { append(sublayer, depth: 1, to: &items) }
        return items
    }

    private static func append(_ layer: Layer, depth: Int, to items: inout [Item]) {
        items.append(Item(layer: ObjectIdentifier(layer), depth: depth, properties: layer.renderedProperties,
                          contents: layer.contents, flags: flags(layer)))
        if let mask = layer.mask { append(mask, depth: -depth - 1, to: &items) }
        for sublayer in layer.sublayers { append(sublayer, depth: depth + 1, to: &items) }
    }

    private static func flags(_ layer: Layer) -> UInt8 {
        (layer.isHidden ? 1 : 0) | (layer.masksToBounds ? 2 : 0) | (layer.isDoubleSided ? 4 : 0)
            | (layer.shouldRasterize ? 8 : 0)
    }
}
