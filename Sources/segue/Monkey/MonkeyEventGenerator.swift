import Foundation
import SegueSDL
import SegueUI

/// Generates the monkey's input: a deterministic list of replay events over the demo app from a seed.
/// Pointer presses anywhere (taps on tab items, the back button and anywhere else), drags (edge pops
/// from x < 20, tab swipes, sheet drags down, random walks, flicks; drags let go and caught mid-flight),
/// every key of the app, resizes, focus
/// lost and regained, and bursts of events inside one frame; a drag may be interleaved with keys or end in
/// a cancel or a focus loss. Trackpad swipes (`wheel` events with fractional deltas: horizontal, vertical
/// or wandering, fast or slow, some interrupted by a click or a key) and a wheel's clicks (whole deltas).
/// A touchscreen's fingers go beside the script (``MonkeyFingers``). The events only depend on the seed and the count, never on the app's state,
/// so a list can be cut down (``MonkeyShrinker``) and replayed.
@MainActor
struct MonkeyEventGenerator {
    /// The app's keys, as SDL names them (spec: replay-and-trace.md, "The demo scene").
    /// H (the HUD), M (the model/presentation outlines), R (recording, in memory under the monkey), 1–5
    /// (the push/pop animator), Z (a zoom page) and L (a large-title list) too.
    static let keys = ["Return", "Backspace", "Left", "Right", "P", "D", "Escape", "S", "H", "M", "R", "1", "2", "3", "4", "5",
                       "Z", "L"]
    /// How often each key is pressed, relative to the others: pushes outnumber pops so stacks grow;
    /// slow motion (S) is rare, as it makes every animation ten times longer; the overlays are toggled
    /// now and then.
    static let keyWeights: [Double] = [3, 2, 1.5, 1.5, 1, 0.6, 1.2, 0.15, 0.3, 0.3, 0.2, 0.15, 0.15, 0.15, 0.15, 0.15,
                                       0.6, 0.6]
    /// Most resizes stay within this size (points), to keep frames cheap.
    static let usualMaximumSize = CGSize(width: 1600, height: 1200)
    /// The share of resizes that may go up to the script limit (8192 points a side).
    static let largeResizeShare = 0.04
    /// The window's size at the start, in points (the spec's default).
    static let initialSize = CGSize(width: 800, height: 600)
    /// Where an edge pan must start, in points from the left (the edge pan's zone, with a margin).
    static let edgeZone = 20
    /// The interval between moves of a drag, in milliseconds: from several per 60 Hz frame to one per two frames.
    static let moveInterval = 4...34
    /// The pause between actions, in milliseconds, usually; ``longPauseRange`` lets transitions settle.
    static let shortPauseRange = 0...350
    static let longPauseRange = 600...2500
    static let longPauseShare = 0.12

    /// The gallery's keys (`segue gallery`), and how often each is pressed.
    static let galleryKeys = ["Return", "Backspace", "Space", "Up", "Down", "E", "Left", "Right", "P", "Escape", "S", "H"]
    static let galleryKeyWeights: [Double] = [3, 2, 1, 0.7, 0.7, 0.5, 1.5, 1.5, 1, 1.2, 0.15, 0.3]

    /// The keys pressed, and their weights.
    private let keys: [String]
    private let keyWeights: [Double]

    /// A drag's heading, in points per unit of speed.
    private struct Direction { var dx: Double; var dy: Double }

    private var rng: SplitMix64
    private var events: [ReplayEvent] = []
    /// Now, in whole milliseconds.
    private var time = 0.0
    private var size = initialSize
    private var isHeld = false

    /// A generator for `seed`, pressing the keys of `scene`.
    init(seed: UInt64, scene: ReplayScene = .demo) {
        rng = SplitMix64(seed: seed)
        (keys, keyWeights) = scene == .demo ? (Self.keys, Self.keyWeights) : (Self.galleryKeys, Self.galleryKeyWeights)
    }

    /// The first `count` events for `seed` in `scene` (the same list every time).
    static func events(seed: UInt64, count: Int, scene: ReplayScene = .demo) -> [ReplayEvent] {
        var generator = MonkeyEventGenerator(seed: seed, scene: scene)
        while generator.events.count < count { generator.action() }
        return Array(generator.events.prefix(count))
    }

    /// A script of `events` at the initial size, running `settle` ms past the last event.
    static func script(_ events: [ReplayEvent], settle: Double = ReplayScript.defaultTrailingDuration) -> ReplayScript {
        ReplayScript(size: initialSize, duration: (events.last?.time ?? 0) + settle, events: events)
    }

    // MARK: Actions

    private mutating func emit(_ kind: ReplayEvent.Kind) {
        switch kind {
        case .down: isHeld = true
        case .up, .cancel, .focusLost: isHeld = false
        case .resize(let s): size = s
        default: break
        }
        events.append(ReplayEvent(time: time, kind: kind))
    }

    private mutating func wait(_ range: ClosedRange<Int>) { time += Double(rng.int(in: range)) }

