import CSDL2
import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

extension SegueTestHost {
    /// An edge of the window, where ``edgeSwipe(from:at:distance:duration:releaseVelocity:release:)`` starts.
    public enum Edge: Sendable, Hashable {
        case left, right, top, bottom
    }

    /// How far inside the window an edge swipe goes down, in points: within the 20-point edge strip of a
    /// screen-edge pan (`GestureSettings.defaultEdgeWidth`; UIKit's is about 13).
    public static let edgeInset: CGFloat = 2
    /// How long the last stretch of an edge swipe moves at its release velocity, in seconds: the velocity
    /// tracker's horizon (`GestureSettings.defaultVelocityHorizon`), so both the smooth estimate and
    /// the release rule (its 50 ms window) read that velocity.
    public static let releaseStretch: TimeInterval = GestureSettings.defaultVelocityHorizon
    /// How long a finger lifted with no velocity rests first, in seconds: longer than the tracker's stop
    /// threshold (`GestureSettings.defaultStopThreshold`, 50 ms), after which a release is still.
    public static let restBeforeStillRelease: TimeInterval = 0.1

    // MARK: Scheduling

    /// Delivers `events` (each at a frame: 1 is the next frame) and runs the frames through the last one.
    func deliver(_ events: [(frame: Int, kind: ReplayEvent.Kind)]) {
        let base = frame
        let scheduled = events.map { ReplayEvent(time: Self.milliseconds(ofFrame: base + $0.frame), kind: $0.kind) }
        let last = base + (events.map(\.frame).max() ?? 0)
        driver.append(scheduled, through: Self.milliseconds(ofFrame: last))
        runFrames(through: last)
    }

    static func checkPoint(_ p: CGPoint, _ what: String) throws {
        guard p.x.isFinite, p.y.isFinite, ReplayScript.pointRange.contains(Double(p.x)),
              ReplayScript.pointRange.contains(Double(p.y)) else {
            throw SegueTestHostError.badInput("\(what) (\(p.x), \(p.y)) is not a finite point")
        }
    }

    static func frames(in duration: TimeInterval, _ what: String) throws -> Int {
        guard duration.isFinite, duration > 0 else {
            throw SegueTestHostError.badInput("\(what) must be a positive number of seconds, got \(duration)")
        }
        return max(1, Int((duration * ReplayTimeline.framesPerSecond).rounded()))
    }

    // MARK: Pointer

    /// A tap at `point` (window points): the button goes down at the next frame and up at the one after.
    public func tap(_ point: CGPoint) throws {
        try Self.checkPoint(point, "A tap's point")
        deliver([(1, .down(point)), (2, .up(point))])
    }

    /// A tap at the centre of `view` as drawn now (its presentation frame in the window).
    public func tap(_ view: View) throws {
        guard let frame = presentationFrame(of: view) else { throw SegueTestHostError.viewNotInWindow("\(type(of: view))") }
        try tap(CGPoint(x: frame.midX, y: frame.midY))
    }

    /// A drag along `path` (window points, at least two): down at the first point at the next frame, then
    /// one move a frame along the path at an even speed, reaching the last point `duration` seconds later
    /// (rounded to whole frames), released there in the same frame unless `release` is false (then the
    /// pointer stays down: finish with ``releasePointer(at:)`` or ``drag(along:duration:release:continuing:)`` again
    /// with `continuing: true`).
    public func drag(along path: [CGPoint], duration: TimeInterval, release: Bool = true, continuing: Bool = false) throws {
        guard path.count >= 2 else { throw SegueTestHostError.badInput("A drag's path needs at least two points, got \(path.count)") }
        for p in path { try Self.checkPoint(p, "A drag's point") }
        let n = try Self.frames(in: duration, "A drag's duration")
        var events: [(frame: Int, kind: ReplayEvent.Kind)] = continuing ? [] : [(1, .down(path[0]))]
        let start = continuing ? 0 : 1
        for i in 1...n {
            events.append((start + i, .move(Self.point(along: path, fraction: Double(i) / Double(n)))))
        }
        if release { events.append((start + n, .up(path[path.count - 1]))) }
        deliver(events)
    }

