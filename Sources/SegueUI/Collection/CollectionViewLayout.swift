import Foundation
import SegueAnimation

/// Decides where a collection view's items go (`UICollectionViewLayout`): an abstract base. Subclasses
/// compute their attributes in ``prepare()`` (called whenever the layout was invalidated, before it is
/// asked anything) and answer ``collectionViewContentSize``, ``layoutAttributesForElements(in:)`` and
/// ``layoutAttributesForItem(at:)``.
///
/// Differs from UIKit: cells only (no supplementary or decoration views); no invalidation contexts:
/// ``invalidateLayout()`` invalidates everything. The base class's queries fail loudly (UIKit's base class
/// returns empty answers, which hides a subclass that forgot to override them).
@MainActor
open class CollectionViewLayout {
    /// The collection view the layout is installed in (held weakly; set when it is installed, or when it is
    /// the target of a layout transition).
    public internal(set) weak var collectionView: CollectionView?
    /// Whether ``prepare()`` must run before the next query.
    public private(set) var needsPrepare = true

    /// A layout not yet installed in a collection view.
    public init() {}

    /// Whether the content scrolls sideways (a horizontal flow layout); false: vertically.
    var scrollsHorizontally: Bool { false }

    /// Computes the layout (override; call super). Called by the collection view when the layout was
    /// invalidated, before it reads the content size or the attributes.
    open func prepare() {}

    /// The size of the whole content, in points (the scrollable area).
    open var collectionViewContentSize: CGSize {
        preconditionFailure("\(type(of: self)) must override collectionViewContentSize (CollectionViewLayout is abstract)")
    }

    /// The attributes of every item whose frame meets `rect` (content coordinates).
    open func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        preconditionFailure("\(type(of: self)) must override layoutAttributesForElements(in:) (CollectionViewLayout is abstract)")
    }

    /// The attributes of one item (nil if the layout has no such item).
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        preconditionFailure("\(type(of: self)) must override layoutAttributesForItem(at:) (CollectionViewLayout is abstract)")
    }

    /// Whether a change of the collection view's bounds to `newBounds` invalidates the layout. The collection
    /// view asks on every change of its bounds, a scroll included, before the change (its `bounds` still
    /// the old ones), and calls ``invalidateLayout()`` when the answer is true: override it to return true
    /// for a layout that depends on the scroll position (sticky headers, a stretchy top), or false to keep
    /// the layout on a resize. Differs from UIKit: the default is true when the size changes (UIKit's base
    /// class says false, its flow layout true on a size change), so a custom layout follows a resize of the
    /// window; scrolling alone answers false.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return true }
        return collectionView.bounds.size != newBounds.size
    }

    /// The content offset to use when this layout is installed and `proposedContentOffset` is where the
    /// collection view would go (default: the proposal). The collection view clamps the answer to its
    /// scrollable range.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Marks the layout for ``prepare()`` and asks the collection view for a layout pass.
    open func invalidateLayout() {
        needsPrepare = true
        collectionView?.setNeedsLayout()
    }

    /// Runs ``prepare()`` if the layout was invalidated.
    func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }
}

extension CGRect {
    /// Whether the two rectangles share some area: edges that only touch do not count (Foundation's
    /// `intersects` on Linux counts them), so a row that starts where the visible rectangle ends has no cell.
    func overlaps(_ other: CGRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
