/// The phases of one frame, in the order ``LayerTree/runFrame(input:queuedWork:layout:render:observer:)``
/// runs them (the order of Flutter's `SchedulerPhase`: callbacks before layout and paint, nothing
/// changing a value after the pass that draws it has computed it).
public enum FramePhase: Int, CaseIterable, Sendable, Comparable {
    /// The input events due by this frame are delivered (pointers, keys, resizes, focus).
    case input
    /// Work queued during input (and by earlier frames) runs: transitions requested, deferred actions.
    case queuedWork
    /// Views that need layout are laid out.
    case layout
    /// Animations that begin or end at this frame's time tell their delegates and run their completions;
    /// queued completions of animation blocks and transactions run. What they change is laid out again
    /// before the next phase.
    case callbacks
    /// The presentation of every layer is computed at the frame's time.
    case presentation
    /// The host draws the presentation.
    case render

    /// Whether phase `a` runs before phase `b` in a frame.
    public static func < (a: FramePhase, b: FramePhase) -> Bool { a.rawValue < b.rawValue }
}
