/// Turns model changes made inside an animation block into animations.
///
/// ``Transaction`` hands every animatable property change made while a capture is active to it; the
/// capture decides what animation to add (``AnimationTemplate`` for `View.animate`, a property
/// animator's own capture for `ViewPropertyAnimator`).
@MainActor
public protocol AnimationCapture: AnyObject {
    /// `property` of `layer` changed from `old` to `new` (the model already holds `new`).
    func capture<Value: Interpolatable>(_ property: LayerProperty<Value>, of layer: Layer, from old: Value, to new: Value)
}

/// The scoped, main-actor transaction stack behind animation blocks (`CATransaction`), and the entry to
/// the queues of callbacks that run in a tree's next callbacks phase (each ``LayerTree`` has its own).
///
/// While a block runs under ``perform(capturing:_:)`` (as `View.animate` does), every animatable property
/// set on any layer is handed to the innermost capture, which adds an animation from the old model value
/// to the new one. Frames are pushed and popped around each block, so nesting works as in UIKit: an
/// inner `performWithoutAnimation` or a nested animate with other parameters applies to its own block
/// only. Inside ``recordChanges(_:)`` every model change (animated or not) is also recorded, so that it
/// can be reverted or settled (``ChangeRecord``).
///
/// This stack is the only global state in Segue's animation core, by design (Core Animation's
/// transactions are global too); queued callbacks belong to the tree whose frame queued them.
///
/// Differs from Core Animation: there are no implicit animations, so an explicit transaction animates
/// property changes only when given a duration (``setAnimationDuration(_:)``) or run through
/// ``perform(capturing:_:)``; a completion block never runs inside ``commit()``, not even when the
/// transaction added no animation: it runs in the callbacks phase of the next frame.
@MainActor
public enum Transaction {
    private struct Frame {
        var capture: AnimationCapture?
        var disableActions = false
        /// Set by the explicit API; turned into a capture on first use.
        var duration: Double?
        var timingFunction: MediaTimingFunction?
        var explicitTemplate: AnimationTemplate?
        /// The completion block's bookkeeping: the animations added since it was set.
        var completion: CompletionGroup?
        var recorder: ChangeRecord?
    }

    private static var stack: [Frame] = []
    /// Callbacks queued outside any tree's frame and for no tree in particular: the next tree to run its
    /// callbacks phase takes them (before work its own queue got later).
    ///
    /// Process-wide because such a callback has no tree to wait on: code outside every frame (an app's
    /// setup, a test's body) calling the UIKit-shaped entries that take no window or layer —
    /// `View.animate` with a duration of 0, ``AnimationTemplate/onAllStopped(_:)`` with nothing running,
    /// a property animator with nothing to animate, a transition completed by hand — still must not see
    /// its completion run inside the call (UIKit's promise), so it waits for the first frame of any tree.
    /// Every caller that knows a layer or a tree queues there instead (``enqueueCallback(for:_:)``,
    /// ``LayerTree/enqueueCallback(_:)``), and every entry into a tree (its frames, the input it handles,
    /// a root controller's loading) makes that tree the one queued on (``LayerTree/current``), so only
    /// work started outside every tree lands here.
    private static var unownedCallbacks: [QueuedCallback] = []
    /// Orders queued callbacks across the trees' queues and the unowned one: a tree's own queue is in
    /// order already, and the count only says where the unowned callbacks fall among its callbacks. It
    /// is process-wide for the reason ``unownedCallbacks`` is.
    private static var callbackSequence = 0
    /// How many frames of the stack record changes or track completions (a fast check for `Layer`).
    private static var observingFrames = 0

    /// The capture that property changes go to now, if any.
    public static var activeCapture: AnimationCapture? {
        guard let top = stack.last, !top.disableActions else { return nil }
        if let capture = top.capture { return capture }
        if let duration = top.duration {
            let template = top.explicitTemplate ?? AnimationTemplate(
                duration: duration, timing: .curve(top.timingFunction ?? .default))
            stack[stack.count - 1].explicitTemplate = template
            return template
        }
        return nil
    }

