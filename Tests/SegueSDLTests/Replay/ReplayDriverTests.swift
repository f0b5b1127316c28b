import Foundation
import SegueAnimation
import SegueUI
import Testing
@testable import SegueSDL

@Suite(.serialized) @MainActor
struct ReplayDriverTests {
    @Test func anEventAt1000msIsDeliveredBeforeFrame60AndOneAt1001BeforeFrame61() throws {
        let driver = ReplayDriver(script: try script("""
            {"duration": 1100, "events": [{"t": 1000, "type": "key", "key": "Return"}, {"t": 1001, "type": "key", "key": "P"}]}
            """))
        let scene = InputRecordingScene(clock: driver.clock)
        let outcome = try driver.run(scene)
        #expect(outcome == .ranToEnd(frames: 67))   // frames 0...66: 66 * 1000 / 60 = 1100 ms
        let keys = scene.received.compactMap { entry -> (Int, String, Bool, Double)? in
            guard case .key(let k) = entry.event else { return nil }
            return (entry.frame, k.key.name, k.isDown, k.timestamp)
        }
        #expect(keys.map(\.0) == [60, 60, 61, 61])
        #expect(keys.map(\.1) == ["Return", "Return", "P", "P"])
        #expect(keys.map(\.2) == [true, false, true, false])
        #expect(keys.map(\.3) == [1.0, 1.0, 1.001, 1.001])
    }

