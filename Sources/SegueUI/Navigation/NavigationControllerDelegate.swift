import SegueAnimation

/// Told about a navigation controller's transitions, and asked for their animator and interaction
/// controller (`UINavigationControllerDelegate`).
///
/// Differs from UIKit: the optional members are requirements with defaults (nil: the stock animator and,
/// for the edge pan, the built-in interaction).
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    /// A controller is about to be shown (before the transition starts).
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController,
                              animated: Bool)
    /// A controller was shown (the transition completed).
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController,
                              animated: Bool)
    /// The animator for a push or pop (nil: the stock one).
    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)?
    /// The interaction controller for an animator (nil: not interactive, unless the built-in edge pan
    /// drives a stock pop).
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)?
}

extension NavigationControllerDelegate {
    /// Nothing.
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController,
                                     animated: Bool) {}
    /// Nothing.
    public func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController,
                                     animated: Bool) {}
    /// Nil: the stock push and pop (or the navigation controller's effect).
    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationController.Operation,
                                     from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        nil
    }
    /// Nil: not interactive (unless the built-in edge pan drives it).
    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? {
        nil
    }
}
