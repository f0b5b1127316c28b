import Foundation
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
    let stack: [String]
    let transition: [String: Any]?
    let views: [String: [String: Any]]
    let log: [String]

    var kind: String? { transition?["kind"] as? String }
    var phase: String? { transition?["phase"] as? String }
    var percent: Double? { transition?["percent"] as? Double }
    func x(_ id: String) -> Double? { (views[id]?["frame"] as? [Double])?.first }
}

/// Replays `script` (a path under the package root) with `program` and returns its trace, frame by frame.
private func replay(_ program: String, _ arguments: [String]) throws -> [Frame] {
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
    return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return Frame(frame: try #require(object["frame"] as? Int), stack: object["stack"] as? [String] ?? [],
                     transition: object["transition"] as? [String: Any],
                     views: object["views"] as? [String: [String: Any]] ?? [:], log: object["log"] as? [String] ?? [])
    }
}

private func segueReplay(_ script: String) throws -> [Frame] {
    try replay("segue", ["replay", "Resources/scripts/\(script).json", "--trace", "-"])
}

/// The frame whose log has `entry`.
private func frame(logging entry: String, in trace: [Frame]) throws -> Frame {
    try #require(trace.first { $0.log.contains(entry) }, "no frame logs \(entry)")
}

@Suite(.serialized) struct ExampleScriptsTests {
    @Test func theFinishedInteractivePopEndsWithOnePage() throws {
        let trace = try segueReplay("pop-finished")
        #expect(trace.count == 181)   // 3000 ms
        let begin = try frame(logging: "transition.begin:pop", in: trace)
        #expect(begin.kind == "pop" && begin.phase == "interacting")
        let finish = try frame(logging: "transition.finish:pop", in: trace)
        // Released in frame 125 with 0.392 of the way left: the release spring (critically damped, response
        // 0.2675 s between TransitionSettings' short and long ones) settles to 0.1 % in 24 frames.
        #expect(finish.frame == 149)
        #expect(!trace.contains { $0.log.contains("transition.cancel:pop") })
        let last = try #require(trace.last)
        #expect(last.stack == ["tab0.page0"])
        #expect(last.transition == nil)
        #expect(last.x("tab0.page0") == 0)
    }

    @Test func theCancelledInteractivePopEndsWithTwoPagesAndTheTopPageBackAtZero() throws {
        let trace = try segueReplay("pop-cancelled")
        let cancel = try frame(logging: "transition.cancel:pop", in: trace)
        // Released in frame 103 at 0.158: the short release spring (0.225 s) settles in 20 frames.
        #expect(cancel.frame == 123)
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
        // Released in frame 64 at 0.108, moving: the long release spring (0.31 s) settles in 27 frames (on
        // the iPhone a flick pop from 0.13 W settles in 388 ms).
        #expect(finish.frame == 91)
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
        // 1:1 with the finger: 40 pt a frame to the right, 40 pt a frame for the page.
        let next = try #require(trace[caught.frame + 1].x("tab1.page0"))
        #expect(abs(next - (before + 40)) < 0.01)
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
        #expect(abs(next - (before - 30)) < 0.01)   // 1:1: 30 pt a frame up
        let cancel = try frame(logging: "transition.cancel:dismiss", in: trace)
        #expect(cancel.frame > caught.frame)
        #expect(!trace.contains { $0.log.contains("transition.finish:dismiss") })
        let last = try #require(trace.last)
        #expect(y(last) == 40)
    }

    @Test func aPushDuringAPopIsQueuedAndRunsAfterThePop() throws {
        let trace = try segueReplay("push-during-pop")
        let finishPop = try frame(logging: "transition.finish:pop", in: trace)
        let pushes = trace.filter { $0.log.contains("transition.begin:push") }
        #expect(pushes.map(\.frame) == [0, 133])
        // The queued push begins in the frame the pop finishes, after it in the log.
        // Released in frame 105 at 0.358 (0.642 left): the long release spring settles in 28 frames.
        #expect(finishPop.frame == 133)
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
}
