/// The CPU executor's entry: ``Compositor``'s pixman pass (`Compositor+Draw.swift`) draws a frame's
/// render list into a pixel buffer (a window's framebuffer, the X11 presenter's back buffer, or a headless
/// image), planning the window's present on the way when a ``PresentPlan`` is set.
extension Compositor: RenderExecutor {
    /// Draws the operations of `frame` that touch its damage into `target`, clipped to the damage, as
    /// `plan` decided.
    func draw(_ frame: RenderList, plan: DrawPlan, into target: PixelBuffer) throws {
        planTarget = presentPlan != nil ? target : nil
        defer { planTarget = nil }
        try draw(frame.operations, plan: plan, into: target, damage: frame.damage)
        presentPlan?.finish(damage: frame.damage)
    }
}
