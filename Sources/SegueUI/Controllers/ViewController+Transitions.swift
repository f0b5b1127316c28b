import SegueAnimation

extension ViewController {
    /// ``transitionCoordinator``: this controller's or its parent's.
    var coordinatorOfThisOrAncestor: (any ViewControllerTransitionCoordinator)? {
        ownTransitionCoordinator ?? parent?.transitionCoordinator
    }

    /// ``navigationController``: the nearest among this controller and its ancestors.
    var nearestNavigationController: NavigationController? {
        var controller: ViewController? = parent
        while let c = controller {
            if let nav = c as? NavigationController { return nav }
            controller = c.parent
        }
        return self as? NavigationController
    }
}
