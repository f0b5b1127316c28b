import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// Desktop input (#29) in the demo app, through the replay driver (SDL events, the input translator): a
/// trackpad swipe down drags a sheet, the key Back pops, and the HUD names the input driving a transition.
@MainActor
@Suite(.serialized) struct DesktopInputDemoTests {
    /// Runs `events` for `duration` ms in the demo; each frame's trace snapshot and the HUD's driving input.
    func run(_ events: [ReplayEvent], duration: Double, reduceMotion: Bool = false)
        throws -> [(frame: TraceFrame, input: InputSource?)] {
        let script = ReplayScript(size: CGSize(width: 800, height: 600), duration: duration, events: events)
        let driver = ReplayDriver(script: script)
        let window = DemoWindow(clock: driver.clock, size: script.size)
        window.isReduceMotionEnabled = reduceMotion
        var frames: [(TraceFrame, InputSource?)] = []
        _ = try driver.run(window, afterFrame: { _ in
            let snapshot = window.traceSnapshot()
            frames.append((snapshot, window.hudReadout(transition: snapshot.transition).input))
        })
        return frames
    }

    @Test func aTrackpadSwipeDownOverASheetDragsItAndDismissesIt() throws {
        var events = [ReplayEvent(time: 0, kind: .key("P"))]
        for i in 0..<30 { events.append(ReplayEvent(time: 1000 + 16 * Double(i), kind: .wheel(dx: 0, dy: 1.25, at: CGPoint(x: 400, y: 150)))) }
        let frames = try run(events, duration: 3000)
        #expect(frames[30].frame.modal == ["modal0"])
        let dragging = try #require(frames.first { $0.frame.transition?.kind == .dismiss })
        #expect(dragging.frame.transition?.interactive == true && dragging.input == .trackpad)
        #expect(frames.last?.frame.modal == [])
    }

    @Test func theKeyBackOfAScriptPopsAndTheHUDNamesTheKeyboard() throws {
        let frames = try run([ReplayEvent(time: 0, kind: .key("Return")), ReplayEvent(time: 1000, kind: .key("AC Back"))], duration: 2000)
        #expect(frames[59].frame.stack == ["tab0.page0", "tab0.page1"])
        let popping = try #require(frames.first { $0.frame.transition?.kind == .pop })
        #expect(popping.frame.transition?.interactive == false && popping.input == .keyboard)
        #expect(frames.last?.frame.stack == ["tab0.page0"])
    }

    @Test func aTrackpadPopNamesTheTrackpadAndReduceMotionLeavesItFollowingTheFingers() throws {
        var events = [ReplayEvent(time: 0, kind: .key("Return"))]
        for i in 0..<20 { events.append(ReplayEvent(time: 1000 + 16 * Double(i), kind: .wheel(dx: 0.75, dy: 0, at: nil))) }
        let frames = try run(events, duration: 2500, reduceMotion: true)
        // The push (a key, no finger) cross-faded in place under Reduce Motion.
        let pushing = try #require(frames.first { $0.frame.transition?.kind == .push && $0.frame.transition?.percent ?? 0 > 0.3 })
        #expect(pushing.frame.views.first { $0.id == "tab0.page1" }?.frame.minX == 0)
        #expect(pushing.input == .keyboard)
        // The swipe's pop follows the fingers (through the tracking spring: at rest on them by the lift).
        let popping = try #require(frames.last { $0.frame.transition?.phase == .interacting })
        #expect(popping.input == .trackpad)
        #expect(abs((popping.frame.transition?.percent ?? 0) * 800 - (150 - 14)) < 1e-6)
        #expect(abs((popping.frame.views.first { $0.id == "tab0.page1" }?.frame.minX ?? 0) - (150 - 14)) < 0.01)
    }
}
