import Foundation
import CSDL2
import SegueAnimation

/// A headless replay script (spec: replay-and-trace.md, "Script"), parsed and checked whole before
/// anything runs:
///
/// ```json
/// {"size": [800, 600], "duration": 3000,
///  "events": [{"t": 0, "type": "key", "key": "Return"}, {"t": 1000, "type": "down", "x": 5, "y": 300}]}
/// ```
/// - `size` (optional, default 800x600): whole points, each side in ``windowSideRange``.
/// - `duration` (optional, milliseconds, default the last event's `t` + 2000): the replay runs the frames
///   whose time is `<= duration`; an event after the last of them is an error (it would never arrive).
/// - `events` (optional, default none): each with `t` (milliseconds, not negative, non-decreasing) and a
///   `type`: `down`, `move`, `up`, `cancel` (`x`, `y`: points, any finite number in ``pointRange``,
///   fractional too: a touch on a 3x screen lands on thirds of a point; delivered to the recognizers
///   exactly, see ``ReplayEventSynthesizer``),
///   `key` (`key`: a name `SDL_GetKeyFromName` knows), `resize` (`width`, `height`: whole points in
///   ``windowSideRange``), `focusLost`, `focusGained`, `wheel` (`dx`, `dy`: SDL's precise scroll deltas
///   in the fingers' direction, finite numbers within ``wheelDeltaRange``; `x`, `y` optional, both or
///   neither: the pointer's position, by default the window's centre), `touchDown`, `touchMove`,
///   `touchUp` (`id`: the finger's number, a whole number in ``fingerIDRange``; `x`, `y`: points inside
///   the window as it is at that event, `0...width` and `0...height`, fractions too; a finger goes down
///   before it moves or lifts, and not again before it lifts).
/// - Fields the format does not define are ignored (a `"comment"` is fine); every field it defines is
///   checked, and the first problem is reported as a ``ReplayScriptError`` naming the event's index.
public struct ReplayScript: Sendable, Hashable {
    /// The smallest and largest window side a script (or `--size`) may ask for, in points (the spec's
    /// limits: 200x200 to 8192x8192).
    public static let windowSideRange = 200...8192
    /// The window size when the script gives none, in points (the spec's default, 800x600).
    public static let defaultSize = CGSize(width: 800, height: 600)
    /// How long a replay runs after its last event when the script gives no duration, in milliseconds
    /// (the spec's default: the last event's `t` + 2000).
    public static let defaultTrailingDuration = 2000.0
    /// The latest time a script may give (an event's `t`, the `duration`), in milliseconds: 24 hours.
    /// Longer is no script anyone runs, and the bound keeps frame indices and the numbers in messages
    /// and traces exact (a `t` of 1e308 used to crash the message that reported it out of order).
    public static let maximumTime = 86_400_000.0
    /// The coordinates a pointer event may give, in points: SDL's 32-bit event coordinates (the whole part
    /// of a point goes into the SDL event: ``ReplayEventSynthesizer``). Any fraction within it is kept.
    public static let pointRange = Double(Int32.min)...Double(Int32.max)
    /// The precise deltas a `wheel` event may give, in SDL's scroll units: ±1,000,000. SDL's fields are
    /// 32-bit floats, exact to the millionth only below 8 or so; a trackpad's deltas are below 10 an event
    /// and a wheel's clicks a few, so a larger value is a mistake, refused with a message.
    public static let wheelDeltaRange = -1_000_000.0...1_000_000.0
    /// The finger numbers a touch event may give (its `id`): 0 to 9, a finger of two hands. A number only
    /// names a finger within the script (the replay gives it to SDL as the finger's id); the recorder
    /// writes 0 for the first finger and 1 for the second.
    public static let fingerIDRange = 0...9

