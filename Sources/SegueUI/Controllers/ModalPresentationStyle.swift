/// How a presented controller covers its presenter (`UIModalPresentationStyle`).
///
/// Differs from UIKit: no `.automatic`, `.formSheet`, `.popover`; `.fullScreen` is the default.
public enum ModalPresentationStyle: Sendable, Hashable {
    /// Covers the presenter, whose view is removed when the presentation ends.
    case fullScreen
    /// Covers the presenter, whose view stays underneath.
    case overFullScreen
    /// A presentation controller from the transitioning delegate decides; the presenter's view stays.
    case custom
    /// A sheet that slides up over a dimmed presenter and can be dragged down.
    case pageSheet
}
