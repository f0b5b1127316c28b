/// A layer tree with its clock: the owner of everything that is per-tree rather than global — the
/// current media time (the clock's time through the tree's time scale), the callbacks phase (animations
/// that start and stop) and the presentation pass.
///
/// A frame runs ``runDueCallbacks()`` and then ``computePresentation()`` (``update()`` does both), after
/// the input, queued work and layout of the frame; the host renders after them. Callbacks come before
/// the presentation so that whatever a completion changes (model values, new animations, views added or
/// removed) is drawn consistently in the same frame.
///
/// Differs from Core Animation: where CA commits and renders implicitly, a host (the SDL window loop,
/// a test, headless replay) runs the frame once per frame after advancing the clock.
@MainActor
public final class LayerTree {
    /// The root layer; its parent time is the tree's ``mediaTime``.
    public let root: Layer
    /// The clock the tree's time follows.
    public let clock: FrameClock
    /// What hosts the tree (a window), held weakly: how code that knows a layer finds the window it is
    /// shown in (a keyframe animation's `.layoutSubviews` lays out the windows of the views it animates).
    package weak var owner: AnyObject?
    /// Layers that left the tree since the last update; stopped if they are not back by then.
    private var detached: [Layer] = []
    /// The animations' per-frame state, laid out for the presentation pass.
    let store = AnimationStore()
    /// The media time of the store's last sweep (NaN: none yet).
    private var sweptAt = Double.nan
    /// The clock time and media time at the last change of the time scale.
    private var scaleOrigin = (clock: 0.0, media: 0.0)

    /// The display links added to the tree, run at the start of each callbacks phase.
    var displayLinks: [DisplayLink] = []
    /// The callbacks queued for the tree's next callbacks phase (``Transaction/enqueueCallback(_:)``).
    var queuedCallbacks: [QueuedCallback] = []

    /// The trees whose frames (or callbacks phases) run now, innermost last: one tree's frame may run
    /// inside another's (the inspector runs the inspected demo's frames in its own queued work).
    ///
    /// Process-wide because the UIKit-shaped entries that queue work take no window (`View.animate`'s
    /// completion, `Transaction.setCompletionBlock`, ``Transaction/enqueueCallback(_:)``, the stock
    /// transitions' completions): the tree whose frame or input runs now is how they learn theirs. It holds
    /// a tree only for the length of a call into it (``runAsCurrent(_:)``: a frame, an input, a root
    /// controller's loading), so no state outlives the call; outside every call it is empty.
    private static var running: [LayerTree] = []

    /// The tree whose frame runs now, if any: the one that work queued now belongs to.
    public static var current: LayerTree? { running.last }

    /// Runs `body` as part of this tree's frame (``current`` is this tree meanwhile): what a host's entry
    /// into the tree's window (a frame, an input handled between frames) queues belongs to this tree.
    package func runAsCurrent<T>(_ body: () throws -> T) rethrows -> T {
        Self.running.append(self)
        defer { Self.running.removeLast() }
        return try body()
    }

    /// Queues `callback` for this tree's next callbacks phase, whichever tree's frame runs now.
    public func enqueueCallback(_ callback: @escaping () -> Void) {
        Transaction.enqueue(callback, in: self)
    }

    /// How many rounds of callbacks one frame runs at most (a completion that starts an animation that
    /// ends at once, that starts another...); the rest waits for the next frame.
    public static let maxCallbackRounds = 32

    /// A tree whose root layer's parent time is `clock`'s time.
    public init(root: Layer = Layer(), clock: FrameClock) {
        precondition(root.superlayer == nil, "A tree's root cannot have a superlayer")
        self.root = root
        self.clock = clock
        root.hostingTree = self
        scaleOrigin = (clock.now, clock.now)
    }

    func noteDetached(_ layer: Layer) { detached.append(layer) }

