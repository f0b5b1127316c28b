import Foundation
import CSDL2
import SegueAnimation
import SegueUI
import Testing
@testable import SegueSDL

private func p(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, _ t: Double, _ source: InputSource = .mouse,
               id: Int = 0) -> InputEvent {
    .pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), timestamp: t, source: source, pointerID: id))
}

@Suite struct InputTranslatorTests {
    @Test func leftButtonDragIsDownMovedUpWithTheEventsOwnTimestamps() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        #expect(t.translate(mouseMotion(x: 5, y: 5, ms: 900, leftHeld: false)) == [])   // hover is not a pointer
        #expect(t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, ms: 1000)) == [p(.down, 10, 20, 1.0)])
        #expect(t.translate(mouseMotion(x: 15, y: 22, ms: 1016)) == [p(.moved, 15, 22, 1.016)])
        #expect(t.translate(mouseButton(SDL_MOUSEBUTTONUP, x: 16, y: 23, ms: 1033)) == [p(.up, 16, 23, 1.033)])
        #expect(!t.isPointerDown)
    }

    /// A caller's precise point (headless replay's) replaces SDL's whole coordinates of mouse and touch
    /// events; without one, a touch keeps its fraction of the window.
    @Test func aGivenPointReplacesSDLsWholeCoordinates() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        #expect(t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, ms: 1000), timestamp: 1, location: CGPoint(x: 10.5, y: 20.25))
                == [p(.down, 10.5, 20.25, 1)])
        #expect(t.translate(mouseMotion(x: 28, y: 20, ms: 1008), timestamp: 1.008, location: CGPoint(x: 85.0 / 3, y: 20.75))
                == [p(.moved, 85.0 / 3, 20.75, 1.008)])
        #expect(t.translate(mouseButton(SDL_MOUSEBUTTONUP, x: 29, y: 21, ms: 1016), timestamp: 1.016, location: CGPoint(x: 29.5, y: 21))
                == [p(.up, 29.5, 21, 1.016)])
        // A touch at 0.0625 of an 800-point-wide window is at 50 points (the float is exact).
        #expect(t.translate(finger(SDL_FINGERDOWN, id: 1, x: 0.0625, y: 0.5, ms: 2000)) == [p(.down, 50, 300, 2, .touch)])
        #expect(t.translate(finger(SDL_FINGERMOTION, id: 1, x: 0.0625, y: 0.5, ms: 2008), timestamp: 2.008, location: CGPoint(x: 50.5, y: 300.5))
                == [p(.moved, 50.5, 300.5, 2.008, .touch)])
    }

    @Test func mouseEventsSynthesisedFromTouchAreIgnored() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        let touchMouse = segue_SDL_TOUCH_MOUSEID()
        #expect(t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, ms: 10, which: touchMouse)) == [])
        #expect(t.translate(mouseMotion(x: 10, y: 30, ms: 20, which: touchMouse)) == [])
        #expect(!t.isPointerDown)
    }

    @Test func secondButtonMidDragCancelsThePointer() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        _ = t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, ms: 1000))
        #expect(t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_RIGHT, x: 12, y: 20, ms: 1100))
                == [p(.cancelled, 12, 20, 1.1)])
        #expect(t.translate(mouseButton(SDL_MOUSEBUTTONUP, x: 12, y: 20, ms: 1200)) == [])
    }

    @Test func focusLossCancelsThePointerThenReportsIt() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        _ = t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, ms: 1000))
        _ = t.translate(mouseMotion(x: 30, y: 40, ms: 1010))
        var lost = windowEvent(SDL_WINDOWEVENT_FOCUS_LOST)
        lost.window.timestamp = 1020
        #expect(t.translate(lost) == [p(.cancelled, 30, 40, 1.02), .window(.focusLost)])
        #expect(t.translate(windowEvent(SDL_WINDOWEVENT_FOCUS_LOST)) == [.window(.focusLost)])
    }

    @Test func motionWithTheButtonAlreadyUpCancels() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        _ = t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, ms: 1000))
        #expect(t.translate(mouseMotion(x: 50, y: 60, ms: 1500, leftHeld: false)) == [p(.cancelled, 50, 60, 1.5)])
    }

    @Test func singleTouchIsAPointerInWindowPoints() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        #expect(t.translate(finger(SDL_FINGERDOWN, id: 3, x: 0.5, y: 0.25, ms: 100)) == [p(.down, 400, 150, 0.1, .touch)])
        #expect(t.translate(finger(SDL_FINGERMOTION, id: 3, x: 0.75, y: 0.25, ms: 120)) == [p(.moved, 600, 150, 0.12, .touch)])
        #expect(t.translate(finger(SDL_FINGERUP, id: 3, x: 0.75, y: 0.5, ms: 130)) == [p(.up, 600, 300, 0.13, .touch)])
    }

    @Test func aSecondFingerIsPointerOneAndAThirdIsIgnored() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        #expect(t.translate(finger(SDL_FINGERDOWN, id: 3, x: 0.5, y: 0.25, ms: 100)) == [p(.down, 400, 150, 0.1, .touch)])
        #expect(t.translate(finger(SDL_FINGERDOWN, id: 4, x: 0.125, y: 0.5, ms: 110)) == [p(.down, 100, 300, 0.11, .touch, id: 1)])
        #expect(t.translate(finger(SDL_FINGERDOWN, id: 5, x: 0.25, y: 0.5, ms: 111)) == [])   // a third finger
        #expect(t.translate(finger(SDL_FINGERMOTION, id: 5, x: 0.5, y: 0.5, ms: 112)) == [])
        #expect(t.translate(finger(SDL_FINGERMOTION, id: 4, x: 0.25, y: 0.5, ms: 115)) == [p(.moved, 200, 300, 0.115, .touch, id: 1)])
        #expect(t.translate(finger(SDL_FINGERMOTION, id: 3, x: 0.75, y: 0.25, ms: 120)) == [p(.moved, 600, 150, 0.12, .touch)])
        #expect(t.translate(finger(SDL_FINGERUP, id: 4, x: 0.25, y: 0.5, ms: 125)) == [p(.up, 200, 300, 0.125, .touch, id: 1)])
        #expect(t.translate(finger(SDL_FINGERUP, id: 3, x: 0.75, y: 0.5, ms: 130)) == [p(.up, 600, 300, 0.13, .touch)])
    }

    @Test func aSecondFingerLeftDownAfterTheFirstLiftsIsIgnored() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        _ = t.translate(finger(SDL_FINGERDOWN, id: 3, x: 0.5, y: 0.25, ms: 100))
        _ = t.translate(finger(SDL_FINGERDOWN, id: 4, x: 0.125, y: 0.5, ms: 110))
        #expect(t.translate(finger(SDL_FINGERUP, id: 3, x: 0.5, y: 0.25, ms: 120)) == [p(.up, 400, 150, 0.12, .touch)])
        #expect(t.translate(finger(SDL_FINGERMOTION, id: 4, x: 0.25, y: 0.5, ms: 125)) == [])
        #expect(t.translate(finger(SDL_FINGERUP, id: 4, x: 0.25, y: 0.5, ms: 130)) == [])
        #expect(!t.isPointerDown)
    }

    @Test func resizeUpdatesTheTouchMapping() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        #expect(t.translate(windowEvent(SDL_WINDOWEVENT_SIZE_CHANGED, 1000, 500)) == [.window(.resized(CGSize(width: 1000, height: 500)))])
        #expect(t.translate(finger(SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.5, ms: 1)) == [p(.down, 500, 250, 0.001, .touch)])
    }

    @Test func keysAndCloseRequests() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        var key = SDL_Event()
        key.type = SDL_KEYDOWN.rawValue
        key.key.timestamp = 2000
        key.key.keysym.sym = SDL_Keycode(SDLK_ESCAPE.rawValue)
        #expect(t.translate(key) == [.key(KeyEvent(key: .escape, isDown: true, isRepeat: false, timestamp: 2))])
        key.key.keysym.sym = SDL_Keycode(SDLK_LEFT.rawValue)
        key.key.repeat = 1
        #expect(t.translate(key) == [.key(KeyEvent(key: .left, isDown: true, isRepeat: true, timestamp: 2))])
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        #expect(t.translate(quit) == [.window(.closeRequested)])
        #expect(t.translate(windowEvent(SDL_WINDOWEVENT_CLOSE)) == [.window(.closeRequested)])
    }
}
