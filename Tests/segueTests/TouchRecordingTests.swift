import CSDL2
import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// The demo's recorder (R) with a touchscreen: fingers fed as SDL finger events through the input
/// translator, as the window host feeds them, are written as touch events that replay to the same frames.
@MainActor
@Suite(.serialized) struct TouchRecordingTests {
    static let size = CGSize(width: 800, height: 600)

    /// A finger event at (`x`, `y`) window points, normalised to the window as SDL gives it.
    func finger(_ type: SDL_EventType, _ id: SDL_FingerID, _ x: Double, _ y: Double) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.tfinger.touchId = 3
        e.tfinger.fingerId = id
        e.tfinger.x = Float(x / Self.size.width)
        e.tfinger.y = Float(y / Self.size.height)
        e.tfinger.pressure = 1
        return e
    }

    func key(_ type: SDL_EventType, _ code: SDL_KeyCode) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.key.keysym.sym = SDL_Keycode(code.rawValue)
        e.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
        return e
    }

    func mouse(_ type: SDL_EventType, _ x: Int32, _ y: Int32) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.x = x
        e.button.y = y
        return e
    }

    func window(_ kind: SDL_WindowEventID) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.event = UInt8(kind.rawValue)
        return e
    }

    /// A session with fingers: an edge drag joined by a second finger, the first lifting first (the second
    /// then ignored); a drag cancelled by focus loss; a finger down again while the script still holds it,
    /// with a second one, cancelled by a mouse press. Recorded with R, replayed: the same frames.
    @Test func aRecordedSessionWithFingersReplaysToTheSameFrames() throws {
        let clock = VirtualClock(framesPerSecond: ReplayTimeline.framesPerSecond)
        let live = DemoWindow(clock: clock, size: Self.size)
        var translator = InputTranslator(windowSize: Self.size)
        // SDL's clock started 5.2 s before the window's; events come at these ms after the window's start.
        let sdlStart = 5200.0
        var input: [(ms: Double, event: SDL_Event)] = []
        func at(_ ms: Double, _ events: SDL_Event...) {
            for var e in events {
                e.common.timestamp = UInt32((sdlStart + ms).rounded())
                input.append((ms, e))
            }
        }
        func press(_ ms: Double, _ code: SDL_KeyCode) { at(ms, key(SDL_KEYDOWN, code), key(SDL_KEYUP, code)) }
        press(0, SDLK_r)
        press(120, SDLK_RETURN)
        // An edge drag with fractional points at uneven times, joined by a second finger, the first lifting first.
        at(1003.4, finger(SDL_FINGERDOWN, 57, 4.3, 300.6))
        var ms = 1003.4
        for (i, x) in [30.25, 80.5, 160.75, 240.2, 200.9, 170.1].enumerated() {
            ms += i % 3 == 0 ? 7.3 : 21.9
            at(ms, finger(SDL_FINGERMOTION, 57, x, 300.6 + Double(i) / 3))
            if i == 2 { at(ms, finger(SDL_FINGERDOWN, 58, x + 200, 400)) }
            if i > 2 { at(ms, finger(SDL_FINGERMOTION, 58, x + 210, 401.5)) }
        }
        at(ms + 9, finger(SDL_FINGERUP, 57, 175, 302))
        at(ms + 20, finger(SDL_FINGERMOTION, 58, 500, 410))   // ignored: the first finger has lifted
        at(ms + 30, finger(SDL_FINGERUP, 58, 500, 410))
        press(2200, SDLK_RETURN)
        // A drag cancelled by focus loss; the finger moves and lifts unseen.
        at(2600, finger(SDL_FINGERDOWN, 60, 3.5, 250))
        for k in 1...6 { at(2600 + 16 * Double(k), finger(SDL_FINGERMOTION, 60, 3.5 + 30 * Double(k), 250.25)) }
        at(2800, window(SDL_WINDOWEVENT_FOCUS_LOST))
        at(2900, window(SDL_WINDOWEVENT_FOCUS_GAINED))
        at(2916, finger(SDL_FINGERMOTION, 60, 300, 250))
        at(2932, finger(SDL_FINGERUP, 60, 300, 250))
        // Two fingers again (the script still holds both), cancelled by a mouse press; lifted unseen.
        at(3300, finger(SDL_FINGERDOWN, 61, 2.5, 200))
        at(3316, finger(SDL_FINGERMOTION, 61, 60.5, 200), finger(SDL_FINGERDOWN, 62, 300, 300))
        at(3332, finger(SDL_FINGERMOTION, 61, 120.75, 201), finger(SDL_FINGERMOTION, 62, 310, 300))
        at(3500, mouse(SDL_MOUSEBUTTONDOWN, 700, 100))
        at(3550, mouse(SDL_MOUSEBUTTONUP, 700, 100), finger(SDL_FINGERUP, 61, 130, 201), finger(SDL_FINGERUP, 62, 310, 300))
        press(4300, SDLK_r)

        var liveFrames: [String] = []
        var frame = 0
        while live.recorder != nil || frame == 0 {
            if frame > 0 { clock.advance(frames: 1) }
            let frameMs = ReplayTimeline.time(ofFrame: frame)
            let due = input.prefix { $0.ms <= frameMs }
            input.removeFirst(due.count)
            let events = due.flatMap { translator.translate($0.event) }
            live.runFrame(input: events)
            liveFrames.append(TraceLine(frame: frame, time: frameMs, snapshot: live.traceSnapshot(), log: live.drainLog()).json)
            frame += 1
            #expect(frame < 1000)
            if frame >= 1000 { break }
        }
        let script = try #require(live.lastRecording?.script)
        let parsed = try ReplayScript(parsing: Data(script.jsonText.utf8), file: "recording.json")
        #expect(parsed == script)
        let kinds = script.events.map(\.kind)
        // Fingers as touch events, ids 0 and 1, fractions kept (SDL's normalised floats times the width).
        let firstDown = try #require(kinds.first { if case .touchDown = $0 { true } else { false } })
        #expect(firstDown == .touchDown(id: 0, at: CGPoint(x: Double(Float(4.3 / 800)) * 800, y: Double(Float(300.6 / 600)) * 600)))
        #expect(kinds.contains(.touchDown(id: 1, at: CGPoint(x: Double(Float(360.75 / 800)) * 800, y: Double(Float(400.0 / 600)) * 600))))
        #expect(kinds.filter { if case .down = $0 { true } else { false } }.count == 1)
        // The focus loss that cancelled the drag, then the press that cancelled the two fingers, written as
        // a mouse down at the first finger's point; the fingers the script still held lifted before going
        // down again (the replay's translator ignores those lifts, as the window's ignored the fingers).
        #expect(kinds.filter { $0 == .focusLost }.count == 1)
        #expect(kinds.contains(.down(CGPoint(x: Double(Float(120.75 / 800)) * 800, y: Double(Float(201.0 / 600)) * 600))))
        let touchUps = kinds.compactMap { if case .touchUp(let id, _) = $0 { id } else { nil } }
        #expect(touchUps == [0, 0, 1])
        #expect(script.jsonText.contains(#""type": "touchMove", "id": 1"#))

        try expectReplay(of: parsed, matches: liveFrames)
        #expect(liveFrames.contains { $0.contains(#""kind": "pop", "interactive": true"#) })
    }
}

/// Replays `script` in a fresh demo window and checks that its trace lines are the recorded session's
/// `liveFrames`, frame for frame (the first difference is reported).
@MainActor
func expectReplay(of script: ReplayScript, matches liveFrames: [String]) throws {
    let driver = ReplayDriver(script: script)
    let replayed = DemoWindow(clock: driver.clock, size: script.size)
    var replayFrames: [String] = []
    _ = try driver.run(replayed, afterFrame: { frame in
        replayFrames.append(TraceLine(frame: frame, time: ReplayTimeline.time(ofFrame: frame),
                                      snapshot: replayed.traceSnapshot(), log: replayed.drainLog()).json)
    })
    #expect(replayFrames.count == liveFrames.count)
    for (i, (a, b)) in zip(liveFrames, replayFrames).enumerated() where a != b {
        Issue.record("frame \(i) differs:\nlive   \(a)\nreplay \(b)")
        break
    }
}
