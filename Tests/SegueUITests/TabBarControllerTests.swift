import Testing
@testable import SegueAnimation
@testable import SegueUI

/// A tab bar controller delegate that logs what it is asked and told, and may refuse a selection.
@MainActor
final class LoggingTabDelegate: TabBarControllerDelegate {
    let log: CallLog
    var refuses: ViewController?
    init(log: CallLog) { self.log = log }

    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool {
        log.add("shouldSelect \(LoggingViewController.name(of: viewController))")
        return viewController !== refuses
    }
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {
        log.add("didSelect \(LoggingViewController.name(of: viewController))")
    }
}

/// The tab bar controller on the transition engine: selection in code and by the user, the delegate,
/// appearance order, the stock slide, the keys and their queue, the swipe and its release rule, a tab
/// holding a navigation stack, the selection indicator; the invariants after every transition.
@MainActor
@Suite struct TabBarControllerTests {
    let h = Harness()
    let log = CallLog()

    func page(_ name: String) -> LoggingViewController { LoggingViewController(name, log: log) }

    /// A tab bar controller with one tab per name (their views loaded), shown in the window, the first
    /// selected.
    func makeTabs(_ names: [String] = ["A", "B", "C"], keys: Bool = false, swipe: Bool = false)
        -> (TabBarController, [LoggingViewController]) {
        let pages = names.map(page)
        for p in pages { p.loadViewIfNeeded() }
        let tabs = TabBarController()
        tabs.viewControllers = pages
        tabs.selectsWithArrowKeys = keys
        tabs.allowsSwipeBetweenTabs = swipe
        h.window.rootViewController = tabs
        h.frames(1)
        log.clear()
        return (tabs, pages)
    }

    /// Runs frames until no transition runs (at most `limit`), then one more.
    func settle(_ tabs: TabBarController, limit: Int = 240) {
        for _ in 0..<limit where tabs.currentTransition != nil { h.frames(1) }
        h.frames(1)
    }

    func checkInvariants(_ tabs: TabBarController, sourceLocation: SourceLocation = #_sourceLocation) {
        checkTabInvariants(tabs, in: h.window, sourceLocation: sourceLocation)
    }

    /// Drags from (`x0`, `y`) through `xs`, one move per frame (from time `t0`), then releases at the last
    /// x `hold` seconds after the last move (over 50 ms: a release at rest).
    func drag(from x0: CGFloat, _ xs: [CGFloat], t0: Double = 10, y: CGFloat = 300, release: Bool = true,
              hold: Double = 0.2) {
        h.down(x0, y, at: t0)
        var t = t0
        for x in xs {
            t += 1.0 / 60
            h.move(x, y, at: t)
            h.frames(1)
        }
        if release { h.up(xs.last!, y, at: t + hold) }
    }

    static let completedSwitch = ["A.viewWillDisappear(true)", "B.viewWillAppear(true)",
                                  "A.viewDidDisappear(true)", "B.viewDidAppear(true)"]
    static let cancelledSwitch = ["A.viewWillDisappear(true)", "B.viewWillAppear(true)",
                                  "B.viewWillDisappear(true)", "B.viewDidDisappear(true)",
                                  "A.viewWillAppear(true)", "A.viewDidAppear(true)"]

    // MARK: Selection in code

