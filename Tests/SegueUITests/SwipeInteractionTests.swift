import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The ready horizontal swipe (``SwipeInteractionController``): a pop, a tab switch and a custom
/// container's action scrubbed by the finger with the stock and a custom animator, released by the rule
/// of ``TransitionSettings`` (exact thresholds), caught mid-flight, cancelled by a lost pointer, and doing
/// nothing (and taking nothing) when there is nothing to do.
@MainActor
@Suite struct SwipeInteractionTests {
    let h = Harness()
    let log = CallLog()
    let delegate = AdoptingDelegate()

    /// Where edge drags go down (inside the 20 pt strip) and their first move, which is past the 14 pt
    /// slop: the swipe is recognized there and counts from there.
    static let downX: CGFloat = 5, recognizedX: CGFloat = 30, y: CGFloat = 300

    func page(_ name: String) -> LoggingViewController { LoggingViewController(name, log: log) }

    /// A stack A, B with an edge swipe wired to B for a pop, adopted by the delegate (with `animator`:
    /// nil for the stock one).
    func makeStack(animator: (() -> (any ViewControllerAnimatedTransitioning)?)? = nil, start: SwipeInteractionController.Start = .edge)
        -> (NavigationController, [LoggingViewController], SwipeInteractionController) {
        let pages = [page("A"), page("B")]
        let nav = h.showStack(pages, delegate: delegate, clearing: log)
        let swipe = SwipeInteractionController(start: start)
        swipe.wire(to: pages[1], for: .pop)
        delegate.interaction = swipe
        if let animator { delegate.makeAnimator = animator }
        return (nav, pages, swipe)
    }

    /// The x a drag recognized at ``recognizedX`` reaches at progress `p` of width `w`.
    static func x(at p: CGFloat, width w: CGFloat) -> CGFloat { recognizedX + p * w }

    func points(_ xs: [CGFloat]) -> [CGPoint] { xs.map { CGPoint(x: $0, y: Self.y) } }

    func settle(_ nav: NavigationController) { h.settle { nav.currentTransition != nil } }

    // MARK: Scrubbing and the release rule

