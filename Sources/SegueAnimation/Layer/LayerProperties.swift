import Foundation

/// The animatable state of a ``Layer``: its model values, or the values drawn now (its presentation).
///
/// Differs from Core Animation: `presentation()` returns this value snapshot instead of a copy of the
/// layer object; it has the same property names, plus ``frame``.
public struct LayerProperties: Equatable, Sendable {
    /// The layer's own coordinate space.
    public var bounds: CGRect = .zero
    /// Where the anchor point sits in the superlayer.
    public var position: CGPoint = .zero
    /// The point of the bounds, in unit coordinates, that sits at ``position`` and that transforms
    /// pivot about. Default (0.5, 0.5), the centre.
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// Drawing order among siblings.
    public var zPosition: CGFloat = 0
    /// The 3D transform about the anchor point.
    public var transform: Transform3D = .identity
    /// Applied to the sublayers, about this layer's anchor point (where perspective usually goes).
    public var sublayerTransform: Transform3D = .identity
    /// Opacity, 0...1, of the layer and its sublayers as a group.
    public var opacity: CGFloat = 1
    /// Differs from Core Animation: not optional; `.clear` means no background.
    public var backgroundColor: Color = .clear
    /// The radius of the rounded corners, in points.
    public var cornerRadius: CGFloat = 0
    /// The border's width, in points.
    public var borderWidth: CGFloat = 0
    /// The border's colour.
    public var borderColor: Color = .black
    /// The shadow's colour.
    public var shadowColor: Color = .black
    /// The shadow's opacity (0: no shadow).
    public var shadowOpacity: CGFloat = 0
    /// The shadow's blur radius, in points (default 3, as in Core Animation).
    public var shadowRadius: CGFloat = 3
    /// Default (0, -3) as in Core Animation.
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// The blur of what is drawn under the layer, in points: the standard deviation of a Gaussian (0: none,
    /// the default). See ``Layer/backdropBlurRadius``.
    public var backdropBlurRadius: CGFloat = 0
    /// The blur of the layer and its sublayers as drawn, in points: the standard deviation of a Gaussian (0:
    /// none, the default). See ``Layer/contentBlurRadius``.
    public var contentBlurRadius: CGFloat = 0

    /// Core Animation's defaults.
    public init() {}

    /// The layer's rectangle in its superlayer's coordinates: derived from bounds, position,
    /// anchorPoint and transform. With a non-identity transform it is the bounding box of the
    /// transformed bounds (perspective included); setting it then is undefined in Core Animation, and
    /// here sets position and size as if the transform were the identity.
    public var frame: CGRect {
        get {
            let size = bounds.size
            let anchorOffset = CGPoint(x: anchorPoint.x * size.width, y: anchorPoint.y * size.height)
            if transform.isIdentity {
                return CGRect(x: position.x - anchorOffset.x, y: position.y - anchorOffset.y,
                            width: size.width, height: size.height)
            }
            let corners = [CGPoint(x: 0, y: 0), CGPoint(x: size.width, y: 0),
                           CGPoint(x: 0, y: size.height), CGPoint(x: size.width, y: size.height)]
            let projected = corners.map { corner -> CGPoint in
                let p = transform.projecting(corner - anchorOffset)
                return p + position
            }
            return CGRect.boundingBox(of: projected)
        }
        set {
            let s = newValue.standardized
            bounds.size = s.size
            position = CGPoint(x: s.origin.x + anchorPoint.x * s.width, y: s.origin.y + anchorPoint.y * s.height)
        }
    }
}
