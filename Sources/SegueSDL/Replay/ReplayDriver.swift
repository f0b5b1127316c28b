import Foundation
import CSDL2
import SegueAnimation
import SegueUI

/// Runs a scene headless through a ``ReplayScript``, the way ``SDLWindowHost`` runs it in a window: the
/// script's events become SDL events (``ReplayEventSynthesizer``) and go through the same
/// ``InputTranslator`` as live input, each stamped with its script time; every frame is stepped by
/// SegueUI's headless host (`HeadlessHost`, the one frame function on a `VirtualClock`), with the frame's
/// input and render phase.
///
/// - Frame `k` runs at exactly `k * 1000 / 60` ms (``ReplayTimeline``), from frame 0 at 0 ms through the
///   last frame within the script's duration.
/// - An event at `t` is delivered (as input of the frame) before the first frame whose time is `>= t`.
/// - Frame 0's input starts with the window's size (`.window(.resized)`), as the window host's does; a
///   script `resize` changes ``windowSize`` and reaches the scene as `.window(.resized)`.
/// - If the scene asks to quit (`wantsToQuit`) the run stops after that frame.
///
/// A driver runs once (``run(_:render:afterFrame:)``, or frame by frame with `step(_:render:)`). Build the
/// scene on ``clock`` at ``windowSize`` before the first frame. A driver stepped frame by frame can be given
/// more input as it goes (``append(_:through:)``: SegueTesting's host gives its taps and drags this way), so
/// a test's input reaches the scene exactly as a script's would.
@MainActor
public final class ReplayDriver {
    /// How a run ended.
    public enum Outcome: Sendable, Hashable {
        /// Every frame of the script ran (`frames` of them).
        case ranToEnd(frames: Int)
        /// The scene asked to quit after `frames` frames.
        case sceneQuit(frames: Int)

        /// The number of frames that ran.
        public var frames: Int {
            switch self {
            case .ranToEnd(let n), .sceneQuit(let n): n
            }
        }
    }

    /// The script being replayed: the one given, with the events and the time ``append(_:through:)`` added.
    public private(set) var script: ReplayScript
    /// The clock the scene's layer tree must use; at frame `k` during frame `k`.
    public let clock = VirtualClock(framesPerSecond: ReplayTimeline.framesPerSecond)
    /// The window's size in points now: the script's (or the override) until a `resize` event.
    public var windowSize: CGSize { translator.windowSize }
    /// The index of the last frame the run will reach (later when ``append(_:through:)`` extends the script).
    public private(set) var lastFrame: Int

    private var translator: InputTranslator
    private var synthesizer = ReplayEventSynthesizer()
    private var nextEvent = 0
    private var nextExtra = 0

    /// SDL events the script format cannot hold (a touchscreen's fingers: the monkey's two-finger
    /// gestures), each with its time in milliseconds, in time order. They go through the same translator
    /// as the script's events, by the same delivery rule, after the script's events of the same time.
    /// Set before the first frame. Empty by default (`segue replay` plays scripts only).
    package var extraInput: [(time: Double, event: SDL_Event)] = []

    /// Whether the input holds a pointer down now (a button, a finger or a trackpad swipe), after the
    /// events delivered so far: what the monkey's invariants ask.
    public var isPointerDown: Bool { translator.isPointerDown }
    private var hasRun = false

    /// A driver for `script`, with the window at `size` points instead of the script's when given.
    public init(script: ReplayScript, size: CGSize? = nil) {
        self.script = script
        translator = InputTranslator(windowSize: size ?? script.size)
        lastFrame = ReplayTimeline.lastFrame(within: script.duration)
    }

    /// Adds `events` (times in milliseconds, not decreasing, none before the script's last event nor at or
    /// before the time of a frame that has run) to the script and extends its duration to `duration`
    /// milliseconds when that is later: frames up to the new ``lastFrame`` can then be stepped, and each
    /// event is delivered by the spec's rule, as if the script had held it from the start.
    public func append(_ events: [ReplayEvent], through duration: Double) {
        var earliest = script.events.last?.time ?? 0
        for event in events {
            precondition(event.time >= earliest, "Replay events must not go back in time: \(event.time) ms after \(earliest) ms")
            precondition(nextFrame == 0 || event.time > ReplayTimeline.time(ofFrame: nextFrame - 1),
                         "An event at \(event.time) ms is at or before frame \(nextFrame - 1), which has run")
            earliest = event.time
        }
        precondition(duration.isFinite && duration <= ReplayScript.maximumTime, "A replay duration must be finite and at most \(ReplayScript.maximumTime) ms")
        script.events += events
        script.duration = max(script.duration, duration, earliest)
        lastFrame = ReplayTimeline.lastFrame(within: script.duration)
    }

