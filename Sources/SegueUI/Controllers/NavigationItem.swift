import SegueAnimation

/// What a navigation bar shows for one page (`UINavigationItem`).
///
/// Differs from UIKit: ``barTintColor`` is our addition (a per-page bar tint that travels with its page
/// during push and pop, as the seeds' per-page bar tint view does); bar button items are text buttons (one on
/// each side).
@MainActor
public final class NavigationItem {
    /// The title shown in the bar's centre (and as the large title).
    public var title: String?
    /// The title of the back button that leads back to this page (nil: ``backBarButtonItem``'s title, else
    /// the title).
    public var backButtonTitle: String?
    /// The back button shown on the next page (only its title is used, as in UIKit).
    public var backBarButtonItem: BarButtonItem?
    /// How the back button on this page shows the previous page's title (default `.default`).
    public var backButtonDisplayMode = BackButtonDisplayMode.default

    /// How a page shows its title when its bar prefers large titles (`UINavigationItem.LargeTitleDisplayMode`).
    public enum LargeTitleDisplayMode: Int, Sendable {
        /// As the page below it (the root: large).
        case automatic
        /// Large, below the bar, collapsing as the content scrolls.
        case always
        /// Inline, in the bar.
        case never
        /// Inline (iOS 17's name for a page that keeps its title in the bar); the same as ``never`` here.
        case inline
    }
    /// How this page shows its title when the bar's ``NavigationBar/prefersLargeTitles`` is on.
    public var largeTitleDisplayMode = LargeTitleDisplayMode.automatic

    /// How the back button shows the previous page's title (`UINavigationItem.BackButtonDisplayMode`).
    public enum BackButtonDisplayMode: Int, Sendable {
        /// The previous page's back title, else "Back", else the chevron alone, whichever fits first.
        case `default`
        /// "Back", else the chevron alone.
        case generic
        /// The chevron alone.
        case minimal
    }

    /// The bar's look for this page in the standard situation (nil: the bar's).
    public var standardAppearance: NavigationBarAppearance?
    /// The bar's look while this page's content is at its scroll edge (nil: the bar's, else the standard
    /// look with a transparent background).
    public var scrollEdgeAppearance: NavigationBarAppearance?
    /// The bar's look for this page when the bar is compact (nil: the standard one).
    public var compactAppearance: NavigationBarAppearance?
    /// The bar's look for this page when compact and at the scroll edge.
    public var compactScrollEdgeAppearance: NavigationBarAppearance?

    /// The scroll views whose scrolling drives the bar (large title, scroll-edge look), per edge.
    private var contentScrollViews: [RectEdge: WeakReference<CollectionView>] = [:]

    /// Makes `scrollView` the one whose scrolling the bar follows for this page at `edge`
    /// (`setContentScrollView(_:for:)`; nil: find one). Differs from UIKit: the scroll view is a
    /// ``CollectionView`` (Segue's scroller); only the top edge is used (no toolbar).
    public func setContentScrollView(_ scrollView: CollectionView?, for edge: RectEdge = .top) {
        contentScrollViews[edge] = scrollView.map { WeakReference($0) }
    }

    /// The scroll view set for `edge`, if any (`contentScrollView(for:)`).
    public func contentScrollView(for edge: RectEdge = .top) -> CollectionView? { contentScrollViews[edge]?.object }
    /// Whether the back button is hidden when this page is on top.
    public var hidesBackButton = false
    /// The bar's tint while this page is on top (nil: the bar's own).
    public var barTintColor: Color?
    /// The button at the bar's leading edge (it replaces the back button).
    public var leftBarButtonItem: BarButtonItem?
    /// The button at the bar's trailing edge.
    public var rightBarButtonItem: BarButtonItem?

    /// An item showing `title`, with the default back button and bar tint.
    public init(title: String?) {
        self.title = title
    }
}

/// A button in a navigation bar (`UIBarButtonItem`): a title and what a tap does.
///
/// Differs from UIKit: text only (no system items or images); the action is a closure
/// (`UIBarButtonItem(title:style:target:action:)` with a selector has no counterpart on Linux).
@MainActor
public final class BarButtonItem {
    /// The button's text.
    public var title: String?
    /// Called when the button is tapped.
    public var action: (@MainActor (BarButtonItem) -> Void)?

    /// A text button calling `action` when tapped.
    public init(title: String?, action: (@MainActor (BarButtonItem) -> Void)? = nil) {
        self.title = title
        self.action = action
    }
}
