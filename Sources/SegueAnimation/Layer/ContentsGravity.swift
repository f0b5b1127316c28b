import Foundation

/// Where a layer's bitmap or snapshot contents sit in its bounds (Core Animation's `contentsGravity`,
/// `CALayerContentsGravity`).
///
/// The positional gravities place the contents at their natural size: the bitmap's pixels divided by the
/// layer's ``Layer/contentsScale``. As on iOS, `top` is the bounds' top edge (y = minY). Contents that
/// overflow the bounds are drawn outside them unless the layer masks to its bounds. Text contents ignore
/// the gravity (a label lays its text out itself).
public enum ContentsGravity: Sendable, Hashable, CaseIterable {
    /// Stretched over the bounds (the default).
    case resize
    /// Scaled to fit inside the bounds, keeping the aspect ratio, centred.
    case resizeAspect
    /// Scaled to fill the bounds, keeping the aspect ratio, centred (overflowing on one axis).
    case resizeAspectFill
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    /// The rectangle contents of `size` (points) take in `bounds` under this gravity.
    public func rect(forContentsOfSize size: CGSize, in bounds: CGRect) -> CGRect {
        guard size.width > 0, size.height > 0 else { return bounds }
        var w = size.width, h = size.height
        switch self {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            let sx = bounds.width / size.width, sy = bounds.height / size.height
            let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            w = size.width * s
            h = size.height * s
        default:
            break
        }
        let left = bounds.minX, midX = bounds.midX - w / 2, right = bounds.maxX - w
        let top = bounds.minY, midY = bounds.midY - h / 2, bottom = bounds.maxY - h
        let (x, y): (CGFloat, CGFloat) = switch self {
        case .resize, .resizeAspect, .resizeAspectFill, .center: (midX, midY)
        case .top: (midX, top)
        case .bottom: (midX, bottom)
        case .left: (left, midY)
        case .right: (right, midY)
        case .topLeft: (left, top)
        case .topRight: (right, top)
        case .bottomLeft: (left, bottom)
        case .bottomRight: (right, bottom)
        }
        return CGRect(x: x, y: y, width: w, height: h)
    }
}
