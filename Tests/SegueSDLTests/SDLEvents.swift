import CSDL2

// Synthesized SDL events for the input translator's tests (InputTranslatorTests, InputTranslatorModifierTests,
// DesktopInputTests): each sets the fields the translator reads, nothing else.

/// A mouse button going down or up at (`x`, `y`) window points (default the left button; `which` the mouse,
/// `SDL_TOUCH_MOUSEID` for one synthesized from a touch).
func mouseButton(_ type: SDL_EventType, button: Int32 = SDL_BUTTON_LEFT, x: Int32 = 400, y: Int32 = 300, ms: UInt32,
                 which: UInt32 = 0) -> SDL_Event {
    var e = SDL_Event()
    e.type = type.rawValue
    e.button.timestamp = ms
    e.button.button = UInt8(button)
    e.button.x = x
    e.button.y = y
    e.button.which = which
    return e
}

/// The mouse moving to (`x`, `y`), with the left button held unless `leftHeld` is false.
func mouseMotion(x: Int32, y: Int32, ms: UInt32, leftHeld: Bool = true, which: UInt32 = 0) -> SDL_Event {
    var e = SDL_Event()
    e.type = SDL_MOUSEMOTION.rawValue
    e.motion.timestamp = ms
    e.motion.x = x
    e.motion.y = y
    e.motion.which = which
    e.motion.state = leftHeld ? segue_SDL_BUTTON(UInt32(SDL_BUTTON_LEFT)) : 0
    return e
}

/// A finger event at (`x`, `y`) as SDL gives it: normalised to the window, 0...1.
func finger(_ type: SDL_EventType, id: SDL_FingerID, x: Float, y: Float, ms: UInt32) -> SDL_Event {
    var e = SDL_Event()
    e.type = type.rawValue
    e.tfinger.timestamp = ms
    e.tfinger.fingerId = id
    e.tfinger.x = x
    e.tfinger.y = y
    return e
}

/// A window event with its two data fields.
func windowEvent(_ kind: SDL_WindowEventID, _ d1: Int32 = 0, _ d2: Int32 = 0) -> SDL_Event {
    var e = SDL_Event()
    e.type = SDL_WINDOWEVENT.rawValue
    e.window.event = UInt8(kind.rawValue)
    e.window.data1 = d1
    e.window.data2 = d2
    return e
}

/// A key going down or up, with the modifiers held.
func key(_ type: SDL_EventType, _ code: SDL_KeyCode, mod: SDL_Keymod = KMOD_NONE, ms: UInt32 = 0) -> SDL_Event {
    var e = SDL_Event()
    e.type = type.rawValue
    e.key.timestamp = ms
    e.key.keysym.sym = SDL_Keycode(code.rawValue)
    e.key.keysym.mod = UInt16(mod.rawValue)
    return e
}
