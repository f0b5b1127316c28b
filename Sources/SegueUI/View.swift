import SegueAnimation

/// A rectangle on screen backed by a ``Layer`` (`UIView`).
///
/// Differs from UIKit: geometry is `Double`; `transform3D` exposes the layer's 3D transform (UIKit has
/// `transform3D` since iOS 13 too).
@MainActor
open class View {
    /// The backing layer.
    public let layer: Layer
    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = []

    public init(frame: Rect = .zero) {
        layer = Layer()
        layer.frame = frame
    }

    // MARK: Geometry (all forwarded to the layer, so animation blocks capture them)

    public var frame: Rect {
        get { layer.frame }
        set { layer.frame = newValue }
    }
    public var bounds: Rect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    public var center: Point {
        get { layer.position }
        set { layer.position = newValue }
    }
    /// The 2D transform (the affine part of the layer's transform).
    public var transform: AffineTransform {
        get { layer.transform.affineTransform }
        set { layer.transform = Transform3D(newValue) }
    }
    /// The layer's full 3D transform.
    public var transform3D: Transform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }
    public var alpha: Double {
        get { layer.opacity }
        set { layer.opacity = newValue }
    }
    public var backgroundColor: Color? {
        get { layer.backgroundColor == .clear ? nil : layer.backgroundColor }
        set { layer.backgroundColor = newValue ?? .clear }
    }
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    // MARK: Hierarchy

    /// Adds `view` on top of the subviews.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (it leaves its old superview first).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "A view cannot be its own subview")
        var target = index
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }), old < index { target -= 1 }
        view.detachFromSuperview()
        let i = min(max(target, 0), subviews.count)
        subviews.insert(view, at: i)
        view.superview = self
        // Keep the layer order equal to the view order.
        layer.insertSublayer(view.layer, at: layerIndex(forSubviewAt: i))
    }

    /// Removes the view from its superview.
    public func removeFromSuperview() {
        detachFromSuperview()
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    private func layerIndex(forSubviewAt index: Int) -> Int {
        if index + 1 < subviews.count, let above = layer.sublayers.firstIndex(where: { $0 === subviews[index + 1].layer }) {
            return above
        }
        if index > 0, let below = layer.sublayers.firstIndex(where: { $0 === subviews[index - 1].layer }) {
            return below + 1
        }
        return layer.sublayers.count
    }
}
