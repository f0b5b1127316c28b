/// Paces a frame loop by deadline: frame `k` is due at `start + k / framesPerSecond`, computed from the
/// schedule rather than from when the previous frame ended, so the rate never drifts.
///
/// A frame that runs a little late (less than ``catchUpTolerance``) is followed at once and the schedule
/// is kept; after a longer stall the schedule is restarted from the present moment (resynchronised), so
/// the loop does not race through missed frames. Vsync is not relied on: under Xvfb it is simulated
/// (about 62.9 Hz on this machine).
@MainActor
public final class FramePacer {
    /// Frames per second; Segue's frame clock runs at 60 Hz.
    public let framesPerSecond: Double
    /// Seconds per frame.
    public var interval: Double { 1 / framesPerSecond }
    /// How late a frame may end and the schedule still be kept, as a fraction of the interval: a quarter
    /// frame (4.2 ms at 60 Hz) is caught up in the next frame; more is a stall.
    public static let catchUpTolerance = 0.25

    private let time: PacingTimeSource
    /// When the current frame was due (its nominal start), in the time source's seconds.
    public private(set) var frameStart: Double
    /// When the pacer started.
    public let origin: Double
    /// Frames begun since the start (the first is 0).
    public private(set) var frameIndex = 0
    /// How many times the schedule was restarted after a stall.
    public private(set) var resyncCount = 0

    /// What happened at the end of a frame.
    public enum Outcome: Equatable, Sendable {
        /// Finished before the next deadline and waited for it.
        case onTime
        /// Finished after the next deadline but within the tolerance: the next frame starts at once, on schedule.
        case lateCaughtUp
        /// Stalled: the schedule restarts now.
        case stalled
    }

    /// A pacer whose first frame starts now.
    public init(time: PacingTimeSource, framesPerSecond: Double = 60) {
        precondition(framesPerSecond > 0, "FramePacer needs a positive frame rate")
        self.time = time
        self.framesPerSecond = framesPerSecond
        let now = time.now()
        frameStart = now
        origin = now
    }

    /// The next frame's deadline.
    public var nextDeadline: Double { frameStart + interval }

    /// Begins a frame now, off the schedule, after the loop slept until input arrived or a requested
    /// time came (frames on demand): the schedule restarts from the present moment. Not a stall.
    public func resume() {
        frameIndex += 1
        frameStart = time.now()
    }

    /// Ends the current frame: waits for the next deadline (or resynchronises after a stall) and
    /// begins the next frame.
    @discardableResult
    public func waitForNextFrame() -> Outcome {
        let deadline = nextDeadline
        let now = time.now()
        frameIndex += 1
        if now <= deadline {
            time.sleep(until: deadline)
            frameStart = deadline
            return .onTime
        }
        if now - deadline <= Self.catchUpTolerance * interval {
            frameStart = deadline
            return .lateCaughtUp
        }
        frameStart = now
        resyncCount += 1
        return .stalled
    }
}
