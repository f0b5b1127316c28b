import Foundation
import SegueAnimation

/// One drawing operation of a compositor frame, recorded by the walk of the layer tree and replayed
/// where the frame's damage asks for it. Two frames' operations are compared one by one: an operation
/// that differs damages its old and its new pixels.
struct CompositorOp {
    enum Kind: UInt8 {
        /// A (rounded) rectangle filled with `color`.
        case fill
        /// A border `width` points wide inside a (rounded) rectangle.
        case border
        /// A shadow: `rect` blurred by `width` points, with corner `radius`.
        case shadow
        /// A picture (text, bitmap, snapshot, rasterized layer) over `rect`, sampled from `source`.
        case picture
        /// The start of a group drawn offscreen and composited at `alpha` (group opacity).
        case beginGroup
        /// The end of a group.
        case endGroup
        /// A backdrop blur (`Layer.backdropBlurRadius`): what was drawn before it under the (rounded)
        /// rectangle `rect`, inside its clip, replaced by its Gaussian blur of standard deviation `width`
        /// target pixels (``BackdropBlur``). `bounds` are the pixels it reads, `written` those it writes;
        /// `source` is its ``PictureSource/backdrop(_:)`` key.
        case backdrop
    }

    var kind: Kind
    /// The layer the operation draws.
    var layer: ObjectIdentifier
    /// The map from the layer's points to target pixels.
    var toTarget: Homography
    /// The shape in the layer's points (bounds; a shadow's offset shape; the visible part of a text).
    var rect: CGRect
    /// Corner radius, in points.
    var radius: Double = 0
    /// A border's width or a shadow's blur radius, in points.
    var width: Double = 0
    /// Fill, border or shadow colour (straight alpha); a picture's tint.
    var color: Color = .clear
    /// Opacity applied on top (inherited opacity; a group's opacity).
    var alpha: Double
    /// Index of the clip polygon in the frame's clip list; -1: no clip.
    var clip: Int32 = -1
    /// Target pixels the operation may touch (conservative: antialiased edges included).
    var bounds: PixelRect
    /// Target pixels the operation covers with opaque pixels (only recorded outside groups).
    var opaque: PixelRect = .empty
    /// Target pixels a shadow leaves out (under its layer's own opaque background).
    var hole: PixelRect = .empty
    /// Where the picture comes from.
    var source: PictureSource = .none
    /// The picture's rectangle in the layer's points (the whole text, the bounds): the source's pixels
    /// are stretched over it.
    var sourceRect: CGRect = .zero
    /// Whether every pixel of the picture is opaque (it may be copied, not blended).
    var sourceIsOpaque = false
    /// For a backdrop blur: the pixels it writes (its shape's box inside its clips); `bounds`, which it reads,
    /// reach further.
    var written: PixelRect = .empty
    /// For groups: the index of the matching begin or end operation.
    var partner: Int32 = -1
    /// Nesting depth of offscreen groups (0: drawn straight into the target).
    var level: Int32 = 0

    /// Whether two operations draw the same pixels (same kind, layer, geometry, colours, source).
    func drawsSame(as o: CompositorOp) -> Bool {
        kind == o.kind && layer == o.layer && toTarget == o.toTarget && rect == o.rect && radius == o.radius
            && width == o.width && drawsSameColor(as: o) && clip == o.clip && bounds == o.bounds
            && hole == o.hole && written == o.written && source == o.source && sourceRect == o.sourceRect && level == o.level
    }

    /// Whether the colour and opacity give the same pixels: for fills, borders and shadows, the same 8-bit
    /// colours they are drawn with (a dimming whose opacity changes by less than one level of 255 draws
    /// the same pixels, as at the end of a push or a pop); for anything else, the same values.
    private func drawsSameColor(as o: CompositorOp) -> Bool {
        if color == o.color && alpha == o.alpha { return true }
        switch kind {
        case .fill, .border, .shadow:
            // Opaque or not decides between a copy and a blend (the same pixels, but other occlusion).
            return (color.alpha * alpha >= 1) == (o.color.alpha * o.alpha >= 1)
                && CompositorGeometry.premultiplied(color, alpha: alpha) == CompositorGeometry.premultiplied(o.color, alpha: o.alpha)
        case .picture, .beginGroup, .endGroup, .backdrop:
            return false
        }
    }
}

/// The picture a ``CompositorOp`` samples.
enum PictureSource: Hashable {
    case none
    /// Rendered text (cache key and colour).
    case text(CompositorText.Key, Color)
    /// A bitmap (identity).
    case bitmap(ObjectIdentifier)
    /// A snapshot (identity).
    case snapshot(ObjectIdentifier)
    /// A rasterized layer's picture, at a version of its cache entry.
    case raster(ObjectIdentifier, version: UInt64)
    /// A backdrop blur's pixels: made by the executor from what it drew before, kept while the key stays.
    case backdrop(BackdropBlur.Key)
}
