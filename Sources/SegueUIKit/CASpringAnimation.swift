/// `CASpringAnimation`: a basic animation paced by a damped spring, e.g.
/// `CASpringAnimation(keyPath: "transform.scale")`. It runs as Segue's typed `SpringAnimation`.
///
/// Differs from Core Animation: added with a duration of 0 it lasts its ``settlingDuration`` (Core
/// Animation gives it 0.25 s, cutting most springs short), and ``settlingDuration`` is Segue's estimate
/// (the time the spring's envelope takes to come within `Spring.defaultSettlingTolerance` of rest),
/// which may differ a little from Core Animation's. No `init(perceptualDuration:bounce:)` or
/// `allowsOverdamping`.
@MainActor
open class CASpringAnimation: CABasicAnimation, SettlingAnimation {
    /// The mass on the spring (default 1, as in Core Animation).
    open var mass: CGFloat = CGFloat(Spring.defaultMass)
    /// The spring's stiffness (default 100, as in Core Animation).
    open var stiffness: CGFloat = CGFloat(Spring.defaultStiffness)
    /// The damping coefficient (default 10, as in Core Animation).
    open var damping: CGFloat = CGFloat(Spring.defaultDamping)
    /// The initial velocity, in units of the whole distance per second (positive towards the end value).
    open var initialVelocity: CGFloat = 0

    /// An animation of the property `path` names (`CASpringAnimation(keyPath:)`).
    public override init(keyPath path: String?) {
        super.init(keyPath: path)
    }

    /// An animation with no key path yet: set ``CAPropertyAnimation/keyPath`` before adding it.
    public override init() {
        super.init()
    }

    /// A copy of `other`, with its spring.
    public required init(copying other: Animation) {
        let source = other as! CASpringAnimation
        mass = source.mass
        stiffness = source.stiffness
        damping = source.damping
        initialVelocity = source.initialVelocity
        super.init(copying: other)
    }

    /// The spring's mass, stiffness and damping.
    final var spring: Spring { Spring(mass: mass, stiffness: stiffness, damping: damping) }

    /// How long the spring takes to settle from ``initialVelocity``, in seconds.
    open var settlingDuration: CFTimeInterval { spring.settlingDuration(initialVelocity: initialVelocity) }

    /// The duration a spring added with no duration gets: its ``settlingDuration``.
    public var defaultSettlingDuration: Double { settlingDuration }

    /// A `SpringAnimation` of `property` with this one's spring, values, timing and additivity.
    override func makeTypedAnimation<Value: CAAnimationValue>(_ property: LayerProperty<Value>) -> BasicAnimation<Value> {
        let animation = SpringAnimation(property)
        animation.spring = spring
        animation.initialVelocity = initialVelocity
        return configure(animation)
    }
}