    /// Runs `body` with `capture` receiving every animatable change (nil: changes apply at once, as in
    /// `View.performWithoutAnimation`).
    public static func perform<T>(capturing capture: AnimationCapture?, _ body: () throws -> T) rethrows -> T {
        stack.append(Frame(capture: capture, disableActions: capture == nil))
        defer { stack.removeLast() }
        return try body()
    }

    /// The depth of the stack (0 outside any block).
    public static var depth: Int { stack.count }

    // MARK: Recording changes

    /// Runs `body` and returns the record of every model change made in it (animated or not, by any
    /// layer), with the animations added meanwhile: what a cancelled transition reverts.
    public static func recordChanges(_ body: () throws -> Void) rethrows -> ChangeRecord {
        let record = ChangeRecord()
        var frame = Frame()
        // A recording frame is transparent: it inherits the capture and settings of the frame below.
        if let below = stack.last {
            frame = below
            frame.completion = nil
            frame.explicitTemplate = below.explicitTemplate
        }
        frame.recorder = record
        stack.append(frame)
        observingFrames += 1
        defer {
            stack.removeLast()
            observingFrames -= 1
        }
        try body()
        return record
    }

    /// A layer's model value changed (called by `Layer` for every change).
    static func noteChange<Value>(_ property: LayerProperty<Value>, of layer: Layer, from old: Value, to new: Value) {
        guard observingFrames > 0 else { return }
        for frame in stack { frame.recorder?.record(property, of: layer, from: old, to: new) }
    }

    /// An animation was added to a layer (called by `Layer`).
    static func noteAdded(_ animation: Animation, to layer: Layer) {
        guard observingFrames > 0 else { return }
        // Innermost first, so that an inner transaction's completion runs before an outer one's.
        for frame in stack.reversed() {
            frame.recorder?.track(animation, on: layer)
            frame.completion?.track(animation, on: layer)
        }
    }

    // MARK: Callbacks in the next frame

    /// Queues `callback` to run in the callbacks phase of the next frame of the tree it belongs to, after
    /// the stop callbacks of the animations that end then: how Segue keeps its promise that a completion
    /// never runs inside the call that started the animation.
    ///
    /// The tree it belongs to is the one whose frame runs now (``LayerTree/current``): work queued by an
    /// input handler, a completion or a display link of a window runs in that window's next callbacks
    /// phase, never in another window's, also when one tree's frame runs inside another's (the inspector
    /// replaying a demo). Queued outside any frame, it belongs to no tree and the first tree to run its
    /// callbacks takes it; code that knows its tree says so with ``enqueueCallback(for:_:)``.
    public static func enqueueCallback(_ callback: @escaping () -> Void) {
        enqueue(callback, in: LayerTree.current)
    }

    /// Queues `callback` for the next callbacks phase of `layer`'s tree (the tree whose frame runs now if
    /// the layer is in none, as ``enqueueCallback(_:)``).
    public static func enqueueCallback(for layer: Layer?, _ callback: @escaping () -> Void) {
        enqueue(callback, in: layer?.tree ?? LayerTree.current)
    }

    static func enqueue(_ callback: @escaping () -> Void, in tree: LayerTree?) {
        callbackSequence += 1
        let item = QueuedCallback(sequence: callbackSequence, run: callback)
        if let tree { tree.queuedCallbacks.append(item) } else { unownedCallbacks.append(item) }
    }

    /// Takes the callbacks queued for `tree` and those queued for no tree, in the order they were queued
    /// (the callbacks phase runs them).
    static func takeQueuedCallbacks(for tree: LayerTree) -> [() -> Void] {
        if unownedCallbacks.isEmpty {
            guard !tree.queuedCallbacks.isEmpty else { return [] }
            defer { tree.queuedCallbacks.removeAll() }
            return tree.queuedCallbacks.map(\.run)
        }
        var merged = unownedCallbacks + tree.queuedCallbacks
        unownedCallbacks.removeAll()
        tree.queuedCallbacks.removeAll()
        merged.sort { $0.sequence < $1.sequence }
        return merged.map(\.run)
    }

