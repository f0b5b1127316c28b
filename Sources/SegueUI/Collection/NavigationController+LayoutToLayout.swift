import Foundation
import SegueAnimation

/// A push or pop between two collection view controllers that share one collection view
/// (``CollectionViewController/useLayoutToLayoutNavigationTransitions``): who owns the collection view
/// when, which layout it goes to, and the animator. The navigation controller makes one for each such
/// transition and calls it at the start, for the animator, and at the end.
@MainActor
final class LayoutToLayoutNavigation {
    /// The controller below (the one pushed on, or popped to).
    let lower: CollectionViewController
    /// The controller on top (the one pushed, or popped).
    let upper: CollectionViewController
    let isPop: Bool

    /// The pair, when `from` -> `to` is a layout-to-layout transition: a push of a controller that uses
    /// layout-to-layout transitions on a collection view controller whose view is loaded, or a pop from a
    /// controller that shares its collection view with the one it pops to.
    init?(operation: NavigationController.Operation, from: ViewController, to: ViewController) {
        guard let from = from as? CollectionViewController, let to = to as? CollectionViewController else { return nil }
        switch operation {
        case .push:
            guard to.useLayoutToLayoutNavigationTransitions, from.collectionViewIfLoaded != nil,
                  to.collectionViewIfLoaded == nil || to.collectionViewIfLoaded === from.collectionViewIfLoaded else { return nil }
            lower = from
            upper = to
            isPop = false
        case .pop:
            guard from.useLayoutToLayoutNavigationTransitions, let shared = from.collectionViewIfLoaded,
                  shared === to.collectionViewIfLoaded else { return nil }
            lower = to
            upper = from
            isPop = true
        case .none:
            return nil
        }
    }

    /// The shared collection view.
    var collectionView: CollectionView {
        (isPop ? upper : lower).collectionViewIfLoaded!
    }

    /// Before the transition: a pushed controller takes the shared collection view as its view (its
    /// `viewDidLoad` sees it) and becomes its delegate if the one below was; a pop gives the controller
    /// below the view back (the top one stays its controller until the pop completes).
    func begin() {
        let shared = collectionView
        if isPop {
            lower.attachSharedCollectionView(shared, owning: false)
            return
        }
        upper.layoutToLayoutSource = lower
        upper.layoutToLayoutFocus = shared.indexPathsForSelectedItems.first
        if upper.isViewLoaded {
            upper.attachSharedCollectionView(shared, owning: true)
        } else {
            upper.loadViewIfNeeded()
        }
        if shared.delegate === lower { shared.delegate = upper }
    }

    /// The animator: the shared collection view to the layout of the controller that ends on top.
    func makeAnimator() -> CollectionLayoutNavigationAnimator {
        let shared = collectionView
        let focus = upper.layoutToLayoutFocus ?? shared.indexPathsForSelectedItems.first
        return CollectionLayoutNavigationAnimator(collectionView: shared,
                                                  layout: (isPop ? lower : upper).collectionViewLayout, focus: focus)
    }

    /// An unanimated push or pop: the layout is installed at once.
    func changeLayoutWithoutAnimation() {
        collectionView.setCollectionViewLayout((isPop ? lower : upper).collectionViewLayout, animated: false)
    }

    /// After the transition (before the container removes views): the controller that ends on top owns the
    /// collection view as its view and is its delegate (if the other was); the other lets go of it as a
    /// view, so the container does not remove it.
    func end(completed: Bool) {
        let shared = collectionView
        let top = (isPop == completed) ? lower : upper
        let other = top === lower ? upper : lower
        other.detachSharedCollectionView()
        top.attachSharedCollectionView(shared, owning: true)
        if shared.delegate === other { shared.delegate = top }
    }
}