    @Test func frameZerosInputStartsWithTheWindowSizeAndAResizeChangesIt() throws {
        let driver = ReplayDriver(script: try script("""
            {"size": [640, 480], "duration": 100, "events": [{"t": 0, "type": "focusLost"},
             {"t": 50, "type": "resize", "width": 1024, "height": 768}, {"t": 60, "type": "focusGained"}]}
            """))
        let scene = InputRecordingScene(clock: driver.clock)
        _ = try driver.run(scene)
        #expect(scene.received.map(\.frame) == [0, 0, 3, 4])
        #expect(scene.received.map(\.event) == [.window(.resized(CGSize(width: 640, height: 480))), .window(.focusLost),
                                                .window(.resized(CGSize(width: 1024, height: 768))), .window(.focusGained)])
        #expect(driver.windowSize == CGSize(width: 1024, height: 768))
    }

    @Test func theSizeOverrideReplacesTheScriptsSize() throws {
        let driver = ReplayDriver(script: try script(#"{"size": [640, 480], "duration": 0}"#), size: CGSize(width: 300, height: 200))
        let scene = InputRecordingScene(clock: driver.clock)
        #expect(try driver.run(scene) == .ranToEnd(frames: 1))
        #expect(scene.received.map(\.event) == [.window(.resized(CGSize(width: 300, height: 200)))])
    }

    @Test func pointerEventsGoThroughTheTranslatorWithTheScriptTimeAsTimestamp() throws {
        let driver = ReplayDriver(script: try script("""
            {"duration": 100, "events": [{"t": 10, "type": "move", "x": 1, "y": 1},
             {"t": 20.5, "type": "down", "x": 10, "y": 20}, {"t": 30, "type": "move", "x": 15, "y": 22},
             {"t": 40, "type": "cancel", "x": 16, "y": 23}, {"t": 50, "type": "down", "x": 1, "y": 2},
             {"t": 60, "type": "focusLost"}, {"t": 70, "type": "up", "x": 3, "y": 4}]}
            """))
        let scene = InputRecordingScene(clock: driver.clock)
        _ = try driver.run(scene)
        func p(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, _ t: Double) -> InputEvent {
            .pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), timestamp: t))
        }
        // A move with no button is a hover (nothing); the cancel is the button released outside the
        // window; focus loss cancels the pointer; the later up has no pointer to end.
        #expect(scene.received.dropFirst().map(\.event) == [
            p(.down, 10, 20, 0.0205), p(.moved, 15, 22, 0.03), p(.cancelled, 16, 23, 0.04), p(.down, 1, 2, 0.05),
            p(.cancelled, 1, 2, 0.06), .window(.focusLost)])
    }

    /// A fractional point goes into SDL's event as its whole part and reaches the scene exactly, beside it.
    @Test func fractionalPointsReachTheSceneExactly() throws {
        let driver = ReplayDriver(script: try script("""
            {"duration": 100, "events": [{"t": 10, "type": "down", "x": 10.5, "y": 20.25},
             {"t": 20, "type": "move", "x": 28.333333333333332, "y": 20.75}, {"t": 30, "type": "move", "x": -0.5, "y": 1.125},
             {"t": 40, "type": "up", "x": 0.1, "y": 599.9}]}
            """))
        let scene = InputRecordingScene(clock: driver.clock)
        _ = try driver.run(scene)
        func p(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, _ t: Double) -> InputEvent {
            .pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), timestamp: t))
        }
        #expect(scene.received.dropFirst().map(\.event) == [
            p(.down, 10.5, 20.25, 0.01), p(.moved, 85.0 / 3, 20.75, 0.02), p(.moved, -0.5, 1.125, 0.03), p(.up, 0.1, 599.9, 0.04)])
    }

    @Test func aPansVelocityFromScriptedMovesIsTheScriptsSpeed() throws {
        // 5 pt every 10 ms: 500 pt/s, whatever frames the moves fall into (several share a frame).
        var events = [#"{"t": 1000, "type": "down", "x": 110, "y": 120}"#]
        for i in 1...5 { events.append(#"{"t": \#(1000 + 10 * i), "type": "move", "x": \#(110 + 5 * i), "y": 120}"#) }
        events.append(#"{"t": 1060, "type": "up", "x": 140, "y": 120}"#)
        let driver = ReplayDriver(script: try script(#"{"duration": 1100, "events": [\#(events.joined(separator: ", "))]}"#))
        let window = ReplayTestWindow(clock: driver.clock, size: driver.windowSize)
        _ = try driver.run(window)
        #expect(window.releaseVelocities.count == 1)
        let v = try #require(window.releaseVelocities.first)
        #expect(abs(v.x - 500) < 1e-6)
        #expect(abs(v.y) < 1e-6)
    }

    @Test func aSceneThatQuitsEndsTheRunAfterThatFrame() throws {
        let driver = ReplayDriver(script: try script(#"{"duration": 1000}"#))
        let scene = InputRecordingScene(clock: driver.clock)
        let outcome = try driver.run(scene, afterFrame: { frame in if frame == 9 { scene.wantsToQuit = true } })
        #expect(outcome == .sceneQuit(frames: 10))
    }
}

@Suite struct TraceLineTests {
    @Test func theSpecsExampleFrameIsWrittenInItsKeyOrderAndNumberFormat() {
        let line = TraceLine(frame: 61, time: 61_000.0 / 60, snapshot: TraceFrame(
            tab: 0, stack: ["tab0.page0", "tab0.page1"], modal: [],
            transition: TraceTransition(kind: .pop, interactive: true, percent: 0.06875, phase: .interacting),
            views: [TraceView(id: "tab0.page0", frame: CGRect(x: -223.4, y: 44, width: 800, height: 507), alpha: 1),
                    TraceView(id: "tab0.page1", frame: CGRect(x: 55, y: 44, width: 800, height: 507), alpha: 1)]),
            log: ["tab0.page1.viewWillDisappear", "tab0.page0.viewWillAppear"])
        #expect(line.json == #"{"frame": 61, "time": 1016.667, "tab": 0, "stack": ["tab0.page0", "tab0.page1"], "modal": [], "#
                + #""transition": {"kind": "pop", "interactive": true, "percent": 0.069, "phase": "interacting"}, "#
                + #""views": {"tab0.page0": {"frame": [-223.4, 44, 800, 507], "alpha": 1}, "#
                + #""tab0.page1": {"frame": [55, 44, 800, 507], "alpha": 1}}, "#
                + #""log": ["tab0.page1.viewWillDisappear", "tab0.page0.viewWillAppear"]}"#)
    }

    @Test func aSceneWithoutContainersWritesNullsAndEmptyCollections() {
        #expect(TraceLine(frame: 0, time: 0, snapshot: TraceFrame(), log: []).json
                == #"{"frame": 0, "time": 0, "tab": null, "stack": null, "modal": null, "transition": null, "views": {}, "log": []}"#)
    }

    @Test func numbersAreRoundedHalfAwayFromZeroAndPrintedShortest() {
        #expect(TraceLine.number(1016.6666666, decimals: 3) == "1016.667")
        #expect(TraceLine.number(1000, decimals: 3) == "1000")
        #expect(TraceLine.number(-223.4, decimals: 2) == "-223.4")
        #expect(TraceLine.number(0.125, decimals: 2) == "0.13")
        #expect(TraceLine.number(-0.125, decimals: 2) == "-0.13")
        #expect(TraceLine.number(-0.001, decimals: 2) == "0")
        #expect(TraceLine.number(0.05, decimals: 3) == "0.05")
        #expect(TraceLine.number(1e-7, decimals: 3) == "0")
        #expect(TraceLine.number(123456789.004, decimals: 2) == "123456789")
        #expect(TraceLine.number(3.007, decimals: 3) == "3.007")
    }

    @Test func stringsAreEscapedAsJSON() {
        #expect(TraceLine.string("a\"b\\c\nd\u{01}é") == #""a\"b\\c\nd\u0001é""#)
    }
}