    /// Under the translucent bar of UIKit's default, the pages extend under the bar (its height in their
    /// safe area); an opaque bar puts them above it.
    @Test func theTabsAreChildrenAndTheFirstIsShownAtTheTopUnderTheTranslucentBar() {
        let (tabs, pages) = makeTabs()
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === pages[0])
        #expect(pages.allSatisfy { $0.tabBarController === tabs })
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 600 - 49, width: 400, height: 49))
        #expect(tabs.transitionView.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(pages[0].view.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(pages[0].view.safeAreaInsets == EdgeInsets(top: 0, left: 0, bottom: 49, right: 0))
        tabs.tabBar.isTranslucent = false
        h.frames(1)
        #expect(tabs.transitionView.frame == CGRect(x: 0, y: 0, width: 400, height: 551))
        #expect(pages[0].view.frame == CGRect(x: 0, y: 0, width: 400, height: 551) && pages[0].view.safeAreaInsets == .zero)
        #expect(tabs.tabBar.items.count == 3)
        checkInvariants(tabs)
    }

    @Test func selectedIndexAssignedInCodeSwitchesAtOnceAndTheDelegateIsNeitherAskedNorTold() {
        let (tabs, pages) = makeTabs()
        let delegate = LoggingTabDelegate(log: log)
        tabs.delegate = delegate
        tabs.selectedIndex = 1
        #expect(tabs.currentTransition == nil && tabs.selectedViewController === pages[1])
        #expect(log.entries == ["A.viewWillDisappear(false)", "B.viewWillAppear(false)",
                                "A.viewDidDisappear(false)", "B.viewDidAppear(false)"])
        tabs.selectedViewController = pages[2]
        #expect(tabs.selectedIndex == 2)
        #expect(!log.entries.contains { $0.hasPrefix("shouldSelect") || $0.hasPrefix("didSelect") })
        h.frames(1)
        checkInvariants(tabs)
    }

    // MARK: The keys

    @Test func theArrowKeysAreOffByDefault() {
        let (tabs, _) = makeTabs()
        h.key(.right)
        h.frames(2)
        #expect(tabs.currentTransition == nil && tabs.selectedIndex == 0 && log.entries.isEmpty)
    }

    @Test func rightKeySlidesTheNextTabInFromTheRightInUIKitsAppearanceOrderAndTellsTheDelegate() {
        let (tabs, pages) = makeTabs(keys: true)
        let delegate = LoggingTabDelegate(log: log)
        tabs.delegate = delegate
        let w = tabs.transitionView.bounds.width
        h.key(.right)
        #expect(tabs.currentTransition?.kind == .tab && pages[1].transitionCoordinator != nil)
        h.frames(1)   // the frame it starts in: B at +W, A at 0
        #expect(pages[1].view.layer.renderedProperties.frame.minX == w)
        #expect(pages[0].view.layer.renderedProperties.frame.minX == 0)
        var previous = w
        for _ in 0..<8 {
            h.frames(1)
            let x = pages[1].view.layer.renderedProperties.frame.minX
            #expect(x < previous && x >= 0)   // the critically damped spring: straight in, never past
            #expect(abs(pages[0].view.layer.renderedProperties.frame.minX - (x - w)) < 1e-6)   // side by side
            previous = x
        }
        settle(tabs)
        #expect(log.entries == ["shouldSelect B"] + Self.completedSwitch + ["didSelect B"])
        #expect(tabs.selectedIndex == 1)
        checkInvariants(tabs)
    }

    @Test func leftKeySlidesThePreviousTabInFromTheLeft() {
        let (tabs, pages) = makeTabs(keys: true)
        tabs.selectedIndex = 2
        h.frames(1)
        h.key(.left)
        h.frames(3)
        let x = pages[1].view.layer.renderedProperties.frame.minX
        #expect(x < 0 && x > -400)
        #expect(abs(pages[2].view.layer.renderedProperties.frame.minX - (x + 400)) < 1e-6)
        settle(tabs)
        #expect(tabs.selectedIndex == 1)
        checkInvariants(tabs)
    }

    @Test func twoQuickRightPressesEndTwoTabsOn() {
        let (tabs, pages) = makeTabs(keys: true)
        var events: [String] = []
        tabs.transitionObserver = { t, event in
            events.append("\(event) \(LoggingViewController.name(of: t.viewController(forKey: .to)))")
        }
        h.key(.right)
        h.frames(3)
        h.key(.right)
        #expect(tabs.selectedViewController === pages[1])   // queued, not yet performed
        settle(tabs)
        // The queued press ran right after the first switch, from where it ended.
        #expect(events == ["began B", "finished B", "began C", "finished C"])
        #expect(tabs.selectedIndex == 2)
        #expect(log.entries.filter { $0.hasSuffix("viewDidAppear(true)") } == ["B.viewDidAppear(true)", "C.viewDidAppear(true)"])
        checkInvariants(tabs)
    }

    @Test func nothingHappensPastTheEnds() {
        let (tabs, _) = makeTabs(keys: true)
        h.key(.left)
        h.frames(2)
        #expect(tabs.currentTransition == nil && tabs.selectedIndex == 0 && log.entries.isEmpty)
        tabs.selectedIndex = 2
        h.frames(1)
        log.clear()
        h.key(.right)
        h.frames(2)
        #expect(tabs.currentTransition == nil && tabs.selectedIndex == 2 && log.entries.isEmpty)
        // Queued presses are evaluated when they run: three Right presses from the first tab stop at the last.
        tabs.selectedIndex = 0
        h.frames(1)
        h.key(.right); h.key(.right); h.key(.right)
        for _ in 0..<4 { settle(tabs) }
        #expect(tabs.selectedIndex == 2)
        checkInvariants(tabs)
    }

    // MARK: Clicks

    @Test func aClickOnATabItemSelectsItAsTheUser() {
        let (tabs, pages) = makeTabs()
        let delegate = LoggingTabDelegate(log: log)
        tabs.delegate = delegate
        // The third item's slot is x in 266.7...400 of the bar at the bottom.
        h.down(330, 580, at: 1)
        h.up(330, 580, at: 1.05)
        h.frames(1)
        #expect(tabs.selectedViewController === pages[2])
        #expect(log.entries == ["shouldSelect C", "A.viewWillDisappear(false)", "C.viewWillAppear(false)",
                                "A.viewDidDisappear(false)", "C.viewDidAppear(false)", "didSelect C"])
        checkInvariants(tabs)
    }

    @Test func aSelectionTheDelegateRefusesDoesNothing() {
        let (tabs, pages) = makeTabs(keys: true)
        let delegate = LoggingTabDelegate(log: log)
        delegate.refuses = pages[1]
        tabs.delegate = delegate
        h.key(.right)
        h.frames(2)
        #expect(tabs.currentTransition == nil && tabs.selectedIndex == 0)
        #expect(log.entries == ["shouldSelect B"])
        checkInvariants(tabs)
    }

    @Test func aClickSlidesWhenItemSelectionIsAnimated() {
        let (tabs, pages) = makeTabs()
        tabs.animatesItemSelection = true
        h.down(200, 580, at: 1)
        h.up(200, 580, at: 1.05)
        #expect(tabs.currentTransition != nil)
        settle(tabs)
        #expect(tabs.selectedViewController === pages[1])
        #expect(log.entries == Self.completedSwitch)
        checkInvariants(tabs)
    }

    // MARK: The swipe

    @Test func theSwipeIsOffByDefault() {
        let (tabs, _) = makeTabs()
        drag(from: 300, [280, 240, 200, 160])
        h.frames(2)
        #expect(tabs.currentTransition == nil && tabs.selectedIndex == 0 && log.entries.isEmpty)
    }

    /// The percent is the finger's travel; the pages and the indicator are drawn through the tracking
    /// spring, within 0.5 pt of the finger once it has rested 0.1 s (six frames).
    @Test func aLeftwardSwipeScrubsTheNextTabWithTheFingerAndTheIndicatorWithIt() {
        let (tabs, pages) = makeTabs(swipe: true)
        let w = tabs.transitionView.bounds.width
        let from = tabs.tabBar.indicatorFrame(at: 0).minX, to = tabs.tabBar.indicatorFrame(at: 1).minX
        drag(from: 300, [290, 260, 220, 180], release: false)
        h.frames(1)
        let p = (300 - 180) / w
        #expect(tabs.currentTransition?.phase == .interacting)
        #expect(abs((tabs.currentTransition?.percentComplete ?? -1) - p) < 1e-9)
        // Moving, the page trails the finger.
        #expect(pages[1].view.layer.renderedProperties.frame.minX > (1 - p) * w + 1)
        h.frames(6)
        #expect(abs(pages[1].view.layer.renderedProperties.frame.minX - (1 - p) * w) < 0.5)
        #expect(abs(pages[0].view.layer.renderedProperties.frame.minX - (-p * w)) < 0.5)
        #expect(abs(tabs.tabBar.selectionIndicator.layer.renderedProperties.frame.minX - (from + (to - from) * p)) < 0.5)
        // Back towards the start: the page and the indicator follow.
        h.move(240, 300, at: 11)
        h.frames(1)
        let q = (300 - 240) / w
        #expect(abs((tabs.currentTransition?.percentComplete ?? -1) - q) < 1e-9)
        h.frames(6)
        #expect(abs(pages[1].view.layer.renderedProperties.frame.minX - (1 - q) * w) < 0.5)
        #expect(abs(tabs.tabBar.selectionIndicator.layer.renderedProperties.frame.minX - (from + (to - from) * q)) < 0.5)
        h.up(240, 300, at: 11.2)
        settle(tabs)
        checkInvariants(tabs)
    }

    @Test func aRightwardSwipeSelectsThePreviousTab() {
        let (tabs, pages) = makeTabs(swipe: true)
        tabs.selectedIndex = 1
        h.frames(1)
        log.clear()
        drag(from: 100, [110, 150, 200, 260, 260])
        settle(tabs)
        #expect(tabs.selectedViewController === pages[0])
        #expect(log.entries == ["B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                                "B.viewDidDisappear(true)", "A.viewDidAppear(true)"])
        checkInvariants(tabs)
    }

    @Test func noSwipeBeginsTowardsAMissingTab() {
        let (tabs, _) = makeTabs(swipe: true)
        drag(from: 100, [110, 150, 200, 260])
        h.frames(2)
        #expect(tabs.currentTransition == nil && tabs.selectedIndex == 0 && log.entries.isEmpty)
        checkInvariants(tabs)
    }

    @Test func aSlowReleaseAtOrBelowTheCommitFractionCancelsAndRestoresEverything() {
        let (tabs, pages) = makeTabs(swipe: true)
        let w = tabs.transitionView.bounds.width
        // p = 0.3 exactly (the tab rule finishes only past it), released at rest.
        let x = 300 - TransitionSettings.defaultCommitFraction * w
        drag(from: 300, [290, 250, x, x, x])
        settle(tabs)
        #expect(tabs.selectedViewController === pages[0] && tabs.selectedIndex == 0)
        #expect(log.entries == Self.cancelledSwitch)
        checkInvariants(tabs)
    }

    @Test func aSlowReleasePastTheCommitFractionFinishes() {
        let (tabs, pages) = makeTabs(swipe: true)
        let w = tabs.transitionView.bounds.width
        let x = 300 - 0.31 * w
        drag(from: 300, [290, 250, x, x, x])
        settle(tabs)
        #expect(tabs.selectedViewController === pages[1])
        #expect(log.entries == Self.completedSwitch)
        checkInvariants(tabs)
    }

    @Test func aQuickFlickTowardsTheNewTabFinishesFromAShortTravel() {
        let (tabs, pages) = makeTabs(swipe: true)
        // 20 pt per frame = 1200 pt/s = 3 widths per second, released at once at p = 0.2.
        drag(from: 300, [280, 260, 240, 220], hold: 0)
        settle(tabs)
        #expect(tabs.selectedViewController === pages[1])
        #expect(log.entries == Self.completedSwitch)
        checkInvariants(tabs)
    }

    @Test func aQuickFlickBackCancelsFromPastTheCommitFraction() {
        let (tabs, pages) = makeTabs(swipe: true)
        // Out to p = 0.6, then back at 20 pt per frame, released at once at p = 0.45.
        drag(from: 300, [280, 220, 160, 100, 60, 60, 80, 100, 120], hold: 0)
        settle(tabs)
        #expect(tabs.selectedViewController === pages[0])
        #expect(log.entries == Self.cancelledSwitch)
        checkInvariants(tabs)
    }

    @Test func aSwipeDuringATabTransitionDoesNotBegin() {
        let (tabs, _) = makeTabs(keys: true, swipe: true)
        h.key(.right)
        h.frames(2)
        let running = tabs.currentTransition
        drag(from: 300, [290, 250, 200, 150])
        #expect(tabs.currentTransition === running && running?.phase == .animating)
        settle(tabs)
        #expect(tabs.selectedIndex == 1)
        checkInvariants(tabs)
    }

    // MARK: A tab holding a navigation stack

    /// Tabs A, a navigation stack (root N1, N2 pushed), C; the stack selected.
    func makeTabsWithStack() -> (TabBarController, NavigationController, [LoggingViewController]) {
        let a = page("A"), n1 = page("N1"), n2 = page("N2"), c = page("C")
        for p in [a, n1, n2, c] { p.loadViewIfNeeded() }
        let nav = NavigationController(rootViewController: n1)
        nav.pushViewController(n2, animated: false)
        let tabs = TabBarController()
        tabs.viewControllers = [a, nav, c]
        tabs.selectedIndex = 1
        tabs.allowsSwipeBetweenTabs = true
        tabs.selectsWithArrowKeys = true
        h.window.rootViewController = tabs
        h.frames(1)
        log.clear()
        return (tabs, nav, [a, n1, n2, c])
    }

    @Test func inATabHoldingAStackThatCanPopTheEdgePanPops() {
        let (tabs, nav, pages) = makeTabsWithStack()
        drag(from: 5, [30, 60, 100, 160, 220, 220])
        #expect(tabs.currentTransition == nil)
        for _ in 0..<240 where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
        #expect(nav.topViewController === pages[1] && tabs.selectedIndex == 1)
        checkNavigationInvariants(nav, in: h.window)
        checkInvariants(tabs)
    }

    @Test func atTheStacksRootTheSamePanSwipesTabs() {
        let (tabs, nav, pages) = makeTabsWithStack()
        nav.popViewController(animated: false)
        h.frames(1)
        log.clear()
        drag(from: 5, [30, 60, 100, 160, 220, 220])
        #expect(tabs.currentTransition?.interactionController != nil)
        settle(tabs)
        #expect(tabs.selectedViewController === pages[0] && nav.viewControllers.count == 1)
        #expect(log.entries == ["N1.viewWillDisappear(true)", "A.viewWillAppear(true)",
                                "N1.viewDidDisappear(true)", "A.viewDidAppear(true)"])
        checkInvariants(tabs)
    }

    @Test func aPanAwayFromTheEdgeSwipesTabsEvenWhenTheStackCanPop() {
        let (tabs, nav, pages) = makeTabsWithStack()
        drag(from: 300, [290, 250, 200, 150, 150])
        settle(tabs)
        #expect(tabs.selectedViewController === pages[3] && nav.viewControllers.count == 2)
        checkInvariants(tabs)
    }

    @Test func anArrowKeyPressedDuringAnInteractivePopIsQueuedAfterIt() {
        let (tabs, nav, pages) = makeTabsWithStack()
        drag(from: 5, [30, 60, 100, 160], release: false)
        #expect(nav.currentTransition?.phase == .interacting)
        h.key(.right)
        h.frames(2)
        #expect(tabs.currentTransition == nil && tabs.selectedIndex == 1)
        h.up(220, 300, at: 20)
        for _ in 0..<240 where nav.currentTransition != nil { h.frames(1) }
        #expect(nav.topViewController === pages[1])
        h.frames(1)
        #expect(tabs.currentTransition != nil)   // the key, after the pop
        settle(tabs)
        #expect(tabs.selectedViewController === pages[3])
        checkInvariants(tabs)
    }

    // MARK: The coordinator and the delegate's animator

    @Test func aSelectionInCodeRunsTheDelegatesAnimatorAndItsCoordinatorExistsWhenTheAssignmentReturns() {
        let (tabs, pages) = makeTabs()
        final class SlidingDelegate: TabBarControllerDelegate {
            func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
                                  to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
                TabSlideTransitionAnimator(direction: .forward)
            }
        }
        let delegate = SlidingDelegate()
        tabs.delegate = delegate
        tabs.selectedIndex = 2
        #expect(pages[2].transitionCoordinator != nil && pages[0].transitionCoordinator === tabs.transitionCoordinator as AnyObject)
        #expect(tabs.selectedIndex == 2)
        var completed: Bool?
        tabs.transitionCoordinator?.animate(alongsideTransition: nil, completion: { c in completed = !c.isCancelled })
        settle(tabs)
        #expect(completed == true)
        #expect(log.entries == ["A.viewWillDisappear(true)", "C.viewWillAppear(true)",
                                "A.viewDidDisappear(true)", "C.viewDidAppear(true)"])
        checkInvariants(tabs)
    }
}
