/// What is decided about drawing a frame's ``RenderList`` once, before an executor draws it, so that both
/// executors draw it alike: the occluders, the operations whose opaque pixels are large enough to take out
/// of what is drawn before them. (Tint folds and span pieces are still decided by each executor.)
@MainActor
struct DrawPlan {
    /// Operations outside groups whose opaque pixels cover at least ``Compositor/occluderMinimumFraction``
    /// of the target, in drawing order: each hides what operations before it draw under those pixels.
    let occluders: [Int]

    /// The plan of `operations` drawn into a target of `targetArea` pixels.
    init(_ operations: CompositorOpList, targetArea: Int) {
        let minimumArea = Int(Double(targetArea) * Compositor.occluderMinimumFraction)
        let ops = operations.ops
        occluders = ops.indices.filter { ops[$0].level == 0 && ops[$0].opaque.area >= minimumArea }
    }

    /// The plan of a frame, drawn into its whole target.
    init(_ frame: RenderList) {
        self.init(frame.operations, targetArea: frame.bounds.area)
    }
}
