import SegueAnimation

/// What takes the rest of a scroll view's drag, in the middle of it, once the content has reached its top
/// edge and the finger goes on down: a page sheet moves down with the finger (to a smaller detent, or
/// dismissing), as UIKit's sheets do with the scroll view inside them, and a zoomed page zooms back. For a
/// sheet, the choice made when a pan begins (``SheetPresentationController``'s
/// `takesDrag(from:translation:)`: a drag starting at the top edge going down is the sheet's from the
/// start) covers drags that start there; this covers a drag that scrolls the list back to its top and goes
/// on. A zoomed page has no such first choice: a drag down with its list at the top is handed over at its
/// first move.
///
/// The scroll view (``CollectionView``) asks the nearest one above it (``CollectionView/scrollEdgeHandover``)
/// on every move that would pull the content past its top edge; once it takes over, the scroll view stays
/// at its top and hands each later state of its pan on, until the pan ends. The way back is the sheet's:
/// a drag it follows that reaches its largest detent going up scrolls the list from there, as in UIKit
/// (``SheetPresentationController/prefersScrollingExpandsWhenScrolledToEdge``).
///
/// Two clients conform: ``SheetPresentationController`` and ``ZoomInteraction`` (a zoomed page's
/// dismissal, whose drag down shrinks the page under the finger). ``CollectionView/scrollEdgeHandover`` finds
/// the nearer of the two for a collection view (the lookup goes from the collection view outwards: a view
/// with a zoom's pan attached, or the presented view of the running sheet presentation it is in). Another
/// client conforms its drag handler to this protocol, taking the handover when no transition runs, and is
/// added to that lookup. The handed-over pan's translation counts from `origin` (where it was when the
/// content reached its top), so the page moves as far as the finger went on past the top.
@MainActor
protocol ScrollEdgeHandover: AnyObject {
    /// Whether it takes the rest of `scrollView`'s drag now (the content is at its top edge and the finger
    /// goes on down).
    func takesHandover(from scrollView: CollectionView) -> Bool
    /// Follows the handed-over drag of `pan`: `state` is `.began` at the handover (with `origin`, the pan's
    /// translation when the content reached its top edge, in window points), then the pan's own
    /// `.changed`, and `.ended` or `.cancelled`.
    func followHandover(of pan: PanGestureRecognizer, state: GestureRecognizer.State, origin: CGPoint)
}
