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

    /// The trace's percent is the finger's travel (p = (x - downX - popSlop) / W); the page trails a finger
    /// moving right (never ahead of it by more than the tracking spring's swing past a finger that stops,
    /// under 2 pt here), the lower page goes with the drawn page (-0.3 W x (1 - x / W)), and
    /// once the finger rests the page is where the finger puts it (2 decimals in the trace).
    @Test func thePageFollowsThePointerWhileScrubbing() throws {
        let xs: [CGFloat] = [40, 80, 150, 220, 300, 380]
        let frames = try run(pushThenDrag(xs, hold: 2000), duration: 2500)
        var trailed = false
        for frame in frames where frame.transition?.phase == .interacting {
            guard let pageX = x(frame, "tab0.page1"), let percent = frame.transition?.percent else { continue }
            #expect(pageX <= CGFloat(percent) * Self.width + 2)
            if pageX < CGFloat(percent) * Self.width - 10 { trailed = true }
            let lower = try #require(x(frame, "tab0.page0"))
            #expect(abs(lower - (-0.3 * Self.width * (1 - pageX / Self.width))) < 0.5)
        }
        #expect(trailed)
        let last = try #require(frames.last { $0.transition?.phase == .interacting })
        #expect(abs((x(last, "tab0.page1") ?? 0) - (380 - 5 - TransitionSettings.defaultPopSlop)) < 1e-6)
        #expect(abs((last.transition?.percent ?? 0) * Double(Self.width) - Double(380 - 5 - TransitionSettings.defaultPopSlop)) < 1e-6)
    }

    /// Fractional points end to end: past the slop, a finger moving half a point a frame moves the page
    /// through the tracking spring (response 0.08 s, damping 0.85), one exact step a frame from where it
    /// was first drawn at the finger (44): the literals are the spring's closed form, computed outside Segue,
    /// rounded to the trace's 2 decimals.
    @Test func halfPointStepsOfTheFingerMoveThePageByHalfPointSteps() throws {
        let downX: CGFloat = 2.5
        let xs: [CGFloat] = [60, 60.5, 61, 61.5, 62, 62.5, 63]
        var events = [ReplayEvent(time: 0, kind: .key("Return")), ReplayEvent(time: 1000, kind: .down(CGPoint(x: downX, y: 300)))]
        for (i, x) in xs.enumerated() {
            events.append(ReplayEvent(time: ReplayTimeline.time(ofFrame: 61 + i), kind: .move(CGPoint(x: x, y: 300.5))))
        }
        let frames = try run(events, duration: 1200)
        // The pan begins at the first move (frame 61) and the pop starts in that frame's callbacks; from
        // the next frame on, the page is where the finger puts it.
        let pageXs = (62...67).map { frames[$0] }.map { x($0, "tab0.page1") }
        let model: [CGFloat] = [44, 44.204498, 44.608642, 45.09195, 45.59384, 46.096602]
        #expect(zip(pageXs, model).allSatisfy { abs(($0 ?? 0) - $1) < 1e-5 }, "\(pageXs)")
        #expect(pageXs.first == xs[1] - downX - TransitionSettings.defaultPopSlop)
        let percents = (62...67).map { frames[$0].transition?.percent ?? -1 }
        #expect(zip(percents, xs.dropFirst()).allSatisfy { abs($0 * Double(Self.width) - Double($1 - downX - TransitionSettings.defaultPopSlop)) < 1e-6 })
    }

    /// A pan that begins and moves again within one frame (a 120 Hz touchscreen gives two samples a frame):
    /// the pop starts in that frame's callbacks, where the second sample put the finger, not at 0 until the
    /// next move.
    @Test func aMoveInTheFrameThePopBeginsIsNotLost() throws {
        let events = [ReplayEvent(time: 0, kind: .key("Return")), ReplayEvent(time: 1000, kind: .down(CGPoint(x: 5, y: 300))),
                      ReplayEvent(time: 1008.333, kind: .move(CGPoint(x: 40, y: 300))),
                      ReplayEvent(time: 1016.666, kind: .move(CGPoint(x: 60.5, y: 300)))]
        let frames = try run(events, duration: 1100)
        let begun = frames[61]
        #expect(begun.transition?.kind == .pop && begun.transition?.phase == .interacting)
        #expect(x(begun, "tab0.page1") == 60.5 - 5 - TransitionSettings.defaultPopSlop)
        #expect(x(frames[62], "tab0.page1") == 41.5)
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

    // MARK: Tabs and sheets

    /// A pointer drag from `from` through `to` (one move per 1/60 s), released after `hold` ms, starting at `t0` ms.
    func drag(from: CGPoint, through points: [CGPoint], t0: Double, hold: Double = 150) -> [ReplayEvent] {
        var events = [ReplayEvent(time: t0, kind: .down(from))]
        var t = t0
        for p in points {
            t += 1000.0 / 60
            events.append(ReplayEvent(time: t.rounded(), kind: .move(p)))
        }
        events.append(ReplayEvent(time: (t + hold).rounded(), kind: .up(points.last!)))
        return events
    }

    @Test func twoQuickRightPressesEndTwoTabsOnAndNothingHappensPastTheEnd() throws {
        let keys = [0.0, 50, 1500, 1550].map { ReplayEvent(time: $0, kind: .key("Right")) }
        let frames = try run(keys, duration: 3000)
        let tabs = frames.map(\.tab)
        #expect(tabs.contains(1) && tabs.last == 2)
        #expect(frames.last?.transition == nil && frames.last?.stack == ["tab2.page0"])
    }

    @Test func aPanInTheContentSwipesTabsFollowingTheFinger() throws {
        let points = stride(from: 560.0, through: 260, by: -50).map { CGPoint(x: $0, y: 300) }
        let frames = try run(drag(from: CGPoint(x: 600, y: 300), through: points, t0: 100), duration: 2500)
        let scrubbed = try #require(frames.last { $0.transition?.kind == .tab && $0.transition?.phase == .interacting })
        let percent = try #require(scrubbed.transition?.percent)
        // The new tab's page enters from the right, as far in as the finger went.
        #expect(abs((x(scrubbed, "tab1.page0") ?? -1) - Self.width * (1 - CGFloat(percent))) < 0.5)
        #expect(frames.last?.tab == 1 && frames.last?.transition == nil)
    }

    @Test func aTabKeyPressedDuringAnInteractivePopIsQueuedAfterIt() throws {
        let far = 5 + TransitionSettings.defaultPopSlop + 0.5 * Self.width
        var events = pushThenDrag([100, 200, far, far, far], hold: 200)
        events.append(ReplayEvent(time: 1070, kind: .key("Right")))   // mid-drag
        events.sort { $0.time < $1.time }
        let frames = try run(events, duration: 3500)
        let lastPop = try #require(frames.lastIndex { $0.transition?.kind == .pop })
        let firstTab = try #require(frames.firstIndex { $0.transition?.kind == .tab })
        #expect(lastPop < firstTab)   // the switch begins only after the pop
        #expect(frames[..<firstTab].allSatisfy { $0.tab == 0 })
        #expect(frames.last?.tab == 1)
    }

    @Test func aSheetIsPresentedOverTheTabsAndDraggedDownToDismiss() throws {
        var events = [ReplayEvent(time: 0, kind: .key("P"))]
        events += drag(from: CGPoint(x: 400, y: 200), through: (1...12).map { CGPoint(x: 400, y: 200 + Double($0) * 30) }, t0: 1000)
        let frames = try run(events, duration: 3000)
        let shown = try #require(frames.first { $0.modal == ["modal0"] && $0.transition == nil })
        #expect(shown.views.first { $0.id == "modal0" }?.frame.minY == 40)
        #expect(frames.contains { $0.transition?.kind == .dismiss && $0.transition?.phase == .interacting })
        #expect(frames.last?.modal == [] && frames.last?.transition == nil)
        #expect(frames.last?.views.contains { $0.id == "modal0" } == false)
    }

    @Test func aShortDragOnASheetSpringsBack() throws {
        var events = [ReplayEvent(time: 0, kind: .key("P"))]
        events += drag(from: CGPoint(x: 400, y: 200), through: [CGPoint(x: 400, y: 230), CGPoint(x: 400, y: 260),
                                                                CGPoint(x: 400, y: 260)], t0: 1000, hold: 200)
        let frames = try run(events, duration: 3000)
        #expect(frames.last?.modal == ["modal0"])
        #expect(frames.last?.views.first { $0.id == "modal0" }?.frame.minY == 40)
    }

    @Test func aSheetDismissedWhileTabSwitchesAreQueuedEndsOnTheLastTab() throws {
        let events = [ReplayEvent(time: 0, kind: .key("P")), ReplayEvent(time: 100, kind: .key("Right")),
                      ReplayEvent(time: 120, kind: .key("Right")), ReplayEvent(time: 140, kind: .key("Escape"))]
        let frames = try run(events, duration: 3500)
        #expect(frames.last?.tab == 2 && frames.last?.modal == [] && frames.last?.transition == nil)
    }

    @Test(arguments: ["push", "pop", "tab", "present", "dismiss"])
    func aResizeInTheMiddleOfATransitionLeavesEverythingLaidOutForTheNewSize(_ kind: String) throws {
        var events: [ReplayEvent] = []
        switch kind {
        case "push": events = [ReplayEvent(time: 0, kind: .key("Return"))]
        case "pop": events = pushThenDrag([100, 200, 300, 300], hold: 300)
        case "tab": events = [ReplayEvent(time: 0, kind: .key("Right"))]
        case "present": events = [ReplayEvent(time: 0, kind: .key("P"))]
        default: events = [ReplayEvent(time: 0, kind: .key("P")), ReplayEvent(time: 1000, kind: .key("Escape"))]
        }
        let resizeAt = kind == "pop" ? 1060.0 : kind == "dismiss" ? 1100 : 100
        events.append(ReplayEvent(time: resizeAt, kind: .resize(CGSize(width: 1024, height: 700))))
        events.sort { $0.time < $1.time }
        let frames = try run(events, duration: 3500)
        let last = try #require(frames.last)
        #expect(last.transition == nil)
        for view in last.views where view.id.hasPrefix("tab") {
            #expect(view.frame == CGRect(x: 0, y: 44, width: 1024, height: 700 - 44 - 49), "\(kind): \(view.id)")
        }
        for view in last.views where view.id.hasPrefix("modal") {
            #expect(view.frame.width == 1024, "\(kind): \(view.id)")
        }
    }

    // MARK: The example scripts of tabs and sheets

    /// The package's root (this file is Tests/segueTests/DemoReplayTests.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func runScript(_ name: String) throws -> [TraceFrame] {
        let script = try ReplayScript.load(contentsOfFile: Self.packageRoot.appendingPathComponent("Resources/scripts/\(name).json").path)
        let driver = ReplayDriver(script: script)
        let window = DemoWindow(clock: driver.clock, size: script.size)
        var frames: [TraceFrame] = []
        _ = try driver.run(window, afterFrame: { _ in frames.append(window.traceSnapshot()) })
        return frames
    }

    @Test func theTabKeysScriptGoesTwoTabsRightThenOneBack() throws {
        let frames = try runScript("tab-keys")
        #expect(frames.map(\.tab).contains(2))
        #expect(frames.last?.tab == 1 && frames.last?.transition == nil)
    }

    @Test func theTabPanScriptSwipesToTheNextTab() throws {
        let frames = try runScript("tab-pan")
        #expect(frames.contains { $0.transition?.kind == .tab && $0.transition?.phase == .interacting })
        #expect(frames.last?.tab == 1 && frames.last?.transition == nil)
    }

    @Test func theSheetScriptPresentsASheetAndDragsItAway() throws {
        let frames = try runScript("sheet-drag-dismiss")
        #expect(frames.contains { $0.modal == ["modal0"] && $0.transition == nil })
        #expect(frames.contains { $0.transition?.kind == .dismiss && $0.transition?.phase == .interacting })
        #expect(frames.last?.modal == [] && frames.last?.transition == nil)
    }

    @Test func queuedPushesAndPopsNamePagesByTheirPlaceInTheStack() throws {
        // Found by the monkey: pushes queued behind others were named by the depth when asked, giving
        // duplicate ids (and a crash writing the trace).
        let keys = ["Return", "Return", "Backspace", "Return", "Return", "Backspace", "Return"]
        let events = keys.enumerated().map { ReplayEvent(time: Double($0.offset) * 10, kind: .key($0.element)) }
        let frames = try run(events, duration: 5000)
        let stack = try #require(frames.last?.stack)
        #expect(stack == (0..<stack.count).map { "tab0.page\($0)" })
        #expect(stack.count == 4)   // 1 + 5 pushes - 2 pops
        for frame in frames { #expect(Set(frame.views.map(\.id)).count == frame.views.count) }
    }
}
