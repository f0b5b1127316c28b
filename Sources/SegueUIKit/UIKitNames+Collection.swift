// UIKit's names for Segue's collection views (Sources/SegueUI/Collection). Each type's doc comment says
// how it differs from UIKit.

public typealias UICollectionView = CollectionView
public typealias UICollectionViewCell = CollectionViewCell
public typealias UICollectionViewLayout = CollectionViewLayout
public typealias UICollectionViewLayoutAttributes = CollectionViewLayoutAttributes
public typealias UICollectionViewFlowLayout = CollectionViewFlowLayout
public typealias UICollectionViewTransitionLayout = CollectionViewTransitionLayout
public typealias UICollectionViewController = CollectionViewController
public typealias UICollectionViewDataSource = CollectionViewDataSource
public typealias UICollectionViewDelegate = CollectionViewDelegate
public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout

extension CollectionView {
    /// `UIScrollView.DecelerationRate`.
    public typealias DecelerationRate = SegueUI.DecelerationRate
    /// `UICollectionView.ScrollDirection`.
    public typealias ScrollDirection = CollectionViewFlowLayout.ScrollDirection
}
