import Foundation

/// Supplies a collection view's items (`UICollectionViewDataSource`): how many, and a cell for each (made
/// with ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)``).
///
/// Differs from UIKit: no supplementary views, no moving of items; the counts are read at
/// ``CollectionView/reloadData()`` (and the first layout) and kept until the next, as UIKit caches them.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections (default 1).
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for the item at `indexPath`: dequeue one and configure it.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
}

extension CollectionViewDataSource {
    /// One section, as in UIKit.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}
