import Foundation
import CSDL2
import SegueAnimation
import SegueUI

/// Turns SDL events into Segue's input events, keeping the little state that needs: which pointer is
/// down (the left mouse button, a trackpad swipe, or a finger, and a second finger), and the window's size
/// (touch positions are normalised).
///
/// - The left mouse button and a first finger are the primary pointer (`PointerEvent.pointerID` 0,
///   `PointerEvent.source` `.mouse` / `.touch`). A second finger while the first is down is pointer 1
///   (a pinch's other finger; the window gives it to the recognizers only); a third is ignored, and so
///   is the second finger once the first has lifted. SDL's mouse events synthesised from touches
///   (`which == SDL_TOUCH_MOUSEID`) are dropped so nothing arrives twice.
/// - **Trackpad swipes** (``TrackpadSwipe``): SDL's precise wheel deltas become a pointer of source
///   `.trackpad` that goes down where the mouse is and moves by the deltas (``TrackpadSwipe/pointsPerScrollUnit``
///   points a unit, in the fingers' direction: `direction` `SDL_MOUSEWHEEL_FLIPPED` is undone), the same
///   down/move/up stream a drag gives, so every recognizer (the edge pan's pop, a tab swipe, a sheet's
///   drag, a catch) takes it as it takes a drag. SDL 2 reports no end of a scroll: the pointer goes up
///   once no delta came for ``TrackpadSwipe/endGap``, at the last delta's place and time (so the release
///   rule's velocity is that of the last deltas). A mouse wheel's clicks (whole-number deltas: see
///   ``TrackpadSwipe/isWheelClick(preciseX:preciseY:)``) never start one.
/// - **Back**: the mouse's back button (`SDL_BUTTON_X1`) and Alt+Left are reported as the key `Key.back`
///   (sources `.backButton` and `.keyboard`), which the window pops on; Left with Alt is not reported as
///   Left.
/// - A second mouse button pressed mid-drag, focus loss, or a motion showing the button already
///   released (the up was missed outside the window) cancels the pointer.
/// - Modifier keys (Shift, Ctrl, Alt, GUI, Caps Lock) are tracked from the key events and stamped on
///   every pointer event (`PointerEvent.modifierFlags`): each key event's own modifier state, corrected
///   for the key itself (SDL's state may or may not include a modifier key in its own event). Focus loss
///   clears them (keys released while the window is unfocused are never seen). Headless replay's `key`
///   events are a press and its release at one instant, so a replayed pointer never carries a modifier.
/// - Timestamps are the events' own: SDL's milliseconds, in seconds, or a time the caller gives
///   (`translate(_:timestamp:location:)`: headless replay gives each event its script time, which SDL's
///   whole milliseconds cannot always hold).
/// - Positions are `CGFloat` window points, fractions kept: a touch's position is SDL's normalised float
///   times the window's size; a mouse event's is SDL's whole window coordinates (SDL 2's mouse events
///   carry no fractions), or a point the caller gives (headless replay gives the script's, which may be
///   fractional: `translate(_:timestamp:location:)`).
public struct InputTranslator {
    private enum ActivePointer: Equatable {
        case mouse
        case finger(SDL_FingerID)
        case trackpad
    }

    /// The window's size in points, for touch positions.
    public var windowSize: CGSize
    private var active: ActivePointer?
    private var lastLocation = CGPoint.zero
    /// A touchscreen's second finger while the first is down (pointer 1), and where it is.
    private var secondFinger: SDL_FingerID?
    private var secondLocation = CGPoint.zero
    /// The trackpad swipe under way: the synthesized pointer's place and the last delta's time.
    private var swipe: (location: CGPoint, lastDelta: Double)?
    /// Whether the Left key's press was reported as Back (Alt was held), so its release is too.
    private var leftIsBack = false
    /// The trackpad swipe's rules (the points a scroll unit, the gap that ends a swipe).
    public var trackpad = TrackpadSwipe()
    /// The modifier keys held, as the key events so far tell.
    public private(set) var modifierFlags: KeyModifierFlags = []

    /// A translator for a window of `windowSize` points, with no pointer down.
    public init(windowSize: CGSize) {
        self.windowSize = windowSize
    }

    /// Whether a pointer is down.
    public var isPointerDown: Bool { active != nil }

