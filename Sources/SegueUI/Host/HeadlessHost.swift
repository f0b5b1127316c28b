import SegueAnimation

/// The one headless host: a scene (a window) on a virtual clock, run frame by frame with the one frame
/// function, with typed pointer and key input, and no SDL. Tests, tools, SegueSDL's replay driver and
/// SegueTesting's host run their frames here instead of looping `clock.advance(); window.runFrame()`
/// themselves.
///
/// - ``frames(_:)`` runs whole frames: the clock moves 1/60 s, then the scene's frame runs (input
///   queued work, layout, callbacks, presentation). ``nextFrame(input:render:)`` is one of them with the
///   frame's input and render phase (a replay's); ``runFrame(input:render:)`` runs a frame at the clock's
///   time without moving it (a replay's frame 0, at time 0).
/// - Input goes to the window as it would between two frames of a real host: ``down(_:at:modifierFlags:)``,
///   ``move(_:at:modifierFlags:)``, ``up(_:at:modifierFlags:)``, ``cancel(_:at:)`` and ``key(_:down:at:)``
///   take times in seconds (the event's own timestamp, for velocities; never the frame clock).
/// - ``runUntilIdle(limit:)`` runs frames until no transition runs or waits in the window and the window
///   asks for no frame of its own.
///
/// SegueTesting's `SegueTestHost` adds images, motion curves and input through the SDL translation on
/// top (its frames are stepped here by SegueSDL's replay driver). Differs from UIKit: UIKit has no
/// headless host (XCTest runs an app in a simulator).
@MainActor
public final class HeadlessHost<Scene: HostedScene> {
    /// The clock the scene's layer tree runs on; frame `k` is at `k / 60` s.
    public let clock: VirtualClock
    /// The scene: a window, or any other ``HostedScene``.
    public let scene: Scene

    /// A host of the scene `makeWindow` makes on the host's clock, `size` points large.
    public init(size: CGSize, makeWindow: (VirtualClock, CGSize) throws -> Scene) rethrows {
        clock = VirtualClock()
        scene = try makeWindow(clock, size)
    }

    /// A host of `scene`, made on `clock` (or on a clock that reads it): the host moves `clock`.
    public init(clock: VirtualClock, scene: Scene) {
        self.clock = clock
        self.scene = scene
    }

    /// Runs one frame at the clock's time, without moving it: `input` delivered first, then the scene's
    /// queued work, layout, callbacks and presentation, then `render` (the host's render phase).
    public func runFrame(input: [InputEvent] = [], render: (LayerTree) throws -> Void = { _ in }) rethrows {
        try scene.runFrame(input: input, render: render)
    }

    /// Moves the clock one frame (1/60 s) and runs that frame (``runFrame(input:render:)``).
    public func nextFrame(input: [InputEvent] = [], render: (LayerTree) throws -> Void = { _ in }) rethrows {
        clock.advance(frames: 1)
        try runFrame(input: input, render: render)
    }

    /// Runs `count` frames, each 1/60 s after the last.
    public func frames(_ count: Int) {
        for _ in 0..<max(count, 0) { nextFrame(render: { _ in }) }
    }

    /// Runs the frames of `seconds` of clock time (rounded to whole frames).
    public func seconds(_ seconds: Double) {
        frames(Int((seconds * clock.framesPerSecond).rounded()))
    }

    // MARK: Input

    /// A pointer event at `point` (window points) at time `t` (seconds).
    public func pointer(_ phase: PointerEvent.Phase, _ point: CGPoint, at t: Double, modifierFlags: KeyModifierFlags = []) {
        scene.handle(.pointer(PointerEvent(phase: phase, location: point, timestamp: t, modifierFlags: modifierFlags)))
    }

    /// The pointer goes down at `point` at time `t`.
    public func down(_ point: CGPoint, at t: Double, modifierFlags: KeyModifierFlags = []) {
        pointer(.down, point, at: t, modifierFlags: modifierFlags)
    }

    /// The pointer moves to `point` at time `t`.
    public func move(_ point: CGPoint, at t: Double, modifierFlags: KeyModifierFlags = []) {
        pointer(.moved, point, at: t, modifierFlags: modifierFlags)
    }

    /// The pointer goes up at `point` at time `t`.
    public func up(_ point: CGPoint, at t: Double, modifierFlags: KeyModifierFlags = []) {
        pointer(.up, point, at: t, modifierFlags: modifierFlags)
    }

    /// The window loses the pointer at `point` at time `t` (recognizers are cancelled).
    public func cancel(_ point: CGPoint, at t: Double) {
        pointer(.cancelled, point, at: t)
    }

    /// `key` goes down (or up) at time `t`.
    public func key(_ key: Key, down: Bool = true, at t: Double = 0) {
        scene.handle(.key(KeyEvent(key: key, isDown: down, timestamp: t)))
    }

    /// `key` is pressed and released at time `t`.
    public func press(_ key: Key, at t: Double = 0) {
        self.key(key, down: true, at: t)
        self.key(key, down: false, at: t)
    }
}

extension HeadlessHost where Scene: Window {
    /// The window (the scene).
    public var window: Scene { scene }

    /// Whether nothing is left to run: no transition runs or waits in the window, and it asks for no
    /// frame (nothing animates, no work or callback is queued, no display link runs).
    public var isIdle: Bool {
        window.transitionRequests.isIdle && window.nextFrameRequest == .onInput
    }

    /// Runs frames until ``isIdle`` (at most `limit` frames; the default, 600, is 10 s of clock time);
    /// returns how many ran.
    @discardableResult
    public func runUntilIdle(limit: Int = 600) -> Int {
        var count = 0
        while !isIdle, count < limit {
            frames(1)
            count += 1
        }
        return count
    }
}

extension HeadlessHost where Scene == Window {
    /// A host of a plain ``Window`` of `size` points (set its root view controller).
    public convenience init(size: CGSize) {
        self.init(size: size) { Window(clock: $0, size: $1) }
    }
}
