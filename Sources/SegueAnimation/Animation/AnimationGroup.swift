/// Several animations on one timeline (`CAAnimationGroup`): the children's times are relative to the
/// group's, and they are cut off at the group's duration.
///
/// Differs from Core Animation: the children's own completions and delegates are not called; the
/// group's are. A child whose duration is 0 lasts the whole group (Core Animation gives it 0.25 s).
@MainActor
open class AnimationGroup: Animation {
    /// The animations, applied in order.
    public var animations: [Animation] = []

    public override init() {
        super.init()
    }

    /// A group of `animations` lasting `duration` seconds (0: the longest child's active duration).
    public convenience init(_ animations: [Animation], duration: Double = 0) {
        self.init()
        self.animations = animations
        self.duration = duration > 0 ? duration : animations.map { child in
            child.timing.beginTime + (child.timing.duration > 0 ? child.timing.activeDuration : 0)
        }.max() ?? 0
    }

    open override func apply(atIterationTime time: Double, to state: inout LayerProperties, base: LayerProperties) {
        for child in animations {
            if child.timing.duration <= 0 { child.timing.duration = timing.duration }
            let childTime = timingFunction.map { timing.duration > 0 ? $0.value(at: time / timing.duration) * timing.duration : time } ?? time
            child.apply(parentTime: childTime, begin: child.timing.beginTime, to: &state, base: base)
        }
    }
}