    /// The Segue events for one SDL event (often none), stamped with the event's own time
    /// (`event.common.timestamp`, SDL's milliseconds).
    package mutating func translate(_ event: SDL_Event) -> [InputEvent] {
        translate(event, timestamp: Double(event.common.timestamp) / 1000)
    }

    /// The Segue events for one SDL event (often none), stamped with `timestamp` (seconds) instead of the
    /// event's own: the time source is the caller's (headless replay gives the script's time, so a
    /// pan's velocity comes from the script's times exactly). `location` (window points), when given,
    /// replaces the position of a pointer event (mouse button or motion, finger), which SDL's fields hold
    /// as whole numbers (mouse) or single-precision fractions of the window (touch): headless replay
    /// gives the script's point, so a fractional point reaches the recognizers exactly.
    /// A wheel event's `location` is the mouse's position (where a swipe starting with it goes down),
    /// replacing SDL's `mouseX`/`mouseY`. Any event first ends a trackpad swipe whose last delta is more
    /// than ``TrackpadSwipe/endGap`` older than `timestamp` (``endIdleSwipe(at:)``).
    package mutating func translate(_ event: SDL_Event, timestamp: Double, location precise: CGPoint? = nil) -> [InputEvent] {
        let ended = endIdleSwipe(at: timestamp)
        return ended + translateEvent(event, timestamp: timestamp, location: precise)
    }

    /// Ends the trackpad swipe under way if no delta came for ``TrackpadSwipe/endGap`` up to `time`
    /// (seconds, on the events' clock): the pointer goes up at the last delta's place, stamped with its
    /// time. The host calls it every frame after the frame's events (SDL 2 sends nothing when the fingers
    /// lift); the replay calls it before each event and each frame. Nothing otherwise.
    public mutating func endIdleSwipe(at time: Double) -> [InputEvent] {
        guard active == .trackpad, let s = swipe, time - s.lastDelta >= trackpad.endGap - TrackpadSwipe.timeSlack else { return [] }
        return [endSwipe()]
    }

    /// Whether a trackpad swipe is under way (its pointer is down).
    public var isSwiping: Bool { active == .trackpad }

    private mutating func endSwipe() -> InputEvent {
        let s = swipe ?? (lastLocation, 0)
        active = nil
        swipe = nil
        return pointer(.up, s.location, s.lastDelta, source: .trackpad)
    }

