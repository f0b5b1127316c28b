/// `CABasicAnimation`: a single-segment animation of the layer property a Core Animation key path
/// names, e.g. `CABasicAnimation(keyPath: "position.x")`. It runs as Segue's typed `BasicAnimation`.
///
/// `fromValue`, `toValue` and `byValue` combine as in Core Animation (see `BasicAnimation`). They take
/// what Core Animation code passes: for scalar key paths (`"opacity"`, `"position.x"`,
/// `"transform.rotation.z"`, ...) a `CGFloat`, `Double`, `Float`, `Int` or `NSNumber`; otherwise the
/// property's type (`CGPoint`, `CGSize`, `CGRect`, `CATransform3D`, `CGColor`/`UIColor`). A value of
/// another type stops the program, naming the key path and the type.
///
/// Differs from Core Animation: values are checked when they are set, not ignored when they do not fit;
/// `NSValue` boxes are not accepted (pass the `CGPoint` or `CATransform3D` itself).
@MainActor
open class CABasicAnimation: CAPropertyAnimation {
    /// The value at the start (nil: the value beneath the animation).
    open var fromValue: Any? { didSet { checkValues() } }
    /// The value at the end (nil: the value beneath, or `fromValue + byValue`).
    open var toValue: Any? { didSet { checkValues() } }
    /// The change over the animation, when one end is not given.
    open var byValue: Any? { didSet { checkValues() } }

    /// An animation of the property `path` names (`CABasicAnimation(keyPath:)`).
    public override init(keyPath path: String?) {
        super.init(keyPath: path)
    }

    /// An animation with no key path yet: set ``CAPropertyAnimation/keyPath`` before adding it.
    public override init() {
        super.init()
    }

    /// A copy of `other`, with its values.
    public required init(copying other: Animation) {
        let source = other as! CABasicAnimation
        fromValue = source.fromValue
        toValue = source.toValue
        byValue = source.byValue
        super.init(copying: other)
    }

    override func namedValues() -> [(role: String, value: Any)] {
        [("fromValue", fromValue), ("toValue", toValue), ("byValue", byValue)].compactMap { role, value in
            value.map { (role, $0) }
        }
    }

    /// Builds the typed animation of the key path's property and returns its evaluator.
    open override func makeEvaluator() -> Evaluator {
        resolvedTarget().makeAnimation(for: self).makeEvaluator()
    }

    /// The typed animation of `property` that runs in this one's place: a `BasicAnimation` with this
    /// one's values, timing and additivity (a spring animation makes a `SpringAnimation`).
    func makeTypedAnimation<Value: CAAnimationValue>(_ property: LayerProperty<Value>) -> BasicAnimation<Value> {
        configure(BasicAnimation(property))
    }

    /// Gives `animation` this one's values (converted to the property's type), timing and additivity.
    final func configure<Value: CAAnimationValue>(_ animation: BasicAnimation<Value>) -> BasicAnimation<Value> {
        let keyPath = self.keyPath ?? animation.property.name
        func converted(_ value: Any?, _ role: String) -> Value? {
            value.map { Value.converting($0, role: role, keyPath: keyPath, in: animationName) }
        }
        animation.fromValue = converted(fromValue, "fromValue")
        animation.toValue = converted(toValue, "toValue")
        animation.byValue = converted(byValue, "byValue")
        copyTiming(to: animation)
        return animation
    }
}
