import SegueAnimation

/// An executor: draws a frame's ``RenderList`` into a target of its kind, and only draws. The CPU
/// executor (``CPUExecutor``, pixman) draws into a ``PixelBuffer``; the GPU executor
/// (``LayerRenderer``) into an SDL renderer's target (``GPUTarget``). Both are driven by one
/// ``FrameSequence``.
@MainActor
protocol RenderExecutor: AnyObject {
    /// What the executor draws into.
    associatedtype DrawTarget
    /// What the last draw counted.
    var lastFrame: CompositorCounters { get }
    /// Draws the operations of `frame` that touch its damage into `target` (the damage is not empty), as
    /// `plan` decided.
    func draw(_ frame: RenderList, plan: DrawPlan, into target: DrawTarget) throws
}
