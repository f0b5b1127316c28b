/// An animation attached to a layer, with what the presentation pass needs copied out of it. A class,
/// so the pass walks references instead of copying entries.
@MainActor
final class AnimationEntry {
    let key: String
    let animation: Animation
    /// The animation's timing when added.
    let timing: MediaTimingValues
    /// The animation as plain data, when it can be (the fast path).
    let fast: FastAnimation?
    /// The animation's per-frame work otherwise.
    let evaluate: Animation.Evaluator
    /// The begin time in the layer's local time; nil until the next frame fixes it.
    @exclusivity(unchecked) var begin: Double?
    /// Seconds after "now" that a pending animation begins.
    let delay: Double
    /// Whether the delegate was told that the animation started (when its active time first reached 0).
    var didNotifyStart = false
    /// Whether the stop callbacks ran (once: at the end, or on removal).
    var didNotifyStop = false

    init(key: String, animation: Animation, begin: Double?, delay: Double) {
        self.key = key
        self.animation = animation
        timing = animation.timing
        fast = animation.makeFastAnimation()
        evaluate = animation.makeEvaluator()
        self.begin = begin
        self.delay = delay
    }

    /// Applies the animation at a layer time, with its begin time fixed (`begin` when it is not yet);
    /// returns its active time.
    @discardableResult
    func apply(layerTime: Double, begin pendingBegin: Double? = nil, to state: inout LayerProperties) -> Double {
        let t = timing.activeTime(parentTime: layerTime, beginTime: begin ?? pendingBegin ?? layerTime)
        if case .active(let iterationTime) = timing.position(atActiveTime: t) {
            if let fast {
                fast.apply(to: &state, atIterationTime: iterationTime)
            } else {
                evaluate(&state, iterationTime)
            }
        }
        return t
    }

    /// Runs the stop callbacks of a removed animation in the next frame's callbacks phase (once).
    /// in the callbacks phase of `layer`'s tree (the tree running a frame now if it is in none).
    func notifyStopLater(finished: Bool, on layer: Layer) {
        guard !didNotifyStop else { return }
        didNotifyStop = true
        let animation = self.animation
        Transaction.enqueueCallback(for: layer) { animation.notifyStop(finished: finished) }
    }
}

/// What a sweep of the presentation pass found: animations that began (their active time reached 0 for
/// the first time) and animations that ran to their end, in tree order.
@MainActor
struct AnimationEvents {
    var started: [AnimationEntry] = []
    var ended: [(order: Int, layer: Layer, entry: AnimationEntry)] = []
    /// The tree order of the layer being swept (for ordering completions).
    var order = 0

    var isEmpty: Bool { started.isEmpty && ended.isEmpty }

    /// Notes what an entry's active time `t` means, at `rate` (how fast the layer's time runs).
    mutating func note(_ entry: AnimationEntry, of layer: Layer, activeTime t: Double, rate: Double) {
        if !entry.didNotifyStart && t >= 0 { started.append(entry) }
        if !entry.didNotifyStop && entry.timing.hasEnded(atActiveTime: t, rate: rate * entry.timing.speed) {
            ended.append((order, layer, entry))
        }
    }
}

/// A layer's whole presentation, out of line.
final class PresentationBox {
    @exclusivity(unchecked) var properties = LayerProperties()
}

/// An animation whose natural duration is its settling time (springs): added with a duration of 0, it
/// lasts ``defaultSettlingDuration`` rather than the transaction's duration. No Core Animation
/// counterpart (a `CASpringAnimation` with no duration lasts 0.25 s and is cut short).
@MainActor
public protocol SettlingAnimation {
    /// The duration the animation gets when it is added with a duration of 0, in seconds.
    var defaultSettlingDuration: Double { get }
}

extension SpringAnimation: SettlingAnimation {
    /// The spring's ``SpringAnimation/settlingDuration``.
    public var defaultSettlingDuration: Double { settlingDuration }
}

extension Animation {
    /// Runs the delegate's and the completion's stop callbacks, then the internal stop observers; once.
    func notifyStop(finished: Bool) {
        delegate?.animationDidStop(self, finished: finished)
        let completion = self.completion
        self.completion = nil
        completion?(finished)
        let observers = stopObservers
        stopObservers.removeAll()
        for observer in observers { observer(finished) }
    }
}