    private mutating func translateEvent(_ event: SDL_Event, timestamp: Double, location precise: CGPoint?) -> [InputEvent] {
        switch event.type {
        case SDL_MOUSEBUTTONDOWN.rawValue:
            guard event.button.which != segue_SDL_TOUCH_MOUSEID() else { return [] }
            let location = precise ?? CGPoint(x: Double(event.button.x), y: Double(event.button.y))
            // A click ends a swipe under way (the fingers have left the trackpad to press).
            let ended = active == .trackpad ? [endSwipe()] : []
            if active != nil {
                return cancel(at: active == .mouse ? location : lastLocation, timestamp: timestamp)
            }
            if event.button.button == UInt8(SDL_BUTTON_X1) {
                return ended + [.key(KeyEvent(key: .back, isDown: true, timestamp: timestamp, source: .backButton))]
            }
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return ended }
            active = .mouse
            return ended + [pointer(.down, location, timestamp)]
        case SDL_MOUSEMOTION.rawValue:
            guard event.motion.which != segue_SDL_TOUCH_MOUSEID(), active == .mouse else { return [] }
            let location = precise ?? CGPoint(x: Double(event.motion.x), y: Double(event.motion.y))
            if event.motion.state & segue_SDL_BUTTON(UInt32(SDL_BUTTON_LEFT)) == 0 {
                return cancel(at: location, timestamp: timestamp)
            }
            return [pointer(.moved, location, timestamp)]
        case SDL_MOUSEBUTTONUP.rawValue:
            if event.button.which != segue_SDL_TOUCH_MOUSEID(), event.button.button == UInt8(SDL_BUTTON_X1), active != .mouse {
                return [.key(KeyEvent(key: .back, isDown: false, timestamp: timestamp, source: .backButton))]
            }
            guard event.button.which != segue_SDL_TOUCH_MOUSEID(), active == .mouse,
                  event.button.button == UInt8(SDL_BUTTON_LEFT) else { return [] }
            active = nil
            return [pointer(.up, precise ?? CGPoint(x: Double(event.button.x), y: Double(event.button.y)), timestamp)]
        case SDL_MOUSEWHEEL.rawValue:
            return translateWheel(event.wheel, timestamp: timestamp, location: precise)
        case SDL_FINGERDOWN.rawValue:
            let id = event.tfinger.fingerId
            let location = precise ?? touchLocation(event.tfinger)
            if case .finger(let first) = active, first != id, secondFinger == nil {
                secondFinger = id
                secondLocation = location
                return [.pointer(PointerEvent(phase: .down, location: location, timestamp: timestamp,
                                              modifierFlags: modifierFlags, source: .touch, pointerID: 1))]
            }
            // A touch ends a swipe under way; it starts a pointer only when none is down.
            let ended = active == .trackpad ? [endSwipe()] : []
            guard active == nil else { return ended }
            active = .finger(id)
            return ended + [pointer(.down, location, timestamp, source: .touch)]
        case SDL_FINGERMOTION.rawValue:
            let location = precise ?? touchLocation(event.tfinger)
            if secondFinger == event.tfinger.fingerId {
                secondLocation = location
                return [.pointer(PointerEvent(phase: .moved, location: location, timestamp: timestamp,
                                              modifierFlags: modifierFlags, source: .touch, pointerID: 1))]
            }
            guard active == .finger(event.tfinger.fingerId) else { return [] }
            return [pointer(.moved, location, timestamp, source: .touch)]
        case SDL_FINGERUP.rawValue:
            let location = precise ?? touchLocation(event.tfinger)
            if secondFinger == event.tfinger.fingerId {
                secondFinger = nil
                return [.pointer(PointerEvent(phase: .up, location: location, timestamp: timestamp,
                                              modifierFlags: modifierFlags, source: .touch, pointerID: 1))]
            }
            guard active == .finger(event.tfinger.fingerId) else { return [] }
            active = nil
            // The window lifts the second finger with the first; a second finger left down is then ignored.
            secondFinger = nil
            return [pointer(.up, location, timestamp, source: .touch)]
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            let name = String(cString: SDL_GetKeyName(event.key.keysym.sym))
            trackModifiers(event.key)
            guard !name.isEmpty else { return [] }
            let isDown = event.type == SDL_KEYDOWN.rawValue
            var key = Key(name)
            if key == .left {
                // Alt+Left is Back (browsers', GNOME applications'), reported as the key Back, press and release.
                if isDown, event.key.repeat == 0 {
                    leftIsBack = modifierFlags.contains(.alternate) && modifierFlags.isDisjoint(with: [.control, .command, .shift])
                }
                if leftIsBack { key = .back }
                if !isDown { leftIsBack = false }
            }
            return [.key(KeyEvent(key: key, isDown: isDown, isRepeat: event.key.repeat != 0, timestamp: timestamp))]
        case SDL_WINDOWEVENT.rawValue:
            return translateWindowEvent(event.window, timestamp: timestamp)
        case SDL_QUIT.rawValue:
            return [.window(.closeRequested)]
        default:
            return []
        }
    }

    private mutating func translateWindowEvent(_ w: SDL_WindowEvent, timestamp: Double) -> [InputEvent] {
        switch UInt32(w.event) {
        case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
            windowSize = CGSize(width: Double(w.data1), height: Double(w.data2))
            return [.window(.resized(windowSize))]
        case SDL_WINDOWEVENT_FOCUS_LOST.rawValue:
            modifierFlags = []
            leftIsBack = false
            let cancelled = active != nil ? cancel(at: swipe?.location ?? lastLocation, timestamp: timestamp) : []
            return cancelled + [.window(.focusLost)]
        case SDL_WINDOWEVENT_FOCUS_GAINED.rawValue:
            return [.window(.focusGained)]
        case SDL_WINDOWEVENT_CLOSE.rawValue:
            return [.window(.closeRequested)]
        default:
            return []
        }
    }

    private func touchLocation(_ f: SDL_TouchFingerEvent) -> CGPoint {
        CGPoint(x: Double(f.x) * windowSize.width, y: Double(f.y) * windowSize.height)
    }

    private mutating func pointer(_ phase: PointerEvent.Phase, _ location: CGPoint, _ timestamp: Double,
                                  source: InputSource? = nil) -> InputEvent {
        lastLocation = location
        let source = source ?? activeSource
        return .pointer(PointerEvent(phase: phase, location: location, timestamp: timestamp, modifierFlags: modifierFlags,
                                     source: source))
    }

    /// The device of the pointer down now (the mouse when none is).
    private var activeSource: InputSource {
        switch active {
        case .finger: .touch
        case .trackpad: .trackpad
        case .mouse, nil: .mouse
        }
    }

    /// A wheel event: a delta of the swipe under way, the start of one (precise, not a wheel's click, with
    /// no other pointer down), or nothing.
    private mutating func translateWheel(_ wheel: SDL_MouseWheelEvent, timestamp: Double, location precise: CGPoint?) -> [InputEvent] {
        guard wheel.which != segue_SDL_TOUCH_MOUSEID() else { return [] }
        let delta = trackpad.fingerDelta(preciseX: wheel.preciseX, preciseY: wheel.preciseY,
                                         flipped: wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue)
        if active == .trackpad, let s = swipe {
            let location = CGPoint(x: s.location.x + delta.x, y: s.location.y + delta.y)
            swipe = (location, timestamp)
            return [pointer(.moved, location, timestamp)]
        }
        guard active == nil, !TrackpadSwipe.isWheelClick(preciseX: wheel.preciseX, preciseY: wheel.preciseY) else { return [] }
        let start = precise ?? CGPoint(x: Double(wheel.mouseX), y: Double(wheel.mouseY))
        let location = CGPoint(x: start.x + delta.x, y: start.y + delta.y)
        active = .trackpad
        swipe = (location, timestamp)
        return [pointer(.down, start, timestamp), pointer(.moved, location, timestamp)]
    }

    /// SDL's modifier bits for each flag.
    private static let modifierMasks: [(KeyModifierFlags, UInt32)] = [
        (.shift, UInt32(KMOD_SHIFT.rawValue)), (.control, UInt32(KMOD_CTRL.rawValue)),
        (.alternate, UInt32(KMOD_ALT.rawValue)), (.command, UInt32(KMOD_GUI.rawValue)),
        (.alphaShift, UInt32(KMOD_CAPS.rawValue)),
    ]

    /// SDL's modifier bit of a held modifier key (nil: not one; Caps Lock toggles, so its state comes
    /// from the event's own modifier bits only).
    private static func ownBit(of key: SDL_Keycode) -> UInt32? {
        let bits: [(SDL_KeyCode, SDL_Keymod)] = [
            (SDLK_LSHIFT, KMOD_LSHIFT), (SDLK_RSHIFT, KMOD_RSHIFT), (SDLK_LCTRL, KMOD_LCTRL), (SDLK_RCTRL, KMOD_RCTRL),
            (SDLK_LALT, KMOD_LALT), (SDLK_RALT, KMOD_RALT), (SDLK_LGUI, KMOD_LGUI), (SDLK_RGUI, KMOD_RGUI),
        ]
        return bits.first { SDL_Keycode($0.0.rawValue) == key }.map { UInt32($0.1.rawValue) }
    }

    /// Updates ``modifierFlags`` from a key event: its modifier state with the key's own bit set on a
    /// press and cleared on a release (SDL's state may or may not count the key in its own event; the
    /// other side's key of a pair keeps its bit).
    private mutating func trackModifiers(_ key: SDL_KeyboardEvent) {
        var state = UInt32(key.keysym.mod)
        if let own = Self.ownBit(of: key.keysym.sym) {
            if key.type == SDL_KEYDOWN.rawValue { state |= own } else { state &= ~own }
        }
        var flags: KeyModifierFlags = []
        for (flag, mask) in Self.modifierMasks where state & mask != 0 { flags.insert(flag) }
        modifierFlags = flags
    }

    private mutating func cancel(at location: CGPoint, timestamp: Double) -> [InputEvent] {
        let source = activeSource
        active = nil
        swipe = nil
        secondFinger = nil
        return [pointer(.cancelled, location, timestamp, source: source)]
    }
}
