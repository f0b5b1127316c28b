/// What is decided about drawing a frame's ``RenderList`` once, before an executor draws it, so that both
/// executors draw it alike: the occluders, the operations whose opaque pixels are large enough to take out
/// of what is drawn before them, and the tint fills, the translucent solid fills on whole pixels that an
/// executor may fold into the opaque copy below them. Which copy a tint folds into, and over which pixels,
/// is still each executor's: it depends on what that executor draws of the copy (the CPU's damaged region
/// after occlusion, the GPU's damage box, black tints only), and deciding it once would change pixels.
/// So are the span pieces (rows for the CPU's copy, bands of rectangles for the GPU's).
///
/// Its storage is kept from frame to frame: the recorder holds one plan per nesting depth
/// (``Compositor/plan(_:)``) and refills it, so planning a frame allocates nothing once the arrays have
/// grown. An executor reads it while it draws and keeps nothing of it.
@MainActor
final class DrawPlan {
    /// Operations outside groups whose opaque pixels cover at least ``Compositor/occluderMinimumFraction``
    /// of the target, in drawing order: each hides what operations before it draw under those pixels.
    private(set) var occluders: [Int] = []
    /// Per operation, in drawing order: its whole pixels and tint when it is a tint fill (a translucent
    /// solid fill drawn straight into the target on whole pixels, ``CompositorOp/solidTint(clips:scale:)``);
    /// nil for every other operation.
    private(set) var tintFills: [(box: PixelRect, tint: SolidTint)?] = []
    /// The visible backdrop blurs outside groups and the pixels they read, in drawing order: an occluder
    /// drawn after one of them does not hide, from operations drawn before it, the pixels it reads
    /// (``occluder(_:spares:cover:reads:)``).
    private(set) var backdropReads: [(index: Int, read: PixelRect)] = []

    /// Operations looked through after an opaque one for a translucent fill over it, by both executors'
    /// tint folding (a dimming layer is drawn right after the page it dims; a long search costs more than
    /// the pass it might save).
    static let tintFoldingLookahead = 32

    /// An empty plan, to be filled by ``update(_:)``.
    init() {}

    /// Plans a frame (or a nested pass's list), drawn into its whole target, replacing the last plan.
    func update(_ frame: RenderList) {
        let minimumArea = Int(Double(frame.bounds.area) * Compositor.occluderMinimumFraction)
        occluders.removeAll(keepingCapacity: true)
        tintFills.removeAll(keepingCapacity: true)
        backdropReads.removeAll(keepingCapacity: true)
        let ops = frame.ops, clips = frame.clips
        for i in ops.indices {
            let op = ops[i]
            if op.level == 0 && op.opaque.area >= minimumArea { occluders.append(i) }
            tintFills.append(op.solidTint(clips: clips, scale: frame.scale).map { (box: $0.0, tint: $0.1) })
            if op.kind == .backdrop && op.level == 0 && !frame.operations.backdropIsHidden(i) {
                backdropReads.append((i, op.bounds))
            }
        }
    }

    /// Whether occluder `j` must leave operation `i` (drawn before it) drawn: a visible backdrop blur drawn
    /// between them reads pixels the occluder covers.
    static func occluder(_ j: Int, spares i: Int, cover: PixelRect, reads backdropReads: [(index: Int, read: PixelRect)]) -> Bool {
        for b in backdropReads where b.index > i && b.index < j && !b.read.intersection(cover).isEmpty { return true }
        return false
    }
}
