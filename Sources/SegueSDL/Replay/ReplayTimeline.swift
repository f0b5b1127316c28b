/// The frame times of a headless replay: frame `k` is at exactly `k * 1000 / 60` milliseconds (frame 0 at
/// 0), the times of a `VirtualClock` at Segue's 60 Hz, and the spec's delivery rule: an
/// event at `t` goes before the first frame whose time is `>= t`.
///
/// Every time here is in milliseconds, as scripts and traces give them.
public enum ReplayTimeline {
    /// Frames per second of the replay's clock (Segue's frame clock runs at 60 Hz: spec "Time").
    public static let framesPerSecond = 60.0
    /// Milliseconds in a second.
    static let millisecondsPerSecond = 1000.0

    /// The time of frame `index`, in milliseconds: `index * 1000 / 60`, computed the one way the driver,
    /// the delivery rule and the trace all use.
    public static func time(ofFrame index: Int) -> Double {
        Double(index) * millisecondsPerSecond / framesPerSecond
    }

    /// The first frame whose time is `>= t` (milliseconds, `t >= 0`): the frame an event at `t` is
    /// delivered before.
    public static func firstFrame(atOrAfter t: Double) -> Int {
        precondition(t.isFinite && t >= 0, "A replay time must be finite and not negative, got \(t)")
        var k = Int((t * framesPerSecond / millisecondsPerSecond).rounded(.up))
        // The estimate can be one off where t * 60 / 1000 rounds across an integer; settle it on time(ofFrame:).
        while time(ofFrame: k) < t { k += 1 }
        while k > 0 && time(ofFrame: k - 1) >= t { k -= 1 }
        return k
    }

    /// The last frame whose time is `<= duration` (milliseconds, `duration >= 0`): a replay runs frames 0
    /// through this one.
    public static func lastFrame(within duration: Double) -> Int {
        precondition(duration.isFinite && duration >= 0, "A replay duration must be finite and not negative, got \(duration)")
        var k = Int((duration * framesPerSecond / millisecondsPerSecond).rounded(.down))
        while time(ofFrame: k) > duration { k -= 1 }
        while time(ofFrame: k + 1) <= duration { k += 1 }
        return k
    }
}
