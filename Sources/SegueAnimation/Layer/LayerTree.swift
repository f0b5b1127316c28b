/// A layer tree with its clock: the owner of everything that is per-tree rather than global — the
/// current media time, the per-frame presentation pass, and the completions of animations that end.
///
/// Differs from Core Animation: where CA commits and renders implicitly, a host (the SDL window loop,
/// a test, headless replay) calls ``update()`` once per frame after advancing the clock.
@MainActor
public final class LayerTree {
    /// The root layer; its parent time is the clock's time.
    public let root: Layer
    /// The clock every animation in the tree reads.
    public let clock: FrameClock
    /// Layers that left the tree since the last update; stopped if they are not back by then.
    private var detached: [Layer] = []

    public init(root: Layer = Layer(), clock: FrameClock) {
        precondition(root.superlayer == nil, "A tree's root cannot have a superlayer")
        self.root = root
        self.clock = clock
        root.hostingTree = self
    }

    func noteDetached(_ layer: Layer) { detached.append(layer) }

    /// Computes the presentation of every layer at the clock's time, fixes the begin time of animations
    /// added since the last update ("now"), then removes the animations that ran to their end and runs
    /// their completions (in tree order, then the order they were added). Layers that left the tree since
    /// the last update and did not come back have their animations stopped (`finished == false`).
    public func update() {
        let orphans = detached
        detached.removeAll()
        for layer in orphans where layer.tree !== self {
            layer.removeAllAnimationsInSubtree()
        }
        var ended: [EndedAnimation] = []
        var started: [Animation] = []
        root.updatePresentation(parentTime: clock.now, parentSpeed: 1, ended: &ended, started: &started)
        for animation in started { animation.delegate?.animationDidStart(animation) }
        for item in ended { item.layer.finishAnimation(item) }
    }
}
