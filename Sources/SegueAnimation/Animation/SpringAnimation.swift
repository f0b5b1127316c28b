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

    public var mass: Double {
        get { spring.mass }
        set { spring.mass = newValue }
    }
    public var stiffness: Double {
        get { spring.stiffness }
        set { spring.stiffness = newValue }
    }
    public var damping: Double {
        get { spring.damping }
        set { spring.damping = newValue }
    }

    /// How long the spring takes to settle, in seconds.
    public var settlingDuration: Double { spring.settlingDuration(initialVelocity: initialVelocity) }

    public override init(_ property: LayerProperty<Value>) {
        super.init(property)
    }

    /// The simulation for the current spring and velocity, made once.
    private var cachedSimulation: (spring: Spring, velocity: Double, simulation: SpringSimulation)?

    open override func fraction(atIterationTime time: Double) -> Double {
        let sim: SpringSimulation
        if let cached = cachedSimulation, cached.spring == spring, cached.velocity == initialVelocity {
            sim = cached.simulation
        } else {
            sim = SpringSimulation(spring: spring, initialVelocity: initialVelocity)
            cachedSimulation = (spring, initialVelocity, sim)
        }
        // A timing function, if any, warps time before the spring sees it.
        let d = timing.duration
        let warped = timingFunction.map { d > 0 ? $0.value(at: time / d) * d : time } ?? time
        return sim.value(at: warped)
    }
}
