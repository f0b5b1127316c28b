import Foundation
import SegueAnimation

/// The layout between two layouts (`UICollectionViewTransitionLayout`): every item's attributes
/// ``transitionProgress`` of the way from ``currentLayout``'s to ``nextLayout``'s (centre, size, alpha and
/// transform interpolated). ``CollectionView/startInteractiveTransition(to:completion:)`` installs one; the
/// app moves ``transitionProgress`` (from a gesture) and then finishes or cancels.
///
/// An item only one of the two layouts has is shown at that layout's place, faded out towards the other end
/// (alpha 0 there).
///
/// Differs from UIKit: no `updateValue(_:forAnimatedKey:)`; the content size is interpolated too.
@MainActor
open class CollectionViewTransitionLayout: CollectionViewLayout {
    /// The layout the transition starts from.
    public let currentLayout: CollectionViewLayout
    /// The layout the transition goes to.
    public let nextLayout: CollectionViewLayout
    /// How far the transition is, 0 (``currentLayout``) ... 1 (``nextLayout``); setting it invalidates the
    /// layout, so the collection view moves its cells in its next layout pass.
    public var transitionProgress: CGFloat = 0 {
        didSet { invalidateLayout() }
    }

    /// A transition from `currentLayout` to `nextLayout`, at progress 0.
    public init(currentLayout: CollectionViewLayout, nextLayout: CollectionViewLayout) {
        self.currentLayout = currentLayout
        self.nextLayout = nextLayout
        super.init()
    }

    open override func prepare() {
        super.prepare()
        currentLayout.collectionView = collectionView
        nextLayout.collectionView = collectionView
        currentLayout.prepareIfNeeded()
        nextLayout.prepareIfNeeded()
    }

    open override var collectionViewContentSize: CGSize {
        CGSize.interpolate(from: currentLayout.collectionViewContentSize, to: nextLayout.collectionViewContentSize,
                           fraction: Double(transitionProgress))
    }

    /// The interpolated attributes of the items that either layout places in `rect`.
    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        var paths = Set<IndexPath>()
        for a in currentLayout.layoutAttributesForElements(in: rect) { paths.insert(a.indexPath) }
        for a in nextLayout.layoutAttributesForElements(in: rect) { paths.insert(a.indexPath) }
        return paths.sorted().compactMap { layoutAttributesForItem(at: $0) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        Self.attributes(of: indexPath, from: currentLayout, to: nextLayout, fraction: Double(transitionProgress))
    }

    /// The attributes of `indexPath` `fraction` of the way from `from` to `to` (nil if neither has it).
    static func attributes(of indexPath: IndexPath, from: CollectionViewLayout, to: CollectionViewLayout,
                           fraction: Double) -> CollectionViewLayoutAttributes? {
        let a = from.layoutAttributesForItem(at: indexPath), b = to.layoutAttributesForItem(at: indexPath)
        switch (a, b) {
        case let (a?, b?):
            return a.interpolated(to: b, fraction: fraction)
        case let (a?, nil):
            let gone = a.copy()
            gone.alpha = 0
            return a.interpolated(to: gone, fraction: fraction)
        case let (nil, b?):
            let absent = b.copy()
            absent.alpha = 0
            return absent.interpolated(to: b, fraction: fraction)
        case (nil, nil):
            return nil
        }
    }
}
