import Foundation
import SegueAnimation

/// A change from one layout to another in progress: the items that take part (those on screen, with the
/// margin, at either end) and the two content offsets. While it exists the collection view's layout pass
/// leaves the cells alone: whoever runs the change moves them (an animation, an interactive transition
/// layout, the navigation controller's layout-to-layout transition).
@MainActor
final class LayoutChange {
    let from: CollectionViewLayout
    let to: CollectionViewLayout
    let fromOffset: CGPoint
    let toOffset: CGPoint
    let fromContentSize: CGSize
    let toContentSize: CGSize
    /// The items with cells during the change, in order.
    let items: [IndexPath]

    init(from: CollectionViewLayout, to: CollectionViewLayout, fromOffset: CGPoint, toOffset: CGPoint,
         fromContentSize: CGSize, toContentSize: CGSize, items: [IndexPath]) {
        self.from = from
        self.to = to
        self.fromOffset = fromOffset
        self.toOffset = toOffset
        self.fromContentSize = fromContentSize
        self.toContentSize = toContentSize
        self.items = items
    }
}

/// An interactive transition started by ``CollectionView/startInteractiveTransition(to:completion:)``.
@MainActor
final class InteractiveLayoutTransition {
    let layout: CollectionViewTransitionLayout
    let change: LayoutChange
    let completion: ((Bool, Bool) -> Void)?
    /// Finishing or cancelling has begun.
    var isEnding = false

    init(layout: CollectionViewTransitionLayout, change: LayoutChange, completion: ((Bool, Bool) -> Void)?) {
        self.layout = layout
        self.change = change
        self.completion = completion
    }
}

extension CollectionView {
    // MARK: Changing the layout

