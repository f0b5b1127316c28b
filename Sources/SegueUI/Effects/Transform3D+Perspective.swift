import SegueAnimation

extension Transform3D {
    /// `self` (a pose: how the layer turns, scales and moves about its anchor point) seen in perspective
    /// by a viewer `distance` points in front of `eye`, for a layer whose anchor point sits at `anchor`
    /// (its `position`, in the same coordinates as `eye`).
    ///
    /// The perspective is taken about the eye rather than about the layer's anchor, so pages and pieces
    /// turning about different edges share one vanishing point (UIKit code gets this by setting `m34`
    /// on the container's `sublayerTransform`; the stock effects keep it in each layer's own transform,
    /// so nothing outside the moving layers changes). A transform of the form
    /// `scale · rotation · translation · seen(...)` with one rotation axis animates exactly through
    /// view animations: their additive delta is a plain scale, rotation and translation, which
    /// interpolates linearly in scale, angle and offset.
    ///
    /// Differs from UIKit: no counterpart (`CATransform3D` helpers take no viewer position).
    public func seenInPerspective(distance: Double, from eye: CGPoint, anchor: CGPoint) -> Transform3D {
        let offset = Transform3D(translationX: anchor.x - eye.x, y: anchor.y - eye.y)
        let back = Transform3D(translationX: eye.x - anchor.x, y: eye.y - anchor.y)
        return concatenating(offset).concatenating(.perspective(distance: distance)).concatenating(back)
    }
}