    private mutating func point(x: ClosedRange<Double>? = nil, y: ClosedRange<Double>? = nil) -> CGPoint {
        CGPoint(x: rng.double(in: x ?? 0...Double(size.width - 1)).rounded(.down),
                y: rng.double(in: y ?? 0...Double(size.height - 1)).rounded(.down))
    }

    private mutating func action() {
        let choice = rng.pick(weights: [
            5,    // 0 a key
            1.5,  // 1 a tap on a tab item
            1,    // 2 a tap on the back button
            0.7,  // 3 a tap anywhere
            3,    // 4 an edge drag (pop)
            2,    // 5 a horizontal pan (tab swipe)
            1.5,  // 6 a drag down (sheet)
            1,    // 7 a random walk
            1,    // 8 a flick
            0.5,  // 9 a resize
            0.4,  // 10 focus lost, then usually regained
            0.8,  // 11 a burst of events in one frame
            1.5,  // 12 a drag let go, then caught mid-flight (pop, tab swipe, sheet)
            1.5,  // 13 a trackpad swipe
            0.5,  // 14 a wheel's clicks
        ])
        switch choice {
        case 0: key()
        case 1: tap(point(x: 0...Double(size.width - 1), y: Double(size.height - TabBar.height)...Double(size.height - 1)))
        case 2: tap(point(x: 0...Double(NavigationBar.backButtonInset + NavigationBar.backButtonWidth),
                          y: 0...Double(NavigationController.navigationBarHeight - 1)))
        case 3: tap(point())
        case 4: drag(from: point(x: 0...Double(Self.edgeZone - 1)), direction: Direction(dx: 1, dy: rng.double(in: -0.2...0.2)))
        case 5: drag(from: point(), direction: Direction(dx: rng.chance(0.5) ? 1 : -1, dy: rng.double(in: -0.3...0.3)))
        case 6: drag(from: point(y: 0...Double(size.height) * 0.6), direction: Direction(dx: rng.double(in: -0.2...0.2), dy: 1))
        case 7: drag(from: point(), direction: Direction(dx: rng.double(in: -1...1), dy: rng.double(in: -1...1)), wander: true)
        case 8: flick()
        case 9: resize()
        case 10: focus()
        case 11: burst()
        case 12: releaseAndCatch()
        case 13: trackpadSwipe()
        default: wheelClicks()
        }
        if rng.chance(Self.longPauseShare) { wait(Self.longPauseRange) } else { wait(Self.shortPauseRange) }
    }

    private mutating func key() {
        emit(.key(keys[rng.pick(weights: keyWeights)]))
    }

    private mutating func release(at p: CGPoint) {
        emit(.up(p))
    }

    private mutating func tap(_ p: CGPoint) {
        if isHeld { release(at: p); wait(0...40) }
        emit(.down(p))
        wait(0...120)
        if rng.chance(0.3) { emit(.move(CGPoint(x: p.x + Double(rng.int(in: -3...3)), y: p.y + Double(rng.int(in: -3...3))))) }
        release(at: p)
    }

    /// A press at `start`, moves along `direction` (steps of 2...60 points, jittered), then an up (mostly),
    /// a cancel, a focus loss or nothing (the press stays down into the next actions).
    private mutating func drag(from start: CGPoint, direction: Direction, wander: Bool = false) {
        if isHeld { release(at: start); wait(0...40) }
        emit(.down(start))
        var p = start
        var d = direction
        let moves = rng.int(in: 1...40)
        let speed = rng.double(in: 2...60)
        for _ in 0..<moves {
            wait(Self.moveInterval)
            if wander { d = Direction(dx: d.dx + rng.double(in: -0.5...0.5), dy: d.dy + rng.double(in: -0.5...0.5)) }
            if rng.chance(0.08) { d = Direction(dx: -d.dx, dy: -d.dy) }   // turns back
            p = CGPoint(x: (p.x + d.dx * speed + Double(rng.int(in: -2...2))).rounded(.down),
                        y: (p.y + d.dy * speed + Double(rng.int(in: -2...2))).rounded(.down))
            emit(.move(p))
            if rng.chance(0.04) { key() }   // a key mid-drag
        }
        if rng.chance(0.5) { wait(0...300) }   // held still before letting go: a slow release
        let end = rng.double(in: 0...1)
        if end < 0.82 { release(at: p) } else if end < 0.9 { emit(.cancel(p)) } else if end < 0.94 { emit(.focusLost); emit(.focusGained) }
    }

