import Foundation
import SegueAnimation

/// The animator of a layout-to-layout push or pop (what a navigation controller runs between two
/// ``CollectionViewController``s sharing a collection view): no page moves; the one collection view goes
/// from its layout to ``layout``, every item on screen at either end moving from its old place to its new
/// one and the content offset with them, so that ``focus`` keeps its vertical place on screen.
///
/// Its moves are view animations in the transition's container, so the engine scrubs them (linear in the
/// progress while interactive, as the stock pop is) and a cancel reverts them; at the end the collection
/// view installs the layout that won (the new one, or the old one again after a cancel) and recycles the
/// cells no longer on screen.
///
/// Differs from UIKit: UIKit's is private; this one is public so a navigation controller delegate can see
/// what runs (it is not asked for an animator for these transitions).
@MainActor
public final class CollectionLayoutNavigationAnimator: ViewControllerAnimatedTransitioning {
    /// The shared collection view.
    public let collectionView: CollectionView
    /// The layout it goes to.
    public let layout: CollectionViewLayout
    /// The item kept in place (nil: the offset is kept, clamped).
    public let focus: IndexPath?

    /// An animator moving `collectionView` to `layout`, keeping `focus` in place.
    public init(collectionView: CollectionView, layout: CollectionViewLayout, focus: IndexPath?) {
        self.collectionView = collectionView
        self.layout = layout
        self.focus = focus
    }

    /// ``CollectionView/layoutTransitionDuration``.
    public func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        CollectionView.layoutTransitionDuration
    }

    /// Moves the shared collection view from the old layout to the new one (or back, for a pop).
    public func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let collectionView = collectionView
        let change = collectionView.beginLayoutChange(to: layout, focus: focus)
        let interactive = transitionContext.isInteractive
        if let engine = transitionContext as? ContainerTransition {
            engine.alongsideTiming = .curve(interactive ? .linear : .easeInEaseOut)
        }
        View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0,
                     options: interactive ? [.curveLinear] : [.curveEaseInOut], animations: {
            collectionView.applyLayoutChange(change, fraction: 1)
        }, completion: { finished in
            // Animations removed before their end (a revert) end nothing.
            guard finished else { return }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    /// Installs the layout that won and lays the cells out by it (after the engine reverted a cancel).
    public func animationEnded(_ transitionCompleted: Bool) {
        collectionView.endLayoutChange(keepingNew: transitionCompleted)
    }
}
