/// Provides the objects that present and dismiss a controller (`UIViewControllerTransitioningDelegate`):
/// set it as the presented controller's ``ViewController/transitioningDelegate`` (held weakly, as in UIKit:
/// keep it alive yourself) before ``ViewController/present(_:animated:completion:)``.
///
/// The animators are asked for every style of an animated presentation (nil: the stock
/// ``CoverVerticalAnimator``); the interaction controllers after them (nil: not interactive, or, for a
/// ``DimmingSheetPresentationController``, its own drag); the presentation controller only when the
/// presented controller's style is ``ModalPresentationStyle/custom`` (nil: a plain ``PresentationController``).
///
/// Differs from UIKit: the optional members are requirements with defaults returning nil; an unanimated
/// presentation or dismissal asks for no animator or interaction controller (UIKit's rule too).
@MainActor
public protocol ViewControllerTransitioningDelegate: AnyObject {
    /// The animator that presents `presented` over `presenting`; `source` is the controller `present` was
    /// called on.
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> (any ViewControllerAnimatedTransitioning)?
    /// The animator that dismisses `dismissed`.
    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)?
    /// The interaction controller that drives presenting with `animator`, or nil.
    func interactionControllerForPresentation(using animator: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)?
    /// The interaction controller that drives dismissing with `animator`, or nil.
    func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)?
    /// The presentation controller of a ``ModalPresentationStyle/custom`` presentation (kept alive by the
    /// presentation until it is dismissed).
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController?
}

extension ViewControllerTransitioningDelegate {
    /// Default: nil (the stock animator).
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> (any ViewControllerAnimatedTransitioning)? { nil }
    /// Default: nil (the stock animator).
    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { nil }
    /// Default: nil (not interactive).
    public func interactionControllerForPresentation(using animator: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? { nil }
    /// Default: nil (not interactive, unless the presentation controller drives it).
    public func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? { nil }
    /// Default: nil (a plain ``PresentationController``).
    public func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                       source: ViewController) -> PresentationController? { nil }
}
