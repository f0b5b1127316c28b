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
    /// Reads the value.
    public let get: @Sendable (LayerProperties) -> Value
    /// Writes the value.
    public let set: @Sendable (inout LayerProperties, Value) -> Void

    /// A property made of a getter and a setter on ``LayerProperties``.
    public init(name: String, additive: Bool,
                get: @escaping @Sendable (LayerProperties) -> Value,
                set: @escaping @Sendable (inout LayerProperties, Value) -> Void) {
        self.name = name
        self.isAdditiveInViewAnimations = additive
        self.get = get
        self.set = set
    }

    public var description: String { name }
}

extension LayerProperty where Value == Rect {
    public static var bounds: LayerProperty<Rect> {
        LayerProperty(name: "bounds", additive: true, get: { $0.bounds }, set: { $0.bounds = $1 })
    }
}

extension LayerProperty where Value == Size {
    public static var boundsSize: LayerProperty<Size> {
        LayerProperty(name: "bounds.size", additive: true, get: { $0.bounds.size }, set: { $0.bounds.size = $1 })
    }
    public static var shadowOffset: LayerProperty<Size> {
        LayerProperty(name: "shadowOffset", additive: false, get: { $0.shadowOffset }, set: { $0.shadowOffset = $1 })
    }
}

extension LayerProperty where Value == Point {
    public static var position: LayerProperty<Point> {
        LayerProperty(name: "position", additive: true, get: { $0.position }, set: { $0.position = $1 })
    }
    public static var anchorPoint: LayerProperty<Point> {
        LayerProperty(name: "anchorPoint", additive: true, get: { $0.anchorPoint }, set: { $0.anchorPoint = $1 })
    }
    public static var boundsOrigin: LayerProperty<Point> {
        LayerProperty(name: "bounds.origin", additive: true, get: { $0.bounds.origin }, set: { $0.bounds.origin = $1 })
    }
}

extension LayerProperty where Value == Transform3D {
    public static var transform: LayerProperty<Transform3D> {
        LayerProperty(name: "transform", additive: true, get: { $0.transform }, set: { $0.transform = $1 })
    }
    public static var sublayerTransform: LayerProperty<Transform3D> {
        LayerProperty(name: "sublayerTransform", additive: true,
                      get: { $0.sublayerTransform }, set: { $0.sublayerTransform = $1 })
    }
}

extension LayerProperty where Value == Double {
    public static var positionX: LayerProperty<Double> {
        LayerProperty(name: "position.x", additive: true, get: { $0.position.x }, set: { $0.position.x = $1 })
    }
    public static var positionY: LayerProperty<Double> {
        LayerProperty(name: "position.y", additive: true, get: { $0.position.y }, set: { $0.position.y = $1 })
    }
    public static var zPosition: LayerProperty<Double> {
        LayerProperty(name: "zPosition", additive: true, get: { $0.zPosition }, set: { $0.zPosition = $1 })
    }
    public static var opacity: LayerProperty<Double> {
        LayerProperty(name: "opacity", additive: false, get: { $0.opacity }, set: { $0.opacity = $1 })
    }
    public static var cornerRadius: LayerProperty<Double> {
        LayerProperty(name: "cornerRadius", additive: false, get: { $0.cornerRadius }, set: { $0.cornerRadius = $1 })
    }
    public static var borderWidth: LayerProperty<Double> {
        LayerProperty(name: "borderWidth", additive: false, get: { $0.borderWidth }, set: { $0.borderWidth = $1 })
    }
    public static var shadowOpacity: LayerProperty<Double> {
        LayerProperty(name: "shadowOpacity", additive: false, get: { $0.shadowOpacity }, set: { $0.shadowOpacity = $1 })
    }
    public static var shadowRadius: LayerProperty<Double> {
        LayerProperty(name: "shadowRadius", additive: false, get: { $0.shadowRadius }, set: { $0.shadowRadius = $1 })
    }
    /// The rotation about the z axis, in radians, as Core Animation's "transform.rotation.z": reading
    /// extracts the angle; writing replaces the transform with that rotation, keeping its translation
    /// and scale.
    public static var transformRotationZ: LayerProperty<Double> {
        LayerProperty(name: "transform.rotation.z", additive: true,
                      get: { atan2($0.transform.m12, $0.transform.m11) },
                      set: { state, angle in
                          let t = state.transform
                          let scale = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot()
                          var r = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1).scaledBy(x: scale, y: scale)
                          r.m41 = t.m41; r.m42 = t.m42; r.m43 = t.m43
                          state.transform = r
                      })
    }
}

extension LayerProperty where Value == Color {
    public static var backgroundColor: LayerProperty<Color> {
        LayerProperty(name: "backgroundColor", additive: false,
                      get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 })
    }
    public static var borderColor: LayerProperty<Color> {
        LayerProperty(name: "borderColor", additive: false, get: { $0.borderColor }, set: { $0.borderColor = $1 })
    }
    public static var shadowColor: LayerProperty<Color> {
        LayerProperty(name: "shadowColor", additive: false, get: { $0.shadowColor }, set: { $0.shadowColor = $1 })
    }
}
