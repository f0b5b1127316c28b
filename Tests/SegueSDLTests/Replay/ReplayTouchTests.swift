import CSDL2
import Foundation
import SegueAnimation
import SegueUI
import Testing
@testable import SegueSDL

/// Scripted fingers (`touchDown`, `touchMove`, `touchUp`) through the replay driver: SDL finger events
/// and the touchscreen's translation, as a real touchscreen's.
@MainActor
@Suite(.serialized) struct ReplayTouchTests {
    /// Two fingers 300 pt apart about the window's centre, brought together over 20 frames to 60 pt apart
    /// (fractional points on the way), held, then lifted: a pinch in, on a page wired to pop by pinching.
    @Test func twoScriptedFingersPinchingInPopThroughThePinchInteractionController() throws {
        var events: [ReplayEvent] = [ReplayEvent(time: 100, kind: .touchDown(id: 3, at: CGPoint(x: 250, y: 300))),
                                     ReplayEvent(time: 100, kind: .touchDown(id: 0, at: CGPoint(x: 550, y: 300)))]
        for k in 1...20 {
            let half = 150 - 6.05 * Double(k) + 1.0 / 3
            let t = 100 + 1000 * Double(k) / 60
            events += [ReplayEvent(time: t, kind: .touchMove(id: 3, at: CGPoint(x: 400 - half, y: 300.5))),
                       ReplayEvent(time: t, kind: .touchMove(id: 0, at: CGPoint(x: 400 + half, y: 300.5)))]
        }
        events += [ReplayEvent(time: 700, kind: .touchUp(id: 0, at: CGPoint(x: 430, y: 300))),
                   ReplayEvent(time: 700, kind: .touchUp(id: 3, at: CGPoint(x: 370, y: 300)))]
        // Through the script's text, as `segue replay` reads it.
        let script = try ReplayScript(parsing: Data(ReplayScript(duration: 2000, events: events).jsonText.utf8), file: "pinch.json")
        let driver = ReplayDriver(script: script)
        let nav = NavigationController(rootViewController: ViewController())
        let top = ViewController()
        let pinch = PinchInteractionController()
        pinch.wire(to: top, for: .pop)
        nav.transitionEffect = .zoom()
        nav.effectInteractionController = pinch
        nav.pushViewController(top, animated: false)
        let window = Window(clock: driver.clock, size: driver.windowSize)
        window.rootViewController = nav
        var percents: [Double] = []
        var touches: [Int] = []
        _ = try driver.run(window, afterFrame: { frame in
            touches.append(pinch.gestureRecognizer.numberOfTouches)
            if let t = nav.currentTransition, t.isInteractive, t.interactionController === pinch, pinch.interactionInProgress {
                percents.append(t.percentComplete)
            }
        })
        #expect(touches.contains(2))
        // The pinch drives the pop, further as the fingers close, past half way before they lift.
        #expect(percents.count > 10 && percents == percents.sorted() && (percents.last ?? 0) > 0.5)
        #expect(nav.viewControllers.count == 1 && nav.currentTransition == nil)
    }

    /// A script's finger becomes SDL finger events normalised to the window (touch device 1, the script's
    /// id), after the mouse events SDL makes of the first finger, which the translator drops.
    @Test func aScriptedFingerIsAnSDLFingerWithSDLsSyntheticMouseEventsBeforeIt() {
        var synthesizer = ReplayEventSynthesizer()
        let size = CGSize(width: 800, height: 600)
        let down = synthesizer.sdlEvents(for: ReplayEvent(time: 10.5, kind: .touchDown(id: 2, at: CGPoint(x: 100.5, y: 599.75))), windowSize: size)
        #expect(down.map(\.type) == [SDL_MOUSEMOTION.rawValue, SDL_MOUSEBUTTONDOWN.rawValue, SDL_FINGERDOWN.rawValue])
        #expect(down[0].motion.which == segue_SDL_TOUCH_MOUSEID() && down[1].button.which == segue_SDL_TOUCH_MOUSEID())
        #expect(down[1].button.x == 100 && down[1].button.y == 599)
        let f = down[2].tfinger
        #expect(f.touchId == ReplayEventSynthesizer.touchDeviceID && f.fingerId == 2 && f.timestamp == 10)
        #expect(f.x == Float(100.5 / 800) && f.y == Float(599.75 / 600) && f.pressure == 1)
        // A second finger has no mouse events; the first's move and lift do.
        let second = synthesizer.sdlEvents(for: ReplayEvent(time: 20, kind: .touchDown(id: 5, at: CGPoint(x: 700, y: 10))), windowSize: size)
        #expect(second.map(\.type) == [SDL_FINGERDOWN.rawValue])
        let move = synthesizer.sdlEvents(for: ReplayEvent(time: 30, kind: .touchMove(id: 2, at: CGPoint(x: 180.5, y: 599.75))), windowSize: size)
        #expect(move.map(\.type) == [SDL_MOUSEMOTION.rawValue, SDL_FINGERMOTION.rawValue] && move[1].tfinger.dx == Float(80.0 / 800))
        let up = synthesizer.sdlEvents(for: ReplayEvent(time: 40, kind: .touchUp(id: 2, at: CGPoint(x: 180.5, y: 599.75))), windowSize: size)
        #expect(up.map(\.type) == [SDL_MOUSEBUTTONUP.rawValue, SDL_FINGERUP.rawValue])
        // Through the translator: the finger only, a touch at the script's exact point.
        var translator = InputTranslator(windowSize: size)
        let translated = down.flatMap { translator.translate($0, timestamp: 0.0105, location: CGPoint(x: 100.5, y: 599.75)) }
        #expect(translated == [.pointer(PointerEvent(phase: .down, location: CGPoint(x: 100.5, y: 599.75), timestamp: 0.0105, source: .touch))])
    }

    /// The recorder keeps a finger dragged past the window's edge at the edge, so that its script loads.
    @Test func theRecorderClampsAFingerIntoTheWindow() throws {
        let recorder = InputRecorder(size: CGSize(width: 800, height: 600), startTime: 0)
        recorder.record(.pointer(PointerEvent(phase: .down, location: CGPoint(x: 790.5, y: 10), timestamp: 1, source: .touch)), clockTime: 0)
        recorder.record(.pointer(PointerEvent(phase: .moved, location: CGPoint(x: 812.25, y: -3), timestamp: 1.02, source: .touch)), clockTime: 1.0 / 60)
        recorder.record(.pointer(PointerEvent(phase: .up, location: CGPoint(x: 830, y: -4), timestamp: 1.04, source: .touch)), clockTime: 2.0 / 60)
        let script = recorder.script(endingAt: 3.0 / 60)
        #expect(script.events.map(\.kind) == [.touchDown(id: 0, at: CGPoint(x: 790.5, y: 10)), .touchMove(id: 0, at: CGPoint(x: 800, y: 0)),
                                              .touchUp(id: 0, at: CGPoint(x: 800, y: 0))])
        #expect(try ReplayScript(parsing: Data(script.jsonText.utf8), file: "r.json") == script)
    }
}
