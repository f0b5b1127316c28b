import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// The seeded monkey (issue 13): runs a list of replay events through the demo app (or the gallery) headless, exactly as
/// `segue replay` does (``SegueSDL/ReplayDriver``: SDL events, the input translator, the virtual clock),
/// checking ``DemoInvariants`` after every frame; Escape never quits (``DemoWindow/quitsOnEscape``).
@MainActor
enum Monkey {
    /// A run that broke an invariant.
    struct Failure: Error, CustomStringConvertible {
        /// The invariant broken and what was seen.
        let violation: DemoInvariants.Violation
        /// The frame after which it was seen, and that frame's time in milliseconds.
        let frame: Int
        let time: Double
        /// The index of the last event delivered by then (-1: none).
        let eventIndex: Int

        var description: String {
            "\(violation) (frame \(frame), \(String(format: "%.3f", time)) ms, after event \(eventIndex))"
        }
    }

    /// An extra check run after the invariants every frame (a test's hook to inject a failure): a
    /// violation, or nil.
    typealias ExtraCheck = @MainActor (any MonkeyScene) -> DemoInvariants.Violation?

    /// Thrown to stop a run at its first violation.
    private struct Stop: Error {}

    /// Milliseconds in a second (script times are in milliseconds, the clock's in seconds).
    static let millisecondsPerSecond = 1000.0

    /// Runs `script`; the first violation, or nil when every frame held. `frames` counts the frames run.
    static func run(_ script: ReplayScript, scene: ReplayScene = .demo, extraCheck: ExtraCheck? = nil, frames: inout Int) throws -> Failure? {
        var atRest = 0
        return try run(script, scene: scene, extraCheck: extraCheck, frames: &frames, framesAtRest: &atRest)
    }

    /// Runs `script` as ``run(_:extraCheck:frames:)`` does, also counting the frames at rest (where every
    /// layer is checked).
    static func run(_ script: ReplayScript, scene: ReplayScene = .demo, extraCheck: ExtraCheck? = nil, frames: inout Int,
                    framesAtRest: inout Int) throws -> Failure? {
        let driver = ReplayDriver(script: script)
        driver.extraInput = MonkeyFingers.input(for: script)
        switch scene {
        case .demo:
            return try run(script, window: DemoWindow(clock: driver.clock, size: driver.windowSize), driver: driver,
                           extraCheck: extraCheck, frames: &frames, framesAtRest: &framesAtRest)
        case .gallery:
            return try run(script, window: GalleryWindow(clock: driver.clock, size: driver.windowSize), driver: driver,
                           extraCheck: extraCheck, frames: &frames, framesAtRest: &framesAtRest)
        }
    }

    private static func run<Scene: MonkeyScene>(_ script: ReplayScript, window: Scene, driver: ReplayDriver, extraCheck: ExtraCheck?,
                                                frames: inout Int, framesAtRest: inout Int) throws -> Failure? {
        window.quitsOnEscape = false
        let invariants = DemoInvariants(window: window)
        var failure: Failure?
        var ran = 0
        var delivered = 0, held = false
        do {
            _ = try driver.run(window, afterFrame: { frame in
                ran = frame + 1
                let time = ReplayTimeline.time(ofFrame: frame)
                let log = window.drainLog()
                while delivered < script.events.count, script.events[delivered].time <= time { delivered += 1 }
                // Whether a pointer is held now (a button, a finger, a trackpad swipe), as the translator has it.
                held = driver.isPointerDown
                guard let violation = invariants.check(log: log, time: time / millisecondsPerSecond, pointerHeld: held)
                        ?? extraCheck?(window) else { return }
                failure = Failure(violation: violation, frame: frame, time: time, eventIndex: delivered - 1)
                throw Stop()
            })
        } catch is Stop {}
        frames += ran
        framesAtRest += invariants.framesAtRest
        return failure
    }

    /// Runs `script` and tells only whether it failed.
    static func run(_ script: ReplayScript, scene: ReplayScene = .demo, extraCheck: ExtraCheck? = nil) throws -> Failure? {
        var frames = 0
        return try run(script, scene: scene, extraCheck: extraCheck, frames: &frames)
    }
}

/// Cuts a failing event list down to a short one that still fails the same way: delta debugging
/// (Zeller's ddmin, complement side) — drop halves, then quarters... then single events, each time
/// re-running (through `stillFails`) to keep only the cuts after which it still fails. Times are kept (a
/// cut leaves the other events where they were).
struct MonkeyShrinker {
    /// The most runs a shrink may take; beyond it the shortest list found so far is kept.
    static let defaultRunBudget = 4000

    var runBudget = defaultRunBudget
    /// The runs taken by the last ``shrink(_:stillFails:)``.
    private(set) var runs = 0

    init() {}

    /// The shortest sub-list of `events` found for which `stillFails` holds (`events` itself must fail).
    mutating func shrink(_ events: [ReplayEvent], stillFails: ([ReplayEvent]) throws -> Bool) rethrows -> [ReplayEvent] {
        runs = 0
        var current = events
        var chunk = max(current.count / 2, 1)
        while !current.isEmpty, runs < runBudget {
            var removedAny = false
            var start = 0
            while start < current.count, runs < runBudget {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                runs += 1
                if try stillFails(candidate) {
                    current = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 && !removedAny { break }
            if !removedAny { chunk = max(chunk / 2, 1) }
        }
        return current
    }
}

extension Monkey {
    /// Shrinks an in-process `failure` of `events` (one that does not crash): the events up to it, cut
    /// down to a short list that breaks the same invariant, as a script ending at the frame it fails in.
    static func shrink(_ events: [ReplayEvent], failure: Failure, extraCheck: ExtraCheck? = nil,
                       size: CGSize = MonkeyEventGenerator.initialSize) throws -> (script: ReplayScript, failure: Failure, runs: Int) {
        var shrinker = MonkeyShrinker()
        let shrunk = try shrinker.shrink(Array(events.prefix(failure.eventIndex + 1))) { candidate in
            let script = ReplayScript(size: size, duration: failure.time, events: candidate)
            return try run(script, extraCheck: extraCheck)?.violation.rule == failure.violation.rule
        }
        let found = try run(ReplayScript(size: size, duration: failure.time, events: shrunk), extraCheck: extraCheck) ?? failure
        // End with the frame it fails in (a frame's time rounded up to whole milliseconds).
        let script = ReplayScript(size: size, duration: found.time.rounded(.up), events: shrunk)
        return (script, found, shrinker.runs)
    }
}
