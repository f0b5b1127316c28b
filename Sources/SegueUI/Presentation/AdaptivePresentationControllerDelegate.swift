/// Hears of the user's attempts to dismiss a presentation by swiping its sheet down
/// (`UIAdaptivePresentationControllerDelegate`): set it as the presentation controller's
/// ``PresentationController/delegate`` (read ``ViewController/presentationController`` before
/// presenting, as in UIKit).
///
/// As in UIKit, the four members are called for user-initiated dismissals only (a swipe, or a sheet
/// released below its smallest detent), never for `dismiss(animated:)` in code.
///
/// Differs from UIKit: no adaptivity members (`adaptivePresentationStyle(for:)`,
/// `presentationController(_:viewControllerForAdaptivePresentationStyle:)`, ...): Segue's windows have no
/// size classes. The optional members are requirements with defaults.
@MainActor
public protocol AdaptivePresentationControllerDelegate: AnyObject {
    /// Whether the swipe that just began may dismiss the presentation (default true). Asked when the
    /// swipe begins, after the presented controller's ``ViewController/isModalInPresentation`` (which,
    /// when true, refuses without asking).
    func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool
    /// A refused swipe began (``ViewController/isModalInPresentation`` or
    /// ``presentationControllerShouldDismiss(_:)`` refused it): the sheet rubber-bands and goes back.
    func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController)
    /// A swipe's dismissal begins (it may still be cancelled: the sheet let go short of the release rule).
    func presentationControllerWillDismiss(_ presentationController: PresentationController)
    /// A swipe's dismissal completed; the presentation is over.
    func presentationControllerDidDismiss(_ presentationController: PresentationController)
}

extension AdaptivePresentationControllerDelegate {
    /// Default: true.
    public func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool { true }
    /// Default: nothing.
    public func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {}
    /// Default: nothing.
    public func presentationControllerWillDismiss(_ presentationController: PresentationController) {}
    /// Default: nothing.
    public func presentationControllerDidDismiss(_ presentationController: PresentationController) {}
}
