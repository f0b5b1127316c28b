import Foundation
import SegueAnimation
import SegueUI

/// Records what a user does in a window as a replay script (the `R` key of `segue`): the window's input
/// events, each at a time the replay delivers it in the same frame as the window did, so that
/// `segue replay` of the script runs the same frames with the same input.
///
/// Frames are counted on the window's clock from the frame recording starts in (the script's frame 0):
/// frame `k` of the recording is the frame whose clock time is `k / 60` s after it (a late window skips
/// frame numbers, as the virtual clock does not: the replay runs every frame, with the input at the same
/// times). An event's script time is its own timestamp shifted by one offset for the whole recording, so
/// that the spacing of events (velocities, and with them a flick's release decision) replays exactly; the
/// offset is chosen, when the script is made, inside every timestamped event's constraint: it must fall
/// in its frame's window of the delivery rule, `(time(k - 1), time(k)]` (an event's timestamp is on the
/// input's clock, SDL's milliseconds, not the frame clock: the offset relates the two). Should the clocks
/// drift so that no offset fits every event, each event is clamped into its window. Events without a
/// timestamp (resizes, focus) and those of frame 0 go at the start of their window; times are whole
/// milliseconds and never go backwards.
///
/// Recorded: pointer down/move/up/cancel, key presses (not releases or repeats: a script's `key` is a
/// press and its release; the mouse's back button and Alt+Left as the key `AC Back` they are reported
/// as), trackpad swipes as `wheel` events (each move of the swipe's pointer as its delta over
/// ``TrackpadSwipe/pointsPerScrollUnit``, rounded to the millionth, at the swipe's start point; the
/// swipe's end is not recorded: the replay's translator ends it after the same pause), a touchscreen's
/// fingers as `touchDown`, `touchMove`, `touchUp` (see below), resizes, focus loss and gain. Not recorded:
/// a close request (not input to replay). Sizes
/// (the start's and resizes) are clamped to the replay's ``ReplayScript/windowSideRange``, so that the
/// script always loads.
///
/// Fingers are recorded as the translator reports them: its first finger (pointer 0) as finger `id` 0, a
/// second one (pointer 1) as `id` 1, at their points (fractions kept, clamped into the window as the
/// script's checks want it: a finger dragged past the window's edge stays at the edge). What the
/// translator ignores (a third finger, the second once the first has lifted) is not recorded, so a
/// finger the script still holds may be reported down again: its `touchUp` is written just before, where
/// the replay's translator ignores it as the window's did. A touch the translator cancels (focus loss, a
/// mouse button pressed over it) is replayed by its cause: the focus loss, or a mouse `down` at the
/// finger's point in place of the press the translator does not report otherwise.
@MainActor
public final class InputRecorder {
    /// The window's size when recording started: the script's `size`.
    public let size: CGSize
    /// The clock time (seconds) of the frame recording started in.
    public let startTime: Double

    private struct Recorded {
        let frame: Int
        /// The event's timestamp in whole milliseconds (nil: none, or frame 0).
        let timestamp: Double?
        let kind: ReplayEvent.Kind
    }
    private var recorded: [Recorded] = []
    /// Events of an earlier session this recording continues (`segue watch`), kept as they are.
    private let prefix: [ReplayEvent]
    /// The translator's trackpad rules (the scale that turns a swipe's moves back into deltas).
    private let trackpad: TrackpadSwipe
    /// The trackpad swipe being recorded: where it started (the mouse) and where its pointer is.
    private var swipe: (start: CGPoint, location: CGPoint)?
    /// The window's size now (the script's checks keep touches inside it).
    private var windowSize: CGSize
    /// The fingers the script holds down (by `id`): the ones recorded down and not up.
    private var fingersDown: Set<Int> = []
    /// The index in `recorded` of the mouse `down` written for a touch the translator cancelled, while it
    /// may still turn out to be a focus loss's (which the translator reports just after the cancel).
    private var pressForCancelledTouch: Int?

    /// A recorder starting in the frame at clock time `startTime` (seconds), in a window of `size` points.
    /// `continuing`: the events of the session this one resumes (replayed from `startTime` on): they come
    /// first, and what is recorded now comes after them.
    /// `trackpad`: the rules of the translator whose events are recorded.
    public init(size: CGSize, startTime: Double, continuing prefix: [ReplayEvent] = [], trackpad: TrackpadSwipe = TrackpadSwipe()) {
        self.size = Self.replayable(size)
        self.startTime = startTime
        self.prefix = prefix
        self.trackpad = trackpad
        windowSize = self.size
    }

    /// How many events were recorded so far.
    public var eventCount: Int { prefix.count + recorded.count }

    /// `size` with each side clamped to the replay's limits, in whole points.
    private static func replayable(_ size: CGSize) -> CGSize {
        let range = ReplayScript.windowSideRange
        func side(_ v: Double) -> Double { Double(min(max(Int(v.rounded()), range.lowerBound), range.upperBound)) }
        return CGSize(width: side(size.width), height: side(size.height))
    }

    /// The recording's frame for a clock time.
    private func frame(at clockTime: Double) -> Int {
        max(0, Int(((clockTime - startTime) * ReplayTimeline.framesPerSecond).rounded()))
    }

