/// `CAPropertyAnimation`: an animation of the layer property a Core Animation key path names, the base
/// of ``CABasicAnimation`` and ``CAKeyframeAnimation``.
///
/// The key path is mapped once, when it is set, to Segue's typed property (`"position.x"` to
/// `LayerProperty.positionX`); a key path Segue does not animate stops the program with a message that
/// names it and lists those it does, and so does a value of a type the property does not take. When the
/// animation is added to a layer, the copy the layer keeps builds the typed Segue animation
/// (`BasicAnimation`, `SpringAnimation`, `KeyframeAnimation`) with its timing and runs it; the delegate
/// and the completion are told about that copy, as in Core Animation.
///
/// Differs from Core Animation: no `valueFunction` or `isCumulative`; animations of these classes take
/// the presentation pass's general path rather than its fast path for stored vector properties.
@MainActor
open class CAPropertyAnimation: Animation {
    /// The animated property's Core Animation key path ("position.x", "transform.scale", ...). Setting
    /// a key path Segue does not animate stops the program, naming it.
    open var keyPath: String? {
        didSet {
            target = keyPath.map { CAKeyPath.property($0, for: animationName) }
            checkValues()
        }
    }
    /// Whether the animated value is added to the value beneath (the model, or earlier animations)
    /// rather than replacing it.
    open var isAdditive = false

    /// The typed property ``keyPath`` names.
    private(set) var target: (any CAKeyPathProperty)?

    /// An animation of the property `path` names (`CAPropertyAnimation(keyPath:)`).
    public init(keyPath path: String?) {
        keyPath = path
        super.init()
        target = path.map { CAKeyPath.property($0, for: animationName) }
    }

    /// An animation with no key path yet: set ``keyPath`` before adding it.
    public override init() {
        super.init()
    }

    /// A copy of `other`, with its key path and additivity.
    public required init(copying other: Animation) {
        let source = other as! CAPropertyAnimation
        keyPath = source.keyPath
        isAdditive = source.isAdditive
        target = source.target
        super.init(copying: other)
    }

    /// The class's name, for error messages ("CABasicAnimation").
    final var animationName: String { String(describing: type(of: self)) }

    /// The typed property, which an animation added to a layer must have.
    final func resolvedTarget() -> any CAKeyPathProperty {
        guard let target else {
            preconditionFailure("\(animationName) was added to a layer with no keyPath; set one of: "
                                + CAKeyPath.all.map(\.keyPath).joined(separator: ", "))
        }
        return target
    }

    /// The values set so far, with the names error messages give them (overridden by subclasses).
    func namedValues() -> [(role: String, value: Any)] { [] }

    /// Checks each value set against the key path's property (a value of the wrong type stops the
    /// program, naming the key path and the type). Runs whenever a value or the key path changes.
    final func checkValues() {
        guard let target, let keyPath else { return }
        for (role, value) in namedValues() {
            target.check(value, role: role, keyPath: keyPath, in: animationName)
        }
    }

    /// Copies the timeline and the pacing into the typed animation that runs in this one's place.
    final func copyTiming(to animation: PropertyAnimation<some Interpolatable>) {
        animation.timing = timing
        animation.timingFunction = timingFunction
        animation.isAdditive = isAdditive
    }

    /// Stops the program: a `CAPropertyAnimation` itself says no values, as in Core Animation, where it
    /// is abstract. Add a ``CABasicAnimation``, ``CASpringAnimation`` or ``CAKeyframeAnimation``.
    open override func makeEvaluator() -> Evaluator {
        preconditionFailure("\(animationName) is abstract: add a CABasicAnimation, CASpringAnimation or CAKeyframeAnimation")
    }

    /// Applies the animation at an iteration time (the slow path; layers use ``makeEvaluator()``).
    open override func apply(atIterationTime time: Double, to state: inout LayerProperties) {
        makeEvaluator()(&state, time)
    }
}
