import SegueAnimation

/// The one frame sequence of every back-end — the CPU window, the GPU window, ``HeadlessCompositor`` and
/// ``HeadlessRenderer``: record (the recorder turns the tree into the frame's ``RenderList`` and its
/// damage; nothing when the tree did not change), plan (``DrawPlan``: the occluders, in storage the
/// recorder keeps), execute (the executor draws the list where the damage
/// asks, into the target the back-end picks for this frame), end the frame (the recorder drops the
/// pictures not drawn for a while). Presenting is the back-end's, after it.
@MainActor
struct FrameSequence<Executor: RenderExecutor> {
    /// Records the frames and keeps what lasts from frame to frame (pictures, damage, matching).
    let recorder: Compositor
    /// Draws them.
    let executor: Executor

    /// Runs one frame of `tree` (its `update()` called) for a target covering `bounds`: the frame's render
    /// list, or nil when the tree did not change (nothing drawn). `target` picks where a frame whose damage
    /// is not empty is drawn; it is not asked otherwise.
    @discardableResult
    func run(_ tree: LayerTree, bounds: PixelRect, target: (RenderList) throws -> Executor.DrawTarget) throws -> RenderList? {
        guard let frame = try recorder.record(tree, bounds: bounds) else { return nil }
        defer { recorder.endFrame() }
        guard !frame.damage.isEmpty else { return frame }
        let measures = recorder.measuresThreadCPU
        let cpuBeforeDraw = measures ? FrameStepCPU.threadSeconds() : 0
        try executor.draw(frame, plan: recorder.plan(frame), into: try target(frame))
        recorder.lastFrame.addBackdropBlurs(of: executor.lastFrame)
        recorder.lastFrame.addContentBlurs(of: executor.lastFrame)
        if measures { recorder.lastFrame.drawCPUSeconds = FrameStepCPU.threadSeconds() - cpuBeforeDraw }
        return frame
    }
}
