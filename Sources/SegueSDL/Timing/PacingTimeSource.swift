/// Where a ``FramePacer`` reads the time and how it waits: the real monotonic clock in a window
/// (``SDLTimeSource``), a fake in tests so that pacing is checked without sleeping.
@MainActor
public protocol PacingTimeSource: AnyObject {
    /// Monotonic seconds.
    func now() -> Double
    /// Returns at `deadline` (as precisely as the source can), or at once if it has passed.
    func sleep(until deadline: Double)
}
