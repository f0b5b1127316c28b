/// How a presented controller covers its presenter (`UIModalPresentationStyle`).
///
/// The default of ``ViewController/modalPresentationStyle`` is ``automatic``, which resolves to
/// ``pageSheet`` as UIKit's does for a plain controller since iOS 13.
///
/// Differs from UIKit: no `.popover`, `.none` or `.blurOverFullScreen`; no adaptation to a compact size
/// class (a page or form sheet is never turned into a full-screen presentation: Segue's windows have no
/// size classes).
public enum ModalPresentationStyle: Sendable, Hashable {
    /// The system's choice: a page sheet (UIKit resolves `.automatic` to `.pageSheet` for any controller
    /// but a few system ones; Segue has none of those). The default.
    case automatic
    /// Covers the presenter, whose view is removed when the presentation ends (and put back when the
    /// dismissal starts); the presenter gets appearance callbacks.
    case fullScreen
    /// Covers the presenter, whose view stays underneath; the presenter gets no appearance callbacks.
    case overFullScreen
    /// The transitioning delegate's ``PresentationController`` decides the presented frame and chrome; the
    /// presenter's view stays (unless the controller's ``PresentationController/shouldRemovePresentersView``).
    case custom
    /// A sheet (``SheetPresentationController``): it rises to its detent over the dimmed presenter, which
    /// recedes behind it at the large detent, and can be dragged between detents and swiped down; the
    /// presenter's view stays (it gets no appearance callbacks).
    case pageSheet
    /// A sheet as ``pageSheet`` at most 540 x 620 pt, centred horizontally, in a container at least
    /// ``DimmingSheetPresentationController/formSheetMinimumContainerWidth`` wide (a regular width); in a
    /// narrower one, exactly a page sheet (as on an iPhone).
    case formSheet
    /// Covers only the view of the presentation context (the nearest ancestor of the presenting controller
    /// whose ``ViewController/definesPresentationContext`` is true, else the root), which presents it; that
    /// controller's view is removed when the presentation ends and it gets appearance callbacks.
    case currentContext
    /// As ``currentContext``, but the context's view stays underneath and gets no appearance callbacks.
    case overCurrentContext

    /// The style a presentation of this style is made with: ``automatic`` is a ``pageSheet``.
    public var resolved: ModalPresentationStyle { self == .automatic ? .pageSheet : self }

    /// Whether the presentation covers only the presentation context's view.
    var coversCurrentContext: Bool { self == .currentContext || self == .overCurrentContext }
}
