import SegueAnimation

/// The bar at the bottom of a tab bar controller (`UITabBar`): one item per tab, evenly spaced, each an
/// icon over a title, and a selection indicator (a rounded highlight behind the selected item) that
/// moves with the tab transition, alongside it, so it is scrubbed with an interactive swipe too. A click
/// on an item selects its tab (a user selection: the tab bar controller's delegate is asked and told).
///
/// Differs from UIKit: an item without an image shows a generated icon (a circle), there is no
/// "More" tab, no customizing, no badges drawn, and the bar has no delegate of its own (the tab bar
/// controller handles clicks); the selection indicator is Segue's (iOS 26's highlight, in the small).
@MainActor
public final class TabBar: View {
    /// The bar's height, in points (iOS's compact tab bar: 49).
    public static let height: CGFloat = 49
    /// The bar's background (iOS's light bar).
    public static let barColor = Color(white: 0.97)
    /// The colour of the selected item's icon and title (iOS's default tint, system blue).
    public static let selectedItemColor = Color.systemBlue
    /// The colour of the other items (iOS's unselected gray, #999999).
    public static let unselectedItemColor = Color(rgb: 0x999999)
    /// The selection indicator's fill (the tint at 12 % opacity).
    public static let indicatorColor = Color.systemBlue.withAlphaComponent(0.12)
    /// The side of a generated icon, in points (iOS's tab icons are drawn in a 25 pt box).
    public static let iconSize: CGFloat = 25
    /// The icon's distance from the bar's top, in points.
    public static let iconTop: CGFloat = 5
    /// The height of the title under the icon, in points, and its font size (iOS: 10 pt medium).
    public static let titleHeight: CGFloat = 14
    /// The title's font size, in points (iOS: 10 pt medium).
    public static let titleFontSize: CGFloat = 10
    /// How far the indicator is inset from its item's slot, in points, on every side.
    public static let indicatorInset: CGFloat = 3

    /// The items, one per tab, in order.
    public private(set) var items: [TabBarItem] = []
    /// The index of the item shown selected (its colour; the indicator follows it when no transition
    /// moves it).
    public private(set) var selectedIndex: Int?
    /// The selected item.
    public var selectedItem: TabBarItem? { selectedIndex.map { items[$0] } }
    /// The rounded highlight behind the selected item.
    public let selectionIndicator = View()

    /// Called with an item's index when the user clicks it.
    var onSelect: ((Int) -> Void)?
    /// True while a transition moves the indicator (layout leaves it alone then).
    var isIndicatorMoving = false
    private var itemViews: [TabBarItemView] = []

    /// Whether the bar is translucent (default true, as in UIKit): its background lets the page show through (at
    /// ``NavigationBar/translucentAlpha``), and the tab bar controller's pages extend under it (its height is
    /// in their ``View/safeAreaInsets``). An opaque bar puts the pages above it.
    public var isTranslucent = true {
        didSet {
            guard isTranslucent != oldValue else { return }
            backgroundColor = isTranslucent ? Self.barColor.withAlphaComponent(NavigationBar.translucentAlpha) : Self.barColor
            tabBarController?.viewIfLoaded?.setNeedsLayout()
        }
    }
    weak var tabBarController: TabBarController?

    /// An empty bar.
    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        backgroundColor = Self.barColor.withAlphaComponent(NavigationBar.translucentAlpha)
        autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        selectionIndicator.backgroundColor = Self.indicatorColor
        selectionIndicator.isUserInteractionEnabled = false
        addSubview(selectionIndicator)
        let tap = TapGestureRecognizer()
        tap.addAction { [weak self] r in
            guard let self else { return }
            if let index = self.itemIndex(at: r.location(in: self)) { self.onSelect?(index) }
        }
        addGestureRecognizer(tap)
    }

    /// Shows `items`, with the one at `selected` selected.
    func setItems(_ items: [TabBarItem], selected: Int?) {
        for v in itemViews { v.removeFromSuperview() }
        self.items = items
        itemViews = items.map { TabBarItemView(item: $0) }
        for v in itemViews { addSubview(v) }
        select(selected)
        layoutItems()
    }

    /// Shows the item at `index` selected (colours; the indicator too unless a transition moves it).
    func select(_ index: Int?) {
        selectedIndex = index
        for (i, v) in itemViews.enumerated() { v.isSelected = i == index }
        if !isIndicatorMoving { placeIndicator() }
    }

    /// The slot of the item at `index`, in the bar's coordinates (the width divided evenly).
    public func itemFrame(at index: Int) -> CGRect {
        let w = bounds.width / CGFloat(max(items.count, 1))
        return CGRect(x: bounds.minX + CGFloat(index) * w, y: bounds.minY, width: w, height: bounds.height)
    }

    /// Where the indicator rests under the item at `index`.
    /// (In a bar too small for the inset, e.g. a window resized to 1x1 point, it shrinks to the slot's
    /// centre instead of becoming `CGRect.null`.)
    public func indicatorFrame(at index: Int) -> CGRect {
        let slot = itemFrame(at: index)
        return slot.insetBy(dx: min(Self.indicatorInset, slot.width / 2), dy: min(Self.indicatorInset, slot.height / 2))
    }

    /// The item under `point` (bar coordinates), if any.
    func itemIndex(at point: CGPoint) -> Int? {
        guard !items.isEmpty, bounds.contains(point) else { return nil }
        let w = bounds.width / CGFloat(items.count)
        return min(Int((point.x - bounds.minX) / w), items.count - 1)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        layoutItems()
    }

    private func layoutItems() {
        for (i, v) in itemViews.enumerated() { v.frame = itemFrame(at: i) }
        if !isIndicatorMoving { placeIndicator() }
    }

    private func placeIndicator() {
        View.performWithoutAnimation {
            selectionIndicator.isHidden = selectedIndex == nil
            if let selectedIndex {
                selectionIndicator.frame = indicatorFrame(at: selectedIndex)
                selectionIndicator.layer.cornerRadius = selectionIndicator.frame.height / 2
            }
        }
    }
}

/// One item of a ``TabBar``: the icon (the item's image, or a generated circle) over the title.
@MainActor
final class TabBarItemView: View {
    let item: TabBarItem
    let icon: View
    let titleLabel = Label()

    var isSelected = false { didSet { applyColors() } }

    init(item: TabBarItem) {
        self.item = item
        if let image = item.image {
            icon = ImageView(image: image)
        } else {
            icon = View()
            icon.layer.cornerRadius = TabBar.iconSize / 2
        }
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        icon.isUserInteractionEnabled = false
        addSubview(icon)
        titleLabel.text = item.title
        titleLabel.font = Font.systemFont(ofSize: TabBar.titleFontSize)
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        applyColors()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        View.performWithoutAnimation {
            icon.frame = CGRect(x: bounds.midX - TabBar.iconSize / 2, y: TabBar.iconTop,
                                width: TabBar.iconSize, height: TabBar.iconSize)
            titleLabel.frame = CGRect(x: 0, y: TabBar.iconTop + TabBar.iconSize, width: bounds.width,
                                      height: TabBar.titleHeight)
        }
    }

    private func applyColors() {
        let color = isSelected ? TabBar.selectedItemColor : TabBar.unselectedItemColor
        titleLabel.textColor = color
        if item.image == nil {
            View.performWithoutAnimation { icon.backgroundColor = color }
        }
    }
}
