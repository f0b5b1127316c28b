import Foundation
import SegueAnimation

/// A controller whose view is a collection view (`UICollectionViewController`): it makes the collection
/// view with the layout it was created with, and is its data source and delegate through overridable
/// methods (override `collectionView(_:numberOfItemsInSection:)`, `collectionView(_:cellForItemAt:)`,
/// `collectionView(_:didSelectItemAt:)`...).
///
/// With ``useLayoutToLayoutNavigationTransitions`` set before it is pushed on a collection view
/// controller, it does not use a collection view of its own: it shares the one below it, and the
/// navigation controller's push (and the pop back, the interactive edge pan included) animates that one
/// collection view from the old layout to this controller's ``collectionViewLayout``, keeping the selected
/// item's vertical place on screen (the Photos app's years -> moments -> photos). While shared, the
/// collection view keeps its data source and takes the top controller as its delegate (when the delegate
/// was the controller below), as in UIKit.
///
/// Differs from UIKit: ``collectionViewLayout`` is the layout the controller was created with (UIKit
/// returns the collection view's current layout); no `clearsSelectionOnViewWillAppear` (a selection stays,
/// so a pop can keep the item that was tapped in place); the root view is the collection view itself, with
/// a white background (UIKit's `systemBackground` in light mode).
@MainActor
open class CollectionViewController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
    /// The layout the controller was created with (the one its collection view gets, or the one a
    /// layout-to-layout push moves the shared collection view to).
    public let collectionViewLayout: CollectionViewLayout
    /// Whether a navigation controller pushing this controller on a collection view controller animates
    /// the shared collection view's layout instead of sliding pages (set before the push; UIKit's rule).
    public var useLayoutToLayoutNavigationTransitions = false

    private var storedCollectionView: CollectionView?
    /// The controller whose collection view a layout-to-layout push shares with this one (set by the
    /// navigation controller before this one's view loads).
    weak var layoutToLayoutSource: CollectionViewController?
    /// The item the layout-to-layout push kept in place (the pop keeps it in place too).
    var layoutToLayoutFocus: IndexPath?

    /// A controller whose collection view will use `layout`.
    public init(collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init()
    }

    /// The collection view (loads the view). Setting it replaces the root view.
    public var collectionView: CollectionView! {
        get {
            loadViewIfNeeded()
            return storedCollectionView
        }
        set {
            storedCollectionView = newValue
            view = newValue
        }
    }

    /// The collection view, without loading the view.
    var collectionViewIfLoaded: CollectionView? { storedCollectionView }

    /// Makes the collection view (with ``collectionViewLayout``, this controller as data source and
    /// delegate), or takes the shared one of a layout-to-layout push.
    open override func loadView() {
        if let shared = layoutToLayoutSource?.storedCollectionView {
            storedCollectionView = shared
            view = shared
            return
        }
        let collectionView = CollectionView(frame: loadedViewFrame, collectionViewLayout: collectionViewLayout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .white
        collectionView.dataSource = self
        collectionView.delegate = self
        storedCollectionView = collectionView
        view = collectionView
    }

    // MARK: Sharing the collection view (the layout-to-layout navigation)

    /// Makes `collectionView` this controller's view; it becomes the view's controller (its `next`
    /// responder) only when `owning`.
    func attachSharedCollectionView(_ collectionView: CollectionView, owning: Bool) {
        let owner = collectionView.owningViewController
        storedCollectionView = collectionView
        view = collectionView
        if !owning { collectionView.owningViewController = owner }
    }

    /// Lets go of the shared collection view as a view (the controller keeps it as ``collectionView``, for
    /// when it is shown again); the view's controller stays whoever else it was.
    func detachSharedCollectionView() {
        guard let shared = viewIfLoaded else { return }
        let owner = shared.owningViewController
        view = nil
        if owner !== self { shared.owningViewController = owner }
    }

    // MARK: Data source (override)

    /// One section; override for more (the controller is its collection view's data source).
    open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    /// No items; override.
    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    /// Override: there is no default cell (an item with no cell fails loudly, as UIKit raises).
    open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        preconditionFailure("\(type(of: self)) must override collectionView(_:cellForItemAt:)")
    }

    // MARK: Delegate (override)

    /// True; override to refuse a selection (the controller is its collection view's delegate).
    open func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Nothing; override to respond to a tap on an item.
    open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Nothing; override.
    open func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// Nothing; override.
    open func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Nothing; override.
    open func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Nothing; override.
    open func collectionViewDidScroll(_ collectionView: CollectionView) {}
    /// The proposal, unchanged; override.
    open func collectionView(_ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }
}
