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
}

/// A layer's whole presentation, out of line.
final class PresentationBox {
    @exclusivity(unchecked) var properties = LayerProperties()
}

/// An animation that ran to its end during a frame.
struct EndedAnimation {
    let layer: Layer
    let key: String
    let animation: Animation
}

/// An animation whose natural duration is its settling time (springs).
@MainActor
protocol SettlingAnimation {
    var defaultSettlingDuration: Double { get }
}

extension SpringAnimation: SettlingAnimation {
    var defaultSettlingDuration: Double { settlingDuration }
}

extension Animation {
    /// Runs the delegate's and the completion's stop callbacks, once.
    func notifyStop(finished: Bool) {
        delegate?.animationDidStop(self, finished: finished)
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }
}
