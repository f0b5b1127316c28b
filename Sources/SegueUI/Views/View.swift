import Foundation
import SegueAnimation

/// A rectangle on screen backed by a `Layer` (`UIView`): geometry, hierarchy, layout, hit testing and
/// gesture recognizers.
///
/// Differs from UIKit:
/// - Geometry is `Double`; `transform3D` exposes the layer's full 3D transform (UIKit has it since iOS 13),
///   and hit testing and `convert(_:to:)` go through it (model values, perspective included; hit
///   testing uses what is drawn for views moved by a property animator, as UIKit does).
/// - Layout is `layoutSubviews` + autoresizing masks; there is no Auto Layout.
/// - The layer's corner radius, border and shadow are set on ``layer`` as in UIKit (`view.layer.cornerRadius`).
/// - There is no `draw(_:)`: a view shows its layer's `contents` (text, a bitmap, a snapshot).
@MainActor
open class View: Responder {
    /// The backing layer.
    public let layer: Layer
    /// The view this one is a subview of (held weakly).
    public private(set) weak var superview: View?
    /// The subviews, back to front (the last is drawn on top).
    open private(set) var subviews: [View] = []
    /// The gesture recognizers attached to the view, in the order they were added.
    open private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// Whether the view (and its subviews) receive pointer events (default true).
    open var isUserInteractionEnabled = true
    /// Whether ``layoutSubviews()`` must run at the next layout pass.
    public private(set) var needsLayout = true
    /// Whether some descendant needs layout (or has a descendant that does): the layout pass walks only
    /// into subtrees where this or ``needsLayout`` is set. Kept true on every ancestor of a view that
    /// needs layout, by ``setNeedsLayout()`` and by adding a subview that needs layout.
    private(set) var descendantNeedsLayout = false
    /// How the view resizes when its superview's bounds change.
    open var autoresizingMask: AutoresizingMask = []
    /// Whether the view resizes its subviews by their ``autoresizingMask`` when its bounds change
    /// (default true).
    open var autoresizesSubviews = true
    /// A name for tests and traces; also set as the layer's `name`.
    open var accessibilityIdentifier: String? {
        didSet { layer.name = accessibilityIdentifier }
    }
    /// The controller whose root view this is (what `next` returns for it).
    weak var owningViewController: ViewController?
    /// The identifier that pairs this view with a view of the other page in a ``MatchedGeometryAnimator``
    /// or ``ZoomTransitionAnimator`` transition (nil: not matched). Hero's `heroID`, SwiftUI's
    /// `matchedGeometryEffect(id:in:)`; UIKit has no counterpart.
    public var matchedGeometryID: String?

    /// A view with `frame` and a new backing layer.
    public init(frame: CGRect = .zero) {
        layer = Layer()
        super.init()
        layer.frame = frame
    }

    /// A view over an existing layer (the window's layer is its tree's root).
    init(layer: Layer, frame: CGRect) {
        self.layer = layer
        super.init()
        layer.frame = frame
    }

    // MARK: Geometry (all forwarded to the layer, so animation blocks capture them)

