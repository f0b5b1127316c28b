/// A callback run once per frame, at the start of the frame's callbacks phase, with the frame's
/// animation time (`CADisplayLink`): how code that must move something every frame (a percent-driven
/// transition finishing along a curve) does it without a timer of its own.
///
/// Differs from Core Animation: it is added to a ``LayerTree`` rather than a run loop, and its
/// ``timestamp`` is the tree's ``LayerTree/mediaTime`` (animation time: slowed by the window's time
/// scale), so what it drives slows down with everything else.
@MainActor
public final class DisplayLink {
    /// The animation time of the frame being run, in seconds.
    public private(set) var timestamp: Double = 0
    /// The animation time of the previous frame it ran in (equal to ``timestamp`` in its first frame).
    public private(set) var previousTimestamp: Double = 0
    /// Whether the callback is skipped.
    public var isPaused = false
    private var callback: ((DisplayLink) -> Void)?
    private weak var tree: LayerTree?
    private var hasRun = false

    /// A link that calls `callback` every frame once added to a tree.
    public init(_ callback: @escaping (DisplayLink) -> Void) {
        self.callback = callback
    }

    /// Starts calling the callback in `tree`'s frames (from the next callbacks phase).
    public func add(to tree: LayerTree) {
        precondition(self.tree == nil, "DisplayLink.add(to:): the link was added already")
        self.tree = tree
        tree.displayLinks.append(self)
    }

    /// Stops the link for good (it is removed from its tree and drops its callback).
    public func invalidate() {
        tree?.displayLinks.removeAll { $0 === self }
        tree = nil
        callback = nil
    }

    /// Runs the callback for a frame at animation time `time`.
    func fire(at time: Double) {
        guard !isPaused, let callback else { return }
        previousTimestamp = hasRun ? timestamp : time
        timestamp = time
        hasRun = true
        callback(self)
    }
}