    /// The delivery window of frame `k` in whole milliseconds: the times the replay delivers before frame
    /// `k` and after frame `k - 1`.
    private static func window(ofFrame k: Int) -> ClosedRange<Double> {
        let upper = ReplayTimeline.time(ofFrame: k).rounded(.down)
        let lower = k == 0 ? 0 : ReplayTimeline.time(ofFrame: k - 1).rounded(.down) + 1
        return lower...upper
    }

    /// Records `event`, delivered to the window in the frame at `clockTime` (seconds).
    public func record(_ event: InputEvent, clockTime: Double) {
        let pendingPress = pressForCancelledTouch
        pressForCancelledTouch = nil
        let kind: ReplayEvent.Kind
        var timestamp: Double?
        switch event {
        case .pointer(let p) where p.source == .touch:
            timestamp = p.timestamp
            let id = p.pointerID
            let at = CGPoint(x: min(max(p.location.x, 0), windowSize.width), y: min(max(p.location.y, 0), windowSize.height))
            switch p.phase {
            case .down:
                if fingersDown.contains(id) { append(.touchUp(id: id, at: at), timestamp: timestamp, clockTime: clockTime) }
                fingersDown.insert(id)
                kind = .touchDown(id: id, at: at)
            case .moved:
                kind = .touchMove(id: id, at: at)
            case .up:
                fingersDown.remove(id)
                kind = .touchUp(id: id, at: at)
            case .cancelled:
                pressForCancelledTouch = recorded.count
                kind = .down(p.location)
            }
        case .pointer(let p) where p.pointerID != 0:
            return
        case .pointer(let p) where p.source == .trackpad:
            timestamp = p.timestamp
            switch p.phase {
            case .down:
                swipe = (p.location, p.location)
                return
            case .moved:
                guard let s = swipe else { return }
                swipe = (s.start, p.location)
                let unit = Double(trackpad.pointsPerScrollUnit)
                func delta(_ d: Double) -> Double { ((d / unit) * 1e6).rounded() / 1e6 }
                kind = .wheel(dx: delta(p.location.x - s.location.x), dy: delta(p.location.y - s.location.y), at: s.start)
            case .up, .cancelled:
                swipe = nil
                return
            }
        case .pointer(let p):
            timestamp = p.timestamp
            switch p.phase {
            case .down: kind = .down(p.location)
            case .moved: kind = .move(p.location)
            case .up: kind = .up(p.location)
            case .cancelled: kind = .cancel(p.location)
            }
        case .key(let k):
            guard k.isDown, !k.isRepeat else { return }
            timestamp = k.timestamp
            kind = .key(k.key.name)
        case .window(.resized(let size)):
            windowSize = Self.replayable(size)
            kind = .resize(windowSize)
        case .window(.focusLost):
            // A touch cancelled just before was cancelled by this focus loss, not by a press.
            if let pendingPress, pendingPress == recorded.count - 1 { recorded.removeLast() }
            kind = .focusLost
        case .window(.focusGained): kind = .focusGained
        case .window(.closeRequested): return
        }
        append(kind, timestamp: timestamp, clockTime: clockTime)
    }

    /// Records `kind`, timestamped `timestamp` (seconds on the input's clock, nil: none), in the frame at
    /// `clockTime`.
    private func append(_ kind: ReplayEvent.Kind, timestamp: Double?, clockTime: Double) {
        let k = frame(at: clockTime)
        recorded.append(Recorded(frame: k, timestamp: k == 0 ? nil : timestamp.map { ($0 * 1000).rounded() }, kind: kind))
    }

    /// The offset (timestamp ms minus script ms) that puts every timestamped event in its frame's window,
    /// the middle of the range that does; nil when there is no timestamped event or no offset fits all.
    private var offset: Double? {
        var lowest = -Double.infinity, highest = Double.infinity
        for event in recorded {
            guard let ts = event.timestamp else { continue }
            let window = Self.window(ofFrame: event.frame)
            lowest = max(lowest, ts - window.upperBound)
            highest = min(highest, ts - window.lowerBound)
        }
        guard lowest.isFinite, highest.isFinite, lowest <= highest else { return nil }
        return ((lowest + highest) / 2).rounded(.down)
    }

    /// The events recorded so far, at their script times.
    public var recordedEvents: [ReplayEvent] {
        let offset = offset ?? recorded.lazy.compactMap { e in e.timestamp.map { $0 - Self.window(ofFrame: e.frame).upperBound } }.first
        var events = prefix
        for event in recorded {
            let window = Self.window(ofFrame: event.frame)
            var t = window.lowerBound
            if let ts = event.timestamp, let offset { t = min(max(ts - offset, window.lowerBound), window.upperBound) }
            events.append(ReplayEvent(time: max(t, events.last?.time ?? 0), kind: event.kind))
        }
        return events
    }

    /// The script of the recording, ending with the frame at `clockTime` (seconds).
    public func script(endingAt clockTime: Double) -> ReplayScript {
        let events = recordedEvents
        let duration = ReplayTimeline.time(ofFrame: frame(at: clockTime)).rounded(.up)
        return ReplayScript(size: size, duration: max(duration, events.last?.time ?? 0), events: events)
    }
}
