import Foundation
import SegueAnimation
import SegueUI

extension TraceView {
    /// The entry for `view` as drawn in `window` this frame: the bounding box of its presentation layer
    /// (the values the last presentation pass computed, ``SegueAnimation/Layer/renderedProperties``, for it
    /// and every ancestor, perspective included) in window points, and its effective opacity (the product
    /// of the presentation opacities up to the window's; 0 when it or an ancestor is hidden). Nil when
    /// the view is not in `window`, or when no corner of it can be projected (seen from behind the eye).
    @MainActor
    public init?(id: String, view: View, in window: Window) {
        var homography = Homography.identity
        var opacity = 1.0
        var layer = view.layer
        var reachedWindow = false
        while true {
            let properties = layer.renderedProperties
            opacity *= layer.isHidden ? 0 : Double(properties.opacity)
            if layer === window.layer {
                reachedWindow = true
                break
            }
            guard let parent = layer.superlayer else { break }
            homography = homography.concatenating(
                Layer.homographyToSuperlayer(properties, superlayer: parent.renderedProperties))
            layer = parent
        }
        guard reachedWindow else { return nil }
        let b = view.layer.renderedProperties.bounds
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
                       CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.maxX, y: b.maxY)].compactMap(homography.apply)
        guard !corners.isEmpty else { return nil }
        self.init(id: id, frame: CGRect.boundingBox(of: corners), alpha: opacity)
    }
}
