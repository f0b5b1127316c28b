import Foundation
import SegueAnimation

/// The per-item and per-section sizing hooks a ``CollectionViewFlowLayout`` asks the collection view's
/// delegate (`UICollectionViewDelegateFlowLayout`). Each has a default that returns the layout's own
/// property, so a delegate implements only the ones it needs.
///
/// Differs from UIKit: no header or footer sizes (Segue's collection views have no supplementary views).
@MainActor
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
    /// The size of one item (default: the layout's ``CollectionViewFlowLayout/itemSize``).
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
    /// The insets of a section (default: the layout's ``CollectionViewFlowLayout/sectionInset``).
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                        insetForSectionAt section: Int) -> EdgeInsets
    /// The spacing between rows of a section (default: ``CollectionViewFlowLayout/minimumLineSpacing``).
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    /// The least spacing between items of a row (default: ``CollectionViewFlowLayout/minimumInteritemSpacing``).
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
}

extension CollectionViewDelegateFlowLayout {
    /// The flow layout's ``CollectionViewFlowLayout/itemSize`` (its default for another layout).
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? CollectionViewFlowLayout)?.itemSize ?? CollectionViewFlowLayout.defaultItemSize
    }
    /// The flow layout's ``CollectionViewFlowLayout/sectionInset`` (zero for another layout).
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                               insetForSectionAt section: Int) -> EdgeInsets {
        (collectionViewLayout as? CollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    /// The flow layout's ``CollectionViewFlowLayout/minimumLineSpacing`` (its default for another layout).
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? CollectionViewFlowLayout)?.minimumLineSpacing ?? CollectionViewFlowLayout.defaultSpacing
    }
    /// The flow layout's ``CollectionViewFlowLayout/minimumInteritemSpacing`` (its default for another layout).
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? CollectionViewFlowLayout)?.minimumInteritemSpacing ?? CollectionViewFlowLayout.defaultSpacing
    }
}
