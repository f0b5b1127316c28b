/// One of a view controller's appearance callbacks, as ``Window/appearanceObserver`` reports it.
public enum AppearanceCallback: String, Sendable, Hashable, CaseIterable {
    /// `viewWillAppear(_:)`.
    case willAppear = "viewWillAppear"
    /// `viewDidAppear(_:)`.
    case didAppear = "viewDidAppear"
    /// `viewWillDisappear(_:)`.
    case willDisappear = "viewWillDisappear"
    /// `viewDidDisappear(_:)`.
    case didDisappear = "viewDidDisappear"
}
