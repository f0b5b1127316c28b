import SegueAnimation

extension ViewController {
    /// The coordinator of the transition this controller takes part in, or its parent's (nil when none
    /// runs). It exists as soon as the call that started the transition returns, so
    /// `transitionCoordinator?.animate(alongsideTransition:completion:)` works right after a push.
    public var transitionCoordinator: (any ViewControllerTransitionCoordinator)? {
        ownTransitionCoordinator ?? parent?.transitionCoordinator
    }

    /// The nearest navigation controller among this controller and its ancestors.
    public var navigationController: NavigationController? {
        var controller: ViewController? = parent
        while let c = controller {
            if let nav = c as? NavigationController { return nav }
            controller = c.parent
        }
        return self as? NavigationController
    }
}
