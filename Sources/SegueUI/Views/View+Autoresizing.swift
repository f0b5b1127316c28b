import Foundation
import SegueAnimation

extension View {
    /// Applies the ``autoresizingMask`` after the superview's bounds changed from `old` to `new`. A
    /// transformed view (a page sheet's receded presenter) is resized as UIKit does it, by its bounds and
    /// centre (its untransformed frame), so that the transform stays what it was.
    func resize(withOldSuperviewSize old: CGSize, newSize new: CGSize) {
        guard !autoresizingMask.isEmpty else { return }
        guard !transform3D.isIdentity else {
            frame = frame(resizedFrom: frame, superviewSize: old, to: new)
            return
        }
        let b = bounds, c = center
        let untransformed = CGRect(x: c.x - b.width / 2, y: c.y - b.height / 2, width: b.width, height: b.height)
        let resized = frame(resizedFrom: untransformed, superviewSize: old, to: new)
        bounds = CGRect(origin: b.origin, size: resized.size)
        center = CGPoint(x: resized.midX, y: resized.midY)
    }

    /// The frame `f` becomes by the ``autoresizingMask`` when the superview's bounds change from `old` to
    /// `new` (for a view out of its superview, such as a presenter's view removed by a full-screen
    /// presentation and put back after a resize).
    func frame(resizedFrom f: CGRect, superviewSize old: CGSize, to new: CGSize) -> CGRect {
        guard !autoresizingMask.isEmpty, old != new else { return f }
        let (x, width) = View.share(delta: new.width - old.width, lead: f.minX, size: f.width,
                                    trail: old.width - f.maxX,
                                    flexible: (autoresizingMask.contains(.flexibleLeftMargin),
                                               autoresizingMask.contains(.flexibleWidth),
                                               autoresizingMask.contains(.flexibleRightMargin)))
        let (y, height) = View.share(delta: new.height - old.height, lead: f.minY, size: f.height,
                                     trail: old.height - f.maxY,
                                     flexible: (autoresizingMask.contains(.flexibleTopMargin),
                                                autoresizingMask.contains(.flexibleHeight),
                                                autoresizingMask.contains(.flexibleBottomMargin)))
        return CGRect(x: x, y: y, width: width, height: height)
    }

    /// Shares `delta` among the flexible parts of one axis; returns the new origin and size.
    private static func share(delta: Double, lead: Double, size: Double, trail: Double,
                              flexible: (Bool, Bool, Bool)) -> (Double, Double) {
        let parts = [(flexible.0, lead), (flexible.1, size), (flexible.2, trail)].filter { $0.0 }
        guard !parts.isEmpty, delta != 0 else { return (lead, size) }
        let total = parts.reduce(0) { $0 + max($1.1, 0) }
        func portion(_ isFlexible: Bool, _ value: Double) -> Double {
            guard isFlexible else { return 0 }
            return total > 0 ? delta * max(value, 0) / total : delta / Double(parts.count)
        }
        return (lead + portion(flexible.0, lead), size + portion(flexible.1, size))
    }
}
