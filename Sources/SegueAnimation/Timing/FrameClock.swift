/// The one source of time for a layer tree: every animation reads the current media time from the
/// tree's clock, never from the wall clock.
///
/// Differs from Core Animation: `CACurrentMediaTime()` is global; here each window (or test) owns a
/// clock and injects it. In a window the host drives a real, deadline-paced clock; tests and headless
/// replay use a ``VirtualClock``.
@MainActor
public protocol FrameClock: AnyObject {
    /// The current media time, in seconds.
    var now: Double { get }
}

/// A clock that moves only when told to, frame by frame: frame `k` is at exactly `k / framesPerSecond`
/// seconds, so every run is identical.
@MainActor
public final class VirtualClock: FrameClock {
    /// Frames per second; Segue's frame clock runs at 60 Hz.
    public let framesPerSecond: Double
    /// The index of the current frame.
    public private(set) var frame: Int

    /// A clock at frame `frame` (default 0) of a `framesPerSecond` timeline (default 60).
    public init(framesPerSecond: Double = 60, frame: Int = 0) {
        precondition(framesPerSecond > 0, "VirtualClock needs a positive frame rate")
        self.framesPerSecond = framesPerSecond
        self.frame = frame
    }

    /// The current frame's time: exactly `frame / framesPerSecond` seconds.
    public var now: Double { Double(frame) / framesPerSecond }

    /// Moves the clock `count` frames on (default 1).
    public func advance(frames count: Int = 1) {
        precondition(count >= 0, "A clock does not run backwards")
        frame += count
    }

    /// Moves the clock to the first frame at or after `seconds`.
    public func advance(toTime seconds: Double) {
        let target = Int((seconds * framesPerSecond).rounded(.up))
        if target > frame { frame = target }
    }
}
