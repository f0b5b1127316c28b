import Foundation
import SegueSDL
import Testing

/// The package's root (this file is Tests/segueTests/ExampleScriptsTests.swift).
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A built executable of this package, beside the test bundle (`swift test` builds every product).
private func executable(_ name: String) throws -> URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
        let candidate = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(name) beside \(Bundle.main.bundleURL.path)"])
}

/// One traced frame, decoded from the JSON line.
private struct Frame {
    let frame: Int
    let tab: Int?
    let stack: [String]
    let transition: [String: Any]?
    let views: [String: [String: Any]]
    let log: [String]
    /// `bar` and `scroll` (issue 39), when the frame has them.
    var bar: [String: Double]? = nil
    var scroll: [String: Double]? = nil

    var kind: String? { transition?["kind"] as? String }
    var phase: String? { transition?["phase"] as? String }
    var percent: Double? { transition?["percent"] as? Double }
    func x(_ id: String) -> Double? { (views[id]?["frame"] as? [Double])?.first }
}

/// Replays `script` (a path under the package root) with `program` and returns its trace, frame by frame.
private func replay(_ program: String, _ arguments: [String]) throws -> [Frame] {
    try replayText(program, arguments).split(separator: "\n").map { line in
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return Frame(frame: try #require(object["frame"] as? Int), tab: object["tab"] as? Int, stack: object["stack"] as? [String] ?? [],
                     transition: object["transition"] as? [String: Any],
                     views: object["views"] as? [String: [String: Any]] ?? [:], log: object["log"] as? [String] ?? [],
                     bar: object["bar"] as? [String: Double], scroll: object["scroll"] as? [String: Double])
    }
}

/// The trace `program` writes to standard output for `arguments`, as text (exit 0, nothing on stderr).
private func replayText(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = try executable(program)
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(errors == "")
    return String(decoding: data, as: UTF8.self)
}

private func segueReplay(_ script: String) throws -> [Frame] {
    try replay("segue", ["replay", "Resources/scripts/\(script).json", "--trace", "-"])
}

/// The frame whose log has `entry`.
private func frame(logging entry: String, in trace: [Frame]) throws -> Frame {
    try #require(trace.first { $0.log.contains(entry) }, "no frame logs \(entry)")
}

@Suite(.serialized) struct ExampleScriptsTests {
    /// Key L (the replay contract): a large-title list page; at rest the bar's bottom and the list's adjusted
    /// top inset are 44 + 52, its offset -96; a 45-point drag (in 5-point steps: recognized past the list's
    /// 10-point slop at 15, so 30 points of scroll) released snaps the title fully under (the device snaps 30
    /// and 35), after which the inline title fades in; a 55-point pull back down (40 of scroll) leaves 12
    /// points under and snaps out.
    @Test func largeTitleCollapsesWithTheListAndSnapsAtEachRelease() throws {
        let trace = try segueReplay("large-title-collapse")
        let rest = try #require(trace.first { $0.frame == 45 })            // 750 ms: the push has ended, before the drag
        #expect(rest.stack == ["tab0.page0", "tab0.page1"] && rest.transition == nil)
        #expect(rest.bar == ["bottom": 96, "largeTitle": 1, "title": 0])
        #expect(rest.scroll == ["y": -96, "top": 96])
        // Held 45 points up, 30 of them scrolled: 1:1 after the slop (bottom, inset and offset all at 66).
        let held = try #require(trace.first { $0.frame == 65 })
        #expect(held.bar?["bottom"] == 66 && held.scroll == ["y": -66, "top": 66])
        // Released: fully under, the inline title in.
        let under = try #require(trace.first { $0.frame == 150 })   // 2.5 s
        #expect(under.bar == ["bottom": 44, "largeTitle": 1, "title": 1])
        #expect(under.scroll == ["y": -44, "top": 44])
        // Pulled 55 back (40 of scroll) and released: 12 under, so back out.
        let last = try #require(trace.last)
        #expect(last.bar == ["bottom": 96, "largeTitle": 1, "title": 0])
        #expect(last.scroll == ["y": -96, "top": 96])
        // The bar's bottom and the list's inset never part.
        #expect(trace.allSatisfy { $0.transition != nil || $0.bar?["bottom"] == $0.scroll?["top"] })
    }

