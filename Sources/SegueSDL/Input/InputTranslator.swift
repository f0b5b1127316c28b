import Foundation
import CSDL2
import SegueAnimation
import SegueUI

/// Turns SDL events into Segue's input events, keeping the little state that needs: which pointer is
/// down (the left mouse button or one finger) and the window's size (touch positions are normalised).
///
/// - The left mouse button and a single touch are pointers; other fingers while one is down are
///   ignored, and SDL's mouse events synthesised from touches (`which == SDL_TOUCH_MOUSEID`) are dropped
///   so nothing arrives twice.
/// - A second mouse button pressed mid-drag, focus loss, or a motion showing the button already
///   released (the up was missed outside the window) cancels the pointer.
/// - Modifier keys (Shift, Ctrl, Alt, GUI, Caps Lock) are tracked from the key events and stamped on
///   every pointer event (``PointerEvent/modifierFlags``): each key event's own modifier state, corrected
///   for the key itself (SDL's state may or may not include a modifier key in its own event). Focus loss
///   clears them (keys released while the window is unfocused are never seen). Headless replay's `key`
///   events are a press and its release at one instant, so a replayed pointer never carries a modifier.
/// - Timestamps are the events' own: SDL's milliseconds, in seconds, or a time the caller gives
///   (``translate(_:timestamp:location:)``: headless replay gives each event its script time, which SDL's
///   whole milliseconds cannot always hold).
/// - Positions are `CGFloat` window points, fractions kept: a touch's position is SDL's normalised float
///   times the window's size; a mouse event's is SDL's whole window coordinates (SDL 2's mouse events
///   carry no fractions), or a point the caller gives (headless replay gives the script's, which may be
///   fractional: ``translate(_:timestamp:location:)``).
public struct InputTranslator {
    private enum ActivePointer: Equatable {
        case mouse
        case finger(SDL_FingerID)
    }

    /// The window's size in points, for touch positions.
    public var windowSize: CGSize
    private var active: ActivePointer?
    private var lastLocation = CGPoint.zero
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
    public mutating func translate(_ event: SDL_Event) -> [InputEvent] {
        translate(event, timestamp: Double(event.common.timestamp) / 1000)
    }

    /// The Segue events for one SDL event (often none), stamped with `timestamp` (seconds) instead of the
    /// event's own: the time source is the caller's (headless replay gives the script's time, so a
    /// pan's velocity comes from the script's times exactly). `location` (window points), when given,
    /// replaces the position of a pointer event (mouse button or motion, finger), which SDL's fields hold
    /// as whole numbers (mouse) or single-precision fractions of the window (touch): headless replay
    /// gives the script's point, so a fractional point reaches the recognizers exactly.
    public mutating func translate(_ event: SDL_Event, timestamp: Double, location precise: CGPoint? = nil) -> [InputEvent] {
        switch event.type {
        case SDL_MOUSEBUTTONDOWN.rawValue:
            guard event.button.which != segue_SDL_TOUCH_MOUSEID() else { return [] }
            let location = precise ?? CGPoint(x: Double(event.button.x), y: Double(event.button.y))
            if active != nil {
                return cancel(at: active == .mouse ? location : lastLocation, timestamp: timestamp)
            }
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return [] }
            active = .mouse
            return [pointer(.down, location, timestamp)]
        case SDL_MOUSEMOTION.rawValue:
            guard event.motion.which != segue_SDL_TOUCH_MOUSEID(), active == .mouse else { return [] }
            let location = precise ?? CGPoint(x: Double(event.motion.x), y: Double(event.motion.y))
            if event.motion.state & segue_SDL_BUTTON(UInt32(SDL_BUTTON_LEFT)) == 0 {
                return cancel(at: location, timestamp: timestamp)
            }
            return [pointer(.moved, location, timestamp)]
        case SDL_MOUSEBUTTONUP.rawValue:
            guard event.button.which != segue_SDL_TOUCH_MOUSEID(), active == .mouse,
                  event.button.button == UInt8(SDL_BUTTON_LEFT) else { return [] }
            active = nil
            return [pointer(.up, precise ?? CGPoint(x: Double(event.button.x), y: Double(event.button.y)), timestamp)]
        case SDL_FINGERDOWN.rawValue:
            guard active == nil else { return [] }
            active = .finger(event.tfinger.fingerId)
            return [pointer(.down, precise ?? touchLocation(event.tfinger), timestamp)]
        case SDL_FINGERMOTION.rawValue:
            guard active == .finger(event.tfinger.fingerId) else { return [] }
            return [pointer(.moved, precise ?? touchLocation(event.tfinger), timestamp)]
        case SDL_FINGERUP.rawValue:
            guard active == .finger(event.tfinger.fingerId) else { return [] }
            active = nil
            return [pointer(.up, precise ?? touchLocation(event.tfinger), timestamp)]
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            let name = String(cString: SDL_GetKeyName(event.key.keysym.sym))
            trackModifiers(event.key)
            guard !name.isEmpty else { return [] }
            return [.key(KeyEvent(key: Key(name), isDown: event.type == SDL_KEYDOWN.rawValue,
                                  isRepeat: event.key.repeat != 0, timestamp: timestamp))]
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
            let cancelled = active != nil ? cancel(at: lastLocation, timestamp: timestamp) : []
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

    private mutating func pointer(_ phase: PointerEvent.Phase, _ location: CGPoint, _ timestamp: Double) -> InputEvent {
        lastLocation = location
        return .pointer(PointerEvent(phase: phase, location: location, timestamp: timestamp, modifierFlags: modifierFlags))
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
        active = nil
        return [pointer(.cancelled, location, timestamp)]
    }
}