    /// The window's size at the start, in points.
    public var size: CGSize
    /// When the replay ends, in milliseconds: it runs frames 0 through
    /// ``ReplayTimeline/lastFrame(within:)``.
    public var duration: Double
    /// The events, in time order.
    public var events: [ReplayEvent]

    /// A script (not checked: ``load(contentsOfFile:)`` and ``init(parsing:file:)`` check what they read).
    public init(size: CGSize = ReplayScript.defaultSize, duration: Double, events: [ReplayEvent]) {
        self.size = size
        self.duration = duration
        self.events = events
    }

    /// Every size the window has during the replay, in points: `initial` (by default the script's size),
    /// then the size of each `resize` event, in order.
    public func windowSizes(initial: CGSize? = nil) -> [CGSize] {
        [initial ?? size] + events.compactMap { event in
            if case .resize(let size) = event.kind { size } else { nil }
        }
    }

    /// Reads and checks the script at `path`.
    public static func load(contentsOfFile path: String) throws(ReplayScriptError) -> ReplayScript {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ReplayScriptError(file: path, location: .file, problem: "cannot read the file (\(posixReason(error)))")
        }
        return try ReplayScript(parsing: data, file: path)
    }

    /// Parses and checks a script's JSON; `file` names it in errors.
    public init(parsing data: Data, file: String) throws(ReplayScriptError) {
        let root: ScriptJSON
        do {
            root = try ScriptJSONParser.parse(data)
        } catch {
            throw ReplayScriptError(file: file, location: .file, problem: "invalid JSON: \(error)")
        }
        guard case .object(let fields) = root else {
            throw ReplayScriptError(file: file, location: .file, problem: "the script must be a JSON object, got \(root.kindName)")
        }
        let parser = Parser(file: file)
        size = try parser.size(fields["size"])
        events = try parser.events(fields["events"], size: size)
        let lastEventTime = events.last?.time ?? 0
        duration = try parser.duration(fields["duration"], default: lastEventTime + Self.defaultTrailingDuration)
        let lastFrameTime = ReplayTimeline.time(ofFrame: ReplayTimeline.lastFrame(within: duration))
        if let late = events.firstIndex(where: { $0.time > lastFrameTime }) {
            throw ReplayScriptError(file: file, location: .event(late), problem:
                "t \(formatScriptNumber(events[late].time)) is after the replay's last frame (\(formatScriptNumber(lastFrameTime)) ms, "
                + "duration \(formatScriptNumber(duration))): it would never be delivered")
        }
    }
}

// MARK: - Touches in another window

extension ReplayScript {
    /// Checks that every touch is inside the window when the replay starts at `initialSize` (points: a
    /// `--size` other than the script's) and is resized by the script's `resize` events, as the script's own
    /// checks do for its size; `file` names the script in the error.
    public func checkTouches(initialSize: CGSize, file: String) throws(ReplayScriptError) {
        var windowSize = initialSize
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .resize(let size): windowSize = size
            case .touchDown(_, let p), .touchMove(_, let p), .touchUp(_, let p):
                for (name, value, side, sideName) in [("x", p.x, windowSize.width, "width"), ("y", p.y, windowSize.height, "height")]
                where !(0...side).contains(value) {
                    throw ReplayScriptError(file: file, location: .event(index),
                                            problem: Self.outsideTheWindow(name, side: side, sideName, got: formatScriptNumber(value)))
                }
            default: break
            }
        }
    }

    /// The problem of a touch coordinate outside the window.
    fileprivate static func outsideTheWindow(_ name: String, side: Double, _ sideName: String, got: String) -> String {
        "field \"\(name)\" must be a number of points inside the window, from 0 to \(formatScriptNumber(side)) (its \(sideName) at this event), got \(got)"
    }
}

// MARK: - Parsing

extension ReplayScript {
    /// The field checks, with the file name for errors.
    private struct Parser {
        let file: String

        func fail(_ location: ReplayScriptError.Location, _ problem: String) -> ReplayScriptError {
            ReplayScriptError(file: file, location: location, problem: problem)
        }

