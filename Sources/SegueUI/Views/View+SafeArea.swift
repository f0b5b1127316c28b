import SegueAnimation

extension View {
    /// The insets of the part of the view that bars and other chrome of its containers do not cover
    /// (`UIView.safeAreaInsets`). A controller's root view gets them from its container (the navigation
    /// bar over a page that extends under it, a translucent tab bar below) and from its superview, plus
    /// the controller's ``ViewController/additionalSafeAreaInsets``; any other view, the part of its
    /// superview's safe area it overlaps.
    ///
    /// Differs from UIKit: a desktop window has no status bar, notch or home indicator, so a window's own
    /// insets are zero; transforms are ignored (the frame is used).
    public var safeAreaInsets: EdgeInsets {
        if let controller = owningViewController, controller.viewIfLoaded === self {
            return controller.computedSafeAreaInsets
        }
        return insetsFromSuperview
    }

    /// The bounds inset by ``safeAreaInsets`` (the frame of UIKit's `safeAreaLayoutGuide`).
    public var safeAreaFrame: CGRect {
        let insets = safeAreaInsets
        let b = bounds
        return CGRect(x: b.minX + insets.left, y: b.minY + insets.top,
                      width: max(b.width - insets.left - insets.right, 0),
                      height: max(b.height - insets.top - insets.bottom, 0))
    }

    /// The part of the superview's safe area insets that this view's frame overlaps.
    var insetsFromSuperview: EdgeInsets {
        guard let superview else { return .zero }
        let outer = superview.safeAreaInsets
        guard outer != .zero else { return .zero }
        let f = frame, b = superview.bounds
        return EdgeInsets(top: max(0, outer.top - (f.minY - b.minY)),
                          left: max(0, outer.left - (f.minX - b.minX)),
                          bottom: max(0, outer.bottom - (b.maxY - f.maxY)),
                          right: max(0, outer.right - (b.maxX - f.maxX)))
    }
}

extension EdgeInsets {
    /// The larger inset of each edge.
    func union(_ other: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: max(top, other.top), left: max(left, other.left),
                   bottom: max(bottom, other.bottom), right: max(right, other.right))
    }

    /// The sum of each edge's insets.
    func adding(_ other: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: top + other.top, left: left + other.left, bottom: bottom + other.bottom, right: right + other.right)
    }
}

extension ViewController {
    /// Where this page rests in a container's `bounds` when a bar at `edge` (top or bottom) covers
    /// `overlap` points of them: all of them when the page extends under the bar (its
    /// ``edgesForExtendedLayout`` has the edge, and the bar is `translucent` or the page extends under
    /// opaque bars too), else the part the bar leaves.
    func restingFrame(in bounds: CGRect, barAt edge: RectEdge, covering overlap: CGFloat, translucent: Bool) -> CGRect {
        let extends = edgesForExtendedLayout.contains(edge) && (translucent || extendedLayoutIncludesOpaqueBars)
        guard overlap > 0, !extends else { return bounds }
        let top = edge == .top ? bounds.minY + overlap : bounds.minY
        return CGRect(x: bounds.minX, y: top, width: bounds.width, height: max(bounds.height - overlap, 0))
    }

    /// The safe area of the root view: what its superview's safe area and its container's bars cover, plus
    /// ``additionalSafeAreaInsets``.
    var computedSafeAreaInsets: EdgeInsets {
        guard let view = viewIfLoaded else { return additionalSafeAreaInsets }
        return view.insetsFromSuperview.union(barInsetsFromContainer).adding(additionalSafeAreaInsets)
    }

    /// Checks whether the safe area of this controller's view changed since it was last told, and if so
    /// tells it (`viewSafeAreaInsetsDidChange`, the view's `safeAreaInsetsDidChange`, and a layout); then
    /// the same for its children and the controller it presents. Containers call it after they lay out
    /// their children; the controller's own view's layout does too.
    func updateSafeAreaInsets() {
        noteSafeAreaInsets()
        for child in children { child.updateSafeAreaInsets() }
        modal.presented?.updateSafeAreaInsets()
    }

    /// Tells this controller (not its children) if its view's safe area changed since it was last told.
    func noteSafeAreaInsets() {
        guard let view = viewIfLoaded else { return }
        let insets = view.safeAreaInsets
        guard insets != lastSafeAreaInsets else { return }
        lastSafeAreaInsets = insets
        view.safeAreaInsetsDidChange()
        viewSafeAreaInsetsDidChange()
        view.setNeedsLayout()
    }
}

/// A container's one bar, as its pages' sizes depend on it (the navigation bar at the top, the tab bar at the
/// bottom).
@MainActor
struct BarLayout {
    /// The edge the bar is at.
    var edge: RectEdge
    /// Its height (0: hidden).
    var height: CGFloat
    /// Whether the container view spans the parent under the bar.
    var containerUnderBar: Bool
    var translucent: Bool

    /// The size `container` gets in a parent of `parentSize` when it is one of `pages` (else the parent's):
    /// the container view is the parent (under the bar) or the parent less the bar, and the page rests in
    /// it as ``ViewController/restingFrame(in:barAt:covering:translucent:)`` says.
    func size(of container: any ContentContainer, among pages: [ViewController], inParentOf parentSize: CGSize) -> CGSize {
        guard let page = container as? ViewController, pages.contains(where: { $0 === page }) else { return parentSize }
        let outside = containerUnderBar ? 0 : height
        let view = CGSize(width: parentSize.width, height: max(parentSize.height - outside, 0))
        return page.restingFrame(in: CGRect(origin: .zero, size: view), barAt: edge,
                                 covering: containerUnderBar ? height : 0, translucent: translucent).size
    }
}
