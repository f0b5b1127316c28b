import SegueAnimation

/// What a navigation bar shows for one page (`UINavigationItem`).
///
/// Differs from UIKit: ``barTintColor`` is our addition (a per-page bar tint that travels with its page
/// during push and pop); bar button items arrive with the navigation bar.
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

    /// An item showing `title`, with the default back button and bar tint.
    public init(title: String?) {
        self.title = title
    }
}
