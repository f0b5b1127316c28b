import Foundation
import SegueSDL
import SegueUI

extension SegueTestHost {
    /// How long the waiting verbs wait by default, in seconds of the virtual clock (600 frames).
    public static let defaultTimeout: TimeInterval = 10

    /// Runs `frames` frames (each `1/60` s later).
    public func advance(frames: Int = 1) {
        precondition(frames >= 0, "advance(frames:) needs a count that is not negative, got \(frames)")
        runFrames(through: frame + frames)
    }

    /// Runs the frames of the next `seconds` seconds (rounded to whole frames).
    public func advance(seconds: TimeInterval) {
        precondition(seconds.isFinite && seconds >= 0, "advance(seconds:) needs a time that is not negative, got \(seconds)")
        advance(frames: Int((seconds * ReplayTimeline.framesPerSecond).rounded()))
    }

    /// Whether nothing is left to do: no transition runs, nothing animates or is queued (the window asks
    /// for no next frame), and every event given has been delivered.
    public var isIdle: Bool {
        transition == nil && scene.nextFrameRequest != .nextFrame
            && (driver.script.events.last.map { ReplayTimeline.firstFrame(atOrAfter: $0.time) <= frame } ?? true)
    }

    /// Runs frames until ``isIdle`` (none when it is); throws ``SegueTestHostError/timedOut(waitingFor:frames:)``
    /// after `timeout` seconds of frames.
    public func runUntilIdle(timeout: TimeInterval = SegueTestHost.defaultTimeout) throws {
        try run(until: { $0.isIdle }, describing: "the window to be idle", timeout: timeout)
    }

    /// Runs frames until the running transition's `percent` reaches `percent` (0...1;
    /// reached when it is at least `percent` going forward, at most it when the transition is cancelling);
    /// throws when no transition gets there within `timeout` seconds.
    public func run(untilTransitionPercent percent: Double, timeout: TimeInterval = SegueTestHost.defaultTimeout) throws {
        guard percent.isFinite, (0...1).contains(percent) else {
            throw SegueTestHostError.badInput("A transition's percent is within 0...1, got \(percent)")
        }
        try run(until: { host in
            guard let t = host.transition else { return false }
            return t.phase == .cancelling ? t.percent <= percent : t.percent >= percent
        }, describing: "a transition at \(percent)", timeout: timeout)
    }

    /// Runs frames until `condition` holds after a frame (none when it holds now); throws after `timeout`
    /// seconds of frames. `what` names the condition in the error.
    public func run(until condition: (SegueTestHost) -> Bool, describing what: String = "the condition",
                    timeout: TimeInterval = SegueTestHost.defaultTimeout) throws {
        let limit = Int((timeout * ReplayTimeline.framesPerSecond).rounded())
        var ran = 0
        while !condition(self) {
            guard ran < limit else { throw SegueTestHostError.timedOut(waitingFor: what, frames: ran) }
            advance(frames: 1)
            ran += 1
        }
    }
}
