import SegueAnimation

/// A frame's render list: what the recorder (``Compositor/record(_:bounds:)``) made of the layer tree's
/// presentation this frame, once — the operations in Core Animation's drawing order and the clip
/// polygons they refer to, the pictures they sample, and the damage (the target pixels that changed
/// since the last frame). Executors (``CPUExecutor``, pixman; ``LayerRenderer`` on the GPU) draw it and
/// read nothing else of the recorder.
///
/// A view of the recorder's buffers, not a copy: it is valid until the recorder's next frame.
@MainActor
struct RenderList {
    /// The operations and their clip polygons.
    let operations: CompositorOpList
    /// The pixels the frame redraws (empty: the tree changed, but none of its pixels did).
    let damage: PixelRegion
    /// The target's pixels.
    let bounds: PixelRect
    /// Pixels per point.
    let scale: Double
    /// The recorder's frame count, which the executors' caches age their entries by.
    let frameIndex: UInt64
    /// The recorder's pictures (texts, bitmaps, snapshots, rasterized layers), which picture operations sample.
    let pictures: CompositorPictures
    /// The recorder's rendered texts.
    let text: CompositorText
    /// Where the pictures drawn lately hold something other than their background.
    let pictureSpans: PictureContentSpans
    /// Whether translucent solid fills are folded into the copies of the opaque pixels below them.
    let foldsTints: Bool
    /// Whether opaque pictures on whole pixels are drawn span by span.
    let copiesBySpans: Bool
    /// Whether the reduced backdrop blur takes the cells of opaque pictures from their kept averages.
    let averagesCellsFromPictures: Bool

    /// The operations, in drawing order.
    var ops: [CompositorOp] { operations.ops }
    /// The clip polygons the operations refer to (``CompositorOp/clip``).
    var clips: [ClipPolygon] { operations.clips }
    /// Whether the frame's executors keep only what this frame used (``Compositor/trimCaches()``).
    var trimsCaches: Bool { pictures.trimsAfterNextFrame }

    /// The pixels a picture operation samples.
    func picture(for source: PictureSource) -> PixelBuffer? { pictures.picture(for: source, text: text) }

}
