import SegueAnimation

extension LayerProperty where Value == Double {
    /// The demo's flip: writing an angle sets the transform to that rotation about the y axis. Reading
    /// gives 0 (the demo's animations always give both ends).
    static var demoRotationY: LayerProperty<Double> {
        LayerProperty(name: "transform.rotation.y", additive: false, get: { _ in 0 },
                      set: { $0.transform = Transform3D(rotationAngle: $1, x: 0, y: 1, z: 0) })
    }
}
