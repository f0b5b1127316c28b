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
/// - `touchDown` / `touchMove` / `touchUp`: `SDL_FINGERDOWN` / `SDL_FINGERMOTION` / `SDL_FINGERUP` of
///   the touch device ``touchDeviceID``, with the script's `id` as the finger's id, the point normalised
///   to the window (`x / width`, `y / height`, 0...1, as a touchscreen sends them), `dx`, `dy` normalised
///   from the finger's previous point, and a pressure of 1. Before them come the mouse events SDL
///   synthesises for the first finger down (its `SDL_HINT_TOUCH_MOUSE_EVENTS` default, `SDL_SendTouch`
///   and `SDL_SendTouchMotion` in SDL 2's `SDL_touch.c`): a motion and a left-button press as it goes
///   down, a motion as it moves, a release as it lifts, all with `which = SDL_TOUCH_MOUSEID` and at
///   the finger's whole pixel clamped to the window, which the translator drops as it drops a real
///   touchscreen's.
/// - `resize`: `SDL_WINDOWEVENT_RESIZED` then `SDL_WINDOWEVENT_SIZE_CHANGED`, as SDL posts them;
///   `focusLost` / `focusGained`: `SDL_WINDOWEVENT_FOCUS_LOST` / `_GAINED`.
///
/// SDL's own fields are whole numbers: the timestamp gets the script time in whole milliseconds, and a
/// pointer's `x`, `y` the whole part of its point (rounded down; SDL 2's mouse events carry no fractions).
/// The replay driver hands the translator the exact values beside each event, the script's time and
/// point (`InputTranslator.translate(_:timestamp:location:)`), so a fractional point reaches the
/// recognizers exactly as the script gives it, and a whole-number script gives the events it always gave.
public struct ReplayEventSynthesizer {
    /// Whether the script holds the left button (after a `down`, until an `up` or `cancel`).
    public private(set) var isButtonHeld = false
    private var lastLocation = CGPoint.zero
    /// Each finger down (by the script's id) and its last point, for SDL's deltas.
    private var fingers: [Int: CGPoint] = [:]
    /// The finger SDL turns into mouse events: the first one down while no other was (SDL's
    /// `track_fingerid`), until it lifts.
    private var mouseFinger: Int?

    /// The touch device of a script's fingers (`SDL_TouchFingerEvent.touchId`): 1, SDL's first
    /// touchscreen's number on X11 and Wayland. Not `SDL_MOUSE_TOUCHID` (-1), which marks the touches SDL
    /// makes of the mouse.
    public static let touchDeviceID: SDL_TouchID = 1

    /// A synthesizer with the button up, the mouse at the origin and no finger down.
    public init() {}

    /// The SDL events for one script event, in the order SDL would post them; `windowSize` (points) is
    /// the window's size at the event, to which a touch's point is normalised.
    package mutating func sdlEvents(for event: ReplayEvent, windowSize: CGSize) -> [SDL_Event] {
        let ms = UInt32(min(event.time.rounded(.down), Double(UInt32.max)))
        switch event.kind {
        case .touchDown(let id, let p):
            var events: [SDL_Event] = []
            if mouseFinger == nil {
                mouseFinger = id
                events = [touchMouseMotion(to: p, windowSize: windowSize, ms: ms), touchMouseButton(SDL_MOUSEBUTTONDOWN, at: p, windowSize: windowSize, ms: ms)]
            }
            return events + [finger(SDL_FINGERDOWN, id, at: p, windowSize: windowSize, ms: ms)]
        case .touchMove(let id, let p):
            let mouse = mouseFinger == id ? [touchMouseMotion(to: p, windowSize: windowSize, ms: ms)] : []
            return mouse + [finger(SDL_FINGERMOTION, id, at: p, windowSize: windowSize, ms: ms)]
        case .touchUp(let id, let p):
            var events: [SDL_Event] = []
            if mouseFinger == id {
                mouseFinger = nil
                events = [touchMouseButton(SDL_MOUSEBUTTONUP, at: p, windowSize: windowSize, ms: ms)]
            }
            return events + [finger(SDL_FINGERUP, id, at: p, windowSize: windowSize, ms: ms)]
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

    private mutating func finger(_ type: SDL_EventType, _ id: Int, at p: CGPoint, windowSize: CGSize, ms: UInt32) -> SDL_Event {
        let previous = fingers[id] ?? p
        fingers[id] = type == SDL_FINGERUP ? nil : p
        var e = SDL_Event()
        e.type = type.rawValue
        e.tfinger.timestamp = ms
        e.tfinger.touchId = Self.touchDeviceID
        e.tfinger.fingerId = SDL_FingerID(id)
        e.tfinger.x = Float(p.x / windowSize.width)
        e.tfinger.y = Float(p.y / windowSize.height)
        e.tfinger.dx = Float((p.x - previous.x) / windowSize.width)
        e.tfinger.dy = Float((p.y - previous.y) / windowSize.height)
        e.tfinger.pressure = 1
        return e
    }

    /// The pixel SDL gives the mouse for a finger's point: the normalised point times the window's size,
    /// truncated, clamped to the window's last pixel (`SDL_SendTouch`).
    private static func touchMousePixel(_ p: CGPoint, windowSize: CGSize) -> (x: Int32, y: Int32) {
        func side(_ v: CGFloat, _ size: CGFloat) -> Int32 { Int32(min(max(Double(v).rounded(.towardZero), 0), Double(size) - 1)) }
        return (side(p.x, windowSize.width), side(p.y, windowSize.height))
    }

    /// SDL's mouse motion for the mouse finger (the left button held once it is down).
    private func touchMouseMotion(to p: CGPoint, windowSize: CGSize, ms: UInt32) -> SDL_Event {
        let pixel = Self.touchMousePixel(p, windowSize: windowSize)
        let previous = Self.touchMousePixel(fingers[mouseFinger ?? 0] ?? p, windowSize: windowSize)
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.timestamp = ms
        e.motion.which = segue_SDL_TOUCH_MOUSEID()
        e.motion.state = fingers[mouseFinger ?? 0] != nil ? segue_SDL_BUTTON(UInt32(SDL_BUTTON_LEFT)) : 0
        e.motion.x = pixel.x
        e.motion.y = pixel.y
        e.motion.xrel = pixel.x &- previous.x
        e.motion.yrel = pixel.y &- previous.y
        return e
    }

    /// SDL's left-button press or release for the mouse finger.
    private func touchMouseButton(_ type: SDL_EventType, at p: CGPoint, windowSize: CGSize, ms: UInt32) -> SDL_Event {
        let pixel = Self.touchMousePixel(p, windowSize: windowSize)
        var e = SDL_Event()
        e.type = type.rawValue
        e.button.timestamp = ms
        e.button.which = segue_SDL_TOUCH_MOUSEID()
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        e.button.clicks = 1
        e.button.x = pixel.x
        e.button.y = pixel.y
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