        func size(_ value: ScriptJSON?) throws(ReplayScriptError) -> CGSize {
            guard let value else { return ReplayScript.defaultSize }
            guard case .array(let sides) = value, sides.count == 2 else {
                throw fail(.field("size"), "must be [width, height] in points, got \(value.shortDescription)")
            }
            var whole: [Int] = []
            for side in sides {
                guard case .number(let n) = side, let i = Int(exactly: n) else {
                    throw fail(.field("size"), "must be [width, height] in whole points, got \(value.shortDescription)")
                }
                whole.append(i)
            }
            try checkSides(whole[0], whole[1], .field("size"))
            return CGSize(width: Double(whole[0]), height: Double(whole[1]))
        }

        func checkSides(_ w: Int, _ h: Int, _ location: ReplayScriptError.Location) throws(ReplayScriptError) {
            let range = ReplayScript.windowSideRange
            guard range.contains(w), range.contains(h) else {
                let side = w < range.lowerBound || h < range.lowerBound
                    ? "below \(range.lowerBound)x\(range.lowerBound)" : "above \(range.upperBound)x\(range.upperBound)"
                throw fail(location, "\(w)x\(h) is \(side) (each side must be \(range.lowerBound)...\(range.upperBound) points)")
            }
        }

        func duration(_ value: ScriptJSON?, default fallback: Double) throws(ReplayScriptError) -> Double {
            guard let value else { return fallback }
            guard case .number(let ms) = value, ms.isFinite, ms >= 0 else {
                throw fail(.field("duration"), "must be a number of milliseconds, not negative, got \(value.shortDescription)")
            }
            guard ms <= ReplayScript.maximumTime else {
                throw fail(.field("duration"), "must be at most \(Int(ReplayScript.maximumTime)) ms (24 hours), got \(value.shortDescription)")
            }
            return ms
        }

        /// The events, checked each alone and in order: times never go backwards, a touch is inside the
        /// window as the resizes before it leave it (from `size`), and a finger goes down before it moves
        /// or lifts, and not twice.
        func events(_ value: ScriptJSON?, size: CGSize) throws(ReplayScriptError) -> [ReplayEvent] {
            guard let value else { return [] }
            guard case .array(let items) = value else {
                throw fail(.field("events"), "must be an array of events, got \(value.kindName)")
            }
            var events: [ReplayEvent] = []
            events.reserveCapacity(items.count)
            var windowSize = size
            /// The fingers down, each with the index of its touchDown.
            var fingers: [Int: Int] = [:]
            for (index, item) in items.enumerated() {
                let event = try self.event(item, index: index, windowSize: windowSize)
                if let previous = events.last, event.time < previous.time {
                    throw fail(.event(index), "time goes backwards: t \(formatScriptNumber(event.time)) is before the previous event's "
                               + "t \(formatScriptNumber(previous.time))")
                }
                switch event.kind {
                case .resize(let size): windowSize = size
                case .touchDown(let id, _):
                    if let since = fingers[id] {
                        throw fail(.event(index), "touchDown of finger \(id), which is already down (since event \(since)); "
                                   + "a finger lifts (touchUp) before it goes down again")
                    }
                    fingers[id] = index
                case .touchMove(let id, _), .touchUp(let id, _):
                    guard fingers[id] != nil else {
                        throw fail(.event(index), "\(Self.touchType(event.kind)) of finger \(id), which is not down "
                                   + "(a touchDown of it must come first)")
                    }
                    if case .touchUp = event.kind { fingers[id] = nil }
                default: break
                }
                events.append(event)
            }
            return events
        }

        /// A touch event's type as scripts spell it.
        static func touchType(_ kind: ReplayEvent.Kind) -> String {
            switch kind {
            case .touchDown: "touchDown"
            case .touchMove: "touchMove"
            default: "touchUp"
            }
        }

