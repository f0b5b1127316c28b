import Foundation
import SegueAnimation

extension View {
    /// Converts a point from the view's coordinates to `view`'s (nil: the window's), through every
    /// transform on the way (model values, 3D and perspective included), as `UIView.convert(_:to:)`.
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        layer.convert(point, to: view?.layer)
    }

    /// Converts a point from `view`'s coordinates (nil: the window's) to the view's.
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        layer.convert(point, from: view?.layer)
    }

    /// Converts a rectangle to `view`'s coordinates (nil: the window's): the bounding box of its corners.
    public func convert(_ rect: CGRect, to view: View?) -> CGRect {
        layer.convert(rect, to: view?.layer)
    }

    /// Converts a rectangle from `view`'s coordinates (nil: the window's).
    public func convert(_ rect: CGRect, from view: View?) -> CGRect {
        layer.convert(rect, from: view?.layer)
    }

    /// The point in the view's coordinates for `point` in its superview's, for hit testing; nil where the
    /// view is seen edge-on (its transform cannot be inverted there). Model geometry, except for a view
    /// (or a superview's sublayer transform) moved by a property animator that hit-tests where it is
    /// drawn (`Layer.hitTestingProperties`).
    func pointFromSuperview(_ point: CGPoint) -> CGPoint? {
        let up = Layer.homographyToSuperlayer(layer.hitTestingProperties,
                                              superlayer: superview?.layer.hitTestingProperties)
        guard let down = up.inverted() else { return nil }
        return down.apply(point)
    }
}
