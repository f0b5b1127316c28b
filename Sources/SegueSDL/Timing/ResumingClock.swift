import SegueAnimation

/// A window's clock that first follows a virtual clock (while a recorded session is replayed to catch up,
/// frame by frame with no waiting), then the window's own paced clock, continuing from where the virtual
/// one stopped (`segue watch` reopens an app at the moment it was left). Monotonic across the switch.
@MainActor
public final class ResumingClock: FrameClock {
    private let virtual: FrameClock
    private let live: FrameClock
    /// `live.now` minus this clock's time after ``goLive()``; nil before.
    private var liveOffset: Double?

    /// A clock reading `virtual` until `goLive()`, then `live`.
    public init(virtual: FrameClock, live: FrameClock) {
        self.virtual = virtual
        self.live = live
    }

    /// Whether it follows the live clock.
    public var isLive: Bool { liveOffset != nil }

    /// From now on, follows the live clock, one frame after the virtual clock's last time (the next frame
    /// the window runs is the one after the last replayed frame).
    public func goLive(frameDuration: Double) {
        guard liveOffset == nil else { return }
        liveOffset = live.now - (virtual.now + frameDuration)
    }

    /// The virtual clock's time until the switch, then the live clock's, continuing from it without a jump.
    public var now: Double {
        guard let liveOffset else { return virtual.now }
        return live.now - liveOffset
    }
}
