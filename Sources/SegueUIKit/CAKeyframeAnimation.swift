/// How a `CAKeyframeAnimation` computes values between keyframes (`CAAnimationCalculationMode`).
///
/// Differs from Core Animation: an enum, not a string-backed struct (`.cubic` reads the same); the cubic
/// modes are Catmull-Rom splines (Core Animation's spline with tension, continuity and bias 0).
public enum CAAnimationCalculationMode: Sendable {
    /// Interpolated between neighbouring keyframes (the default).
    case linear
    /// Each value holds until the next keyframe's time.
    case discrete
    /// Interpolated at an even speed along the values; `keyTimes` and `timingFunctions` are ignored.
    case paced
    /// A smooth curve through the values at their key times.
    case cubic
    /// A smooth curve through the values at an even speed.
    case cubicPaced
}

/// `CAKeyframeAnimation`: an animation through a list of values of the layer property a Core Animation
/// key path names, e.g. `CAKeyframeAnimation(keyPath: "opacity")`. It runs as Segue's typed
/// `KeyframeAnimation`. The values take what `CABasicAnimation`'s do (see there); one of another type
/// stops the program, naming the key path, its index and its type.
///
/// Differs from Core Animation: no `path`, `rotationMode`, `tensionValues`, `continuityValues` or
/// `biasValues` (the cubic modes use their defaults, 0); values are checked when set.
@MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values, at least one when the animation is added.
    open var values: [Any]? { didSet { checkValues() } }
    /// The time of each keyframe as a fraction of the duration, increasing from 0 to 1; nil spaces them
    /// evenly.
    open var keyTimes: [NSNumber]?
    /// One timing function per segment (values.count - 1); nil is linear.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed (default linear).
    open var calculationMode: CAAnimationCalculationMode = .linear

    /// An animation of the property `path` names (`CAKeyframeAnimation(keyPath:)`).
    public override init(keyPath path: String?) {
        super.init(keyPath: path)
    }

    /// An animation with no key path yet: set ``CAPropertyAnimation/keyPath`` before adding it.
    public override init() {
        super.init()
    }

    /// A copy of `other`, with its keyframes.
    public required init(copying other: Animation) {
        let source = other as! CAKeyframeAnimation
        values = source.values
        keyTimes = source.keyTimes
        timingFunctions = source.timingFunctions
        calculationMode = source.calculationMode
        super.init(copying: other)
    }

    override func namedValues() -> [(role: String, value: Any)] {
        (values ?? []).enumerated().map { index, value in ("values[\(index)]", value) }
    }

    /// Builds the typed keyframe animation of the key path's property and returns its evaluator.
    open override func makeEvaluator() -> Evaluator {
        resolvedTarget().makeAnimation(for: self).makeEvaluator()
    }

    /// A `KeyframeAnimation` of `property` with this one's keyframes (converted to the property's type),
    /// timing and additivity.
    func makeTypedAnimation<Value: CAAnimationValue>(_ property: LayerProperty<Value>) -> KeyframeAnimation<Value> {
        let animation = KeyframeAnimation(property)
        let keyPath = self.keyPath ?? property.name
        animation.values = namedValues().map { role, value in
            Value.converting(value, role: role, keyPath: keyPath, in: animationName)
        }
        animation.keyTimes = keyTimes?.map(\.doubleValue)
        animation.timingFunctions = timingFunctions
        animation.calculationMode = switch calculationMode {
        case .linear: .linear
        case .discrete: .discrete
        case .paced: .paced
        case .cubic: .cubic
        case .cubicPaced: .cubicPaced
        }
        copyTiming(to: animation)
        return animation
    }
}
