/// A basic animation paced by a damped spring (`CASpringAnimation`).
///
/// The spring runs from `fromValue` to `toValue` and may overshoot. Differs from Core Animation: when
/// the duration is 0 at the time it is added, the duration becomes the spring's ``settlingDuration``
/// (Core Animation keeps its default of 0.25 s, which cuts most springs short).
@MainActor
open class SpringAnimation<Value: Interpolatable>: BasicAnimation<Value> {
    /// The spring's mass, stiffness and damping.
    public var spring = Spring()
    /// The initial velocity, in units of the whole distance per second (positive towards `toValue`).
    public var initialVelocity: Double = 0

    /// The mass on the spring (default 1).
    public var mass: Double {
        get { spring.mass }
        set { spring.mass = newValue }
    }
    /// The spring's stiffness (default 100).
    public var stiffness: Double {
        get { spring.stiffness }
        set { spring.stiffness = newValue }
    }
    /// The damping coefficient (default 10).
    public var damping: Double {
        get { spring.damping }
        set { spring.damping = newValue }
    }

    /// How long the spring takes to settle, in seconds.
    public var settlingDuration: Double { spring.settlingDuration(initialVelocity: initialVelocity) }

    /// A spring animation of `property` with Core Animation's default spring.
    public override init(_ property: LayerProperty<Value>) {
        super.init(property)
    }

    /// A copy of `other`, with its spring and initial velocity.
    public required init(copying other: Animation) {
        let source = other as! SpringAnimation<Value>
        spring = source.spring
        initialVelocity = source.initialVelocity
        super.init(copying: other)
    }

    override func fastPacing() -> FastAnimation.Pacing? {
        // A timing function warping the spring's time is left to the closure path.
        timingFunction == nil ? .spring(SpringSimulation(spring: spring, initialVelocity: initialVelocity)) : nil
    }

    /// The spring's progress at an iteration time (time warped by the timing function, if any).
    open override func makeFraction() -> (Double) -> Double {
        let simulation = SpringSimulation(spring: spring, initialVelocity: initialVelocity)
        let d = timing.duration
        // A timing function, if any, warps time before the spring sees it.
        guard let function = timingFunction, d > 0 else { return { time in simulation.value(at: time) } }
        return { time in simulation.value(at: function.value(at: time / d) * d) }
    }
}
