import Foundation
import SegueAnimation

/// A scrolling grid of reusable cells placed by a layout (`UICollectionView`).
///
/// Only the items on screen, plus ``offscreenMargin`` above and below, have cells: a collection of 10,000
/// items has a screenful of cells, and cells that scroll away go to a reuse queue, from which
/// ``dequeueReusableCell(withReuseIdentifier:for:)`` hands them out again (after their
/// ``CollectionViewCell/prepareForReuse()``). The cells are placed in the window's layout pass, from the
/// layout's attributes for the visible rectangle.
///
/// Scrolling: along the layout's axis (vertical, or horizontal for a horizontal flow layout), by a pan
/// (``panGestureRecognizer``), then decelerating from the release velocity
/// at ``decelerationRate`` per millisecond (``ScrollDecaySimulation``), on the window's clock. At the ends
/// the content offset is clamped: a drag stops at the end and a flick stops there (no rubber band).
/// A tap selects the item under it (``CollectionViewDelegate``).
///
/// Paging (``isPagingEnabled``) lets a drag go on a page boundary (the bounds' length along the axis).
///
/// Differs from UIKit: it is not a `UIScrollView` subclass (no zooming, bounces or scroll indicators;
/// ``contentOffset``, ``contentSize`` and the content insets are its own); one scrolling axis at a time; no
/// supplementary views, batch updates or prefetching; one selected item at a time; a layout is installed in
/// one collection view at a time.
@MainActor
open class CollectionView: View {
    /// How far beyond the visible rectangle, above and below, cells are kept, in points (Segue's choice:
    /// enough that a cell never appears late at the edge of a normal scroll).
    public static let offscreenMargin: CGFloat = 50
    /// How long an animated ``setCollectionViewLayout(_:animated:completion:)`` takes, in seconds (UIKit's
    /// navigation push duration, 0.35 s, folklore).
    public static let layoutTransitionDuration = 0.35

