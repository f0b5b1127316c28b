/// Several animations on one timeline (`CAAnimationGroup`): the children's times are relative to the
/// group's, and they are cut off at the group's duration.
///
/// Differs from Core Animation: the children's own completions and delegates are not called; the
/// group's are. A child whose duration is 0 lasts the whole group (Core Animation gives it 0.25 s).
@MainActor
open class AnimationGroup: Animation {
    /// The animations, applied in order.
    public var animations: [Animation] = []

    /// An empty group.
    public override init() {
        super.init()
    }

    /// A copy of `other`, with copies of its animations.
    public required init(copying other: Animation) {
        animations = (other as! AnimationGroup).animations.map { $0.copy() }
        super.init(copying: other)
    }

    /// A group of `animations` lasting `duration` seconds (0: the longest child's active duration).
    public convenience init(_ animations: [Animation], duration: Double = 0) {
        self.init()
        self.animations = animations
        self.duration = duration > 0 ? duration : animations.map { child in
            child.timing.beginTime + (child.timing.duration > 0 ? child.timing.activeDuration : 0)
        }.max() ?? 0
    }

    /// Applies the children on the group's timeline, each through its own timing.
    open override func makeEvaluator() -> Evaluator {
        let children = animations.map { child -> (MediaTimingValues, Evaluator) in
            if child.timing.duration <= 0 { child.timing.duration = timing.duration }
            return (child.timing, child.makeEvaluator())
        }
        let warp = timingFunction.map { function in { (t: Double, d: Double) in d > 0 ? function.value(at: t / d) * d : t } }
        let d = timing.duration
        return { state, time in
            let groupTime = warp?(time, d) ?? time
            for (childTiming, evaluate) in children {
                let position = childTiming.position(atActiveTime: childTiming.activeTime(parentTime: groupTime, beginTime: childTiming.beginTime))
                if case .active(let t) = position { evaluate(&state, t) }
            }
        }
    }

    /// Applies the children at a group time (the slow path; the presentation pass uses ``makeEvaluator()``).
    open override func apply(atIterationTime time: Double, to state: inout LayerProperties) {
        makeEvaluator()(&state, time)
    }
}
