// Core Animation's key-path strings, mapped once to Segue's typed layer properties: the one
// stringly-typed thing in Segue. Everything past this table is typed (`LayerProperty<Value>`).

/// The key paths `CABasicAnimation(keyPath:)`, `CAKeyframeAnimation(keyPath:)` and
/// `CASpringAnimation(keyPath:)` accept, each with the typed property it animates.
enum CAKeyPath {
    /// Every key path Segue animates, in the order error messages list them. "transform.rotation" is
    /// Core Animation's spelling of "transform.rotation.z".
    static let all: [(keyPath: String, property: any CAKeyPathProperty)] = [
        ("position", TypedProperty(.position)),
        ("position.x", TypedProperty(.positionX)),
        ("position.y", TypedProperty(.positionY)),
        ("bounds", TypedProperty(.bounds)),
        ("bounds.size", TypedProperty(.boundsSize)),
        ("bounds.origin", TypedProperty(.boundsOrigin)),
        ("anchorPoint", TypedProperty(.anchorPoint)),
        ("zPosition", TypedProperty(.zPosition)),
        ("transform", TypedProperty(.transform)),
        ("sublayerTransform", TypedProperty(.sublayerTransform)),
        ("transform.rotation", TypedProperty(.transformRotationZ)),
        ("transform.rotation.x", TypedProperty(.transformRotationX)),
        ("transform.rotation.y", TypedProperty(.transformRotationY)),
        ("transform.rotation.z", TypedProperty(.transformRotationZ)),
        ("transform.scale", TypedProperty(.transformScale)),
        ("transform.scale.x", TypedProperty(.transformScaleX)),
        ("transform.scale.y", TypedProperty(.transformScaleY)),
        ("transform.scale.z", TypedProperty(.transformScaleZ)),
        ("transform.translation.x", TypedProperty(.transformTranslationX)),
        ("transform.translation.y", TypedProperty(.transformTranslationY)),
        ("transform.translation.z", TypedProperty(.transformTranslationZ)),
        ("opacity", TypedProperty(.opacity)),
        ("backgroundColor", TypedProperty(.backgroundColor)),
        ("cornerRadius", TypedProperty(.cornerRadius)),
        ("borderWidth", TypedProperty(.borderWidth)),
        ("borderColor", TypedProperty(.borderColor)),
        ("shadowColor", TypedProperty(.shadowColor)),
        ("shadowOpacity", TypedProperty(.shadowOpacity)),
        ("shadowRadius", TypedProperty(.shadowRadius)),
        ("shadowOffset", TypedProperty(.shadowOffset)),
    ]

    /// The table, by key path.
    static let byKeyPath = Dictionary(all.map { ($0.keyPath, $0.property) }, uniquingKeysWith: { first, _ in first })

    /// The property `keyPath` names; a key path Segue does not animate stops the program with a message
    /// naming it and listing those it does (never a silent no-op). `animation` names the caller.
    static func property(_ keyPath: String, for animation: String) -> any CAKeyPathProperty {
        guard let property = byKeyPath[keyPath] else {
            preconditionFailure("\(animation): Segue does not animate the key path \"\(keyPath)\"; animatable key paths: "
                                + all.map(\.keyPath).joined(separator: ", "))
        }
        return property
    }
}

/// A key path's typed property, with its value type erased so the table can hold them all.
protocol CAKeyPathProperty: Sendable {
    /// Stops the program, naming the key path, the role (`fromValue`, `values[2]`, ...) and the type,
    /// unless `value` is one that the property's value type accepts.
    func check(_ value: Any, role: String, keyPath: String, in animation: String)
    /// The typed animation a basic (or spring) animation stands for.
    @MainActor func makeAnimation(for source: CABasicAnimation) -> Animation
    /// The typed animation a keyframe animation stands for.
    @MainActor func makeAnimation(for source: CAKeyframeAnimation) -> Animation
}

/// The typed property behind one key path.
struct TypedProperty<Value: CAAnimationValue>: CAKeyPathProperty {
    let property: LayerProperty<Value>

    init(_ property: LayerProperty<Value>) { self.property = property }

    func check(_ value: Any, role: String, keyPath: String, in animation: String) {
        _ = Value.converting(value, role: role, keyPath: keyPath, in: animation)
    }

    @MainActor func makeAnimation(for source: CABasicAnimation) -> Animation { source.makeTypedAnimation(property) }

    @MainActor func makeAnimation(for source: CAKeyframeAnimation) -> Animation { source.makeTypedAnimation(property) }
}

/// A property value type, with the values Core Animation code passes for it (`fromValue`, `toValue`,
/// `byValue`, `values` are `Any`).
protocol CAAnimationValue: Interpolatable {
    /// What Core Animation code may pass, for error messages.
    static var acceptedValues: String { get }
    /// `value` as this type, or nil when it is not one of the accepted values.
    static func fromCoreAnimationValue(_ value: Any) -> Self?
}

extension CAAnimationValue {
    /// `value` as this type; any other value stops the program with a message naming the key path, the
    /// role and the value's type.
    static func converting(_ value: Any, role: String, keyPath: String, in animation: String) -> Self {
        guard let converted = fromCoreAnimationValue(value) else {
            preconditionFailure("\(animation): the \(role) of key path \"\(keyPath)\" is a \(type(of: value)); "
                                + "\"\(keyPath)\" takes \(acceptedValues)")
        }
        return converted
    }
}

extension CGFloat: CAAnimationValue {
    static var acceptedValues: String { "a number (CGFloat, Double, Float, Int or NSNumber)" }
    static func fromCoreAnimationValue(_ value: Any) -> CGFloat? {
        switch value {
        case let v as CGFloat: v
        case let v as Double: CGFloat(v)
        case let v as Float: CGFloat(v)
        case let v as Int: CGFloat(v)
        case let v as NSNumber: CGFloat(v.doubleValue)
        default: nil
        }
    }
}

extension CGPoint: CAAnimationValue {
    static var acceptedValues: String { "a CGPoint" }
    static func fromCoreAnimationValue(_ value: Any) -> CGPoint? { value as? CGPoint }
}

extension CGSize: CAAnimationValue {
    static var acceptedValues: String { "a CGSize" }
    static func fromCoreAnimationValue(_ value: Any) -> CGSize? { value as? CGSize }
}

extension CGRect: CAAnimationValue {
    static var acceptedValues: String { "a CGRect" }
    static func fromCoreAnimationValue(_ value: Any) -> CGRect? { value as? CGRect }
}

extension Transform3D: CAAnimationValue {
    static var acceptedValues: String { "a CATransform3D" }
    static func fromCoreAnimationValue(_ value: Any) -> Transform3D? { value as? Transform3D }
}

extension Color: CAAnimationValue {
    static var acceptedValues: String { "a CGColor (or UIColor)" }
    static func fromCoreAnimationValue(_ value: Any) -> Color? { value as? Color }
}
