/// What is decided about drawing a frame's ``RenderList`` once, before an executor draws it, so that both
/// executors draw it alike: the occluders, the operations whose opaque pixels are large enough to take out
/// of what is drawn before them. (Tint folds and span pieces are still decided by each executor.)
///
/// Its storage is kept from frame to frame: the recorder holds one plan per nesting depth
/// (``Compositor/plan(_:)``) and refills it, so planning a frame allocates nothing once the arrays have
/// grown. An executor reads it while it draws and keeps nothing of it.
@MainActor
final class DrawPlan {
    /// Operations outside groups whose opaque pixels cover at least ``Compositor/occluderMinimumFraction``
    /// of the target, in drawing order: each hides what operations before it draw under those pixels.
    private(set) var occluders: [Int] = []

    /// Operations looked through after an opaque one for a translucent fill over it, by both executors'
    /// tint folding (a dimming layer is drawn right after the page it dims; a long search costs more than
    /// the pass it might save).
    static let tintFoldingLookahead = 32

    /// An empty plan, to be filled by ``update(_:targetArea:)``.
    init() {}

    /// Plans `operations` drawn into a target of `targetArea` pixels, replacing the last plan.
    func update(_ operations: CompositorOpList, targetArea: Int) {
        let minimumArea = Int(Double(targetArea) * Compositor.occluderMinimumFraction)
        occluders.removeAll(keepingCapacity: true)
        let ops = operations.ops
        for i in ops.indices where ops[i].level == 0 && ops[i].opaque.area >= minimumArea { occluders.append(i) }
    }

    /// Plans a frame, drawn into its whole target.
    func update(_ frame: RenderList) {
        update(frame.operations, targetArea: frame.bounds.area)
    }
}
