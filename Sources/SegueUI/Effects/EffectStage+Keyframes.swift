import SegueAnimation

extension EffectStage {
    /// Animates `property` of `layer` along a path the effect computes: `value(progress)` at `count` + 1
    /// evenly spaced progress points from 0 (the start) to 1 (the end), played as a keyframe animation
    /// over the effect's duration along `timingFunction` (the curve of the animator's view animation, so
    /// that the path and the view-animated changes keep step, also when scrubbed). On a backward
    /// transition the keyframes play from the last to the first: with a curve symmetric in time (linear,
    /// ease-in-ease-out) that is the forward animation played backwards. The model value is set to
    /// where the animation ends.
    ///
    /// For a path that the two ends cannot describe (a strip whose place follows the cosine of its
    /// angle); a change linear in the effect's progress belongs in the `stages` closures.
    ///
    /// Differs from UIKit: no counterpart (UIKit code adds a `CAKeyframeAnimation` itself).
    public func animate<Value: Interpolatable>(_ property: LayerProperty<Value>, of layer: Layer, forKey key: String,
                                               keyframes count: Int, timingFunction: MediaTimingFunction,
                                               value: (_ progress: Double) -> Value) {
        precondition(count >= 1, "EffectStage.animate(keyframes:): at least one segment")
        let forward = (0...count).map { value(Double($0) / Double(count)) }
        let animation = KeyframeAnimation(property)
        animation.values = reverse ? forward.reversed() : forward
        animation.timingFunction = timingFunction
        animation.timing.duration = duration
        View.performWithoutAnimation { layer.setValue(animation.values[animation.values.count - 1], for: property) }
        layer.add(animation, forKey: key)
    }
}
