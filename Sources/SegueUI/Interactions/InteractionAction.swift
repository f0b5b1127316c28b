import SegueAnimation

/// What a ready interaction controller's gesture asks a controller's container to do (the public
/// operations, ``InteractionOperation`` and ``SwipeInteractionController/Operation``, map onto it),
/// whether it can now, and doing it.
@MainActor
enum InteractionAction {
    /// Pop the controller's navigation controller (the controller itself, if it is one).
    case pop
    /// Dismiss the controller (it, or an ancestor, is presented).
    case dismiss
    /// Select the tab `offset` away in the controller's tab bar controller (the controller itself, if it is one).
    case selectTab(offset: Int)
    /// The app's own container action; returns the transition it started (nil: none).
    case custom(@MainActor () -> ContainerTransition?)

    /// The navigation controller a pop affects.
    static func navigationController(of vc: ViewController) -> NavigationController? {
        vc as? NavigationController ?? vc.navigationController
    }

    /// The tab bar controller a tab switch affects.
    static func tabBarController(of vc: ViewController) -> TabBarController? {
        vc as? TabBarController ?? vc.tabBarController
    }

    /// Whether the action would start a transition now: there is something to pop, dismiss or select,
    /// and the window is idle: no transition runs in it and no request waits (``TransitionRequests``).
    func canPerform(on vc: ViewController) -> Bool {
        guard TransitionLifecycle.isIdle(in: vc.viewIfLoaded) else { return false }
        switch self {
        case .pop:
            guard let nav = Self.navigationController(of: vc) else { return false }
            return nav.viewControllers.count > 1 && nav.currentTransition == nil && nav.transitionCoordinator == nil
        case .dismiss:
            guard vc.presentingViewController != nil, vc.presentedViewController == nil,
                  let window = vc.viewIfLoaded?.window else { return false }
            return window.modalPresentations.currentTransition == nil
        case .selectTab(let offset):
            guard let tabs = Self.tabBarController(of: vc), tabs.currentTransition == nil,
                  tabs.transitionCoordinator == nil, let count = tabs.viewControllers?.count else { return false }
            return (0..<count).contains(tabs.selectedIndex + offset)
        case .custom:
            return vc.transitionCoordinator == nil
        }
    }

    /// Does it, and returns the transition that started (nil: none started, e.g. a tab bar controller
    /// whose delegate gives no animator switches at once).
    func perform(on vc: ViewController) -> ContainerTransition? {
        switch self {
        case .pop:
            guard let nav = Self.navigationController(of: vc) else { return nil }
            nav.popViewController(animated: true)
            return nav.currentTransition
        case .dismiss:
            guard let window = vc.viewIfLoaded?.window else { return nil }
            vc.dismiss(animated: true)
            return window.modalPresentations.currentTransition
        case .selectTab(let offset):
            guard let tabs = Self.tabBarController(of: vc) else { return nil }
            tabs.selectedIndex += offset
            return tabs.currentTransition
        case .custom(let action):
            return action()
        }
    }

    /// Whether `other` is a built-in gesture of the container this action affects, which must wait for
    /// the ready controller's gesture to fail (so the two never fight over one drag): the navigation
    /// controller's edge and full-width pop pans (not its catch), the tab bar controller's swipe, a sheet's
    /// drag.
    func isBuiltInGesture(_ other: GestureRecognizer, of vc: ViewController) -> Bool {
        switch self {
        case .pop:
            guard let nav = Self.navigationController(of: vc) else { return false }
            return other.delegate === nav && !(other is CatchGestureRecognizer)
        case .selectTab:
            return other === Self.tabBarController(of: vc)?.swipeGestureRecognizer
        case .dismiss:
            return other === (vc.runningPresentationController as? DimmingSheetPresentationController)?.dismissPanGestureRecognizer
        case .custom:
            return false
        }
    }
}
