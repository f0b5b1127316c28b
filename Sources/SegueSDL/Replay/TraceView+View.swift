import Foundation
import SegueAnimation
import SegueUI

extension TraceView {
    /// The entry for `view` as drawn in `window` this frame: the bounding box of its presentation layer
    /// (the values the last presentation pass computed, `Layer.renderedProperties`, for it
    /// and every ancestor, perspective included) in window points, and its effective opacity (the product
    /// of the presentation opacities up to the window's; 0 when it or an ancestor is hidden). Nil when
    /// the view is not in `window`, or when no corner of it can be projected (seen from behind the eye).
    @MainActor
    public init?(id: String, view: View, in window: Window) {
        guard let placed = Self.placement(of: view, in: window, values: { $0.renderedProperties }) else { return nil }
        self.init(id: id, frame: placed.frame, alpha: placed.opacity)
    }

    /// Where `view` is in `window` by the values `values` gives for it and each ancestor's layer (their
    /// `renderedProperties`: where it is drawn; their `model`: where UIKit's `frame` and `convert` put it):
    /// the bounding box of its bounds' corners in window points, perspective included, and the product of
    /// the opacities (0 when it or an ancestor is hidden). Nil when the view is not in `window`, or when no
    /// corner can be projected (seen from behind the eye).
    @MainActor
    public static func placement(of view: View, in window: Window,
                                 values: (Layer) -> LayerProperties) -> (frame: CGRect, opacity: Double)? {
        var homography = Homography.identity
        var opacity = 1.0
        var layer = view.layer
        while true {
            let properties = values(layer)
            opacity *= layer.isHidden ? 0 : Double(properties.opacity)
            if layer === window.layer { break }
            guard let parent = layer.superlayer else { return nil }
            homography = homography.concatenating(Layer.homographyToSuperlayer(properties, superlayer: values(parent)))
            layer = parent
        }
        let b = values(view.layer).bounds
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
                       CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.maxX, y: b.maxY)].compactMap(homography.apply)
        guard !corners.isEmpty else { return nil }
        return (CGRect.boundingBox(of: corners), opacity)
    }
}
