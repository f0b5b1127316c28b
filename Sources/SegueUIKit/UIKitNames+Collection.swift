// UIKit's names for Segue's collection views (Sources/SegueUI/Collection). Each type's doc comment says
// how it differs from UIKit.

/// Segue's `CollectionView`: a scrolling grid of reusable cells placed by a layout.
public typealias UICollectionView = CollectionView
/// Segue's `CollectionViewCell`: a reusable item view of a collection view.
public typealias UICollectionViewCell = CollectionViewCell
/// Segue's `CollectionViewLayout`: the abstract base of the layouts that place a collection view's items.
public typealias UICollectionViewLayout = CollectionViewLayout
/// Segue's `CollectionViewLayoutAttributes`: where and how a collection view shows one item.
public typealias UICollectionViewLayoutAttributes = CollectionViewLayoutAttributes
/// Segue's `CollectionViewFlowLayout`: the grid layout.
public typealias UICollectionViewFlowLayout = CollectionViewFlowLayout
/// Segue's `CollectionViewTransitionLayout`: the layout between two layouts, for an interactive layout
/// transition.
public typealias UICollectionViewTransitionLayout = CollectionViewTransitionLayout
/// Segue's `CollectionViewController`: a controller whose view is a collection view.
public typealias UICollectionViewController = CollectionViewController
/// Segue's `CollectionViewDataSource`: supplies a collection view's items.
public typealias UICollectionViewDataSource = CollectionViewDataSource
/// Segue's `CollectionViewDelegate`: told about selection and display in a collection view.
public typealias UICollectionViewDelegate = CollectionViewDelegate
/// Segue's `CollectionViewDelegateFlowLayout`: the per-item and per-section sizing hooks of a flow layout.
public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout

extension CollectionView {
    /// `UIScrollView.DecelerationRate`.
    public typealias DecelerationRate = SegueUI.DecelerationRate
    /// `UICollectionView.ScrollDirection`.
    public typealias ScrollDirection = CollectionViewFlowLayout.ScrollDirection
}
