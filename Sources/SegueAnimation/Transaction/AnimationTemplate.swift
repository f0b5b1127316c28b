/// How the animations of one animation block are made: duration, delay, curve or spring, repetition,
/// and one completion for all of them. The capture behind `View.animate` and explicit transactions.
///
/// Each captured change becomes a ``BasicAnimation`` (or ``SpringAnimation``) from the old model value to
/// the new one. For properties that UIKit animates additively (geometry: position, bounds, transform...)
/// the animation is additive — from `old - new` to zero on top of the model — so a second block started
/// mid-flight adds to the first and motion stays continuous in position and velocity. Other properties
/// (opacity, colours...) get one animation per property that replaces the previous one, which then stops
/// unfinished; it starts from the old model value, or from the value on screen with
/// ``beginsFromCurrentState``.
@MainActor
public final class AnimationTemplate: AnimationCapture {
    /// The pacing of the animations.
    public enum Timing: Sendable {
        /// A Bézier timing curve.
        case curve(MediaTimingFunction)
        /// A spring; `initialVelocity` in units of the whole distance per second.
        case spring(Spring, initialVelocity: Double)
    }

    /// How long each animation runs, in seconds.
    public let duration: Double
    /// How long after the next frame the animations begin, in seconds (they show their start meanwhile).
    public let delay: Double
    /// The pacing: a curve or a spring.
    public let timing: Timing
    /// How many times the animations repeat (0: once; `.infinity`: forever).
    public let repeatCount: Double
    /// Whether each animation plays back after playing forwards.
    public let autoreverses: Bool
    /// For non-additive properties: start from the presentation value instead of the old model value.
    public let beginsFromCurrentState: Bool
    /// Whether the animated layers take pointer input while the animations run.
    public let allowsUserInteraction: Bool

    private var pending = 0
    private var allFinished = true
    private var completions: [(Bool) -> Void] = []
    /// Whether the block captured anything.
    public private(set) var capturedAny = false

    /// A template for the animations of one block.
    public init(duration: Double, delay: Double = 0, timing: Timing, repeatCount: Double = 0,
                autoreverses: Bool = false, beginsFromCurrentState: Bool = false,
                allowsUserInteraction: Bool = true) {
        self.allowsUserInteraction = allowsUserInteraction
        self.duration = duration
        self.delay = delay
        self.timing = timing
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.beginsFromCurrentState = beginsFromCurrentState
    }

    /// Runs `completion` once every animation made from this template has stopped, with `true` if all of
    /// them ran to their end. It runs in a frame's callbacks phase, never inside this call: when none is
    /// running (none was made, or all have stopped), in the next frame's.
    public func onAllStopped(_ completion: @escaping (Bool) -> Void) {
        if pending == 0 {
            let finished = allFinished
            Transaction.enqueueCallback { completion(finished) }
        } else {
            completions.append(completion)
        }
    }

    /// Adds the animation of one captured change (see the type's description for additive and replacing properties).
    public func capture<Value: Interpolatable>(_ property: LayerProperty<Value>, of layer: Layer,
                                               from old: Value, to new: Value) {
        let animation: BasicAnimation<Value>
        switch timing {
        case .curve(let function):
            animation = BasicAnimation(property)
            animation.timingFunction = function
        case .spring(let spring, let velocity):
            let springAnimation = SpringAnimation(property)
            springAnimation.spring = spring
            springAnimation.initialVelocity = velocity
            animation = springAnimation
        }
        let key: String?
        if property.isAdditiveInViewAnimations {
            animation.isAdditive = true
            animation.fromValue = old.subtracting(new)
            animation.toValue = Value.additiveIdentity
            key = nil
        } else {
            // The value on screen before this change: that of the running animation of this property,
            // which replaces the model value (non-additive), or else the old model value.
            let fromScreen = beginsFromCurrentState && layer.animation(forKey: property.name) != nil
            let start = fromScreen ? property.get(layer.presentationValues()) : old
            animation.fromValue = start
            animation.toValue = new
            key = property.name
        }
        attach(animation, to: layer, forKey: key)
    }

    /// Adds a copy of an animation made elsewhere (keyframes) under this template's timing (duration,
    /// delay, repetition, interaction) and completion bookkeeping; `animation` itself is not changed.
    public func add(_ animation: Animation, to layer: Layer, forKey key: String?) {
        attach(animation.copy(), to: layer, forKey: key)
    }

    private func attach(_ animation: Animation, to layer: Layer, forKey key: String?) {
        animation.duration = duration
        animation.repeatCount = repeatCount
        animation.autoreverses = autoreverses
        animation.allowsUserInteraction = allowsUserInteraction
        if delay > 0 { animation.fillMode = .backwards }
        pending += 1
        capturedAny = true
        animation.stopObservers.append { [self] finished in
            self.animationStopped(finished: finished)
        }
        layer.attach(animation, forKey: key, delay: delay)
    }

    private func animationStopped(finished: Bool) {
        pending -= 1
        if !finished { allFinished = false }
        if pending == 0 {
            let run = completions
            completions.removeAll()
            for completion in run { completion(allFinished) }
        }
    }
}
