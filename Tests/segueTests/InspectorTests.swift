import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// `segue inspect`'s model: any frame of a script's run, the timeline, and a page's values.
@MainActor
@Suite(.serialized) struct InspectorTests {
    static func resource(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/scripts/\(name)").path
    }

    /// Every frame's trace line (without the log) as `segue replay` makes it.
    func replayTrace(_ script: ReplayScript) throws -> [String] {
        let driver = ReplayDriver(script: script)
        let window = DemoWindow(clock: driver.clock, size: script.size)
        window.quitsOnEscape = false
        var lines: [String] = []
        _ = try driver.run(window, afterFrame: { frame in
            lines.append(TraceLine(frame: frame, time: ReplayTimeline.time(ofFrame: frame), snapshot: window.traceSnapshot(), log: []).json)
        })
        return lines
    }

    func line(_ session: InspectorSession) -> String {
        TraceLine(frame: session.frame, time: ReplayTimeline.time(ofFrame: session.frame), snapshot: session.traceSnapshot, log: []).json
    }

    @Test func inspectAtFrameKShowsWhatReplayTracesAtK() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("pop-caught.json"))
        let trace = try replayTrace(script)
        let session = try InspectorSession(script: script)
        #expect(session.lastFrame == trace.count - 1)
        // Forwards, backwards, jumps, and past both ends (clamped).
        for k in [0, 1, 2, 60, 61, 59, 100, 30, trace.count - 1, 5, trace.count + 40, -3] {
            try session.seek(to: k)
            let expected = min(max(k, 0), trace.count - 1)
            #expect(session.frame == expected)
            #expect(line(session) == trace[expected], "frame \(k)")
        }
    }

    @Test func steppingForwardRunsOneFrameAndGoingBackRunsFromTheStart() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("pop-finished.json"))
        let session = try InspectorSession(script: script)
        try session.seek(to: 50)
        let before = session.framesRun
        try session.seek(to: 51)
        #expect(session.framesRun == before + 1)
        try session.seek(to: 10)
        #expect(session.framesRun == before + 1 + 11)   // frames 0...10 again
    }

    @Test func theTimelineHasABarPerTransitionAndATickPerEvent() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("pop-finished.json"))
        let trace = try replayTrace(script)
        let session = try InspectorSession(script: script)
        #expect(session.eventFrames == script.events.map { ReplayTimeline.firstFrame(atOrAfter: $0.time) })
        // Each bar covers exactly the frames whose trace names its kind, with nothing running between bars.
        var covered = Set<Int>()
        for bar in session.bars {
            for k in bar.frames {
                #expect(trace[k].contains(#""transition": {"kind": "\#(bar.kind)""#), "frame \(k)")
                covered.insert(k)
            }
        }
        for (k, line) in trace.enumerated() where !covered.contains(k) {
            #expect(line.contains(#""transition": null"#), "frame \(k)")
        }
        #expect(session.bars.map(\.kind) == ["push", "pop"])
        #expect(session.bars.map(\.interactive) == [false, true])
    }

    @Test func aSelectedPageListsItsModelAndPresentationValuesAndAnimations() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("pop-finished.json"))
        let session = try InspectorSession(script: script)
        // Mid-push: the new page slides in from the right, animated; its model is already at rest.
        let push = try #require(session.bars.first)
        try session.seek(to: (push.frames.lowerBound + push.frames.upperBound) / 2)
        let shown = try #require(session.traceSnapshot.views.first { $0.id == "tab0.page1" })
        #expect(session.page(at: CGPoint(x: shown.frame.midX, y: shown.frame.midY)) == "tab0.page1")
        let details = try #require(session.details(of: "tab0.page1"))
        #expect(details.model.frame == CGRect(x: 0, y: 44, width: 800, height: 507))
        #expect(details.presentation.frame == shown.frame)
        #expect(details.presentation.frame.minX > 0)
        #expect(!details.animations.isEmpty)
        for a in details.animations {
            #expect(a.localTime >= 0 && a.localTime <= a.duration, "\(a)")
            #expect(!a.key.hasPrefix("\u{1}"))
        }
        #expect(details.lines.first == "tab0.page1")
        #expect(details.lines.contains("  frame 0.0, 44.0, 800.0 x 507.0"))
        // At rest, after the run: no animation, model and presentation the same.
        try session.seek(to: session.lastFrame)
        let rest = try #require(session.details(of: "tab0.page0"))
        #expect(rest.model == rest.presentation && rest.animations.isEmpty)
        #expect(session.details(of: "tab0.page1") == nil)   // popped
    }
}