    /// A drag that begins a pop (from the edge), a tab swipe or a sheet's dismissal (down), let go, and after
    /// a moment (while the page finishes or springs back) a press along the way it moved, where the page may
    /// be drawn: it catches it if so. Then the caught page is dragged either way and let go (or held on
    /// into the next action).
    private mutating func releaseAndCatch() {
        let kind = rng.int(in: 0...2)
        let start: CGPoint
        let axis: Direction
        switch kind {
        case 0: (start, axis) = (point(x: 0...Double(Self.edgeZone - 1)), Direction(dx: 1, dy: 0))
        case 1: (start, axis) = (point(), Direction(dx: rng.chance(0.5) ? 1 : -1, dy: 0))
        default: (start, axis) = (point(y: 0...Double(size.height) * 0.5), Direction(dx: 0, dy: 1))
        }
        if isHeld { release(at: start); wait(0...40) }
        emit(.down(start))
        var p = start
        let step = rng.double(in: 8...40)
        for _ in 0..<rng.int(in: 3...16) {
            wait(Self.moveInterval)
            p = CGPoint(x: (p.x + axis.dx * step).rounded(.down), y: (p.y + axis.dy * step).rounded(.down))
            emit(.move(p))
        }
        if rng.chance(0.5) { wait(30...200) }
        release(at: p)
        wait(8...300)
        // Somewhere between where the drag began and a little past where it ended.
        let u = rng.double(in: 0...1.3)
        let caught = CGPoint(x: (start.x + (p.x - start.x) * u).rounded(.down), y: (start.y + (p.y - start.y) * u).rounded(.down))
        drag(from: caught, direction: Direction(dx: axis.dx * (rng.chance(0.5) ? 1 : -1), dy: axis.dy * (rng.chance(0.5) ? 1 : -1)))
    }

    /// A trackpad's two-finger swipe: fractional deltas every 6–18 ms (a trackpad's report rate), mostly
    /// horizontal (pops, tab swipes) or down (sheets), at the window's centre or a point; now and then a key
    /// or a click in the middle. It ends by itself after the translator's pause.
    private mutating func trackpadSwipe() {
        if isHeld { release(at: point()); wait(0...40) }
        let at: CGPoint? = rng.chance(0.5) ? nil : point()
        let axis = rng.int(in: 0...3)
        let speed = rng.double(in: 0.05...3)
        var d = axis == 0 ? (1.0, 0.0) : axis == 1 ? (-1.0, 0.0) : axis == 2 ? (0.0, 1.0) : (rng.double(in: -1...1), rng.double(in: -1...1))
        for _ in 0..<rng.int(in: 2...50) {
            if rng.chance(0.05) { d = (-d.0, -d.1) }
            // Off whole numbers (whole deltas are a wheel's clicks, which never start a swipe).
            let dx = (d.0 * speed * rng.double(in: 0.6...1.4) * 1000).rounded() / 1000 + 0.0005
            let dy = (d.1 * speed * rng.double(in: 0.6...1.4) * 1000).rounded() / 1000
            emit(.wheel(dx: dx, dy: dy, at: at))
            if rng.chance(0.03) { key() }
            wait(6...18)
        }
        if rng.chance(0.05) { tap(point()) }
    }

    /// A wheel's clicks (whole deltas, a notch each): they never swipe.
    private mutating func wheelClicks() {
        for _ in 0..<rng.int(in: 1...8) {
            let vertical = rng.chance(0.8)
            let notch = Double(rng.chance(0.5) ? 1 : -1)
            emit(.wheel(dx: vertical ? 0 : notch, dy: vertical ? notch : 0, at: rng.chance(0.5) ? nil : point()))
            wait(20...120)
        }
    }

    /// A few large moves in a few milliseconds, released at once.
    private mutating func flick() {
        let start = rng.chance(0.5) ? point(x: 0...Double(Self.edgeZone - 1)) : point()
        if isHeld { release(at: start); wait(0...40) }
        emit(.down(start))
        var p = start
        let step = Direction(dx: rng.double(in: -120...120), dy: rng.double(in: -120...120))
        for _ in 0..<rng.int(in: 1...4) {
            wait(4...12)
            p = CGPoint(x: (p.x + step.dx).rounded(.down), y: (p.y + step.dy).rounded(.down))
            emit(.move(p))
        }
        release(at: p)
    }

    private mutating func resize() {
        let range = ReplayScript.windowSideRange
        let maximum = rng.chance(Self.largeResizeShare)
            ? CGSize(width: range.upperBound, height: range.upperBound) : Self.usualMaximumSize
        emit(.resize(CGSize(width: rng.int(in: range.lowerBound...Int(maximum.width)),
                            height: rng.int(in: range.lowerBound...Int(maximum.height)))))
    }

    private mutating func focus() {
        emit(.focusLost)
        if rng.chance(0.85) { wait(0...600); emit(.focusGained) }
    }

    /// 2...6 keys, taps and resizes at one time (inside one frame).
    private mutating func burst() {
        for _ in 0..<rng.int(in: 2...6) {
            switch rng.int(in: 0...5) {
            case 0...2: key()
            case 3:
                let p = point()
                if isHeld { release(at: p) }
                emit(.down(p)); emit(.up(p))
            case 4: resize()
            default: emit(rng.chance(0.5) ? .focusLost : .focusGained)
            }
        }
    }
}
