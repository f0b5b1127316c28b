/// What a tab bar shows for one page (`UITabBarItem`).
///
/// Differs from UIKit: the image is a generated ``Image`` (no image files).
@MainActor
public final class TabBarItem {
    /// The title under the icon.
    public var title: String?
    /// The icon.
    public var image: Image?
    /// An app-chosen number.
    public var tag: Int
    /// Text in a badge on the icon.
    public var badgeValue: String?

    /// An item with `title`, `image` and `tag`, and no badge.
    public init(title: String?, image: Image? = nil, tag: Int = 0) {
        self.title = title
        self.image = image
        self.tag = tag
    }
}
