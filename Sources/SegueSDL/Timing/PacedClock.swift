import SegueAnimation

/// The frame clock of a window: `now` is the current frame's nominal start (its deadline on the
/// pacer's schedule) in seconds since the pacer started, so consecutive frames are exactly 1/60 s apart
/// however the work inside them jitters. After a stall it jumps by the time really lost.
@MainActor
public final class PacedClock: FrameClock {
    private let pacer: FramePacer

    /// A clock that reads `pacer`'s schedule (it does not advance the pacer).
    public init(pacer: FramePacer) { self.pacer = pacer }

    /// The current frame's nominal start, in seconds since the pacer started; constant within a frame.
    public var now: Double { pacer.frameStart - pacer.origin }
}
