import SegueAnimation

/// Asked whether the user may select a tab, told when the user selected one, and asked for the animator
/// and interaction controller of a tab switch (`UITabBarControllerDelegate`).
///
/// Differs from UIKit: the optional members are requirements with defaults (true, nothing, nil, nil);
/// ``tabBarController(_:didSelect:)`` is called when the user's selection has settled (at the end of its
/// transition, not at all when an interactive swipe is cancelled), where UIKit calls it as the tap lands.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// Whether the user may select `viewController` (a click on its item, an arrow key, a swipe). Not
    /// asked when `selectedIndex` or `selectedViewController` is assigned in code, as in UIKit.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
    /// The user selected `viewController` (never called for a selection made in code, as in UIKit).
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
    /// The animator for switching from `fromVC` to `toVC`. Nil: a selection made in code or by a click
    /// switches at once (UIKit's default); the arrow keys and the swipe use the stock
    /// ``TabSlideTransitionAnimator``.
    func tabBarController(_ tabBarController: TabBarController,
                          animationControllerForTransitionFrom fromVC: ViewController,
                          to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)?
    /// The interaction controller for `animationController` (nil: not interactive, unless the built-in
    /// swipe drives the switch).
    func tabBarController(_ tabBarController: TabBarController,
                          interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)?
}

extension TabBarControllerDelegate {
    /// True: every tab may be selected.
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool {
        true
    }
    /// Nothing.
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {}
    /// Nil: the tab bar controller's own slide (or its effect).
    public func tabBarController(_ tabBarController: TabBarController,
                                 animationControllerForTransitionFrom fromVC: ViewController,
                                 to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        nil
    }
    /// Nil: not interactive (unless the built-in swipe drives it).
    public func tabBarController(_ tabBarController: TabBarController,
                                 interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? {
        nil
    }
}