    /// The layout. Setting it installs the new layout without animation (``setCollectionViewLayout(_:animated:completion:)``).
    public var collectionViewLayout: CollectionViewLayout {
        get { installedLayout }
        set { setCollectionViewLayout(newValue, animated: false) }
    }
    var installedLayout: CollectionViewLayout
    /// Supplies the items (held weakly).
    public weak var dataSource: (any CollectionViewDataSource)? {
        didSet { if dataSource !== oldValue { reloadData() } }
    }
    /// Told about selection, display and scrolling (held weakly).
    public weak var delegate: (any CollectionViewDelegate)? {
        didSet { if delegate !== oldValue { installedLayout.invalidateLayout() } }
    }
    /// The adjusted insets last applied (``insetsChanged()``).
    var lastAdjustedInset = EdgeInsets.zero
    /// The size of the content (the layout's), in points; known after a layout pass.
    public internal(set) var contentSize: CGSize = .zero
    /// The point of the content at the view's top-left corner: the bounds' origin, as in a scroll view.
    /// Setting it scrolls (the cells follow in the next layout pass); it is not clamped (set it within
    /// `0...contentSize.height - bounds.height` for a resting position).
    public var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds = CGRect(origin: newValue, size: bounds.size)
            noteScroll(to: newValue)
            setNeedsLayout()
            delegate?.collectionViewDidScroll(self)
            enclosingNavigationBar?.contentDidScroll(self)
        }
    }
    /// The pan that scrolls (vertical, or horizontal for a sideways layout). It begins, and takes the drag
    /// from the recognizers around it, after ``GestureSettings/defaultSlop`` as Segue's other pans do; the
    /// content starts to follow once the drag has gone ``scrollSlop`` points.
    public let panGestureRecognizer = PanGestureRecognizer()
    /// How far a drag goes before the content scrolls, in points: 10, as measured on iOS 27 (a large-title
    /// list scrolls after 10 points of slop), and 1:1 with the finger from there. Differs from UIKit, whose
    /// scroll view's pan itself waits these 10 points: Segue's pan begins at its usual slop, so that the
    /// gesture arena still gives a list the drags it gave it (before a sheet's or a zoom's pan), and the
    /// content waits the rest.
    public static let scrollSlop = 10.0
    /// The tap that selects.
    let tapGestureRecognizer = TapGestureRecognizer()
    /// Whether a drag lets go on a page boundary (default false): the content comes to rest at a whole
    /// number of the bounds' lengths along the scrolling axis, at most one page from where the drag began
    /// (`isPagingEnabled`).
    public var isPagingEnabled = false
    /// Whether the pan scrolls (default true).
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// How fast a flick slows down: the fraction of its velocity kept per millisecond (default
    /// ``DecelerationRate/normal``, 0.998).
    public var decelerationRate = DecelerationRate.normal
    /// Whether a flick is decelerating now.
    public var isDecelerating: Bool { deceleration != nil }
    /// Whether a pan is scrolling now.
    public internal(set) var isDragging = false
    /// The selected items (at most one: a tap selects its item and deselects the other).
    public private(set) var indexPathsForSelectedItems: [IndexPath] = []

    private var registeredCells: [String: CollectionViewCell.Type] = [:]
    private var reuseQueues: [String: [CollectionViewCell]] = [:]
    /// The cells shown, by item.
    var visibleCellsByIndexPath: [IndexPath: CollectionViewCell] = [:]
    /// The item counts of each section, read from the data source at the first layout after a reload.
    private var itemCounts: [Int]?
    /// The layout change in progress (its cells stay put: the layout pass does not add or remove cells).
    var layoutChange: LayoutChange?
    /// The interactive transition in progress (``startInteractiveTransition(to:completion:)``).
    var interactiveTransition: InteractiveLayoutTransition?
    /// A reload asked for during a layout change, done when it ends.
    var reloadAfterLayoutChange = false
    /// The running flick.
    var deceleration: DisplayLink?
    /// The content offset when the pan began.
    var dragStartOffset: CGPoint = .zero
    /// The content offset at the end of the last frame it changed in before the newest one, and in the
    /// newest one, with their times on the window's clock (``scrollVelocity``).
    private var scrollSamples: (previous: (time: Double, offset: CGPoint), newest: (time: Double, offset: CGPoint))?
    /// How fast the content offset is changing, in points per second: its change from the previous frame it
    /// changed in to the newest one, over their time apart (zero when they are more than 0.1 s apart, or when
    /// the collection view is not in a window). UIKit keeps such a velocity privately; the navigation bar
    /// times its title transition by it.
    var scrollVelocity: CGPoint {
        guard let s = scrollSamples, let now = layer.tree?.mediaTime else { return .zero }
        let dt = s.newest.time - s.previous.time
        guard dt > 0, dt <= 0.1, now - s.newest.time <= 0.1 else { return .zero }
        return CGPoint(x: (s.newest.offset.x - s.previous.offset.x) / dt, y: (s.newest.offset.y - s.previous.offset.y) / dt)
    }

    /// Records a scroll to `offset` for ``scrollVelocity``.
    private func noteScroll(to offset: CGPoint) {
        guard let now = layer.tree?.mediaTime else { scrollSamples = nil; return }
        guard var s = scrollSamples else {
            scrollSamples = ((now, offset), (now, offset))
            return
        }
        if now != s.newest.time { s.previous = s.newest }
        s.newest = (now, offset)
        scrollSamples = s
    }
    /// The pan's translation (in the collection view's coordinates) when the drag passed ``scrollSlop``:
    /// the content follows the finger from there, not from the down (so it does not jump by the slop, as in
    /// UIKit); nil until then.
    var scrollStartTranslation: CGPoint?
    /// What follows the rest of the drag in progress since it pulled the content past its top edge
    /// (``ScrollEdgeHandover``); nil while the drag scrolls.
    weak var activeScrollEdgeHandover: (any ScrollEdgeHandover)?

    /// A collection view of `frame` with `layout`, empty until it has a data source.
    public init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        installedLayout = layout
        super.init(frame: frame)
        clipsToBounds = true
        layout.collectionView = self
        layout.invalidateLayout()
        panGestureRecognizer.axis = .vertical
        panGestureRecognizer.name = "CollectionView.pan"
        panGestureRecognizer.addAction { [weak self] pan in self?.handlePan(pan) }
        addGestureRecognizer(panGestureRecognizer)
        tapGestureRecognizer.name = "CollectionView.tap"
        tapGestureRecognizer.addAction { [weak self] r in self?.handleTap(r) }
        addGestureRecognizer(tapGestureRecognizer)
    }

    // MARK: Cells

    /// Registers the class of the cells dequeued with `identifier`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        registeredCells[identifier] = cellClass
    }

    /// A cell for the item at `indexPath`: one from the reuse queue of `identifier` (after its
    /// ``CollectionViewCell/prepareForReuse()``), or a new one of the registered class; placed by the
    /// layout's attributes. Call it from the data source's `collectionView(_:cellForItemAt:)`. An identifier
    /// nothing was registered for fails loudly (UIKit raises an exception).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        let cell: CollectionViewCell
        if let reused = reuseQueues[identifier]?.popLast() {
            reused.prepareForReuse()
            cell = reused
        } else {
            guard let cellClass = registeredCells[identifier] else {
                preconditionFailure("dequeueReusableCell: no cell class is registered for the identifier \"\(identifier)\" "
                    + "(call register(_:forCellWithReuseIdentifier:) first)")
            }
            cell = cellClass.init(frame: .zero)
        }
        cell.reuseIdentifier = identifier
        cell.isSelected = indexPathsForSelectedItems.contains(indexPath)
        if let attributes = installedLayout.layoutAttributesForItem(at: indexPath) {
            View.performWithoutAnimation { cell.apply(attributes) }
        }
        return cell
    }

    /// The cell shown for an item (nil if the item is not on screen).
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        visibleCellsByIndexPath[indexPath]
    }

    /// The cells shown, in item order.
    public var visibleCells: [CollectionViewCell] {
        indexPathsForVisibleItems.compactMap { visibleCellsByIndexPath[$0] }
    }

    /// The items that have cells, in order.
    public var indexPathsForVisibleItems: [IndexPath] {
        visibleCellsByIndexPath.keys.sorted()
    }

    /// The item shown for a cell (nil if the cell is not shown).
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        visibleCellsByIndexPath.first { $0.value === cell }?.key
    }

    // MARK: Items and the layout

    /// The number of sections (the data source's, as of the last reload).
    public var numberOfSections: Int {
        loadItemCountsIfNeeded()
        return itemCounts?.count ?? 0
    }

    /// The number of items in `section` (the data source's, as of the last reload).
    public func numberOfItems(inSection section: Int) -> Int {
        loadItemCountsIfNeeded()
        guard let counts = itemCounts, section >= 0, section < counts.count else { return 0 }
        return counts[section]
    }

    private func loadItemCountsIfNeeded() {
        guard itemCounts == nil else { return }
        guard let dataSource else { itemCounts = []; return }
        let sections = dataSource.numberOfSections(in: self)
        itemCounts = (0..<max(sections, 0)).map { max(dataSource.collectionView(self, numberOfItemsInSection: $0), 0) }
    }

    /// Reads the counts again and makes every cell anew (the old ones go to the reuse queue); clears the
    /// selection. During a layout transition it waits for its end.
    public func reloadData() {
        guard layoutChange == nil else { reloadAfterLayoutChange = true; return }
        itemCounts = nil
        indexPathsForSelectedItems.removeAll()
        for indexPath in indexPathsForVisibleItems { recycleCell(at: indexPath) }
        installedLayout.invalidateLayout()
        setNeedsLayout()
    }

    /// The layout's attributes for an item (after preparing the layout if it was invalidated).
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return installedLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The item whose layout frame contains `point` (in the collection view's coordinates, which are the
    /// content's), the one on top where frames overlap; nil over empty space.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        let hits = installedLayout.layoutAttributesForElements(in: probe).filter { !$0.isHidden && $0.frame.contains(point) }
        return hits.max { ($0.zIndex, $0.indexPath) < ($1.zIndex, $1.indexPath) }?.indexPath
    }

    /// The rectangle of the content on screen (the bounds).
    public var visibleRect: CGRect { bounds }

    /// Asks the layout whether the change invalidates it, and invalidates it when it says so (UIKit's
    /// rule: on every change of the bounds, a scroll included).
    override func boundsWillChange(to newBounds: CGRect) {
        if installedLayout.shouldInvalidateLayout(forBoundsChange: newBounds) { installedLayout.invalidateLayout() }
    }

    /// Prepares the layout if it was invalidated, and reads its content size.
    func prepareLayoutIfNeeded() {
        guard installedLayout.needsPrepare else { return }
        installedLayout.collectionView = self
        installedLayout.prepareIfNeeded()
        contentSize = installedLayout.collectionViewContentSize
    }

    /// The smallest content offset at rest: the top of the content below the adjusted top inset.
    var minimumOffsetY: CGFloat { -adjustedContentInset.top - (enclosingNavigationBar?.extraTopRange(of: self) ?? 0) }

    /// The bar of the navigation controller whose page holds this collection view (its large title follows
    /// the scrolling).
    var enclosingNavigationBar: NavigationBar? {
        var view: View? = self
        while let v = view {
            if let page = v.owningViewController, let nav = page.navigationController { return nav.navigationBar }
            view = v.superview
        }
        return nil
    }
    /// The smallest horizontal content offset at rest: the content's left edge right of the adjusted left inset.
    var minimumOffsetX: CGFloat { -adjustedContentInset.left }

    /// The largest horizontal content offset at rest, for a content `contentWidth` wide.
    func maximumOffsetX(contentWidth: CGFloat) -> CGFloat {
        max(minimumOffsetX, contentWidth - bounds.width + adjustedContentInset.right)
    }

    /// Whether the layout scrolls sideways (a horizontal flow layout): the pan, the flick, paging and the
    /// clamping then work along x.
    public var scrollsHorizontally: Bool { installedLayout.scrollsHorizontally }

    /// `offset` moved into the scrollable range along the layout's scrolling axis (the other axis as is).
    func clampedAlongAxis(_ offset: CGPoint) -> CGPoint {
        guard scrollsHorizontally else { return clamped(offset, contentHeight: contentSize.height) }
        return CGPoint(x: min(max(offset.x, minimumOffsetX), maximumOffsetX(contentWidth: contentSize.width)), y: offset.y)
    }

    /// The largest content offset at rest, for a content of `size`.
    func maximumOffsetY(contentHeight: CGFloat) -> CGFloat {
        max(minimumOffsetY, contentHeight - bounds.height + adjustedContentInset.bottom)
    }

    /// `offset` moved into the scrollable range of a content of height `contentHeight`.
    func clamped(_ offset: CGPoint, contentHeight: CGFloat) -> CGPoint {
        CGPoint(x: offset.x, y: min(max(offset.y, minimumOffsetY), maximumOffsetY(contentHeight: contentHeight)))
    }

    // MARK: Content insets

    /// How the safe area adds to the content insets (`UIScrollView.ContentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Sendable, Hashable {
        /// The safe area's top and bottom (the only scrolling axis here): UIKit's `.automatic` for a
        /// vertical scroll view.
        case automatic
        /// As ``automatic`` (a vertical collection view scrolls along y).
        case scrollableAxes
        /// Never.
        case never
        /// All four edges.
        case always
    }

    /// Room around the content, in points: the content can be scrolled to show it (default zero).
    public var contentInset = EdgeInsets.zero {
        didSet { if contentInset != oldValue { insetsChanged() } }
    }
    /// How the safe area adds to ``contentInset`` (default `.automatic`, as in UIKit).
    public var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { insetsChanged() } }
    }
    /// ``contentInset`` plus the safe area the behaviour adds: a collection view under a translucent
    /// navigation bar starts its content below the bar (its content offset at the top is `-top`).
    public var adjustedContentInset: EdgeInsets {
        let safe = safeAreaInsets
        switch contentInsetAdjustmentBehavior {
        case .never: return contentInset
        case .always: return contentInset.adding(safe)
        case .automatic, .scrollableAxes:
            return contentInset.adding(EdgeInsets(top: safe.top, left: 0, bottom: safe.bottom, right: 0))
        }
    }
    /// Called when ``adjustedContentInset`` changed.
    open func adjustedContentInsetDidChange() {}

    /// A change of the adjusted insets keeps a view that rested at its top at its (new) top, as UIKit's
    /// scroll views do, and any other offset within the new range.
    func insetsChanged() {
        let adjusted = adjustedContentInset
        guard adjusted != lastAdjustedInset else { return }
        let wasAtTop = contentOffset.y == -lastAdjustedInset.top
        lastAdjustedInset = adjusted
        adjustedContentInsetDidChange()
        if wasAtTop {
            contentOffset = CGPoint(x: contentOffset.x, y: -adjusted.top)
        }
        setNeedsLayout()
    }

    // MARK: Layout pass

    /// Places the cells: prepares the layout if needed, then shows a cell for every item the layout puts in
    /// the visible rectangle (plus ``offscreenMargin``) and sends the others to the reuse queue. During a
    /// layout transition the cells stay as the transition set them.
    open override func layoutSubviews() {
        super.layoutSubviews()
        insetsChanged()
        if let interactive = interactiveTransition {
            interactive.layout.prepareIfNeeded()
            applyLayoutChange(interactive.change, fraction: Double(interactive.layout.transitionProgress),
                              attributes: { interactive.layout.layoutAttributesForItem(at: $0) })
            return
        }
        guard layoutChange == nil else { return }
        prepareLayoutIfNeeded()
        let axis: PanGestureRecognizer.Axis = scrollsHorizontally ? .horizontal : .vertical
        if panGestureRecognizer.axis != axis { panGestureRecognizer.axis = axis }
        updateVisibleCells()
    }

    /// Shows the cells of the items in the visible rectangle with its margin; recycles the rest.
    func updateVisibleCells() {
        let rect = scrollsHorizontally ? bounds.insetBy(dx: -Self.offscreenMargin, dy: 0) : bounds.insetBy(dx: 0, dy: -Self.offscreenMargin)
        let wanted = installedLayout.layoutAttributesForElements(in: rect)
        let wantedPaths = Set(wanted.map(\.indexPath))
        for indexPath in visibleCellsByIndexPath.keys where !wantedPaths.contains(indexPath) {
            recycleCell(at: indexPath)
        }
        for attributes in wanted {
            if let cell = visibleCellsByIndexPath[attributes.indexPath] {
                cell.apply(attributes)
            } else {
                let cell = makeCell(for: attributes.indexPath)
                cell.apply(attributes)
            }
        }
    }

    /// Asks the data source for the item's cell and shows it.
    @discardableResult
    func makeCell(for indexPath: IndexPath) -> CollectionViewCell {
        guard let dataSource else {
            preconditionFailure("CollectionView: the layout placed \(indexPath) but there is no data source")
        }
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        visibleCellsByIndexPath[indexPath] = cell
        delegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
        if cell.superview !== self { addSubview(cell) }
        return cell
    }

    /// Takes an item's cell off screen and into its reuse queue.
    func recycleCell(at indexPath: IndexPath) {
        guard let cell = visibleCellsByIndexPath.removeValue(forKey: indexPath) else { return }
        cell.removeFromSuperview()
        if let identifier = cell.reuseIdentifier { reuseQueues[identifier, default: []].append(cell) }
        delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }

    // MARK: Selection

    /// Selects an item (deselecting the other), without telling the delegate (as in UIKit).
    public func selectItem(at indexPath: IndexPath?) {
        for old in indexPathsForSelectedItems where old != indexPath { cellForItem(at: old)?.isSelected = false }
        indexPathsForSelectedItems = indexPath.map { [$0] } ?? []
        if let indexPath { cellForItem(at: indexPath)?.isSelected = true }
    }

    /// Deselects an item, without telling the delegate (as in UIKit). `animated` is accepted for UIKit's
    /// spelling; selection is not drawn by Segue's cells.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        indexPathsForSelectedItems.removeAll { $0 == indexPath }
        cellForItem(at: indexPath)?.isSelected = false
    }

    private func handleTap(_ tap: GestureRecognizer) {
        guard tap.state == .ended, layoutChange == nil, let indexPath = indexPathForItem(at: tap.location(in: self)) else { return }
        guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
        for old in indexPathsForSelectedItems where old != indexPath {
            deselectItem(at: old, animated: false)
            delegate?.collectionView(self, didDeselectItemAt: old)
        }
        selectItem(at: indexPath)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    /// The collection view's own pan and tap do not begin during a layout transition; the pan does not
    /// begin either when the page sheet it is in takes the drag (see ``SheetPresentationController/prefersScrollingExpandsWhenScrolledToEdge``),
    /// nor when it scrolls sideways, is at its leading edge, and the drag goes leading to trailing in a page
    /// whose navigation controller's content pop can take it
    /// (``NavigationController/interactiveContentPopGestureRecognizer``: a pager or a carousel scrolls back
    /// while it can, and at its first page the drag pops, as on iOS 26), or in a zoomed page whose content
    /// swipe dismisses it (``ZoomInteraction``).
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer === panGestureRecognizer || recognizer === tapGestureRecognizer {
            guard layoutChange == nil && interactiveTransition == nil else { return false }
            if recognizer === panGestureRecognizer {
                let translation = panGestureRecognizer.translation(in: nil)
                if let sheet = enclosingSheet, sheet.takesDrag(from: self, translation: translation) { return false }
                if scrollsHorizontally, isAtLeadingEdge,
                   enclosingNavigationController?.contentPopTakesDrag(translation: translation) == true
                    || enclosingZoomInteraction?.takesContentSwipe(translation: translation) == true {
                    return false
                }
            }
            return true
        }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    /// What takes the rest of a drag that scrolls the content to its top edge and goes on down (see
    /// ``ScrollEdgeHandover``): the nearer of the page sheet and the zoomed page (its ``ZoomInteraction``)
    /// this collection view is in, if any.
    var scrollEdgeHandover: (any ScrollEdgeHandover)? {
        let sheet = enclosingSheet
        var view: View? = self
        while let v = view {
            if let presented = sheet?.presentedView, v === presented { return sheet }
            if let zoom = ZoomInteraction.attached(to: v) { return zoom }
            view = v.superview
        }
        return sheet
    }

    /// The interactive zoom dismissal of the zoomed page this collection view is in (the nearest), if any.
    var enclosingZoomInteraction: ZoomInteraction? {
        var view: View? = self
        while let v = view {
            if let zoom = ZoomInteraction.attached(to: v) { return zoom }
            view = v.superview
        }
        return nil
    }

    /// Whether the content is scrolled to its leading edge (within half a point).
    public var isAtLeadingEdge: Bool { contentOffset.x <= minimumOffsetX + 0.5 }

    /// The navigation controller whose pages this collection view is in (inside its transition view), if
    /// any: the nearest.
    var enclosingNavigationController: NavigationController? {
        var view = superview
        while let v = view {
            if let container = v as? NavigationContainerView, let nav = container.navigationController,
               isDescendant(of: nav.transitionView) {
                return nav
            }
            view = v.superview
        }
        return nil
    }

    /// The page sheet this collection view is shown in (the presented view of a running
    /// ``SheetPresentationController`` is it or one of its superviews), if any.
    var enclosingSheet: SheetPresentationController? {
        var view: View? = self
        while let v = view {
            if let sheet = v.owningViewController?.runningPresentationController as? SheetPresentationController,
               let presented = sheet.presentedView, v === presented || isDescendant(of: presented) {
                return sheet
            }
            view = v.superview
        }
        return nil
    }

    /// Whether the content is at its top edge (the offset at its least).
    public var isAtTopEdge: Bool { contentOffset.y <= minimumOffsetY + 0.5 }
}
