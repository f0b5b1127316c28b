import Foundation
import SegueAnimation
@testable import SegueSDL
import SegueUI
import Testing

/// What `segue watch` builds on: `--record`, `--resume`, `--status` of ``SegueApp``, the resuming clock and a
/// recording that continues an earlier one.
@MainActor
struct WatchSupportTests {
    @Test func theWatchOptionsParseAndAreForAWindowOnly() throws {
        let options = try SegueAppOptions.parse(["--record", "s.json", "--resume=r.json", "--status", "st.txt"])
        #expect(options.record == "s.json" && options.resume == "r.json" && options.statusFile == "st.txt")
        #expect(throws: SegueAppOptionError("--record is for a window, not with --replay")) {
            try SegueAppOptions.parse(["--replay", "a.json", "--record", "s.json"])
        }
        #expect(throws: SegueAppOptionError("--resume needs a value")) { try SegueAppOptions.parse(["--resume"]) }
        var errors: [String] = []
        let status = SegueApp.status(arguments: ["--resume", "/no/such/session.json"], errorOutput: { errors.append($0) }) {
            ViewController()
        }
        #expect(status == 2)
        #expect(errors == ["error: /no/such/session.json: cannot read the file (No such file or directory)\n"])
    }

    @Test func theResumingClockFollowsTheVirtualClockThenTheLiveOneFromTheNextFrame() {
        let virtual = VirtualClock(framesPerSecond: 60), live = VirtualClock(framesPerSecond: 60, frame: 1_000)
        let clock = ResumingClock(virtual: virtual, live: live)
        virtual.advance(frames: 30)
        #expect(clock.now == 0.5 && !clock.isLive)
        clock.goLive(frameDuration: 1.0 / 60)
        #expect(clock.isLive)
        #expect(abs(clock.now - (0.5 + 1.0 / 60)) < 1e-12)   // the next frame: one after the last replayed
        live.advance(frames: 60)
        #expect(abs(clock.now - (1.5 + 1.0 / 60)) < 1e-12)
        virtual.advance(frames: 600)   // no longer followed
        #expect(abs(clock.now - (1.5 + 1.0 / 60)) < 1e-12)
    }

    /// The recorder writes what the window delivered: a touch's or a precise pointer's fractional points
    /// stay as they are, and the script reads back to the same points.
    @Test func theRecorderWritesFractionalPointsAsDelivered() throws {
        let recorder = InputRecorder(size: CGSize(width: 800, height: 600), startTime: 0)
        recorder.record(.pointer(PointerEvent(phase: .down, location: CGPoint(x: 2.5, y: 300.5), timestamp: 5.0)), clockTime: 1)
        recorder.record(.pointer(PointerEvent(phase: .moved, location: CGPoint(x: 28.8, y: 300.25), timestamp: 5.016)),
                        clockTime: 61.0 / 60)
        recorder.record(.pointer(PointerEvent(phase: .up, location: CGPoint(x: 85.0 / 3, y: 300), timestamp: 5.033)),
                        clockTime: 62.0 / 60)
        let script = recorder.script(endingAt: 70.0 / 60)
        #expect(script.events.map(\.kind) == [.down(CGPoint(x: 2.5, y: 300.5)), .move(CGPoint(x: 28.8, y: 300.25)),
                                              .up(CGPoint(x: 85.0 / 3, y: 300))])
        #expect(script.jsonText.contains(#""type": "down", "x": 2.5, "y": 300.5}"#))
        #expect(script.jsonText.contains(#""type": "move", "x": 28.8, "y": 300.25}"#))
        #expect(try ReplayScript(parsing: Data(script.jsonText.utf8), file: "recorded.json") == script)
    }

    @Test func aRecordingThatContinuesASessionKeepsItsEventsFirst() {
        let earlier = [ReplayEvent(time: 0, kind: .key("Return")), ReplayEvent(time: 900, kind: .down(CGPoint(x: 5, y: 300)))]
        let recorder = InputRecorder(size: CGSize(width: 800, height: 600), startTime: 0, continuing: earlier)
        // Frame 61 (the first live frame after 60 replayed): a move stamped 12.345 s on the input's clock.
        recorder.record(.pointer(PointerEvent(phase: .moved, location: CGPoint(x: 80, y: 300), timestamp: 12.345)),
                        clockTime: 61.0 / 60)
        recorder.record(.pointer(PointerEvent(phase: .up, location: CGPoint(x: 90, y: 300), timestamp: 12.352)),
                        clockTime: 61.0 / 60)
        let script = recorder.script(endingAt: 70.0 / 60)
        #expect(Array(script.events.prefix(2)) == earlier)
        let new = Array(script.events.dropFirst(2))
        #expect(new.count == 2)
        // Both in frame 61's delivery window, (1000, 1016] ms, 7 ms apart as stamped.
        #expect(new.allSatisfy { $0.time > 1000 && $0.time <= 1016 })
        #expect(new[1].time - new[0].time == 7)
        #expect(script.duration == 1167)   // frame 70 at 1166.67 ms, rounded up so that it runs
    }

    /// A session recorded through ``AppScene`` (the file rewritten as it goes), resumed in a new scene: after
    /// the catch-up the new scene is where the old one was (a pop held half way by an edge drag).
    @Test func aResumedSessionIsWhereTheRecordedOneWas() throws {
        let path = NSTemporaryDirectory() + "segue-watch-session-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        func makeRoot() -> ViewController {
            let first = ViewController(), second = ViewController()
            first.title = "First"
            second.title = "Second"
            let nav = NavigationController(rootViewController: first)
            nav.setViewControllers([first, second], animated: false)
            return nav
        }
        let size = CGSize(width: 400, height: 600)
        let clock = VirtualClock(framesPerSecond: 60)
        let scene = AppScene(clock: clock, size: size, rootViewController: makeRoot())
        scene.startRecording(to: path)
        func frame(_ input: [InputEvent] = []) {
            clock.advance(frames: 1)
            scene.runFrame(input: input)
        }
        for _ in 0..<10 { frame() }
        frame([.pointer(PointerEvent(phase: .down, location: CGPoint(x: 3, y: 300), timestamp: 100.0))])
        for (i, x) in [40.0, 100, 160, 200].enumerated() {
            frame([.pointer(PointerEvent(phase: .moved, location: CGPoint(x: x, y: 300), timestamp: 100.016 + Double(i) * 0.0167))])
        }
        let held = scene.traceSnapshot()
        #expect(held.transition?.phase == .interacting)
        let recorded = try ReplayScript.load(contentsOfFile: path)
        #expect(recorded.events.count == 5)

        let driver = ReplayDriver(script: recorded)
        let live = VirtualClock(framesPerSecond: 60, frame: 5_000)
        let resumedClock = ResumingClock(virtual: driver.clock, live: live)
        let resumed = AppScene(clock: resumedClock, size: recorded.size, rootViewController: makeRoot())
        while try driver.step(resumed) != nil {}
        #expect(driver.nextFrame == 16)   // frames 0...15: the recording began at clock time 0, the session ran 1...15
        #expect(resumed.traceSnapshot() == held)
        // Live from the frame after the last replayed one (goLive's promise), without the live clock moving.
        resumedClock.goLive(frameDuration: 1.0 / 60)
        resumed.runFrame()
        // Now live, the next frame is the recorded session's next frame: the finger held where it was, the
        // page one more step of the tracking spring towards it.
        frame()
        // (The two clocks' times differ in their last bits: the frames agree to a micro-point.)
        let now = resumed.traceSnapshot(), recordedNow = scene.traceSnapshot()
        #expect(now.views.map(\.id) == recordedNow.views.map(\.id))
        for (a, b) in zip(now.views, recordedNow.views) {
            #expect(abs(a.frame.minX - b.frame.minX) < 1e-6 && a.frame.size == b.frame.size && a.alpha == b.alpha, "\(a) \(b)")
        }
        #expect(resumed.traceSnapshot().transition == held.transition)
    }
}
