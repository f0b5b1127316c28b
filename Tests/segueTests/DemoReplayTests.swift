import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// End-to-end: scripted input through the replay driver (SDL events, the input translator, the one frame
/// function on the virtual clock) into the demo app, asserting on what it traces frame by frame.
@MainActor
@Suite(.serialized) struct DemoReplayTests {
    /// The demo app's width in these scripts, in points.
    static let width: CGFloat = 800

    /// Runs `events` (times in ms) for `duration` ms and returns each frame's trace snapshot.
    func run(_ events: [ReplayEvent], duration: Double) throws -> [TraceFrame] {
        let script = ReplayScript(size: CGSize(width: Self.width, height: 600), duration: duration, events: events)
        let driver = ReplayDriver(script: script)
        let window = DemoWindow(clock: driver.clock, size: script.size)
        var frames: [TraceFrame] = []
        _ = try driver.run(window, afterFrame: { _ in frames.append(window.traceSnapshot()) })
        return frames
    }

    func x(_ frame: TraceFrame, _ id: String) -> CGFloat? { frame.views.first { $0.id == id }?.frame.minX }

    /// A push at 0, then a drag from the left edge at 1000 ms through `xs` (one move per 1/60 s), then
    /// (if given) a release after `hold` ms at the last x.
    func pushThenDrag(_ xs: [CGFloat], hold: Double = 150, extra: [ReplayEvent] = []) -> [ReplayEvent] {
        var events = [ReplayEvent(time: 0, kind: .key("Return")), ReplayEvent(time: 1000, kind: .down(CGPoint(x: 5, y: 300)))]
        var t = 1000.0
        for x in xs {
            t += 1000.0 / 60
            events.append(ReplayEvent(time: t.rounded(), kind: .move(CGPoint(x: x, y: 300))))
        }
        events.append(ReplayEvent(time: (t + hold).rounded(), kind: .up(CGPoint(x: xs.last!, y: 300))))
        return events + extra
    }

    @Test func thePageTracksThePointerExactlyWhileScrubbing() throws {
        let xs: [CGFloat] = [40, 80, 150, 220, 300, 380]
        let frames = try run(pushThenDrag(xs, hold: 2000), duration: 2500)
        for frame in frames where frame.transition?.phase == .interacting {
            guard let pageX = x(frame, "tab0.page1"), let percent = frame.transition?.percent else { continue }
            // p = (x - downX - popSlop) / W and the page sits at p x W (2 decimals in the trace).
            #expect(abs(pageX - CGFloat(percent) * Self.width) < 0.5)
            let lower = try #require(x(frame, "tab0.page0"))
            #expect(abs(lower - (-0.3 * Self.width * (1 - CGFloat(percent)))) < 0.5)
        }
        let last = try #require(frames.last { $0.transition?.phase == .interacting })
        #expect(abs((x(last, "tab0.page1") ?? 0) - (380 - 5 - TransitionSettings.defaultPopSlop)) < 1e-6)
    }

    @Test func slowReleasesEitherSideOfTheCommitFraction() throws {
        // 0.3 W = 240 pt of travel past the slop: just short of it cancels, just past it finishes.
        let short = 5 + TransitionSettings.defaultPopSlop + 0.29 * Self.width
        let long = 5 + TransitionSettings.defaultPopSlop + 0.31 * Self.width
        let cancelled = try run(pushThenDrag([60, 120, short, short, short]), duration: 3000)
        #expect(cancelled.last?.stack == ["tab0.page0", "tab0.page1"])
        let finished = try run(pushThenDrag([60, 120, long, long, long]), duration: 3000)
        #expect(finished.last?.stack == ["tab0.page0"])
    }

    @Test func flicksBothWays() throws {
        // Out fast and released moving: finishes from a short travel.
        let out = try run(pushThenDrag([45, 85, 125], hold: 0), duration: 3000)
        #expect(out.last?.stack == ["tab0.page0"])
        // Far out, then flicked back fast: cancels from past the commit fraction.
        let back = try run(pushThenDrag([100, 200, 300, 400, 500, 460, 420, 380], hold: 0), duration: 3000)
        #expect(back.last?.stack == ["tab0.page0", "tab0.page1"])
        #expect(back.last.flatMap { x($0, "tab0.page1") } == 0)
    }

    @Test func dragOutAndBackCancels() throws {
        let frames = try run(pushThenDrag([100, 200, 300, 400, 300, 200, 100, 40, 40, 40]), duration: 3000)
        #expect(frames.last?.stack == ["tab0.page0", "tab0.page1"])
        #expect(frames.last?.transition == nil)
    }

    @Test func focusLossMidDragIsAReleaseAtRest() throws {
        let far = 5 + TransitionSettings.defaultPopSlop + 0.5 * Self.width
        var events = pushThenDrag([100, 200, far])
        events.removeLast()   // no up: the window loses focus instead
        events.append(ReplayEvent(time: 1200, kind: .focusLost))
        let frames = try run(events, duration: 3000)
        #expect(frames.last?.stack == ["tab0.page0"])   // at rest past the commit fraction: finished
        #expect(frames.last?.transition == nil)
    }

    @Test func backspaceDuringAnInteractivePopIsQueuedAfterIt() throws {
        let far = 5 + TransitionSettings.defaultPopSlop + 0.5 * Self.width
        var events = [ReplayEvent(time: 0, kind: .key("Return")), ReplayEvent(time: 600, kind: .key("Return")),
                      ReplayEvent(time: 1500, kind: .down(CGPoint(x: 5, y: 300)))]
        for (i, x) in [100.0, 200, far, far, far].enumerated() {
            events.append(ReplayEvent(time: 1517 + Double(i) * 17, kind: .move(CGPoint(x: x, y: 300))))
        }
        events.append(ReplayEvent(time: 1560, kind: .key("Backspace")))   // mid-drag: queued
        events.append(ReplayEvent(time: 1800, kind: .up(CGPoint(x: far, y: 300))))
        events.sort { $0.time < $1.time }
        let frames = try run(events, duration: 3500)
        let duringDrag = try #require(frames.first { $0.transition?.phase == .interacting && $0.stack == ["tab0.page0", "tab0.page1"] })
        #expect(duringDrag.transition?.kind == .pop)
        // The drag's pop finishes (page2), then the queued Backspace pops page1.
        #expect(frames.last?.stack == ["tab0.page0"])
        #expect(frames.last?.transition == nil)
    }
}
