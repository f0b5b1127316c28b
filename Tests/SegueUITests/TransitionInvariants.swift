import Testing
@testable import SegueAnimation
@testable import SegueUI

/// What must hold after every navigation transition, in every test: no transition or coordinator left,
/// the container showing exactly the top page at its bounds, children and stack consistent, appearance
/// balanced (every page but the top disappeared, the top appeared), and in the whole window no animation
/// left, no layer time still driven, and every model value equal to its presentation value.
@MainActor
func checkNavigationInvariants(_ nav: NavigationController, in window: Window,
                               sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(nav.currentTransition == nil, sourceLocation: sourceLocation)
    let pages = nav.transitionView.subviews
    #expect(pages.count == 1 && pages.first === nav.topViewController?.view, sourceLocation: sourceLocation)
    #expect(nav.children.count == nav.viewControllers.count, sourceLocation: sourceLocation)
    #expect(zip(nav.children, nav.viewControllers).allSatisfy { $0 === $1 }, sourceLocation: sourceLocation)
    checkLayersAtRest(in: window, sourceLocation: sourceLocation)
    if let top = nav.topViewController {
        #expect(top.view.frame == restingFrame(of: top, in: nav), sourceLocation: sourceLocation)
    }
    #expect(nav.transitionCoordinator == nil, sourceLocation: sourceLocation)
    for c in nav.viewControllers.dropLast() {
        #expect(c.appearanceState == .disappeared, sourceLocation: sourceLocation)
    }
    #expect(nav.topViewController?.appearanceState == .appeared, sourceLocation: sourceLocation)
}

/// Where a navigation controller's page rests, by UIKit's rule: its whole transition view (which spans the
/// controller's view) when the bar is hidden or the page extends under it (top edge extended, and the bar
/// translucent or the page extending under opaque bars), else the part below the 44 pt bar.
@MainActor
func restingFrame(of page: ViewController, in nav: NavigationController) -> CGRect {
    let bounds = nav.transitionView.bounds
    let extends = page.edgesForExtendedLayout.contains(.top) && (nav.navigationBar.isTranslucent || page.extendedLayoutIncludesOpaqueBars)
    if nav.isNavigationBarHidden || extends { return bounds }
    return CGRect(x: bounds.minX, y: bounds.minY + 44, width: bounds.width, height: bounds.height - 44)
}

/// What must hold in the whole window after every transition: no animation left, no layer time still
/// driven, and every model value equal to its presentation value.
@MainActor
func checkLayersAtRest(in window: Window, sourceLocation: SourceLocation = #_sourceLocation) {
    var layers = [window.layer]
    while let layer = layers.popLast() {
        #expect(!layer.hasAnimations, "\(layer.name ?? "layer") has animations", sourceLocation: sourceLocation)
        #expect(layer.renderedProperties == layer.model, sourceLocation: sourceLocation)
        #expect(layer.timing == MediaTimingValues(), sourceLocation: sourceLocation)
        layers += layer.sublayers
    }
}

/// What must hold after every tab transition, in every test: no transition or coordinator left, exactly
/// the selected page shown in the transition view at its bounds, the tabs and the children the same,
/// appearance balanced (the selected page appeared, every other disappeared), the tab bar showing the
/// selection with its indicator at rest under the selected item, and the window at rest.
@MainActor
func checkTabInvariants(_ tabs: TabBarController, in window: Window, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(tabs.currentTransition == nil, sourceLocation: sourceLocation)
    let pages = tabs.transitionView.subviews
    #expect(pages.count == 1 && pages.first === tabs.selectedViewController?.view, sourceLocation: sourceLocation)
    let controllers = tabs.viewControllers ?? []
    #expect(tabs.children.count == controllers.count, sourceLocation: sourceLocation)
    #expect(zip(tabs.children, controllers).allSatisfy { $0 === $1 }, sourceLocation: sourceLocation)
    checkLayersAtRest(in: window, sourceLocation: sourceLocation)
    #expect(tabs.selectedViewController?.view.frame == tabs.transitionView.bounds, sourceLocation: sourceLocation)
    #expect(tabs.transitionCoordinator == nil, sourceLocation: sourceLocation)
    for c in controllers {
        #expect(c.appearanceState == (c === tabs.selectedViewController ? .appeared : .disappeared),
                sourceLocation: sourceLocation)
    }
    #expect(tabs.tabBar.selectedIndex == tabs.selectedIndex, sourceLocation: sourceLocation)
    // Within 1e-9 pt: a frame read back from the layer's position and bounds is rounded.
    let indicator = tabs.tabBar.selectionIndicator.frame, rest = tabs.tabBar.indicatorFrame(at: tabs.selectedIndex)
    #expect(isClose(indicator.origin, rest.origin) && isClose(indicator.width, rest.width)
            && isClose(indicator.height, rest.height), sourceLocation: sourceLocation)
}
