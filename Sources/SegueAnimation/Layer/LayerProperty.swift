import Foundation

/// A typed, animatable property of a layer: what an animation animates.
///
/// Differs from Core Animation: no string key paths. `BasicAnimation(.position)` instead of
/// `CABasicAnimation(keyPath: "position")`; the compiler checks that `fromValue`/`toValue` have the
/// property's type.
public struct LayerProperty<Value: Interpolatable>: Sendable, CustomStringConvertible {
    /// The Core Animation key path this property stands for ("position", "bounds.size", ...), used in
    /// descriptions, as the default animation key, and to tell two properties apart.
    public let name: String
    /// Whether view animations (``Transaction`` captures) animate this property additively, as UIKit
    /// does since iOS 8 for geometry: a second animation adds to the first and motion stays continuous.
    /// Other properties get one animation at a time that replaces the previous one.
    public let isAdditiveInViewAnimations: Bool
    /// The byte offset of the value in ``LayerProperties``, for a stored property (nil for a computed
    /// one, such as a rotation angle); lets animations of it take the presentation pass's fast path.
    public let storageOffset: Int?
    /// Gives `body` in-place access to the value: the one primitive every property is made of, so that
    /// reading, writing and adding all work on the properties where they are, without copying them.
    public let modify: @Sendable (inout LayerProperties, (inout Value) -> Void) -> Void
    /// Makes the per-frame step of an animation between two fixed values: it writes the value at a
    /// fraction (added to the underlying value when additive). Built where `Value` is concrete, so the
    /// presentation pass runs specialized code rather than generic code through witness tables.
    public let makeInterpolator: @Sendable (_ from: Value, _ to: Value, _ additive: Bool) -> Interpolator

    /// Writes an animated value at a fraction into a set of layer properties.
    public typealias Interpolator = (inout LayerProperties, Double) -> Void

    /// A property made of an in-place accessor on ``LayerProperties``, e.g.
    /// `LayerProperty(name: "position", additive: true, storage: \.position) { state, body in body(&state.position) }`.
    public init(name: String, additive: Bool, storage: WritableKeyPath<LayerProperties, Value>? = nil,
                modify: @escaping @Sendable (inout LayerProperties, (inout Value) -> Void) -> Void) {
        self.name = name
        self.storageOffset = storage.flatMap { MemoryLayout<LayerProperties>.offset(of: $0) }
        self.isAdditiveInViewAnimations = additive
        self.modify = modify
        self.makeInterpolator = { from, to, additive in
            // The ends are fixed: prepared once (a transform is decomposed here, not every frame).
            let interpolation = Value.makeInterpolation(from: from, to: to)
            if additive {
                return { state, fraction in
                    let delta = interpolation(fraction)
                    modify(&state) { $0 = $0.adding(delta) }
                }
            }
            return { state, fraction in
                let value = interpolation(fraction)
                modify(&state) { $0 = value }
            }
        }
    }

    /// Reads the value.
    public func get(_ properties: LayerProperties) -> Value {
        var properties = properties
        var result: Value?
        modify(&properties) { result = $0 }
        return result!
    }

    /// Writes the value.
    public func set(_ properties: inout LayerProperties, _ value: Value) {
        modify(&properties) { $0 = value }
    }

    /// The property's Core Animation key path, its ``name``.
    public var description: String { name }
}

extension LayerProperty where Value == CGRect {
    /// "bounds" (additive in view animations).
    public static var bounds: LayerProperty<CGRect> {
        LayerProperty(name: "bounds", additive: true, storage: \.bounds) { state, body in body(&state.bounds) }
    }
}

extension LayerProperty where Value == CGSize {
    /// "bounds.size" (additive in view animations).
    public static var boundsSize: LayerProperty<CGSize> {
        LayerProperty(name: "bounds.size", additive: true, storage: \.bounds.size) { state, body in body(&state.bounds.size) }
    }
    /// "shadowOffset".
    public static var shadowOffset: LayerProperty<CGSize> {
        LayerProperty(name: "shadowOffset", additive: false, storage: \.shadowOffset) { state, body in body(&state.shadowOffset) }
    }
}

