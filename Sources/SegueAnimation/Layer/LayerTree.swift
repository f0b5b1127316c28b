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
    /// The animations' per-frame state, laid out for the presentation pass.
    let store = AnimationStore()
    /// Told before and after each update (property animators), weakly held, in the order added.
    private var observers: [WeakFrameObserver] = []

    /// A tree whose root layer's parent time is `clock`'s time.
    public init(root: Layer = Layer(), clock: FrameClock) {
        precondition(root.superlayer == nil, "A tree's root cannot have a superlayer")
        self.root = root
        self.clock = clock
        root.hostingTree = self
    }

    func noteDetached(_ layer: Layer) { detached.append(layer) }

    /// Adds an object told before and after every update (held weakly; adding it twice does nothing).
    public func addFrameObserver(_ observer: FrameObserver) {
        observers.removeAll { $0.observer == nil }
        if !observers.contains(where: { $0.observer === observer }) { observers.append(WeakFrameObserver(observer: observer)) }
    }

    /// Removes an observer added with ``addFrameObserver(_:)``.
    public func removeFrameObserver(_ observer: FrameObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
    }

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
        let now = clock.now
        let watching = observers.compactMap(\.observer)
        for observer in watching { observer.frameWillUpdate(at: now) }
        var ended: [EndedAnimation] = []
        var started: [Animation] = []
        if store.isDirty { store.rebuild(root: root) }
        store.update(now: now, ended: &ended, started: &started)
        for animation in started { animation.delegate?.animationDidStart(animation) }
        for item in ended { item.layer.finishAnimation(item) }
        for observer in watching { observer.frameDidUpdate(at: now) }
    }
}

/// Something that runs on a tree's frames (a property animator): told with the clock's time before the
/// presentation pass (to compute what it will show) and after it (to finish what ended).
@MainActor
public protocol FrameObserver: AnyObject {
    func frameWillUpdate(at time: Double)
    func frameDidUpdate(at time: Double)
}

private struct WeakFrameObserver {
    weak var observer: FrameObserver?
}
