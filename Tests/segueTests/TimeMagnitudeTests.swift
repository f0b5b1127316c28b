import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// The magnitude of the clock is not an input: every scripted scene behaves identically when the whole
/// script is shifted by 10 minutes or by 1 hour of app time. The shifted run's trace, from the frame the
/// shift brings the script's start to, with the shift subtracted from `frame` and `time`, is byte for
/// byte the trace of the script shifted by 1 s (1 s, not 0: a script's first frame also holds the app's
/// start, its first appearance callbacks).
@MainActor
@Suite(.serialized) struct TimeMagnitudeTests {
    /// The package's root (this file is Tests/segueTests/TimeMagnitudeTests.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The scenes: push, pop (finished, cancelled, caught), tab keys and swipe (caught), sheet (caught,
    /// dragged away) and detent sheet.
    nonisolated static let scripts = ["pop-finished", "pop-caught", "pop-scrubbed-caught-finished", "push-during-pop", "tab-keys",
                          "tab-swipe-caught", "sheet-caught", "sheet-drag-dismiss", "detent-sheet"]

    /// The reference shift and the two shifts under test, in ms: whole frames (1/60 s) each.
    static let referenceShift = 1000.0
    static let shifts = [600_000.0 + referenceShift, 3_600_000.0 + referenceShift]

    /// `script`'s events `shift` ms later, its duration too.
    static func shifted(_ script: ReplayScript, by shift: Double) -> ReplayScript {
        ReplayScript(size: script.size, duration: script.duration + shift,
                     events: script.events.map { ReplayEvent(time: $0.time + shift, kind: $0.kind) })
    }

    /// The trace lines of `script` shifted by `shift` ms, from the frame the shift starts at, with the shift
    /// taken off their frame numbers and times (frames before it run untraced: an hour is 216,000 frames).
    static func trace(of script: ReplayScript, shiftedBy shift: Double) throws -> [String] {
        let run = shifted(script, by: shift)
        let first = ReplayTimeline.firstFrame(atOrAfter: shift)
        #expect(ReplayTimeline.time(ofFrame: first) == shift, "the shift must be a whole number of frames")
        let driver = ReplayDriver(script: run)
        let window = DemoWindow(clock: driver.clock, size: driver.windowSize)
        var lines: [String] = []
        _ = try driver.run(window, afterFrame: { frame in
            let log = window.drainLog()
            guard frame >= first else { return }
            let line = TraceLine(frame: frame - first, time: ReplayTimeline.time(ofFrame: frame - first),
                                 snapshot: window.traceSnapshot(), log: log)
            lines.append(line.json)
        })
        return lines
    }

    @Test(arguments: scripts)
    func aScriptShiftedByTenMinutesOrAnHourTracesTheSame(_ name: String) throws {
        let path = Self.packageRoot.appendingPathComponent("Resources/scripts/\(name).json").path
        let script = try ReplayScript.load(contentsOfFile: path)
        let reference = try Self.trace(of: script, shiftedBy: Self.referenceShift)
        #expect(reference.count == ReplayTimeline.lastFrame(within: script.duration) + 1)
        for shift in Self.shifts {
            let lines = try Self.trace(of: script, shiftedBy: shift)
            #expect(lines.count == reference.count)
            if let k = zip(lines, reference).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                Issue.record("\(name) shifted by \(shift - Self.referenceShift) ms differs at frame \(k):\n\(lines[k])\nnot\n\(reference[k])")
            }
        }
    }
}