extension LayerProperty where Value == CGPoint {
    /// "position" (additive in view animations).
    public static var position: LayerProperty<CGPoint> {
        LayerProperty(name: "position", additive: true, storage: \.position) { state, body in body(&state.position) }
    }
    /// "anchorPoint" (additive in view animations).
    public static var anchorPoint: LayerProperty<CGPoint> {
        LayerProperty(name: "anchorPoint", additive: true, storage: \.anchorPoint) { state, body in body(&state.anchorPoint) }
    }
    /// "bounds.origin" (additive in view animations).
    public static var boundsOrigin: LayerProperty<CGPoint> {
        LayerProperty(name: "bounds.origin", additive: true, storage: \.bounds.origin) { state, body in body(&state.bounds.origin) }
    }
}

extension LayerProperty where Value == Transform3D {
    /// "transform" (additive in view animations, by concatenation).
    public static var transform: LayerProperty<Transform3D> {
        LayerProperty(name: "transform", additive: true, storage: \.transform) { state, body in body(&state.transform) }
    }
    /// "sublayerTransform" (additive in view animations, by concatenation).
    public static var sublayerTransform: LayerProperty<Transform3D> {
        LayerProperty(name: "sublayerTransform", additive: true, storage: \.sublayerTransform) { state, body in body(&state.sublayerTransform) }
    }
}

extension LayerProperty where Value == CGFloat {
    /// "position.x" (additive in view animations).
    public static var positionX: LayerProperty<CGFloat> {
        LayerProperty(name: "position.x", additive: true, storage: \.position.x) { state, body in body(&state.position.x) }
    }
    /// "position.y" (additive in view animations).
    public static var positionY: LayerProperty<CGFloat> {
        LayerProperty(name: "position.y", additive: true, storage: \.position.y) { state, body in body(&state.position.y) }
    }
    /// "zPosition" (additive in view animations).
    public static var zPosition: LayerProperty<CGFloat> {
        LayerProperty(name: "zPosition", additive: true, storage: \.zPosition) { state, body in body(&state.zPosition) }
    }
    /// "opacity".
    public static var opacity: LayerProperty<CGFloat> {
        LayerProperty(name: "opacity", additive: false, storage: \.opacity) { state, body in body(&state.opacity) }
    }
    /// "cornerRadius".
    public static var cornerRadius: LayerProperty<CGFloat> {
        LayerProperty(name: "cornerRadius", additive: false, storage: \.cornerRadius) { state, body in body(&state.cornerRadius) }
    }
    /// "borderWidth".
    public static var borderWidth: LayerProperty<CGFloat> {
        LayerProperty(name: "borderWidth", additive: false, storage: \.borderWidth) { state, body in body(&state.borderWidth) }
    }
    /// "shadowOpacity".
    public static var shadowOpacity: LayerProperty<CGFloat> {
        LayerProperty(name: "shadowOpacity", additive: false, storage: \.shadowOpacity) { state, body in body(&state.shadowOpacity) }
    }
    /// "shadowRadius".
    public static var shadowRadius: LayerProperty<CGFloat> {
        LayerProperty(name: "shadowRadius", additive: false, storage: \.shadowRadius) { state, body in body(&state.shadowRadius) }
    }
    /// "backdropBlurRadius" (Segue's own: Core Animation's backdrop filters are private API).
    public static var backdropBlurRadius: LayerProperty<CGFloat> {
        LayerProperty(name: "backdropBlurRadius", additive: false, storage: \.backdropBlurRadius) { state, body in body(&state.backdropBlurRadius) }
    }
    /// "contentBlurRadius" (Segue's own: Core Animation's `gaussianBlur` filter in `filters` is private API).
    public static var contentBlurRadius: LayerProperty<CGFloat> {
        LayerProperty(name: "contentBlurRadius", additive: false, storage: \.contentBlurRadius) { state, body in body(&state.contentBlurRadius) }
    }
    /// The rotation about the x axis, in radians, as Core Animation's "transform.rotation.x": reading
    /// extracts the angle of a transform that is a rotation about x (atan2(m23, m22)); writing replaces
    /// the transform with that rotation, keeping its translation.
    public static var transformRotationX: LayerProperty<CGFloat> { transformRotation(about: .x) }
    /// The rotation about the y axis, in radians, as Core Animation's "transform.rotation.y": reading
    /// extracts the angle of a transform that is a rotation about y (atan2(-m13, m11)); writing replaces
    /// the transform with that rotation, keeping its translation. A flip animates this from 0 to π.
    public static var transformRotationY: LayerProperty<CGFloat> { transformRotation(about: .y) }
    /// The rotation about the z axis, in radians, as Core Animation's "transform.rotation.z": reading
    /// extracts the angle (atan2(m12, m11)); writing replaces the transform with that rotation, keeping
    /// its translation and its scale in the plane (additive in view animations).
    public static var transformRotationZ: LayerProperty<CGFloat> { transformRotation(about: .z) }

