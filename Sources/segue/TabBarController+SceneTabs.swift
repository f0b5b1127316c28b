import SegueUI

extension TabBarController {
    /// The demo's and the gallery's tabs: `stacks` as its tabs, opaque bars (the pages lie between the
    /// bars, where the replay spec's trace has them: y = 44), and the Left/Right keys and the content swipe
    /// switching tabs (Segue's opt-in additions, on in both apps).
    func showSceneTabs(_ stacks: [NavigationController]) {
        viewControllers = stacks
        for nav in stacks { nav.navigationBar.isTranslucent = false }
        tabBar.isTranslucent = false
        selectsWithArrowKeys = true
        allowsSwipeBetweenTabs = true
    }
}