        /// Every event type and the fields it needs.
        static let types = ["down", "move", "up", "cancel", "key", "resize", "focusLost", "focusGained", "wheel",
                            "touchDown", "touchMove", "touchUp"]

        /// One event, checked alone; `windowSize` is the window's size at its time (for touches).
        func event(_ value: ScriptJSON, index: Int, windowSize: CGSize) throws(ReplayScriptError) -> ReplayEvent {
            let at = ReplayScriptError.Location.event(index)
            guard case .object(let fields) = value else {
                throw fail(at, "an event must be a JSON object, got \(value.kindName)")
            }
            guard let tValue = fields["t"] else { throw fail(at, "missing field \"t\"") }
            guard case .number(let t) = tValue, t.isFinite, t >= 0 else {
                throw fail(at, "field \"t\" must be a number of milliseconds, not negative, got \(tValue.shortDescription)")
            }
            guard t <= ReplayScript.maximumTime else {
                throw fail(at, "field \"t\" must be at most \(Int(ReplayScript.maximumTime)) ms (24 hours), got \(tValue.shortDescription)")
            }
            guard let typeValue = fields["type"] else { throw fail(at, "missing field \"type\"") }
            guard case .string(let type) = typeValue else {
                throw fail(at, "field \"type\" must be a string, got \(typeValue.shortDescription)")
            }
            func point() throws(ReplayScriptError) -> CGPoint {
                CGPoint(x: try coordinate("x", fields, at, type), y: try coordinate("y", fields, at, type))
            }
            let kind: ReplayEvent.Kind
            switch type {
            case "down": kind = .down(try point())
            case "move": kind = .move(try point())
            case "up": kind = .up(try point())
            case "cancel": kind = .cancel(try point())
            case "key":
                guard let keyValue = fields["key"] else { throw fail(at, "missing field \"key\" (a key event needs an SDL key name)") }
                guard case .string(let name) = keyValue else {
                    throw fail(at, "field \"key\" must be an SDL key name, got \(keyValue.shortDescription)")
                }
                guard SDL_GetKeyFromName(name) != SDL_Keycode(SDLK_UNKNOWN.rawValue) else {
                    throw fail(at, "unknown key name \(ScriptJSON.string(name).shortDescription) (SDL's names: Return, Escape, Backspace, Left, Right, P, S...)")
                }
                kind = .key(name)
            case "resize":
                let w = try whole("width", fields, at, type), h = try whole("height", fields, at, type)
                try checkSides(w, h, at)
                kind = .resize(CGSize(width: Double(w), height: Double(h)))
            case "focusLost": kind = .focusLost
            case "focusGained": kind = .focusGained
            case "wheel":
                let dx = try wheelDelta("dx", fields, at), dy = try wheelDelta("dy", fields, at)
                switch (fields["x"], fields["y"]) {
                case (nil, nil): kind = .wheel(dx: dx, dy: dy, at: nil)
                case (_?, nil): throw fail(at, "missing field \"y\" (a wheel event's position needs both x and y, or neither for the window's centre)")
                case (nil, _?): throw fail(at, "missing field \"x\" (a wheel event's position needs both x and y, or neither for the window's centre)")
                case (_?, _?): kind = .wheel(dx: dx, dy: dy, at: try point())
                }
            case "touchDown", "touchMove", "touchUp":
                let id = try finger(fields, at, type)
                let p = CGPoint(x: try touchCoordinate("x", fields, at, type, within: windowSize.width, side: "width"),
                                y: try touchCoordinate("y", fields, at, type, within: windowSize.height, side: "height"))
                kind = type == "touchDown" ? .touchDown(id: id, at: p) : type == "touchMove" ? .touchMove(id: id, at: p) : .touchUp(id: id, at: p)
            default:
                throw fail(at, "unknown event type \(typeValue.shortDescription) (expected one of \(Self.types.joined(separator: ", ")))")
            }
            return ReplayEvent(time: t, kind: kind)
        }