    /// The edge pop works on the L page as on any: scrubbed and cancelled, the page keeps its own frame (under
    /// the bar, y 0) while it moves sideways and the bar is back at 96; then a pop that finishes leaves the root.
    @Test func theEdgePopOnALargeTitlePageCancelsAndFinishesWithThePageMovingSideways() throws {
        let trace = try segueReplay("large-title-pop")
        let pops = trace.filter { $0.kind == "pop" }
        #expect(pops.contains { $0.phase == "cancelling" } && pops.contains { $0.phase == "finishing" })
        let ys = Set(pops.compactMap { ($0.views["tab0.page1"]?["frame"] as? [Double])?[1] })
        #expect(ys == [0])
        let cancelled = try frame(logging: "transition.cancel:pop", in: trace)
        let after = try #require(trace.first { $0.frame == cancelled.frame + 1 })
        #expect(after.bar == ["bottom": 96, "largeTitle": 1, "title": 0])
        _ = try frame(logging: "transition.finish:pop", in: trace)
        let last = try #require(trace.last)
        #expect(last.stack == ["tab0.page0"] && last.bar == nil && last.scroll == nil)
    }

    /// Key Z (the replay contract): the page pushed with `preferredTransition = .zoom` grows from the
    /// first row's icon (16, 52, 28 x 28 in the window) to the full page; the kind is `push`.
    @Test func zoomPushGrowsThePageFromTheIconToTheFullPage() throws {
        let trace = try segueReplay("zoom-push")
        let begin = try frame(logging: "transition.begin:push", in: trace)
        #expect(begin.kind == "push")
        #expect(begin.views["tab0.page1"]?["frame"] as? [Double] == [16, 52, 28, 28])
        let widths = trace.compactMap { ($0.views["tab0.page1"]?["frame"] as? [Double])?[2] }
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 <= $1 })
        _ = try frame(logging: "transition.finish:push", in: trace)
        let last = try #require(trace.last)
        #expect(last.stack == ["tab0.page0", "tab0.page1"])
        #expect(last.views["tab0.page1"]?["frame"] as? [Double] == [0, 44, 800, 507])
    }

    /// A downward drag on the zoomed page pops it interactively (kind `pop`). Held, the page roams under the
    /// finger while it shrinks: down at (400, 200) on the page at rest (0, 44, 800 x 507), its centre stays
    /// at the finger's x, 400, and its point (200 - 44) / 507 of its height down at the finger's y (416
    /// once it stops); let go, its frame shrinks back towards the icon (16, 52, 28 x 28), where it ends.
    @Test func aDownwardDragOnTheZoomedPagePopsItBackTowardsTheIcon() throws {
        let trace = try segueReplay("zoom-drag-pop")
        let begin = try frame(logging: "transition.begin:pop", in: trace)
        #expect(begin.kind == "pop" && begin.phase == "interacting")
        let pop = trace.filter { $0.kind == "pop" }
        let frames = pop.compactMap { $0.views["tab0.page1"]?["frame"] as? [Double] }
        let held = pop.filter { $0.phase == "interacting" }.compactMap { $0.views["tab0.page1"]?["frame"] as? [Double] }
        #expect(held.count > 10)
        // (The trace rounds to a hundredth of a point.)
        #expect(held.allSatisfy { abs($0[0] + $0[2] / 2 - 400) <= 0.01 })
        #expect(abs(held.last![1] + 156.0 / 507 * held.last![3] - 416) <= 0.05)
        // Shrinking all along (but for the tracking spring's swing of a tenth of a point as the finger stops).
        let widths = frames.map { $0[2] }
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 >= $1 - 0.5 })
        #expect(zip(frames.last!, [16.0, 52, 28, 28]).allSatisfy { abs($0 - $1) < 0.5 })
        _ = try frame(logging: "transition.finish:pop", in: trace)
        let last = try #require(trace.last)
        #expect(last.stack == ["tab0.page0"] && last.transition == nil)
    }

    /// Two scripted fingers (touch events) pinching in on the zoomed page from 300 pt apart to 60 pt pop it
    /// interactively: the percent rises with the pinch, the page shrinks towards the icon, and the pop
    /// finishes after the lift.
    @Test func aTwoFingerPinchOnTheZoomedPagePopsIt() throws {
        let trace = try segueReplay("zoom-pinch-pop")
        let begin = try frame(logging: "transition.begin:pop", in: trace)
        #expect(begin.kind == "pop" && begin.phase == "interacting")
        let pinched = trace.filter { $0.kind == "pop" && $0.phase == "interacting" }
        let percents = pinched.compactMap(\.percent)
        #expect(percents.count > 10 && zip(percents, percents.dropFirst()).allSatisfy { $0 <= $1 })
        let widths = pinched.compactMap { ($0.views["tab0.page1"]?["frame"] as? [Double])?[2] }
        #expect(widths.first! > 600 && widths.last! < 100)
        _ = try frame(logging: "transition.finish:pop", in: trace)
        #expect(try #require(trace.last).stack == ["tab0.page0"])
    }

    /// On a page pushed with the zoom the content pop is on (spec: key Z): a rightward drag from the middle
    /// of the page pops it interactively (the zoom's own content swipe, UIKit's
    /// `_UIContentSwipeDismissGestureRecognizer`), the page shrinking towards the icon under the finger, and
    /// the pop finishes past the commit fraction. Elsewhere in the demo a horizontal drag still swipes tabs.
    @Test func aRightwardDragFromMidPageOnTheZoomedPagePopsIt() throws {
        let trace = try segueReplay("zoom-content-pop")
        let begin = try frame(logging: "transition.begin:pop", in: trace)
        #expect(begin.kind == "pop" && begin.phase == "interacting")
        let dragged = trace.filter { $0.kind == "pop" && $0.phase == "interacting" }
        let widths = dragged.compactMap { ($0.views["tab0.page1"]?["frame"] as? [Double])?[2] }
        // Shrinking all along (but for the tracking spring's swing of a tenth of a point as the finger stops).
        #expect(widths.first == 800 && widths.last! < 560 && zip(widths, widths.dropFirst()).allSatisfy { $0 >= $1 - 0.5 })
        // 300 pt of travel over the width; the point 300 / 800 of the page across stays under the finger (600).
        #expect(abs((dragged.last?.percent ?? 0) - 0.375) < 1e-9)
        let last = try #require(dragged.last?.views["tab0.page1"]?["frame"] as? [Double])
        #expect(abs(last[0] + 0.375 * last[2] - 600) <= 0.05)
        _ = try frame(logging: "transition.finish:pop", in: trace)
        #expect(try #require(trace.last).stack == ["tab0.page0"])
    }

    @Test func theFinishedInteractivePopEndsWithOnePage() throws {
        let trace = try segueReplay("pop-finished")
        #expect(trace.count == 181)   // 3000 ms
        let begin = try frame(logging: "transition.begin:pop", in: trace)
        #expect(begin.kind == "pop" && begin.phase == "interacting")
        let finish = try frame(logging: "transition.finish:pop", in: trace)
        // Released in frame 125, the page drawn at rest at 0.6075: iOS 27's release spring (damping 0.85,
        // response 0.3 s) from there first reaches the end 15 frames later (its closed form, computed outside
        // Segue), where the page stops.
        #expect(finish.frame == 140)
        #expect(!trace.contains { $0.log.contains("transition.cancel:pop") })
        let last = try #require(trace.last)
        #expect(last.stack == ["tab0.page0"])
        #expect(last.transition == nil)
        #expect(last.x("tab0.page0") == 0)
    }

    @Test func theCancelledInteractivePopEndsWithTwoPagesAndTheTopPageBackAtZero() throws {
        let trace = try segueReplay("pop-cancelled")
        let cancel = try frame(logging: "transition.cancel:pop", in: trace)
        // Released in frame 103 at rest at 0.1575: the release spring first reaches the start 15 frames later.
        #expect(cancel.frame == 118)
        #expect(!trace.contains { $0.log.contains("transition.finish:pop") })
        let last = try #require(trace.last)
        #expect(last.stack == ["tab0.page0", "tab0.page1"])
        #expect(last.x("tab0.page1") == 0)
        #expect(Array(last.views.keys) == ["tab0.page1"])
    }

    @Test func aFlickFinishesThePopFromAShortTravel() throws {
        let trace = try segueReplay("pop-flick")
        // The last frame under the finger: well short of the commit fraction (0.3), then it finishes.
        let lastInteracting = try #require(trace.last { $0.phase == "interacting" })
        let percent = try #require(lastInteracting.percent)
        #expect(percent > 0 && percent < 0.15)
        #expect(trace[lastInteracting.frame + 1].phase == "finishing")
        let finish = try frame(logging: "transition.finish:pop", in: trace)
        // Released in frame 64, the finger at 2.23 W/s (past the edge-flick boost's 1.5), the page drawn at
        // 0.0684 moving at 2.349 W/s through the tracking spring: boosted 4.25 times, the release spring
        // first reaches the end 12 frames later (the springs' closed forms, computed outside Segue).
        #expect(finish.frame == 76)
        #expect(try #require(trace.last).stack == ["tab0.page0"])
    }

    @Test func aFinishingPopCaughtMidFlightFollowsTheFingerWithoutAJumpAndCancelsWhenDraggedBack() throws {
        let trace = try segueReplay("pop-caught")
        // Released past the commit fraction it finishes; a pointer down on the page catches it.
        let finishing = try #require(trace.first { $0.phase == "finishing" })
        let caught = try #require(trace.first { $0.frame > finishing.frame && $0.phase == "interacting" })
        let before = try #require(trace[caught.frame - 1].x("tab0.page1"))
        #expect(trace[caught.frame - 1].phase == "finishing")
        #expect(caught.x("tab0.page1") == before)   // caught where it was drawn
        let cancel = try frame(logging: "transition.cancel:pop", in: trace)
        #expect(cancel.frame > caught.frame)
        #expect(!trace.contains { $0.log.contains("transition.finish:pop") })
        let last = try #require(trace.last)
        #expect(last.stack == ["tab0.page0", "tab0.page1"])
        #expect(last.x("tab0.page1") == 0)
    }

    /// The README's GIF: scrubbed back and forth, released short of the commit fraction (cancelling),
    /// caught on the way back where it is drawn, thrown: the pop finishes.
    @Test func aScrubbedPopReleasedShortIsCaughtWhileCancellingAndThrownToFinish() throws {
        let trace = try segueReplay("pop-scrubbed-caught-finished")
        let interacting = trace.filter { $0.phase == "interacting" }.compactMap { $0.x("tab0.page1") }
        // Back and forth: the page's x rises, falls and rises again under the finger.
        let turns = zip(interacting, interacting.dropFirst()).map { $1 - $0 }.filter { $0 != 0 }
        let reversals = zip(turns, turns.dropFirst()).filter { ($0 > 0) != ($1 > 0) }.count
        #expect(reversals >= 2)
        let cancelling = try #require(trace.first { $0.phase == "cancelling" })
        let caught = try #require(trace.first { $0.frame > cancelling.frame && $0.phase == "interacting" })
        #expect(trace[caught.frame - 1].phase == "cancelling")
        let before = try #require(trace[caught.frame - 1].x("tab0.page1"))
        #expect(before > 50)   // mid-flight, not back home
        #expect(caught.x("tab0.page1") == before)   // caught where it was drawn
        let finish = try frame(logging: "transition.finish:pop", in: trace)
        #expect(finish.frame > caught.frame)
        #expect(!trace.contains { $0.log.contains("transition.cancel:pop") })
        #expect(try #require(trace.last).stack == ["tab0.page0"])
    }

    /// A tab swipe let go past the commit fraction (finishing), caught on the incoming page where it is
    /// drawn, dragged back 400 pt (half the width) and let go short of it: the switch is cancelled.
    @Test func aFinishingTabSwipeCaughtMidFlightFollowsTheFingerAndCancelsWhenDraggedBack() throws {
        let trace = try segueReplay("tab-swipe-caught")
        let finishing = try #require(trace.first { $0.kind == "tab" && $0.phase == "finishing" })
        let caught = try #require(trace.first { $0.frame > finishing.frame && $0.phase == "interacting" })
        #expect(trace[caught.frame - 1].phase == "finishing")
        let before = try #require(trace[caught.frame - 1].x("tab1.page0"))
        #expect(before > 0 && before < 480)   // on its way in, past where it was let go (x 480)
        #expect(caught.x("tab1.page0") == before)   // caught where it was drawn
        // 1:1 with the finger: 40 pt a frame to the right, 40 / 800 a frame of the percent; the page follows
        // through the tracking spring.
        let next = try #require(trace[caught.frame + 1].x("tab1.page0"))
        let moved = try #require(caught.percent) - (try #require(trace[caught.frame + 1].percent))
        #expect(abs(moved * 800 - 40) < 0.8)   // two percents of 3 decimals: each within 0.0005
        // No jump: the page carries its speed into the catch and turns towards the finger.
        #expect(abs(next - before) < 40)
        #expect(try #require(trace[caught.frame + 6].x("tab1.page0")) > before)
        let cancel = try frame(logging: "transition.cancel:tab", in: trace)
        #expect(cancel.frame > caught.frame)
        #expect(!trace.contains { $0.log.contains("transition.finish:tab") })
        let last = try #require(trace.last)
        #expect(last.stack == ["tab0.page0"] && last.x("tab0.page0") == 0)
    }

    /// A sheet dragged down past the commit fraction (its dismissal finishing), caught where it is drawn,
    /// dragged up 300 pt and let go at rest short of it: it springs back and stays presented.
    @Test func aFinishingSheetDismissalCaughtMidFlightSpringsBackWhenDraggedUp() throws {
        let trace = try segueReplay("sheet-caught")
        func y(_ f: Frame) -> Double? { (f.views["modal0"]?["frame"] as? [Double])?[1] }
        let finishing = try #require(trace.first { $0.kind == "dismiss" && $0.phase == "finishing" })
        let caught = try #require(trace.first { $0.frame > finishing.frame && $0.phase == "interacting" })
        #expect(trace[caught.frame - 1].phase == "finishing")
        let before = try #require(y(trace[caught.frame - 1]))
        #expect(before > 340)   // further down than where it was let go
        #expect(y(caught) == before)   // caught where it was drawn
        let next = try #require(y(trace[caught.frame + 1]))
        // 1:1: 30 pt a frame up is 30 / 560 of the percent a frame; the sheet follows through the tracking spring.
        let moved = try #require(caught.percent) - (try #require(trace[caught.frame + 1].percent))
        #expect(abs(moved * 560 - 30) < 0.56)   // two percents of 3 decimals: each within 0.0005
        #expect(abs(next - before) < 30)
        #expect(try #require(y(trace[caught.frame + 6])) < before)
        let cancel = try frame(logging: "transition.cancel:dismiss", in: trace)
        #expect(cancel.frame > caught.frame)
        #expect(!trace.contains { $0.log.contains("transition.finish:dismiss") })
        let last = try #require(trace.last)
        #expect(y(last) == 40)
    }

    @Test func theDetentSheetRestsAtMediumIsDraggedToLargeWithThePagesRecededAndDraggedDownToDismiss() throws {
        let trace = try segueReplay("detent-sheet")
        func frameOf(_ id: String, _ f: Frame) -> [Double]? { f.views[id]?["frame"] as? [Double] }
        let page = [0.0, 44, 800, 507]   // the demo's page between its opaque bars
        // D presents the stock page sheet at medium: iOS 27's floating card, 451/874 of the window's height
        // (600 x 0.516 = 310 pt, rounded), 8 pt in from the sides and the bottom.
        let presented = try frame(logging: "transition.finish:present", in: trace)
        #expect(frameOf("modal0", presented) == [8, 600 - 8 - 310, 800 - 16, 310])
        #expect(frameOf("tab0.page0", presented) == page)   // at medium the pages do not recede
        // The drag up 300 pt on the list (past large: the list scrolls the rest) lets go at large: the pages recede, scaled
        // by 0.92 about the window's centre (400, 300) and moved down so that their window's top is 10 pt
        // above the sheet's (62 - 10 = 52: 300 - 0.92 x 300 = 24, so 28 pt down). Large: full width, its
        // top 62 pt below the window's.
        let atLarge = trace[110]
        #expect(frameOf("modal0", atLarge) == [0, 62, 800, 538])
        let s = 0.92, ty = 28.0
        let receded = [400 + (0 - 400) * s, 300 + (44 - 300) * s + ty, 800 * s, 507 * s]
        let drawn = try #require(frameOf("tab0.page0", atLarge))
        for (a, b) in zip(drawn, receded) { #expect(abs(a - b) < 0.006, "\(drawn) vs \(receded)") }
        #expect(atLarge.transition == nil)
        // The drag down from large past medium lets go 163 pt tall (47 % below medium): dismissed.
        let dismissed = try frame(logging: "transition.finish:dismiss", in: trace)
        #expect(dismissed.frame > atLarge.frame)
        let last = try #require(trace.last)
        #expect(frameOf("modal0", last) == nil && frameOf("tab0.page0", last) == page)
    }

    /// The reverse handover (issue 38, as UIKit's sheets do): D's detent sheet at medium, a drag on its list
    /// (recognized at y 430) up to y 50 puts 310 + 380 = 690 pt of height under the finger: the sheet goes
    /// to large (538 pt) and stops there, the other 152 pt scroll the list (the trace has no content
    /// offsets: SheetReverseHandoverTests pins them, the PNGs show them). Back down in the same drag to
    /// y 350 the list scrolls back to its top and the sheet comes down under the finger, 310 - (350 - 430)
    /// = 390 pt tall; let go there (nearer medium), medium.
    @Test func aDragOnTheDetentSheetsListGoesPastLargeIntoTheListAndBackDownIntoTheSheet() throws {
        let trace = try segueReplay("sheet-reverse-handover")
        func sheet(_ f: Frame) -> [Double]? { f.views["modal0"]?["frame"] as? [Double] }
        // At large from frame 75 (the tracking spring there) while the finger goes on up and comes back
        // down to y 202 (538 pt tall again); never above large (no stretch: the rubber band put its top at 35).
        #expect(trace[75...105].allSatisfy { sheet($0) == [0, 62, 800, 538] })
        #expect(sheet(trace[74]) != [0, 62, 800, 538] && sheet(trace[106]) != [0, 62, 800, 538])
        #expect(trace.allSatisfy { (sheet($0)?[1] ?? 62) >= 62 })
        // Held at y 350: 390 pt tall, the card's inset 8 x (1 - (390 - 310) / (538 - 310)) = 5.19 pt
        // (the trace's two decimals).
        let inset = 8 * (1 - 80.0 / 228)
        let expected = [inset, 600 - inset - 390, 800 - 2 * inset, 390].map { ($0 * 100).rounded() / 100 }
        #expect(sheet(trace[128]) == expected)
        let last = try #require(trace.last)
        #expect(sheet(last) == [8, 282, 784, 310])
        #expect(!trace.contains { $0.log.contains("transition.begin:dismiss") })
    }

    @Test func aPushDuringAPopIsQueuedAndRunsAfterThePop() throws {
        let trace = try segueReplay("push-during-pop")
        let finishPop = try frame(logging: "transition.finish:pop", in: trace)
        let pushes = trace.filter { $0.log.contains("transition.begin:push") }
        #expect(pushes.map(\.frame) == [0, 120])
        // The queued push begins in the frame the pop finishes, after it in the log.
        // Released in frame 105, the page at rest at 0.358: the release spring first reaches the end 15
        // frames later.
        #expect(finishPop.frame == 120)
        #expect(try #require(finishPop.log.firstIndex(of: "transition.finish:pop"))
                < (try #require(finishPop.log.firstIndex(of: "transition.begin:push"))))
        let last = try #require(trace.last)
        // The queued push's page takes the place it ends up in: depth 1 again, after the pop.
        #expect(last.stack == ["tab0.page0", "tab0.page1"])
        #expect(last.x("tab0.page1") == 0)
    }

    @Test func theSlideTransitionExamplePushesAndPopsByItsOwnEdgePan() throws {
        let trace = try replay("slide-transition", ["--replay", "Resources/scripts/slide-transition-edge-pop.json", "--trace", "-"])
        #expect(trace.count == 121)   // 2000 ms
        // The first page appears (frame 0 has what happened while the scene was made), then the Return key pushes.
        #expect(trace[0].log == ["First.viewWillAppear", "First.viewDidAppear", "transition.begin:push",
                                 "First.viewWillDisappear", "Second.viewWillAppear"])
        #expect(trace[0].stack == ["First", "Second"])
        #expect(try frame(logging: "transition.finish:push", in: trace).frame == 21)   // 0.35 s
        let pop = try frame(logging: "transition.begin:pop", in: trace)
        #expect(pop.frame == 43)
        #expect(pop.transition?["interactive"] as? Bool == true)
        // The slide tracks the finger: 240 points of travel past the began point over half the width.
        let tracking = trace[48]
        #expect(tracking.percent == 0.5)
        #expect(tracking.x("Second") == 400 && tracking.x("First") == -400)
        #expect(try frame(logging: "transition.finish:pop", in: trace).frame == 57)
        let last = try #require(trace.last)
        #expect(last.stack == ["First"])
        #expect(last.x("First") == 0)
        #expect(Array(last.views.keys) == ["First"])
    }

    // MARK: Trackpad swipes (wheel events)

    /// The points a trackpad's precise scroll unit moves the page, and the pause that ends a swipe.
    private static let unit = Double(TrackpadSwipe().pointsPerScrollUnit), gap = TrackpadSwipe().endGap * 1000
    /// The window's width, the pop's slop and its commit fraction (the demo's stacks keep the defaults).
    private static let w = 800.0, popSlop = 14.0, commit = 0.3

    /// The script's wheel deltas (`dx` of each) and their times.
    private func wheels(_ name: String) throws -> [(t: Double, dx: Double)] {
        let script = try ReplayScript.load(contentsOfFile: packageRoot.appendingPathComponent("Resources/scripts/\(name).json").path)
        return script.events.compactMap { e in
            if case .wheel(let dx, _, _) = e.kind { (e.time, dx) } else { nil }
        }
    }

    /// Checks that in every frame the pop interacted in before and after, the percent is where the fingers
    /// put it (the deltas delivered by then, times the points a unit, less the pop slop, over the width, to
    /// the trace's 3 decimals) and the top page, drawn through the tracking spring, is behind the fingers
    /// moving on, never ahead of them by more than the spring's swing.
    private func expectPageFollowsTheDeltas(_ trace: [Frame], _ wheels: [(t: Double, dx: Double)]) {
        var checked = 0
        for (previous, frame) in zip(trace, trace.dropFirst()) where previous.phase == "interacting" && frame.phase == "interacting" {
            let time = Double(frame.frame) * 1000 / 60
            let travel = wheels.filter { $0.t <= time }.reduce(0) { $0 + $1.dx } * Self.unit
            #expect(abs((frame.percent ?? -1) - ((travel - Self.popSlop) / Self.w * 1000).rounded() / 1000) < 1e-9, "frame \(frame.frame)")
            let x = frame.x("tab0.page1") ?? -1
            // Ahead at most by the tracking spring's swing past fingers that stop (damping 0.85: under 2 pt).
            #expect(x >= 0 && x <= travel - Self.popSlop + 2, "frame \(frame.frame)")
            checked += 1
        }
        #expect(checked > 10)
    }

    /// touch-edge-pop.json is pop-finished.json with each down, move and up a finger's touchDown,
    /// touchMove and touchUp: SDL finger events through the touchscreen's translation (its synthesised
    /// mouse events dropped) drag the page exactly as the mouse does, so the traces are the same bytes.
    @Test func aOneFingerTouchDragFromTheEdgePopsAsTheMouseDragDoes() throws {
        let arguments = { (name: String) in ["replay", "Resources/scripts/\(name).json", "--trace", "-"] }
        let touch = try replayText("segue", arguments("touch-edge-pop"))
        #expect(touch == (try replayText("segue", arguments("pop-finished"))))
        let trace = try segueReplay("touch-edge-pop")
        #expect(trace.count == 181)
        let begin = try frame(logging: "transition.begin:pop", in: trace)
        #expect(begin.kind == "pop" && begin.phase == "interacting")
        _ = try frame(logging: "transition.finish:pop", in: trace)
        let last = try #require(trace.last)
        #expect(last.stack == ["tab0.page0"] && last.transition == nil && last.x("tab0.page0") == 0)
    }

    @Test func aTrackpadSwipePastTheCommitFractionFinishesThePop() throws {
        let trace = try segueReplay("trackpad-pop-finished")
        let wheels = try wheels("trackpad-pop-finished")
        let begin = try frame(logging: "transition.begin:pop", in: trace)
        #expect(begin.kind == "pop" && begin.phase == "interacting" && begin.transition?["interactive"] as? Bool == true)
        expectPageFollowsTheDeltas(trace, wheels)
        // 40 deltas of 0.75: 300 pt of travel, the page let go at 286 pt = 0.3575 W, slowly (0.59 W/s).
        let travel = wheels.reduce(0) { $0 + $1.dx } * Self.unit
        #expect(travel == 300 && (travel - Self.popSlop) / Self.w > Self.commit)
        // Let go once no delta came for the gap: the first frame at or after the last delta + 150 ms.
        let release = try #require(trace.first { $0.phase == "finishing" })
        #expect(release.frame == Int(((wheels.last!.t + Self.gap) * 60 / 1000).rounded(.up)))
        #expect(trace[release.frame - 1].phase == "interacting" && trace[release.frame - 1].x("tab0.page1") == 286)
        #expect(!trace.contains { $0.log.contains("transition.cancel:pop") })
        let last = try #require(trace.last)
        #expect(last.stack == ["tab0.page0"] && last.transition == nil && last.x("tab0.page0") == 0)
    }

    @Test func aShortTrackpadSwipeIsCancelled() throws {
        let trace = try segueReplay("trackpad-pop-cancelled")
        let wheels = try wheels("trackpad-pop-cancelled")
        expectPageFollowsTheDeltas(trace, wheels)
        // 20 deltas: 150 pt, the page let go at 136 pt = 0.17 W, slowly: it goes back.
        let release = try #require(trace.first { $0.phase == "cancelling" })
        #expect(release.frame == Int(((wheels.last!.t + Self.gap) * 60 / 1000).rounded(.up)))
        #expect(trace[release.frame - 1].x("tab0.page1") == 136)
        _ = try frame(logging: "transition.cancel:pop", in: trace)
        #expect(!trace.contains { $0.log.contains("transition.finish:pop") })
        let last = try #require(trace.last)
        #expect(last.stack == ["tab0.page0", "tab0.page1"] && last.x("tab0.page1") == 0)
    }

    @Test func aLeftwardTrackpadSwipeOnARootPageSwipesToTheNextTab() throws {
        let trace = try segueReplay("trackpad-tab-swipe")
        let wheels = try wheels("trackpad-tab-swipe")
        let begin = try frame(logging: "transition.begin:tab", in: trace)
        #expect(begin.transition?["interactive"] as? Bool == true)
        #expect(!trace.contains { $0.kind == "pop" })
        // While the fingers move, the switch's progress is their travel over the width (the trace's 3 decimals).
        var checked = 0
        for frame in trace where frame.phase == "interacting" && frame.frame > begin.frame {
            let time = Double(frame.frame) * 1000 / 60
            let travel = -wheels.filter { $0.t <= time }.reduce(0) { $0 + $1.dx } * Self.unit
            #expect(abs((frame.percent ?? -1) - (travel / Self.w * 1000).rounded() / 1000) < 1e-9, "frame \(frame.frame)")
            checked += 1
        }
        #expect(checked > 10)
        _ = try frame(logging: "transition.finish:tab", in: trace)
        let last = try #require(trace.last)
        #expect(last.tab == 1 && last.stack == ["tab1.page0"] && last.transition == nil)
    }
}