    /// Whether callbacks queued outside any frame, for no tree, wait for the first tree to run a frame.
    public static var hasUnownedCallbacks: Bool { !unownedCallbacks.isEmpty }

    // MARK: The explicit, CATransaction-style API

    /// Opens an explicit transaction. It inherits nothing from enclosing animation blocks but its
    /// stack position: a nested explicit transaction's animations count for the enclosing ones'
    /// completion blocks too.
    public static func begin() {
        stack.append(Frame())
    }

    /// Closes the innermost explicit transaction. Its completion block runs (in a frame's callbacks
    /// phase) when every animation added since the block was set has stopped — explicit ``Layer/add(_:forKey:)``
    /// ones included — or in the next frame if none was added.
    public static func commit() {
        precondition(!stack.isEmpty, "Transaction.commit() without a matching begin()")
        let frame = stack.removeLast()
        if let group = frame.completion {
            observingFrames -= 1
            group.seal()
        }
    }

    /// Sets the duration of animations captured in the innermost explicit transaction, and of animations
    /// added with a duration of 0 inside it (Core Animation's rule).
    public static func setAnimationDuration(_ seconds: Double) {
        precondition(!stack.isEmpty, "Transaction.setAnimationDuration outside begin()/commit()")
        stack[stack.count - 1].duration = seconds
    }

    /// The duration set in the innermost transaction that has one (Core Animation's default, 0.25 s, if
    /// none has).
    public static func animationDuration() -> Double {
        stack.last { $0.duration != nil }?.duration ?? Animation.defaultDuration
    }

    /// Sets the curve of animations captured in the innermost explicit transaction.
    public static func setAnimationTimingFunction(_ function: MediaTimingFunction?) {
        precondition(!stack.isEmpty, "Transaction.setAnimationTimingFunction outside begin()/commit()")
        stack[stack.count - 1].timingFunction = function
    }

    /// Whether property changes in the innermost transaction are captured as animations.
    public static func setDisableActions(_ disabled: Bool) {
        precondition(!stack.isEmpty, "Transaction.setDisableActions outside begin()/commit()")
        stack[stack.count - 1].disableActions = disabled
    }

    /// Whether the innermost transaction disables animation capture.
    public static func disableActions() -> Bool { stack.last?.disableActions ?? false }

    /// Sets the block run when every animation added from now on in the innermost explicit transaction
    /// (and in transactions nested in it) has stopped. Setting another block seals the previous one: it
    /// runs when the animations added before have stopped.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        precondition(!stack.isEmpty, "Transaction.setCompletionBlock outside begin()/commit()")
        if let previous = stack[stack.count - 1].completion {
            observingFrames -= 1
            previous.seal()
        }
        stack[stack.count - 1].completion = block.map { block in
            observingFrames += 1
            return CompletionGroup { block() }
        }
    }
}

/// The animations a completion block waits for: it runs, in a frame's callbacks phase, once it is sealed
/// (its transaction committed) and every animation it tracks has stopped.
@MainActor
final class CompletionGroup {
    private var pending = 0
    private var sealed = false
    private var block: (() -> Void)?

    init(_ block: @escaping () -> Void) { self.block = block }

    /// The tree of the first layer an animation it waits for was added to (its block runs there).
    private weak var tree: LayerTree?

    func track(_ animation: Animation, on layer: Layer) {
        if tree == nil { tree = layer.tree }
        pending += 1
        animation.stopObservers.append { [self] _ in
            pending -= 1
            fireIfDone()
        }
    }

    func seal() {
        sealed = true
        fireIfDone()
    }

    private func fireIfDone() {
        guard sealed, pending == 0, let block else { return }
        self.block = nil
        Transaction.enqueue(block, in: tree ?? LayerTree.current)
    }
}

/// A callback waiting for a callbacks phase, numbered in the order it was queued.
struct QueuedCallback {
    let sequence: Int
    let run: () -> Void
}