    /// A drag in a straight line from `start` to `end` over `duration` seconds (see ``drag(along:duration:release:continuing:)``).
    public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval, release: Bool = true) throws {
        try drag(along: [start, end], duration: duration, release: release)
    }

    /// Lifts a pointer left down (by a drag with `release: false`) at `point` at the next frame.
    public func releasePointer(at point: CGPoint) throws {
        try Self.checkPoint(point, "A release's point")
        deliver([(1, .up(point))])
    }

    /// Takes the pointer away at `point` at the next frame (released outside the window: the recognizers
    /// are cancelled).
    public func cancelPointer(at point: CGPoint) throws {
        try Self.checkPoint(point, "A cancel's point")
        deliver([(1, .cancel(point))])
    }

    /// A swipe in from `edge` (a screen-edge pan: down ``edgeInset`` points inside it, `at` along it,
    /// default its middle), `distance` points into the window, released with `releaseVelocity` points per
    /// second (in the swipe's direction; negative: moving back towards the edge at the end).
    ///
    /// With a velocity, the last ``releaseStretch`` seconds move at exactly that speed and the rest of
    /// `duration` covers the remaining distance evenly, so the recognizer's velocity at the release is
    /// `releaseVelocity` (within the tracker's rounding); with none, the finger moves evenly and rests
    /// ``restBeforeStillRelease`` before lifting, so the release is still (velocity 0). `release: false`
    /// leaves the finger down at the end (the transition stays interactive).
    public func edgeSwipe(from edge: Edge = .left, at position: CGFloat? = nil, distance: CGFloat,
                          duration: TimeInterval = 0.3, releaseVelocity: CGFloat? = nil, release: Bool = true) throws {
        guard distance.isFinite, distance > 0 else {
            throw SegueTestHostError.badInput("An edge swipe's distance must be positive, got \(distance)")
        }
        let n = try Self.frames(in: duration, "An edge swipe's duration")
        let size = windowSize
        let along = position ?? ((edge == .left || edge == .right) ? size.height / 2 : size.width / 2)
        // The point `d` points in from the edge.
        func point(_ d: CGFloat) -> CGPoint {
            switch edge {
            case .left: CGPoint(x: Self.edgeInset + d, y: along)
            case .right: CGPoint(x: size.width - Self.edgeInset - d, y: along)
            case .top: CGPoint(x: along, y: Self.edgeInset + d)
            case .bottom: CGPoint(x: along, y: size.height - Self.edgeInset - d)
            }
        }
        // Distance in at each of the n move frames.
        var depths: [CGFloat] = []
        if let v = releaseVelocity {
            guard v.isFinite else { throw SegueTestHostError.badInput("A release velocity must be finite, got \(v)") }
            let stretchFrames = Int((Self.releaseStretch * ReplayTimeline.framesPerSecond).rounded())
            guard n > stretchFrames else {
                throw SegueTestHostError.badInput("An edge swipe with a release velocity must last longer than \(Self.releaseStretch) s, got \(duration)")
            }
            let stretch = v * CGFloat(stretchFrames) / CGFloat(ReplayTimeline.framesPerSecond)
            let approach = distance - stretch
            let approachFrames = n - stretchFrames
            for i in 1...approachFrames { depths.append(approach * CGFloat(i) / CGFloat(approachFrames)) }
            for i in 1...stretchFrames { depths.append(approach + stretch * CGFloat(i) / CGFloat(stretchFrames)) }
        } else {
            for i in 1...n { depths.append(distance * CGFloat(i) / CGFloat(n)) }
        }
        for d in depths { try Self.checkPoint(point(d), "An edge swipe's point") }
        var events: [(frame: Int, kind: ReplayEvent.Kind)] = [(1, .down(point(0)))]
        for (i, d) in depths.enumerated() { events.append((2 + i, .move(point(d)))) }
        var last = 1 + depths.count
        if release {
            if releaseVelocity == nil {
                last += Int((Self.restBeforeStillRelease * ReplayTimeline.framesPerSecond).rounded())
            }
            events.append((last, .up(point(depths.last!))))
        }
        deliver(events)
    }

    /// The point a `fraction` (0...1) of `path`'s length along it.
    static func point(along path: [CGPoint], fraction: Double) -> CGPoint {
        let lengths = zip(path, path.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return path[path.count - 1] }
        var remaining = total * CGFloat(fraction)
        for (i, length) in lengths.enumerated() {
            if remaining <= length || i == lengths.count - 1 {
                let t = length > 0 ? min(1, remaining / length) : 1
                let a = path[i], b = path[i + 1]
                return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
            remaining -= length
        }
        return path[path.count - 1]
    }

    // MARK: Keys and the window

    /// A press and release of the key SDL names `key` ("Return", "Escape", "Left", "P"), at the next frame.
    /// `S` and Escape are the host's keys, as in a window, and do not reach the app: `S` toggles
    /// ``isSlowMotionEnabled``; Escape asks to quit (`Window.wantsToQuit`), which the host reports but does
    /// not act on (frames still run).
    public func press(_ key: String) throws {
        guard !key.isEmpty, SDL_GetKeyFromName(key) != SDL_Keycode(SDLK_UNKNOWN.rawValue) else {
            throw SegueTestHostError.unknownKey(key)
        }
        deliver([(1, .key(key))])
    }

    /// Resizes the window to `size` points at the next frame, as a window manager does.
    public func resize(to size: CGSize) throws {
        try Self.check(size)
        deliver([(1, .resize(size))])
    }

    /// The window loses the focus at the next frame (a pointer that is down is cancelled).
    public func loseFocus() { deliver([(1, .focusLost)]) }

    /// The window gets the focus back at the next frame.
    public func gainFocus() { deliver([(1, .focusGained)]) }

    /// Plays `script`'s events from the next frame on (its times counted from there), at the script's
    /// size (a resize first when it differs), without running them: the time verbs deliver them, or
    /// ``runScript()`` runs to the script's end. Events' times are kept exactly (a script time between
    /// frames is delivered before the next frame, by the replay rule).
    public func play(_ script: ReplayScript) throws {
        try Self.check(script.size)
        let start = Self.milliseconds(ofFrame: frame + 1)
        var events: [ReplayEvent] = []
        if script.size != windowSize { events.append(ReplayEvent(time: start, kind: .resize(script.size))) }
        events += script.events.map { ReplayEvent(time: start + $0.time, kind: $0.kind) }
        driver.append(events, through: start + script.duration)
        scriptEnd = max(scriptEnd, ReplayTimeline.lastFrame(within: start + script.duration))
    }

    /// Runs to the end of the scripts given to ``play(_:)`` (their durations).
    public func runScript() {
        runFrames(through: scriptEnd)
    }
}
