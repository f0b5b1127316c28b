import Foundation
import SegueAnimation

extension TextContents {
    /// Where a rendered run of `width` × `height` points goes in `bounds`, as UILabel lays it out: aligned
    /// left, centre or right and centred vertically. Under a plain translation and scale (`toTarget`), the
    /// origin is moved onto a whole target pixel so the glyphs stay sharp. Used when the render list is
    /// recorded (``Compositor``), for both executors.
    func placement(width: Double, height: Double, in bounds: CGRect, _ toTarget: Homography) -> CGRect {
        var x: Double
        switch alignment {
        case .left: x = bounds.minX
        case .center: x = bounds.midX - width / 2
        case .right: x = bounds.maxX - width
        }
        var y = bounds.midY - height / 2
        if toTarget.isAffine && toTarget.m12 == 0 && toTarget.m21 == 0 && toTarget.m11 > 0 && toTarget.m22 > 0,
           let origin = toTarget.apply(CGPoint(x: x, y: y)) {
            x += (origin.x.rounded() - origin.x) / toTarget.m11
            y += (origin.y.rounded() - origin.y) / toTarget.m22
        }
        return CGRect(x: x, y: y, width: width, height: height)
    }
}
