import SegueAnimation

/// What a host (the SDL window loop, headless replay, a test) drives, once per frame, in this order:
/// ``handle(_:)`` for each input due, ``runQueuedWork()``, then (after the host advances the clock)
/// ``layerTree``'s `update()`, then the host renders the tree.
@MainActor
public protocol HostedScene: AnyObject {
    /// The layer tree to draw; its clock is the host's.
    var layerTree: LayerTree { get }
    /// The scene's size in points; the host calls ``resize(to:)`` when the window changes.
    func resize(to size: Size)
    /// One input event.
    func handle(_ event: InputEvent)
    /// Work queued during input handling (queued transitions, deferred callbacks).
    func runQueuedWork()
    /// Whether the scene asked the host to quit (Escape in a demo, a close request).
    var wantsToQuit: Bool { get }
}