    /// Whether the next frame must run even if no input arrives: an animation is running (or waits for
    /// its begin time), a display link is active, callbacks are queued for the callbacks phase, or layers
    /// that left the tree still have animations to stop. When false, the tree looks and behaves the same
    /// at any later time until something changes it, so a host may sleep until input arrives (frames on
    /// demand; Core Animation's render server likewise commits nothing while nothing changes).
    public var needsNextFrame: Bool {
        root.isSubtreeAnimating || !detached.isEmpty || !queuedCallbacks.isEmpty || Transaction.hasUnownedCallbacks
            || displayLinks.contains { !$0.isPaused }
    }

    // MARK: Time

    /// How fast animation time runs against the clock: 1 is real time, 0.1 ten times slower (the iOS
    /// Simulator's "Slow Animations"). Changing it keeps ``mediaTime`` continuous (nothing on screen
    /// jumps). It scales animation time only: gesture velocities and event timestamps keep the clock's
    /// time. Must be positive.
    public var timeScale: Double = 1 {
        willSet {
            precondition(newValue > 0 && newValue.isFinite, "LayerTree.timeScale must be positive and finite, got \(newValue)")
            scaleOrigin = (clock.now, mediaTime)
        }
    }

    /// The tree's global time: the parent time of the root layer, what `CACurrentMediaTime()` is to a
    /// Core Animation layer tree. Equal to the clock's time at time scale 1.
    public var mediaTime: Double {
        scaleOrigin.media + (clock.now - scaleOrigin.clock) * timeScale
    }

    // MARK: The frame's phases

    /// The size of the animation store, in entries (nodes + slots + owners + layers with full
    /// animations): a diagnostic for soak runs, which check that it returns to its idle size.
    public var animationStoreSize: Int {
        store.nodes.count + store.slots.count + store.owners.count + store.fullLayers.count
    }

    /// The callbacks phase: runs the display links, then fixes the begin times of animations added since the last frame, tells the
    /// delegates of animations that began, runs the stop callbacks of animations that ran to their end
    /// (dropping them, unless retained) in tree order, then the callbacks queued with
    /// ``Transaction/enqueueCallback(_:)`` for this tree or for none (completions of animation blocks and
    /// transactions; never another tree's); repeated
    /// while callbacks cause more (at most ``maxCallbackRounds`` rounds). Layers that left the tree since
    /// the last frame and did not come back have their animations stopped first (`finished == false`).
    public func runDueCallbacks() {
        runAsCurrent { runCallbacksPhase() }
    }

    private func runCallbacksPhase() {
        let orphans = detached
        detached.removeAll()
        for layer in orphans where layer.tree !== self {
            layer.removeAllAnimationsInSubtree()
        }
        if !displayLinks.isEmpty {
            let now = mediaTime
            for link in displayLinks { link.fire(at: now) }
        }
        for _ in 0..<Self.maxCallbackRounds {
            var found: AnimationEvents? = AnimationEvents()
            sweep(events: &found)
            let events = found!
            let queued = Transaction.takeQueuedCallbacks(for: self)
            if events.isEmpty && queued.isEmpty { return }
            for entry in events.started where !entry.didNotifyStart {
                entry.didNotifyStart = true
                entry.animation.delegate?.animationDidStart(entry.animation)
            }
            for item in events.ended { item.layer.finishAnimation(item.entry) }
            for callback in queued { callback() }
        }
    }

    /// The presentation phase: computes the presentation of every layer at the tree's media time (a
    /// sweep of the store, skipped when the callbacks phase's last sweep is still valid: same time,
    /// nothing changed since).
    public func computePresentation() {
        if !store.isDirty && sweptAt == mediaTime { return }
        var none: AnimationEvents? = nil
        sweep(events: &none)
    }

    /// A frame with no input, queued work, layout or rendering: ``runDueCallbacks()`` then
    /// ``computePresentation()`` (``runFrame(input:queuedWork:layout:render:observer:)`` with its defaults).
    public func update() {
        runDueCallbacks()
        computePresentation()
    }

    private func sweep(events: inout AnimationEvents?) {
        if store.isDirty {
            store.rebuild(root: root)
        } else {
            assert(store.layersAreAll(in: self), "A layer that left the tree is still in its animation store "
                + "(a detach did not mark the store dirty)")
        }
        let now = mediaTime
        store.update(now: now, events: &events)
        sweptAt = now
    }
}