        /// A required field holding a pointer coordinate: a finite number of points in ``pointRange``,
        /// fractional too.
        func coordinate(_ name: String, _ fields: [String: ScriptJSON], _ at: ReplayScriptError.Location,
                        _ type: String) throws(ReplayScriptError) -> Double {
            guard let value = fields[name] else { throw fail(at, "missing field \"\(name)\" (a \(type) event needs it)") }
            let range = ReplayScript.pointRange
            guard case .number(let n) = value, n.isFinite, range.contains(n) else {
                throw fail(at, "field \"\(name)\" must be a finite number of points from \(Int64(range.lowerBound)) to "
                           + "\(Int64(range.upperBound)), got \(value.shortDescription)")
            }
            return n
        }

        /// A touch event's required `id`: a whole number in ``fingerIDRange``.
        func finger(_ fields: [String: ScriptJSON], _ at: ReplayScriptError.Location, _ type: String) throws(ReplayScriptError) -> Int {
            let range = ReplayScript.fingerIDRange
            guard let value = fields["id"] else {
                throw fail(at, "missing field \"id\" (a \(type) event needs the finger's number, \(range.lowerBound) to \(range.upperBound))")
            }
            guard case .number(let n) = value, let id = Int(exactly: n), range.contains(id) else {
                throw fail(at, "field \"id\" must be a finger number, a whole number from \(range.lowerBound) to \(range.upperBound), "
                           + "got \(value.shortDescription)")
            }
            return id
        }

        /// A touch event's required coordinate: a number of points inside the window, `0...side` (a
        /// touchscreen reports no touch outside it), fractional too.
        func touchCoordinate(_ name: String, _ fields: [String: ScriptJSON], _ at: ReplayScriptError.Location, _ type: String,
                             within side: Double, side sideName: String) throws(ReplayScriptError) -> Double {
            guard let value = fields[name] else { throw fail(at, "missing field \"\(name)\" (a \(type) event needs it)") }
            guard case .number(let n) = value, n >= 0, n <= side else {
                throw fail(at, ReplayScript.outsideTheWindow(name, side: side, sideName, got: value.shortDescription))
            }
            return n
        }

        /// A required field of a wheel event holding a precise scroll delta: a finite number in
        /// ``wheelDeltaRange``.
        func wheelDelta(_ name: String, _ fields: [String: ScriptJSON], _ at: ReplayScriptError.Location) throws(ReplayScriptError) -> Double {
            guard let value = fields[name] else {
                throw fail(at, "missing field \"\(name)\" (a wheel event needs dx and dy, SDL's precise scroll deltas)")
            }
            let range = ReplayScript.wheelDeltaRange
            guard case .number(let n) = value, n.isFinite, range.contains(n) else {
                throw fail(at, "field \"\(name)\" must be a finite number of SDL scroll units from \(Int(range.lowerBound)) to "
                           + "\(Int(range.upperBound)), got \(value.shortDescription)")
            }
            return n
        }

        /// A required field holding a whole number that fits SDL's 32-bit coordinates (a window side).
        func whole(_ name: String, _ fields: [String: ScriptJSON], _ at: ReplayScriptError.Location,
                   _ type: String) throws(ReplayScriptError) -> Int {
            guard let value = fields[name] else { throw fail(at, "missing field \"\(name)\" (a \(type) event needs it)") }
            guard case .number(let n) = value, let i = Int32(exactly: n) else {
                throw fail(at, "field \"\(name)\" must be a whole number of points, got \(value.shortDescription)")
            }
            return Int(i)
        }
    }
}

// MARK: - Messages

/// A time as messages show it: milliseconds to 3 decimals at most (`1000`, `2983.333`).
private func formatScriptNumber(_ value: Double) -> String {
    TraceLine.number(value, decimals: TraceLine.timeDecimals)
}