    /// Runs frames 0 through ``lastFrame`` (or until the scene quits). `render` is the frame's render
    /// phase (given the tree and the frame's index); `afterFrame` runs after each frame with its index.
    public func run<Scene: HostedScene>(_ scene: Scene, render: (LayerTree, Int) throws -> Void = { _, _ in },
                                        afterFrame: (Int) throws -> Void = { _ in }) throws -> Outcome {
        precondition(!hasRun && nextFrame == 0, "A ReplayDriver runs once")
        hasRun = true
        while let frame = try step(scene, render: render) {
            try afterFrame(frame)
            if scene.wantsToQuit { return .sceneQuit(frames: frame + 1) }
        }
        return .ranToEnd(frames: lastFrame + 1)
    }

    /// The index of the frame `step(_:render:)` runs next (0 before the first).
    public private(set) var nextFrame = 0

    /// Runs the next frame (the inspector's way of going forward frame by frame); its index, or nil when
    /// every frame of the script has run. The same frames as ``run(_:render:afterFrame:)``, which is these
    /// steps until the end or until the scene quits. The frame is stepped by a headless host of `scene` on
    /// ``clock`` (made at the first step of a scene, then kept).
    public func step<Scene: HostedScene>(_ scene: Scene, render: (LayerTree, Int) throws -> Void = { _, _ in }) throws -> Int? {
        try step(host(of: scene), render: render)
    }

    /// Runs the next frame of the scene `host` holds, as ``step(_:render:)``; `host` must run on ``clock``.
    public func step<Scene>(_ host: HeadlessHost<Scene>, render: (LayerTree, Int) throws -> Void = { _, _ in }) throws -> Int? {
        guard nextFrame <= lastFrame else { return nil }
        precondition(host.clock === clock, "The host must run on the driver's clock")
        precondition(host.scene.layerTree.clock === clock || host.scene.layerTree.clock.now == clock.now,
                     "The scene's layer tree must run on the driver's clock (or one that reads it)")
        let frame = nextFrame
        var input = frame == 0 ? [InputEvent.window(.resized(windowSize))] : []
        if frame == 0 {
            precondition(clock.frame == 0, "The driver's clock must start at frame 0")
            input += dueInput(beforeFrame: frame)
            try host.runFrame(input: input) { tree in try render(tree, frame) }
        } else {
            // The input is gathered before the host moves the clock to the frame: gathering it reads no
            // clock (the events' times are the script's).
            input += dueInput(beforeFrame: frame)
            try host.nextFrame(input: input) { tree in try render(tree, frame) }
        }
        nextFrame += 1
        return frame
    }

    /// The headless host stepping `scene`: the one made at its first step, or a new one on ``clock``.
    private func host<Scene: HostedScene>(of scene: Scene) -> HeadlessHost<Scene> {
        if let host = sceneHost as? HeadlessHost<Scene>, host.scene === scene { return host }
        let host = HeadlessHost(clock: clock, scene: scene)
        sceneHost = host
        return host
    }
    /// The host of the last scene stepped by ``step(_:render:)`` (a `HeadlessHost` of its type).
    private var sceneHost: AnyObject?

    /// The translated input of the events due by frame `frame` (time `>= t`), in script order.
    private func dueInput(beforeFrame frame: Int) -> [InputEvent] {
        let frameTime = ReplayTimeline.time(ofFrame: frame)
        var input: [InputEvent] = []
        while true {
            let scriptDue = nextEvent < script.events.count && script.events[nextEvent].time <= frameTime
            let extraDue = nextExtra < extraInput.count && extraInput[nextExtra].time <= frameTime
            guard scriptDue || extraDue else { break }
            if extraDue, !scriptDue || extraInput[nextExtra].time < script.events[nextEvent].time {
                let extra = extraInput[nextExtra]
                nextExtra += 1
                input += translator.translate(extra.event, timestamp: extra.time / ReplayTimeline.millisecondsPerSecond)
                continue
            }
            var event = script.events[nextEvent]
            nextEvent += 1
            let timestamp = event.time / ReplayTimeline.millisecondsPerSecond
            // A wheel event with no position is at the window's centre (spec: replay-and-trace.md).
            if case .wheel(let dx, let dy, nil) = event.kind {
                event.kind = .wheel(dx: dx, dy: dy, at: CGPoint(x: windowSize.width / 2, y: windowSize.height / 2))
            }
            // The exact time and point go beside the SDL events, whose fields hold whole numbers only.
            for sdlEvent in synthesizer.sdlEvents(for: event, windowSize: windowSize) {
                input += translator.translate(sdlEvent, timestamp: timestamp, location: event.pointerLocation)
            }
        }
        // A trackpad swipe whose deltas stopped ends once the pause is over by this frame's time.
        input += translator.endIdleSwipe(at: frameTime / ReplayTimeline.millisecondsPerSecond)
        return input
    }
}