    /// The "transform.rotation.x/y/z" property about `axis`: one accessor for the three, which differ
    /// only in what ``TransformRotationAxis`` says.
    static func transformRotation(about axis: TransformRotationAxis) -> LayerProperty<CGFloat> {
        LayerProperty(name: "transform.rotation.\(axis.name)", additive: axis.isAdditiveInViewAnimations) { state, body in
            let t = state.transform
            var angle = CGFloat(axis.angle(of: t))
            body(&angle)
            let v = axis.vector
            var r = Transform3D(rotationAngle: angle, x: v.x, y: v.y, z: v.z)
            if axis.keepsPlanarScale {
                let scale = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot()
                r = r.scaledBy(x: scale, y: scale)
            }
            r.m41 = t.m41; r.m42 = t.m42; r.m43 = t.m43
            state.transform = r
        }
    }
}

/// An axis of the rotation properties (``LayerProperty/transformRotationX`` and its siblings), with what
/// differs between them.
enum TransformRotationAxis: Sendable {
    case x, y, z

    /// The last component of the Core Animation key path.
    var name: String {
        switch self {
        case .x: "x"
        case .y: "y"
        case .z: "z"
        }
    }

    /// The unit vector turned about.
    var vector: (x: Double, y: Double, z: Double) {
        switch self {
        case .x: (1, 0, 0)
        case .y: (0, 1, 0)
        case .z: (0, 0, 1)
        }
    }

    /// The angle of a transform that is a rotation about this axis (in the row-vector convention).
    func angle(of t: Transform3D) -> Double {
        switch self {
        case .x: atan2(t.m23, t.m22)
        case .y: atan2(-t.m13, t.m11)
        case .z: atan2(t.m12, t.m11)
        }
    }

    /// Whether writing keeps the transform's scale in the x-y plane: only a rotation about z leaves that
    /// plane in place, so only there a scale and the angle can be told apart.
    var keepsPlanarScale: Bool { self == .z }

    /// Whether view animations animate the property additively: about z, as the 2D rotation UIKit
    /// animates additively; about x and y, one animation at a time.
    var isAdditiveInViewAnimations: Bool { self == .z }
}

extension LayerProperty where Value == Color {
    /// "backgroundColor".
    public static var backgroundColor: LayerProperty<Color> {
        LayerProperty(name: "backgroundColor", additive: false, storage: \.backgroundColor) { state, body in body(&state.backgroundColor) }
    }
    /// "borderColor".
    public static var borderColor: LayerProperty<Color> {
        LayerProperty(name: "borderColor", additive: false, storage: \.borderColor) { state, body in body(&state.borderColor) }
    }
    /// "shadowColor".
    public static var shadowColor: LayerProperty<Color> {
        LayerProperty(name: "shadowColor", additive: false, storage: \.shadowColor) { state, body in body(&state.shadowColor) }
    }
}
