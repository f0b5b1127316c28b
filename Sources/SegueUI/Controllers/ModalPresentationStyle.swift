/// How a presented controller covers its presenter (`UIModalPresentationStyle`).
///
/// Differs from UIKit: no `.automatic`, `.formSheet`, `.popover`, `.currentContext`; `.fullScreen` is the
/// default (UIKit's `.automatic` is a page sheet since iOS 13).
public enum ModalPresentationStyle: Sendable, Hashable {
    /// Covers the presenter, whose view is removed when the presentation ends (and put back when the
    /// dismissal starts); the presenter gets appearance callbacks.
    case fullScreen
    /// Covers the presenter, whose view stays underneath; the presenter gets no appearance callbacks.
    case overFullScreen
    /// The transitioning delegate's ``PresentationController`` decides the presented frame and chrome; the
    /// presenter's view stays (unless the controller's ``PresentationController/shouldRemovePresentersView``).
    case custom
    /// A ``DimmingSheetPresentationController``: the sheet slides up to below a top inset over the dimmed
    /// presenter (whose view stays) and can be dragged down to dismiss. Differs from UIKit: the presenter
    /// is not scaled back, and the sheet has no detents.
    case pageSheet
}
