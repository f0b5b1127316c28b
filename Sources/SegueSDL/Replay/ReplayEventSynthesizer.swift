import CSDL2
import SegueAnimation

/// Turns a script's events into the SDL events a real mouse, keyboard and window manager would post,
/// for the same ``InputTranslator`` as live input. No SDL subsystem is needed: the events are plain
/// structs (key codes come from `SDL_GetKeyFromName`, which needs no initialisation).
///
/// - `down` / `up`: `SDL_MOUSEBUTTONDOWN` / `SDL_MOUSEBUTTONUP` of the left button.
/// - `move`: `SDL_MOUSEMOTION`, with the left button in its state while the script holds it (else a hover).
/// - `cancel`: `SDL_MOUSEMOTION` with the button no longer held (it was released outside the window),
///   which the translator reports as a cancelled pointer at that point.
/// - `key`: `SDL_KEYDOWN` then `SDL_KEYUP` of the key.
/// - `wheel`: `SDL_MOUSEWHEEL` with `preciseX = dx`, `preciseY = -dy` and `direction`
///   `SDL_MOUSEWHEEL_NORMAL` (SDL's `preciseY` is positive away from the user; the script's `dy` is the
///   fingers' motion down the window), the whole parts of the deltas in `x`, `y`, and the pointer's
///   position (the event's, or the window's centre, which the driver fills in) in `mouseX`, `mouseY`.
/// - `resize`: `SDL_WINDOWEVENT_RESIZED` then `SDL_WINDOWEVENT_SIZE_CHANGED`, as SDL posts them;
///   `focusLost` / `focusGained`: `SDL_WINDOWEVENT_FOCUS_LOST` / `_GAINED`.
///
/// SDL's own fields are whole numbers: the timestamp gets the script time in whole milliseconds, and a
/// pointer's `x`, `y` the whole part of its point (rounded down; SDL 2's mouse events carry no fractions).
/// The replay driver hands the translator the exact values beside each event, the script's time and
/// point (``InputTranslator/translate(_:timestamp:location:)``), so a fractional point reaches the
/// recognizers exactly as the script gives it, and a whole-number script gives the events it always gave.
public struct ReplayEventSynthesizer {
    /// Whether the script holds the left button (after a `down`, until an `up` or `cancel`).
    public private(set) var isButtonHeld = false
    private var lastLocation = CGPoint.zero

    /// A synthesizer with the button up and the mouse at the origin.
    public init() {}

    /// The SDL events for one script event, in the order SDL would post them.
    package mutating func sdlEvents(for event: ReplayEvent) -> [SDL_Event] {
        let ms = UInt32(min(event.time.rounded(.down), Double(UInt32.max)))
        switch event.kind {
        case .down(let p):
            isButtonHeld = true
            return [button(SDL_MOUSEBUTTONDOWN, at: p, ms: ms)]
        case .up(let p):
            isButtonHeld = false
            return [button(SDL_MOUSEBUTTONUP, at: p, ms: ms)]
        case .move(let p):
            return [motion(to: p, ms: ms)]
        case .cancel(let p):
            isButtonHeld = false
            return [motion(to: p, ms: ms)]
        case .key(let name):
            let code = SDL_GetKeyFromName(name)
            precondition(code != SDL_Keycode(SDLK_UNKNOWN.rawValue), "SDL knows no key named \(name) (ReplayScript checks this)")
            return [key(SDL_KEYDOWN, code, ms: ms), key(SDL_KEYUP, code, ms: ms)]
        case .resize(let size):
            return [window(SDL_WINDOWEVENT_RESIZED, ms: ms, Int32(size.width), Int32(size.height)),
                    window(SDL_WINDOWEVENT_SIZE_CHANGED, ms: ms, Int32(size.width), Int32(size.height))]
        case .focusLost:
            return [window(SDL_WINDOWEVENT_FOCUS_LOST, ms: ms)]
        case .focusGained:
            return [window(SDL_WINDOWEVENT_FOCUS_GAINED, ms: ms)]
        case .wheel(let dx, let dy, let p):
            var e = SDL_Event()
            e.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.timestamp = ms
            e.wheel.which = 0
            e.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
            e.wheel.preciseX = Float(dx)
            e.wheel.preciseY = Float(-dy)
            e.wheel.x = Int32(Float(dx).rounded(.towardZero))
            e.wheel.y = Int32(Float(-dy).rounded(.towardZero))
            let at = p ?? lastLocation
            e.wheel.mouseX = Self.whole(at.x)
            e.wheel.mouseY = Self.whole(at.y)
            return [e]
        }
    }

    private mutating func button(_ type: SDL_EventType, at p: CGPoint, ms: UInt32) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.button.timestamp = ms
        e.button.which = 0
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        e.button.clicks = 1
        e.button.x = Self.whole(p.x)
        e.button.y = Self.whole(p.y)
        lastLocation = p
        return e
    }

    private mutating func motion(to p: CGPoint, ms: UInt32) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.timestamp = ms
        e.motion.which = 0
        e.motion.state = isButtonHeld ? segue_SDL_BUTTON(UInt32(SDL_BUTTON_LEFT)) : 0
        e.motion.x = Self.whole(p.x)
        e.motion.y = Self.whole(p.y)
        e.motion.xrel = Self.whole(p.x) &- Self.whole(lastLocation.x)
        e.motion.yrel = Self.whole(p.y) &- Self.whole(lastLocation.y)
        lastLocation = p
        return e
    }

    /// The whole part of a coordinate for SDL's 32-bit field, rounded down (``ReplayScript`` keeps
    /// points within ``ReplayScript/pointRange``).
    private static func whole(_ v: CGFloat) -> Int32 {
        Int32(Double(v).rounded(.down))
    }

    private func key(_ type: SDL_EventType, _ code: SDL_Keycode, ms: UInt32) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.key.timestamp = ms
        e.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
        e.key.repeat = 0
        e.key.keysym.sym = code
        e.key.keysym.scancode = SDL_GetScancodeFromKey(code)
        return e
    }

    private func window(_ kind: SDL_WindowEventID, ms: UInt32, _ data1: Int32 = 0, _ data2: Int32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.timestamp = ms
        e.window.event = UInt8(kind.rawValue)
        e.window.data1 = data1
        e.window.data2 = data2
        return e
    }
}
