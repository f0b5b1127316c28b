import CSDL2

/// SDL's high-resolution counter, with a wait that sleeps (`SDL_Delay`) until shortly before the deadline
/// and then spins for the rest, because the OS wakes a sleeper up to a millisecond or two late.
@MainActor
public final class SDLTimeSource: PacingTimeSource {
    /// How long before a deadline sleeping stops and spinning starts, in seconds (measured on this
    /// machine: SDL_Delay overshoots by up to ~1 ms; 1.5 ms held 60.0 fps with 0.38 ms deviation).
    public static let spinMargin = 0.0015

    private let frequency = Double(SDL_GetPerformanceFrequency())

    /// A time source on SDL's performance counter.
    public init() {}

    /// `SDL_GetPerformanceCounter` in seconds: monotonic, with an arbitrary origin.
    public func now() -> Double { Double(SDL_GetPerformanceCounter()) / frequency }

    /// Sleeps with `SDL_Delay` until ``spinMargin`` before `deadline` (only if that is more than 1 ms away),
    /// then spins until `deadline`.
    public func sleep(until deadline: Double) {
        let sleepFor = deadline - Self.spinMargin - now()
        if sleepFor > 0.001 { SDL_Delay(UInt32(sleepFor * 1000)) }
        while now() < deadline {}
    }
}
