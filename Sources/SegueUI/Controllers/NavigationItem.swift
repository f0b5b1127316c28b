import SegueAnimation

/// What a navigation bar shows for one page (`UINavigationItem`).
///
/// Differs from UIKit: ``barTintColor`` is our addition (a per-page bar tint that travels with its page
/// during push and pop); bar button items are text buttons (one on each side).
@MainActor
public final class NavigationItem {
    /// The title shown in the bar's centre.
    public var title: String?
    /// The title of the back button that leads back to this page (nil: the title).
    public var backButtonTitle: String?
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
