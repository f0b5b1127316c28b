import Foundation

/// Told about selection and display in a collection view (`UICollectionViewDelegate`). Every method has
/// a default (select: yes; the rest do nothing).
///
/// Differs from UIKit: no highlighting, menus, focus or drag and drop; no `UIScrollViewDelegate` part but
/// ``collectionViewDidScroll(_:)`` (Segue's name for `scrollViewDidScroll(_:)`, which in UIKit takes the
/// scroll view).
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    /// Whether a tap may select the item (default true).
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// A tap selected the item.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// A tap on another item deselected this one.
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// The cell is about to be shown for the item.
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    /// The cell stopped being shown for the item (it went to the reuse queue).
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    /// The content offset changed.
    func collectionViewDidScroll(_ collectionView: CollectionView)
    /// The offset to rest at after a layout change (asked after the layout's
    /// ``CollectionViewLayout/targetContentOffset(forProposedContentOffset:)``; default: `proposedContentOffset`).
    func collectionView(_ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint
}

extension CollectionViewDelegate {
    /// True: every item may be selected.
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Nothing.
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Nothing.
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// Nothing.
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Nothing.
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Nothing.
    public func collectionViewDidScroll(_ collectionView: CollectionView) {}
    /// The proposal, unchanged.
    public func collectionView(_ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }
}