    /// Installs `layout`. Animated (and in a window), every item on screen at either end moves from its
    /// place in the old layout to its place in the new one over ``layoutTransitionDuration`` (ease in-out),
    /// the content offset moving with them so that the selected item (if any) keeps its vertical place on
    /// screen; `completion` gets whether the animations ran to their end. Unanimated, the layout is swapped
    /// and the offset kept (clamped) in the next layout pass.
    ///
    /// Differs from UIKit: the offset keeps the selected item in place (UIKit asks the layout's
    /// `targetContentOffset`, which Segue also does, after this).
    public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        precondition(layoutChange == nil, "setCollectionViewLayout: a layout transition is in progress")
        guard layout !== installedLayout else { completion?(true); return }
        guard animated, window != nil else {
            stopScrolling()
            installedLayout = layout
            layout.collectionView = self
            layout.invalidateLayout()
            setNeedsLayout()
            completion?(true)
            return
        }
        let change = beginLayoutChange(to: layout, focus: indexPathsForSelectedItems.first)
        View.animate(withDuration: Self.layoutTransitionDuration, delay: 0, options: [.curveEaseInOut], animations: {
            self.applyLayoutChange(change, fraction: 1)
        }, completion: { finished in
            self.endLayoutChange(keepingNew: true)
            completion?(finished)
        })
    }

    /// Starts an interactive change to `layout` and returns the ``CollectionViewTransitionLayout`` now
    /// installed: set its ``CollectionViewTransitionLayout/transitionProgress`` (from a gesture) and every
    /// item, and the content offset, moves that far between the two layouts in the next layout pass; end
    /// with ``finishInteractiveTransition()`` or ``cancelInteractiveTransition()``. `completion` gets
    /// (completed, finished): whether the new layout was kept, and whether the last animation ran to its end.
    ///
    /// Differs from UIKit: the content offset is interpolated too (to the offset that keeps the selected
    /// item in place).
    @discardableResult
    public func startInteractiveTransition(to layout: CollectionViewLayout,
                                           completion: ((Bool, Bool) -> Void)? = nil) -> CollectionViewTransitionLayout {
        precondition(layoutChange == nil, "startInteractiveTransition: a layout transition is in progress")
        let change = beginLayoutChange(to: layout, focus: indexPathsForSelectedItems.first)
        let transitionLayout = CollectionViewTransitionLayout(currentLayout: change.from, nextLayout: layout)
        transitionLayout.collectionView = self
        installedLayout = transitionLayout
        interactiveTransition = InteractiveLayoutTransition(layout: transitionLayout, change: change, completion: completion)
        transitionLayout.invalidateLayout()
        return transitionLayout
    }

    /// Animates the interactive transition from its progress to the new layout, which stays installed.
    public func finishInteractiveTransition() {
        endInteractiveTransition(keepingNew: true)
    }

    /// Animates the interactive transition back to the old layout, which is installed again.
    public func cancelInteractiveTransition() {
        endInteractiveTransition(keepingNew: false)
    }

    private func endInteractiveTransition(keepingNew: Bool) {
        guard let interactive = interactiveTransition, !interactive.isEnding else {
            preconditionFailure("\(keepingNew ? "finish" : "cancel")InteractiveTransition: no interactive transition is in progress")
        }
        interactive.isEnding = true
        let progress = Double(min(max(interactive.layout.transitionProgress, 0), 1))
        let remaining = keepingNew ? 1 - progress : progress
        // The cells are where the progress put them (laid out now, so the animation starts from there).
        applyLayoutChange(interactive.change, fraction: progress, attributes: { interactive.layout.layoutAttributesForItem(at: $0) })
        interactiveTransition = nil
        View.animate(withDuration: Self.layoutTransitionDuration * remaining, delay: 0, options: [.curveEaseOut], animations: {
            self.applyLayoutChange(interactive.change, fraction: keepingNew ? 1 : 0)
        }, completion: { finished in
            self.endLayoutChange(keepingNew: keepingNew)
            interactive.completion?(keepingNew, finished)
        })
    }

    // MARK: The change (shared with the navigation controller's layout-to-layout transition)

    /// Begins a change to `layout`: prepares it, picks the content offset at the end (`focus` keeps the
    /// vertical place of its centre on screen, clamped to the scrollable range, then the new layout's
    /// `targetContentOffset`), and makes cells for every item on screen (with the margin) at either end,
    /// placed where the old layout has them. A change already in progress to the same layout is returned
    /// as it is (an animator run again).
    func beginLayoutChange(to layout: CollectionViewLayout, focus: IndexPath?) -> LayoutChange {
        if let change = layoutChange, change.to === layout { return change }
        precondition(layoutChange == nil, "CollectionView: a layout transition is already in progress")
        stopScrolling()
        prepareLayoutIfNeeded()
        let old = installedLayout
        let fromOffset = contentOffset
        let fromSize = contentSize
        layout.collectionView = self
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        let toSize = layout.collectionViewContentSize
        var proposed = fromOffset
        if let focus, let a = old.layoutAttributesForItem(at: focus), let b = layout.layoutAttributesForItem(at: focus) {
            proposed.y = b.center.y - (a.center.y - fromOffset.y)
        }
        let fromLayout = layout.targetContentOffset(forProposedContentOffset: clamped(proposed, contentHeight: toSize.height))
        let toOffset = clamped(delegate?.collectionView(self, targetContentOffsetForProposedContentOffset: fromLayout) ?? fromLayout,
                               contentHeight: toSize.height)
        let margin = Self.offscreenMargin
        let oldRect = CGRect(origin: fromOffset, size: bounds.size).insetBy(dx: 0, dy: -margin)
        let newRect = CGRect(origin: toOffset, size: bounds.size).insetBy(dx: 0, dy: -margin)
        var items = Set(visibleCellsByIndexPath.keys)
        for a in old.layoutAttributesForElements(in: oldRect) { items.insert(a.indexPath) }
        for a in layout.layoutAttributesForElements(in: newRect) { items.insert(a.indexPath) }
        let change = LayoutChange(from: old, to: layout, fromOffset: fromOffset, toOffset: toOffset,
                                  fromContentSize: fromSize, toContentSize: toSize, items: items.sorted())
        View.performWithoutAnimation {
            for indexPath in change.items where visibleCellsByIndexPath[indexPath] == nil { makeCell(for: indexPath) }
            applyLayoutChange(change, fraction: 0)
        }
        layoutChange = change
        return change
    }

    /// Places every item of `change` `fraction` of the way between its two layouts (or by `attributes`),
    /// and the content offset and size likewise. Inside an animation block the moves are animated.
    func applyLayoutChange(_ change: LayoutChange, fraction: Double,
                           attributes: ((IndexPath) -> CollectionViewLayoutAttributes?)? = nil) {
        for indexPath in change.items {
            guard let cell = visibleCellsByIndexPath[indexPath] else { continue }
            let placed = attributes?(indexPath)
                ?? CollectionViewTransitionLayout.attributes(of: indexPath, from: change.from, to: change.to, fraction: fraction)
            if let placed { cell.apply(placed) }
        }
        contentSize = CGSize.interpolate(from: change.fromContentSize, to: change.toContentSize, fraction: fraction)
        contentOffset = CGPoint.interpolate(from: change.fromOffset, to: change.toOffset, fraction: fraction)
    }

    /// Ends the change: installs the new layout (or the old one again) and lays the cells out by it at once,
    /// recycling those no longer on screen.
    func endLayoutChange(keepingNew: Bool) {
        guard let change = layoutChange else { return }
        layoutChange = nil
        interactiveTransition = nil
        let layout = keepingNew ? change.to : change.from
        installedLayout = layout
        layout.collectionView = self
        View.performWithoutAnimation {
            layout.invalidateLayout()
            prepareLayoutIfNeeded()
            let rest = clamped(contentOffset, contentHeight: contentSize.height)
            if rest != contentOffset { contentOffset = rest }
            updateVisibleCells()
        }
        if reloadAfterLayoutChange {
            reloadAfterLayoutChange = false
            reloadData()
        }
    }
}
