import Foundation
import CSDL2
import SegueAnimation
import SegueUI
import Testing
@testable import SegueSDL

private func pointerFlags(_ events: [InputEvent]) -> KeyModifierFlags? {
    guard case .pointer(let p)? = events.first else { return nil }
    return p.modifierFlags
}

/// The translator tracks the modifier keys from key events and stamps them on pointer events (what a
/// simulated pinch reads).
@Suite struct InputTranslatorModifierTests {
    @Test func aPointerDownWhileCtrlIsHeldCarriesTheControlFlag() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        // SDL's state may leave the key out of its own press: the press itself counts.
        _ = t.translate(key(SDL_KEYDOWN, SDLK_LCTRL))
        #expect(t.modifierFlags == .control)
        #expect(pointerFlags(t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 10, ms: 100))) == [.control])
    }

    @Test func releasingOneCtrlKeepsTheFlagWhileTheOtherSideIsHeld() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        _ = t.translate(key(SDL_KEYDOWN, SDLK_LCTRL))
        _ = t.translate(key(SDL_KEYDOWN, SDLK_RCTRL, mod: KMOD_LCTRL))
        // SDL's state may still count the released key in its own release: the release itself clears it.
        _ = t.translate(key(SDL_KEYUP, SDLK_LCTRL, mod: SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_RCTRL.rawValue)))
        #expect(t.modifierFlags == .control)
        _ = t.translate(key(SDL_KEYUP, SDLK_RCTRL))
        #expect(t.modifierFlags == [])
    }

    @Test func otherKeysCarryTheStateAndFocusLossClearsIt() {
        var t = InputTranslator(windowSize: CGSize(width: 800, height: 600))
        _ = t.translate(key(SDL_KEYDOWN, SDLK_a, mod: SDL_Keymod(KMOD_LALT.rawValue | KMOD_LSHIFT.rawValue)))
        #expect(t.modifierFlags == [.alternate, .shift])
        var lost = SDL_Event()
        lost.type = SDL_WINDOWEVENT.rawValue
        lost.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
        _ = t.translate(lost)
        #expect(t.modifierFlags == [])
        #expect(pointerFlags(t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 10, ms: 100))) == [])
    }
}