    @Test func anEdgeSwipeScrubsTheStockPopForwardsAndBackWithTheFinger() {
        let (nav, pages, swipe) = makeStack()
        let w = nav.transitionView.bounds.width
        let xs: [CGFloat] = [Self.recognizedX, 90, 150, 210, 150, 70]
        h.drag(from: CGPoint(x: Self.downX, y: Self.y), through: points([xs[0]]), release: false)
        #expect(swipe.interactionInProgress)
        #expect(nav.currentTransition?.interactionController === swipe)
        var t = 10 + 1.0 / 60
        for x in xs.dropFirst() {
            t += 1.0 / 60
            h.move(x, Self.y, at: t)
            h.frames(1)
            let p = (x - Self.recognizedX) / w
            // Stock pop, linear when scrubbed: the top page at p x W, the lower one at -0.3 W (1 - p).
            #expect(abs(pages[1].view.layer.renderedProperties.frame.minX - p * w) < 1e-6)
            #expect(abs(pages[0].view.layer.renderedProperties.frame.minX + 0.3 * w * (1 - p)) < 1e-6)
            #expect(abs((nav.currentTransition?.percentComplete ?? -1) - p) < 1e-9)
        }
        h.up(70, Self.y, at: t + 0.2)   // at rest, p = 0.1: back
        #expect(!swipe.interactionInProgress)
        settle(nav)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aCustomAnimatorIsScrubbedByTheSwipeAndCancelsBelowTheCommitFraction() {
        let fade = FadeOutAnimator()
        let (nav, pages, _) = makeStack(animator: { fade })
        let w = nav.transitionView.bounds.width
        let x = Self.x(at: 0.25, width: w)
        h.drag(from: CGPoint(x: Self.downX, y: Self.y), through: points([Self.recognizedX, 80, x, x]), release: false)
        // The custom animator, linear: the top page's opacity is 1 - p.
        #expect(abs(pages[1].view.layer.renderedProperties.opacity - 0.75) < 1e-9)
        #expect(fade.ran == 1)
        h.up(x, Self.y, at: 11)
        settle(nav)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        #expect(log.entries == ["B.willMove(toParent: nil)",
                                "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                                "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
                                "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test(arguments: [(0.3, true), (0.2975, false)])
    func aSlowReleaseFinishesFromExactlyTheCommitFraction(progress: CGFloat, pops: Bool) {
        for animator in [{ nil }, { FadeOutAnimator() }] as [() -> (any ViewControllerAnimatedTransitioning)?] {
            let (nav, pages, _) = makeStack(animator: animator)
            let w = nav.transitionView.bounds.width
            #expect(TransitionSettings.defaultCommitFraction == 0.3)
            let x = Self.x(at: progress, width: w)   // 150 and 149: p = 0.3 and 0.2975
            h.drag(from: CGPoint(x: Self.downX, y: Self.y), through: points([Self.recognizedX, 90, x, x]), hold: 0.2)
            settle(nav)
            #expect((nav.topViewController === pages[0]) == pops)
            #expect(nav.viewControllers.count == (pops ? 1 : 2))
            checkNavigationInvariants(nav, in: h.window)
        }
    }

    @Test func aFlickFinishesFromAShortTravelAndAFlickBackCancelsFromFarAlong() {
        let (nav, pages, _) = makeStack()
        // 20 pt per frame = 1200 pt/s = 3 widths per second (over the 1.06 W/s flick), released at once:
        // p = 60 / 400 = 0.15, under the commit fraction, pops.
        h.drag(from: CGPoint(x: Self.downX, y: Self.y), through: points([30, 50, 70, 90]), hold: 0)
        settle(nav)
        #expect(nav.topViewController === pages[0])
        checkNavigationInvariants(nav, in: h.window)

        // Pushed again; dragged to p = 0.6, then flicked back at 3 W/s: it returns.
        let b = page("B2")
        nav.pushViewController(b, animated: false)
        let swipe = SwipeInteractionController()
        swipe.wire(to: b, for: .pop)
        delegate.interaction = swipe
        h.frames(1)
        h.drag(from: CGPoint(x: Self.downX, y: Self.y), through: points([30, 130, 230, 270, 250, 230, 210]), t0: 20, hold: 0)
        settle(nav)
        #expect(nav.topViewController === b && nav.viewControllers.count == 2)
        checkNavigationInvariants(nav, in: h.window)
    }

    // MARK: Catching

    @Test func aFinishingPopCaughtAnywhereInTheContainerFollowsThePointerAndTheNextReleaseDecides() {
        let (nav, pages, swipe) = makeStack()
        let w = nav.transitionView.bounds.width
        let top = pages[1].view!
        let x = Self.x(at: 0.5, width: w)
        h.drag(from: CGPoint(x: Self.downX, y: Self.y), through: points([Self.recognizedX, 120, x, x]), hold: 0.2)
        h.frames(3)
        #expect(nav.currentTransition?.phase == .finishing && !swipe.interactionInProgress)
        let shown = top.layer.renderedProperties.frame.minX
        #expect(shown > 0.5 * w && shown < w)
        // A down on the lower page (left of the moving one) catches too: the whole container catches.
        let catchX = shown - 20
        h.down(catchX, Self.y, at: 11)
        h.frames(1)
        #expect(nav.currentTransition?.phase == .interacting && swipe.interactionInProgress)
        #expect(abs(top.layer.renderedProperties.frame.minX - shown) < 1e-6)   // no jump
        h.move(catchX - 30, Self.y, at: 11 + 1.0 / 60)   // 1:1, no slop
        h.frames(1)
        #expect(abs(top.layer.renderedProperties.frame.minX - (shown - 30)) < 1e-6)
        // Back to p = 0.2 and released at rest: it cancels this time.
        let back = catchX + 0.2 * w - shown
        h.move(back, Self.y, at: 11 + 2.0 / 60)
        h.frames(1)
        #expect(abs(top.layer.renderedProperties.frame.minX - 0.2 * w) < 1e-6)
        h.up(back, Self.y, at: 11.3)
        settle(nav)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        checkNavigationInvariants(nav, in: h.window)
    }

    // MARK: Losing the pointer

    @Test(arguments: [(0.2, false), (0.4, true)])
    func aPointerCancelMidSwipeIsAReleaseWithZeroVelocity(progress: CGFloat, pops: Bool) {
        let (nav, pages, swipe) = makeStack(animator: { FadeOutAnimator() })
        let w = nav.transitionView.bounds.width
        let x = Self.x(at: progress, width: w)
        let t = h.drag(from: CGPoint(x: Self.downX, y: Self.y), through: points([Self.recognizedX, 80, x]), release: false)
        h.cancelPointer(at: CGPoint(x: x, y: Self.y), at: t + 0.01)
        #expect(!swipe.interactionInProgress)
        settle(nav)
        #expect((nav.topViewController === pages[0]) == pops)
        checkNavigationInvariants(nav, in: h.window)
    }

    // MARK: Nothing to do

    @Test func aSwipeAtTheRootDoesNothingAndTheViewKeepsItsTouches() {
        let root = page("A")
        let nav = h.showStack([root], delegate: delegate, clearing: log)
        let content = TouchRecordingView(frame: root.view.bounds)
        root.view.addSubview(content)
        let swipe = SwipeInteractionController(start: .anywhere)
        swipe.wire(to: root, for: .pop)
        delegate.interaction = swipe
        h.drag(from: CGPoint(x: 100, y: Self.y), through: points([130, 200, 260]), hold: 0.05)
        h.frames(2)
        #expect(nav.currentTransition == nil && log.entries.isEmpty && !swipe.interactionInProgress)
        #expect(swipe.gestureRecognizer.state == .possible)   // failed, then reset
        #expect(content.phases == ["began", "moved", "moved", "moved", "ended"])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aSwipeThatCannotPopLeavesTheDragToTheTabBarsSwipe() {
        let stacks = (0..<2).map { NavigationController(rootViewController: page("root\($0)")) }
        let tabs = TabBarController()
        tabs.viewControllers = stacks
        tabs.allowsSwipeBetweenTabs = true
        h.window.rootViewController = tabs
        tabs.selectedIndex = 1
        h.frames(1)
        let swipe = SwipeInteractionController(start: .anywhere)
        swipe.wire(to: stacks[1].topViewController!, for: .pop)
        delegate.interaction = swipe
        stacks[1].delegate = delegate
        // A rightward drag at the root: nothing to pop, so the tab bar's swipe takes it (to tab 0).
        h.drag(from: CGPoint(x: 100, y: Self.y), through: points([130, 200, 300, 300]), hold: 0.2)
        h.settle { tabs.currentTransition != nil }
        #expect(tabs.selectedIndex == 0)
        #expect(stacks[1].viewControllers.count == 1)
        checkTabInvariants(tabs, in: h.window)
    }

    // MARK: The built-in edge pan

    @Test func theNavigationControllersEdgePanWaitsForAFullWidthSwipeAndDoesNotFightIt() {
        // The edge pan has the high priority and gets the move first; it waits for the swipe to fail.
        let (nav, _, swipe) = makeStack(start: .anywhere)
        var decisions: [String] = []
        h.window.gestureArenaTrace = { decisions.append($0.description) }
        nav.interactivePopGestureRecognizer?.name = "navEdgePan"
        h.drag(from: CGPoint(x: Self.downX, y: Self.y), through: points([Self.recognizedX, 60]), release: false)
        #expect(nav.currentTransition?.interactionController === swipe)
        #expect(decisions.contains("navEdgePan waits for SwipeInteractionController to fail"))
        #expect(decisions.contains("navEdgePan failed: SwipeInteractionController recognized"))
        h.up(60, Self.y, at: 11)
        settle(nav)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func whenTheSwipeDoesNotBeginTheBuiltInEdgePanStillPopsWithItsOwnInteraction() {
        // A full-width swipe wired for tabs in a stack: a rightward edge drag with no tab to the left
        // does not begin it, and the navigation controller's edge pan pops (the delegate hands nothing).
        let pages = [page("A"), page("B")]
        let nav = h.showStack(pages, delegate: delegate, clearing: log)
        let swipe = SwipeInteractionController(start: .anywhere)
        swipe.wire(to: pages[1], for: .tab)
        delegate.interaction = swipe
        let x = Self.downX + TransitionSettings.defaultPopSlop + 0.5 * nav.transitionView.bounds.width
        h.drag(from: CGPoint(x: Self.downX, y: Self.y), through: points([40, 120, x, x]), release: false)
        #expect(nav.currentTransition != nil && nav.currentTransition?.interactionController !== swipe)
        #expect(!swipe.interactionInProgress)
        h.up(x, Self.y, at: 11)
        settle(nav)
        #expect(nav.topViewController === pages[0])
        checkNavigationInvariants(nav, in: h.window)
    }

    // MARK: Tabs

    @Test func aFullWidthSwipeSwitchesTabsBothWaysWithTheStockAndACustomAnimator() {
        for custom in [false, true] {
            let pages = ["A", "B", "C"].map(page)
            let tabs = TabBarController()
            tabs.viewControllers = pages
            h.window.rootViewController = tabs
            tabs.selectedIndex = 1
            tabs.delegate = delegate
            delegate.makeAnimator = custom ? { FadeOutAnimator() } : { nil }
            h.frames(1)
            let swipe = SwipeInteractionController(start: .anywhere)
            swipe.wire(to: tabs, for: .tab)
            delegate.interaction = swipe
            let w = tabs.transitionView.bounds.width
            // Leftwards: the next tab. Recognized at x = 280 (20 pt from the down), scrubbed to p = 0.25.
            h.drag(from: CGPoint(x: 300, y: Self.y), through: points([280, 230, 180, 180]), release: false)
            #expect(tabs.currentTransition?.interactionController === swipe)
            let p: CGFloat = 100 / w
            if custom {
                #expect(abs(pages[1].view.layer.renderedProperties.opacity - (1 - p)) < 1e-9)
            } else {
                // The stock slide, linear when scrubbed: the next page enters from the right.
                #expect(abs(pages[2].view.layer.renderedProperties.frame.minX - w * (1 - p)) < 1e-6)
                #expect(abs(pages[1].view.layer.renderedProperties.frame.minX + w * p) < 1e-6)
            }
            h.up(180, Self.y, at: 11)   // at rest, p = 0.25: back to B
            h.settle { tabs.currentTransition != nil }
            #expect(tabs.selectedIndex == 1)
            checkTabInvariants(tabs, in: h.window)
            // Rightwards past the commit fraction: the previous tab.
            h.drag(from: CGPoint(x: 100, y: Self.y), through: points([120, 200, 280, 280]), t0: 20)
            h.settle { tabs.currentTransition != nil }
            #expect(tabs.selectedIndex == 0)
            checkTabInvariants(tabs, in: h.window)
            // Rightwards again: there is no tab to the left; nothing begins.
            h.drag(from: CGPoint(x: 100, y: Self.y), through: points([120, 200, 280, 280]), t0: 30)
            #expect(tabs.currentTransition == nil && !swipe.interactionInProgress)
            h.frames(1)
            #expect(tabs.selectedIndex == 0)
            checkTabInvariants(tabs, in: h.window)
        }
    }

    // MARK: A custom container

    @Test func aCustomContainersActionIsDrivenByTheSwipe() {
        final class Pager: ViewController {
            let pages: [ViewController]
            var index = 0
            init(_ pages: [ViewController]) { self.pages = pages; super.init() }
            override func viewDidLoad() {
                addChild(pages[0])
                pages[0].view.frame = view.bounds
                view.addSubview(pages[0].view)
                pages[0].didMove(toParent: self)
            }
            func show(_ offset: Int, interaction: SwipeInteractionController) -> ContainerTransition? {
                let next = index + offset
                guard pages.indices.contains(next) else { return nil }
                let from = pages[index], to = pages[next]
                from.willMove(toParent: nil)
                addChild(to)
                return transition(from: from, to: to, in: view, animator: FadeOutAnimator(),
                                  interactionController: interaction.interactionInProgress ? interaction : nil) { [weak self] done in
                    guard let self else { return }
                    if done { to.didMove(toParent: self); from.removeFromParent(); self.index = next } else {
                        to.removeFromParent(); from.didMove(toParent: self)
                    }
                }
            }
        }
        let pages = [page("P0"), page("P1")]
        let pager = Pager(pages)
        h.window.rootViewController = pager
        h.frames(1)
        let swipe = SwipeInteractionController(start: .anywhere)
        swipe.wire(to: pager, for: .custom { [unowned pager, unowned swipe] direction in
            pager.show(direction == .left ? 1 : -1, interaction: swipe)
        })
        h.drag(from: CGPoint(x: 300, y: Self.y), through: points([280, 230, 180]), release: false)
        #expect(swipe.interactionInProgress)
        #expect(abs(pages[0].view.layer.renderedProperties.opacity - (1 - 100 / h.window.bounds.width)) < 1e-9)
        h.move(100, Self.y, at: 10.2)
        h.frames(1)
        h.up(100, Self.y, at: 10.5)   // p = 0.45 at rest: finishes
        h.settle { pager.transitionCoordinator != nil }
        #expect(pager.index == 1 && pager.children.count == 1 && pager.children.first === pages[1])
        #expect(pages[1].view.superview === pager.view && pages[0].view.superview == nil)
        checkLayersAtRest(in: h.window)
    }
}
