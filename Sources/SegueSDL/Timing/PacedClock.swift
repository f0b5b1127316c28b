import SegueAnimation

/// The frame clock of a window: `now` is the current frame's nominal start (its deadline on the
/// pacer's schedule) in seconds since the pacer started, so consecutive frames are exactly 1/60 s apart
/// however the work inside them jitters. After a stall it jumps by the time really lost.
@MainActor
public final class PacedClock: FrameClock {
    private let pacer: FramePacer

    public init(pacer: FramePacer) { self.pacer = pacer }

    public var now: Double { pacer.frameStart - pacer.origin }
}
