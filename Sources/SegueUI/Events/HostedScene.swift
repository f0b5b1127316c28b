import SegueAnimation

/// What a host (the SDL window loop, headless replay, a test) drives, once per frame, through
/// ``runFrame(input:render:observer:)``: the input due (``handle(_:)``; a resize is an input too), then
/// ``runQueuedWork()``, then ``layoutIfNeeded()``, then the tree's callbacks and presentation, then
/// ``willRender()``, then the host's rendering.
@MainActor
public protocol HostedScene: AnyObject {
    /// The layer tree to draw; its clock is the host's.
    var layerTree: LayerTree { get }
    /// One input event (a `.window(.resized)` event is the one way to change the scene's size).
    func handle(_ event: InputEvent)
    /// Work queued during input handling (queued transitions, deferred callbacks).
    func runQueuedWork()
    /// Lays out what needs it.
    func layoutIfNeeded()
    /// Whether the scene asked the host to quit (Escape in a demo, a close request).
    var wantsToQuit: Bool { get }
    /// Called after the presentation phase, before the host draws: overlays that show this frame's
    /// presentation values (a HUD, model/presentation outlines) set their layers here. Layers changed
    /// here must not animate (the presentation phase is over: their model is what is drawn).
    func willRender()
    /// When the scene needs its next frame if no input arrives (read by the host after each frame). The
    /// default asks the layer tree (`LayerTree.needsNextFrame`); ``Window`` adds its
    /// queued work. A scene that shows the passing of time without animations (a clock, a HUD's
    /// readout) asks for a frame ``FrameRequest/at(_:)`` that time.
    var nextFrameRequest: FrameRequest { get }
}

extension HostedScene {
    /// Nothing to update before drawing (a class hierarchy that overrides it must declare it in its base
    /// class, as ``Window`` does: a default here is not dynamically dispatched).
    public func willRender() {}

    /// The layer tree's need (a class hierarchy that overrides it must declare it in its base class, as
    /// ``Window`` does).
    public var nextFrameRequest: FrameRequest { layerTree.needsNextFrame ? .nextFrame : .onInput }

    /// Runs one frame at the clock's current time (move the clock first): the one frame function of
    /// `LayerTree.runFrame(input:queuedWork:layout:render:observer:)` with this scene's
    /// input, queued work and layout, and the host's `render`.
    public func runFrame(input: [InputEvent] = [], render: (LayerTree) throws -> Void,
                         observer: ((FramePhase) -> Void)? = nil) rethrows {
        try layerTree.runFrame(input: { for event in input { handle(event) } }, queuedWork: runQueuedWork,
                               layout: layoutIfNeeded, render: { tree in
                                   willRender()
                                   try render(tree)
                               }, observer: observer)
    }

    /// One frame without rendering (tests, and replay frames that draw nothing).
    public func runFrame(input: [InputEvent] = [], observer: ((FramePhase) -> Void)? = nil) {
        runFrame(input: input, render: { _ in }, observer: observer)
    }
}
