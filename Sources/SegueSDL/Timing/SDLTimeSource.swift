import CSDL2
import Glibc

/// SDL's high-resolution counter, with a wait that sleeps (`SDL_Delay`) until shortly before the deadline
/// and then spins for the rest, because the OS wakes a sleeper up to a millisecond or two late.
@MainActor
public final class SDLTimeSource: PacingTimeSource {
    /// How long before a deadline sleeping stops and spinning starts, in seconds (measured on this
    /// machine: SDL_Delay overshoots by up to ~1 ms; 1.5 ms held 60.0 fps with 0.38 ms deviation).
    public static let spinMargin = 0.0015

    private let frequency = Double(SDL_GetPerformanceFrequency())
    /// This source's margin: ``spinMargin`` by default; 0 to sleep all the way to the deadline.
    private let margin: Double
    /// Whether the next waits may spin (set false for frames that drew nothing: an idle window then
    /// sleeps through its frames instead of spinning ~2 ms in each).
    public var spinsBeforeDeadline = true
    /// Whether every wait spins all the way to its deadline, never sleeping (a benchmark's comparison:
    /// see ``SDLWindowHost/waitsBySpinning``).
    public var spinsAlways = false

    /// A time source on SDL's performance counter that stops sleeping `spinMargin` seconds before a
    /// deadline and spins for the rest. With a margin of 0 it never spins: it sleeps to the deadline
    /// with `nanosleep` (the CPU compositor's windows, whose frames must cost little CPU; Linux
    /// wakes such a sleeper a few tens of microseconds late).
    public init(spinMargin: Double = SDLTimeSource.spinMargin) {
        margin = spinMargin
    }

    /// `SDL_GetPerformanceCounter` in seconds: monotonic, with an arbitrary origin.
    public func now() -> Double { Double(SDL_GetPerformanceCounter()) / frequency }

    /// Sleeps with `SDL_Delay` until ``spinMargin`` before `deadline` (only if that is more than 1 ms away),
    /// then spins until `deadline`.
    public func sleep(until deadline: Double) {
        if spinsAlways {
            while now() < deadline {}
            return
        }
        guard margin > 0 && spinsBeforeDeadline else {
            let seconds = deadline - now()
            guard seconds > 0 else { return }
            var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
            return
        }
        let sleepFor = deadline - margin - now()
        if sleepFor > 0.001 { SDL_Delay(UInt32(sleepFor * 1000)) }
        while now() < deadline {}
    }
}