    /// The frame in the superview's coordinates (the layer's). A size change resizes the subviews by
    /// their ``autoresizingMask`` and asks for layout.
    open var frame: CGRect {
        get { layer.frame }
        set {
            let old = layer.bounds
            // The frame sets the bounds' size and keeps their origin (Core Animation's rule).
            let new = CGRect(origin: old.origin, size: newValue.standardized.size)
            if new != old { boundsWillChange(to: new) }
            layer.frame = newValue
            boundsSizeDidChange(from: old.size)
        }
    }
    /// The view's own coordinate space. A size change resizes the subviews by their
    /// ``autoresizingMask`` and asks for layout.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let old = layer.bounds
            if newValue != old { boundsWillChange(to: newValue) }
            layer.bounds = newValue
            boundsSizeDidChange(from: old.size)
        }
    }
    /// The layer's `position`, in the superview's coordinates (the centre with the default anchor point).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    /// The 2D transform (the affine part of the layer's transform).
    open var transform: CGAffineTransform {
        get { layer.transform.affineTransform }
        set { layer.transform = Transform3D(newValue) }
    }
    /// The layer's full 3D transform.
    open var transform3D: Transform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }
    /// The opacity, 0...1 (the layer's `opacity`). Below ``hitTestMinimumAlpha`` the view ignores pointers.
    open var alpha: CGFloat {
        get { layer.model.opacity }
        set { layer.setValue(newValue, for: .opacity) }
    }
    /// The fill colour, nil for none. `.clear` and nil both draw nothing and read back as they were set.
    open var backgroundColor: Color? {
        get {
            let color = layer.model.backgroundColor
            return color == .clear && !backgroundIsExplicitlyClear ? nil : color
        }
        set {
            backgroundIsExplicitlyClear = newValue == .clear
            layer.setValue(newValue ?? .clear, for: .backgroundColor)
        }
    }
    /// Whether `.clear` was set as the background (rather than nil): the layer stores both as `.clear`.
    private var backgroundIsExplicitlyClear = false
    /// Whether the view and its subviews are neither drawn nor hit-tested.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    /// Whether the subviews are clipped to the bounds (the layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    // MARK: The chain

    /// The window the view is in (the root of its hierarchy, when that is a ``Window``).
    open var window: Window? {
        var view = self
        while let parent = view.superview { view = parent }
        return view as? Window
    }

    override var responderWindow: Window? { window }

    /// The view's controller, for a controller's root view; otherwise the superview.
    open override var next: Responder? { owningViewController ?? superview }

    // MARK: Hierarchy

    /// Adds `view` on top of the subviews.
    open func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (it leaves its old superview first).
    open func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "A view cannot be its own subview")
        precondition(!isDescendant(of: view), "Adding an ancestor as a subview would make a cycle")
        let oldWindow = view.window
        let newWindow = window
        let changesWindow = oldWindow !== newWindow
        if changesWindow { oldWindow?.endTransitions(inside: view) }
        var target = index
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }), old < index { target -= 1 }
        if view.superview !== self { view.willMove(toSuperview: self) }
        if changesWindow { view.propagateWillMove(toWindow: newWindow) }
        view.detachFromSuperview()
        let i = min(max(target, 0), subviews.count)
        subviews.insert(view, at: i)
        view.superview = self
        // Keep the layer order equal to the view order.
        layer.insertSublayer(view.layer, at: layerIndex(forSubviewAt: i))
        if view.needsLayout || view.descendantNeedsLayout { view.markAncestorsNeedLayout() }
        if changesWindow { view.propagateDidMoveToWindow() }
        view.didMoveToSuperview()
        didAddSubview(view)
    }

    /// Inserts `view` just above `sibling` (which must be a subview).
    open func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else {
            preconditionFailure("insertSubview(_:aboveSubview:): the sibling is not a subview")
        }
        insertSubview(view, at: i + 1)
    }

    /// Inserts `view` just below `sibling` (which must be a subview).
    open func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else {
            preconditionFailure("insertSubview(_:belowSubview:): the sibling is not a subview")
        }
        insertSubview(view, at: i)
    }

    /// Moves a subview to the top.
    open func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves a subview to the bottom.
    open func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Removes the view from its superview (and its window: controllers whose views leave get their
    /// disappearance callbacks when their appearance is forwarded automatically, and container transitions
    /// running inside it end at once: ``ContainerTransition/endAtOnce()``).
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        let leavesWindow = window != nil
        if leavesWindow { window?.endTransitions(inside: self) }
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if leavesWindow { propagateWillMove(toWindow: nil) }
        detachFromSuperview()
        if leavesWindow { propagateDidMoveToWindow() }
        didMoveToSuperview()
    }

    /// Whether the view is `view` or one of its descendants.
    open func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
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

    // MARK: Hierarchy hooks (override; the defaults do nothing)

    /// Called after `subview` was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before `subview` is removed.
    open func willRemoveSubview(_ subview: View) {}
    /// Called before the view moves to `newSuperview` (nil: it is removed).
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view moved to a new superview (or was removed).
    open func didMoveToSuperview() {}
    /// Called before the view (or an ancestor) moves to `newWindow` (nil: it leaves its window).
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view (or an ancestor) moved to a new window (or left its window).
    open func didMoveToWindow() {}

    /// Whether the view promises to fill its bounds with opaque content (`UIView.isOpaque`, default true).
    /// Differs from UIKit: a hint Segue's renderers do not use (they find opaque content themselves).
    public var isOpaque = true

    /// Called when ``safeAreaInsets`` changed (found at a layout pass, or when a container placed the view).
    open func safeAreaInsetsDidChange() {}

    /// `isTop`: the view the move starts at. Only there can the first responder be found inside the
    /// leaving subtree for the first time (it resigns right after that view is told), so only there is it
    /// looked for, not once per view.
    private func propagateWillMove(toWindow newWindow: Window?, isTop: Bool = true) {
        willMove(toWindow: newWindow)
        if isTop, newWindow == nil, let window, let responder = window.firstResponder, responder.isInside(self) {
            responder.resignFirstResponder()
        }
        owningViewController?.viewWillMove(toWindow: newWindow)
        for subview in subviews { subview.propagateWillMove(toWindow: newWindow, isTop: false) }
    }

    private func propagateDidMoveToWindow() {
        didMoveToWindow()
        owningViewController?.viewDidMoveToWindow()
        for subview in subviews { subview.propagateDidMoveToWindow() }
    }

    // MARK: Sizing

    /// The value of an ``intrinsicContentSize`` dimension the view has no natural size in
    /// (`UIView.noIntrinsicMetric`).
    public static let noIntrinsicMetric: CGFloat = -1

    /// The size that best fits `size` (`sizeThatFits(_:)`). The default returns the view's current size, as
    /// UIKit's does; labels and buttons measure their text (``TextMeasurement``).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its frame's origin, as UIKit does.
    open func sizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: fitted)
    }

    /// The view's natural size from its content (`intrinsicContentSize`); ``noIntrinsicMetric`` in both
    /// dimensions by default. Differs from UIKit: there is no Auto Layout, so nothing reads it for you.
    open var intrinsicContentSize: CGSize { CGSize(width: Self.noIntrinsicMetric, height: Self.noIntrinsicMetric) }

    // MARK: Layout

    /// Lays out the subviews. The default does nothing (autoresizing already happened when the bounds
    /// changed); override to place subviews from ``View/bounds``. Called by ``View/layoutIfNeeded()``.
    open func layoutSubviews() {}

    /// Marks the view as needing layout at the next layout pass (the window runs one every frame, before
    /// rendering) or at the next ``layoutIfNeeded()``, and tells its ancestors that the pass must walk
    /// down to it.
    open func setNeedsLayout() {
        needsLayout = true
        markAncestorsNeedLayout()
        // Asked inside a keyframe animation block: its `.layoutSubviews` lays out this view's window.
        if Transaction.depth > 0, let keyframes = Transaction.activeCapture as? KeyframeCapture { keyframes.noteWindow(of: layer) }
    }

    /// Sets ``descendantNeedsLayout`` on every ancestor. Always up to the root, never stopping at an
    /// ancestor already marked: a pass in progress clears the marks on its path before walking the
    /// subviews, so a mark above a marked view is not guaranteed while a pass runs.
    private func markAncestorsNeedLayout() {
        var ancestor = superview
        while let view = ancestor {
            view.descendantNeedsLayout = true
            ancestor = view.superview
        }
    }

    /// Runs ``layoutSubviews()`` now if the view needs layout, then does the same for the subviews, top
    /// down. A controller's `viewWillLayoutSubviews`/`viewDidLayoutSubviews` wrap its root view's layout.
    ///
    /// Differs from UIKit only in cost, not in order: subtrees in which no view needs layout are not
    /// walked, so a pass over a tree where nothing changed visits no view (UIKit lays out from the
    /// topmost view that needs it, in the same top-down order).
    open func layoutIfNeeded() {
        guard needsLayout || descendantNeedsLayout else { return }
        layOutSubtree(reportingVisitsTo: window?.layoutVisitObserver)
    }

    /// The layout pass below a view that needs it or has a descendant that does.
    private func layOutSubtree(reportingVisitsTo observer: ((View) -> Void)?) {
        observer?(self)
        if needsLayout {
            if let controller = owningViewController, controller.viewIfLoaded === self { controller.noteSafeAreaInsets() }
            needsLayout = false
            owningViewController?.viewWillLayoutSubviews()
            layoutSubviews()
            owningViewController?.viewDidLayoutSubviews()
        }
        // Cleared before the walk, so that a view marked while the subviews lay out (including one
        // already passed) keeps its path marked for the next pass.
        descendantNeedsLayout = false
        for subview in subviews where subview.needsLayout || subview.descendantNeedsLayout {
            subview.layOutSubtree(reportingVisitsTo: observer)
        }
    }

    /// Called before the bounds change to `newBounds` (through ``frame`` or ``bounds``, a scroll
    /// included), while ``bounds`` still reads the old value: the hook UIKit's collection view asks its
    /// layout from (`shouldInvalidateLayout(forBoundsChange:)`). Nothing by default.
    func boundsWillChange(to newBounds: CGRect) {}

    private func boundsSizeDidChange(from old: CGSize) {
        let new = layer.bounds.size
        guard new != old else { return }
        if autoresizesSubviews {
            for subview in subviews { subview.resize(withOldSuperviewSize: old, newSize: new) }
        }
        setNeedsLayout()
    }

    // MARK: Hit testing

    /// The deepest visible, interaction-enabled descendant (or self) that contains `point` (in the view's
    /// coordinates), front to back; nil if the point is outside, or the view is hidden, transparent
    /// (alpha below ``View/hitTestMinimumAlpha``), not interaction-enabled, or running an animation made
    /// without `.allowUserInteraction` (UIKit's rule). Uses model geometry, through every transform,
    /// except for views moved by a ``ViewPropertyAnimator`` whose ``ViewPropertyAnimator/isManualHitTestingEnabled``
    /// is false (the default): as in UIKit, those are hit where they are drawn (their presentation
    /// geometry), so a tap lands on a view in flight. `convert(_:to:)` always uses the model.
    open func hitTest(_ point: CGPoint, with event: Event?) -> View? {
        guard isUserInteractionEnabled, !isHidden, alpha >= View.hitTestMinimumAlpha,
              !layer.isInteractionBlockedByAnimation, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            guard let local = subview.pointFromSuperview(point) else { continue }
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (in the view's coordinates) is inside it: its bounds, by default (the bounds
    /// drawn, for a view hit where it is drawn: see ``hitTest(_:with:)``).
    open func point(inside point: CGPoint, with event: Event?) -> Bool {
        layer.hitTestingProperties.bounds.contains(point)
    }

    // MARK: Gesture recognizers

    /// Attaches a gesture recognizer (it leaves the view it was attached to).
    open func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Whether `recognizer` (attached to this view or not) may begin. Default true; UIKit's `UIView`
    /// answers false for some controls, Segue's views do not.
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    /// Detaches a gesture recognizer.
    open func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }
}

extension View {
    /// Views with an alpha below this ignore pointers, in UIKit's rule (0.01).
    public static let hitTestMinimumAlpha = 0.01
}

extension Responder {
    /// Whether the responder is `view`, a descendant of it, or the controller of one of those.
    func isInside(_ view: View) -> Bool {
        if let v = self as? View { return v.isDescendant(of: view) }
        if let vc = self as? ViewController, let v = vc.viewIfLoaded { return v.isDescendant(of: view) }
        return false
    }
}
