import Foundation
import Glibc

/// The CPU time of the host's thread spent in each step of its frames (`segue bench --steps`): where a
/// frame's CPU goes, read with `CLOCK_THREAD_CPUTIME_ID`. Each reading is a system call (about half a
/// microsecond), so the host takes them only when asked (``SDLWindowHost/stepCPU``).
///
/// Unlike ``FrameStatistics`` (wall time of the recent frames), this is CPU time summed over every frame
/// since the last ``reset()``: time the thread sleeps or waits for the X server costs nothing here.
public struct FrameStepCPU: Sendable, Equatable {
    /// A step of a host frame, in the order a frame runs them.
    public enum Step: String, CaseIterable, Sendable {
        /// SDL's event pump and the translation of its events.
        case events
        /// The scene's frame up to its render: input, queued work, layout, callbacks, presentation.
        case update
        /// The CPU compositor's walk of the tree into operations (the GPU path's whole render).
        case record
        /// The CPU compositor's comparison with the last frame's operations.
        case damage
        /// The CPU compositor's drawing of the damaged pixels.
        case draw
        /// Handing the frame to SDL (the window surface's rectangles, or `SDL_RenderPresent`).
        case present
        /// The pacer's wait for the next frame: the sleep, and the wake-up.
        case wait
    }

    private var seconds = [Double](repeating: 0, count: Step.allCases.count)
    /// Frames counted since the last reset.
    public private(set) var frames = 0

    /// No time, no frames.
    public init() {}

    /// The thread's CPU time so far, in seconds.
    public static func threadSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Adds `seconds` of CPU to `step`.
    public mutating func add(_ step: Step, _ seconds: Double) {
        self.seconds[Self.index(of: step)] += max(0, seconds)
    }

    /// Counts one more frame.
    public mutating func countFrame() { frames += 1 }

    /// Forgets the time and the frames.
    public mutating func reset() { self = FrameStepCPU() }

    /// The CPU seconds of `step` since the last reset.
    public func total(_ step: Step) -> Double { seconds[Self.index(of: step)] }

    /// The CPU milliseconds of `step` per frame counted (0 before any frame).
    public func millisecondsPerFrame(_ step: Step) -> Double {
        frames > 0 ? total(step) * 1000 / Double(frames) : 0
    }

    /// One field per step, `cpu_ms_<step>`, in milliseconds per frame with three decimals (the bench's
    /// JSON marker lines).
    public var fields: [(key: String, value: String)] {
        Step.allCases.map { ("cpu_ms_\($0.rawValue)", String(format: "%.3f", millisecondsPerFrame($0))) }
    }

    private static func index(of step: Step) -> Int { Step.allCases.firstIndex(of: step)! }
}
