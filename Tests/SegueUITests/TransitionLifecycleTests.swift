import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The one transition lifecycle (``TransitionLifecycle``, ``TransitionRequests``): the window's one queue
/// and its rule, catching in every container, callbacks that belong to their window, and the container
/// left-overs UIKit does differently.
@MainActor
@Suite struct TransitionLifecycleTests {
    let h = Harness()
    let log = CallLog()

    func page(_ name: String) -> LoggingViewController { LoggingViewController(name, log: log) }

    /// Runs frames until nothing runs or waits in the window (at most `limit`), then one more.
    func settle(limit: Int = 600) {
        for _ in 0..<limit where !h.window.transitionRequests.isIdle || h.window.modalPresentations.currentTransition != nil {
            h.frames(1)
        }
        h.frames(1)
    }

    // MARK: The one queue

    @Test func aPushFromACompletionBlockWaitsBehindRequestsAlreadyQueued() {
        let (a, b, c, d) = (page("A"), page("B"), page("C"), page("D"))
        let nav = h.showStack([a], clearing: log)
        var began: [String] = []
        nav.transitionObserver = { t, event in
            if event == .began { began.append((t.viewController(forKey: .to) as! LoggingViewController).name) }
        }
        nav.pushViewController(b, animated: true)
        // From B's coordinator's completion: C was asked for before it, so D must wait behind C.
        nav.transitionCoordinator?.animate(alongsideTransition: nil) { _ in nav.pushViewController(d, animated: true) }
        nav.pushViewController(c, animated: true)
        #expect(h.window.transitionRequests.waitingCount == 1)
        settle()
        #expect(began == ["B", "C", "D"])
        #expect(nav.viewControllers.map { ($0 as! LoggingViewController).name } == ["A", "B", "C", "D"])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aRequestFromACompletionBlockWithNothingWaitingStartsAtOnceWithItsCoordinator() {
        let (a, b, c) = (page("A"), page("B"), page("C"))
        let nav = h.showStack([a], clearing: log)
        var coordinatorOnReturn = false
        nav.pushViewController(b, animated: true)
        nav.transitionCoordinator?.animate(alongsideTransition: nil) { _ in
            nav.pushViewController(c, animated: true)
            coordinatorOnReturn = c.transitionCoordinator != nil && nav.currentTransition?.viewController(forKey: .to) === c
        }
        settle()
        #expect(coordinatorOnReturn)
        #expect(nav.topViewController === c)
    }

    @Test func aTabKeyAPushAndAPresentMadeDuringOneInteractivePopRunInOrder() {
        let a = page("A"), n1 = page("N1"), n2 = page("N2"), c = page("C"), p = page("P"), s = page("S")
        for vc in [a, n1, n2, c] { vc.loadViewIfNeeded() }
        let nav = NavigationController(rootViewController: n1)
        nav.pushViewController(n2, animated: false)
        let tabs = TabBarController()
        tabs.viewControllers = [a, nav, c]
        tabs.selectedIndex = 1
        tabs.selectsWithArrowKeys = true
        h.window.rootViewController = tabs
        h.frames(1)
        var order: [String] = []
        nav.transitionObserver = { t, e in order.append("\(t.kind) \(e)") }
        tabs.transitionObserver = { t, e in order.append("\(t.kind) \(e)") }
        h.window.modalPresentations.transitionObserver = { t, e in order.append("\(t.kind) \(e)") }
        final class Shown: NavigationControllerDelegate {
            var log: (String) -> Void = { _ in }
            func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
                log("show \((viewController as! LoggingViewController).name) animated \(animated)")
            }
        }
        let shown = Shown()
        shown.log = { order.append($0) }
        nav.delegate = shown
        // An interactive pop, held.
        let t = h.drag(from: CGPoint(x: 5, y: 300), through: [30, 60, 100, 160].map { CGPoint(x: $0, y: 300) }, release: false)
        #expect(nav.currentTransition?.phase == .interacting)
        // During it: the Right key, a push in code, a present.
        h.key(.right, at: t)
        nav.pushViewController(p, animated: true)
        tabs.present(s, animated: true)
        h.frames(2)
        #expect(h.window.transitionRequests.waitingCount == 3)
        #expect(tabs.currentTransition == nil && h.window.modalPresentations.currentTransition == nil)
        h.up(220, 300, at: t + 0.2)
        settle()
        // The pop ends, then the tab switch runs and ends; the push runs in the stack, which the switch took
        // out of the window (so unanimated); then the presentation.
        #expect(order == ["show N1 animated true", "pop began", "pop finished", "tab began", "tab finished",
                          "show P animated false", "present began", "present finished"])
        #expect(tabs.selectedViewController === c && nav.topViewController === p && tabs.presentedViewController === s)
    }

    @Test func aRequestWhileAnotherWindowIsBusyRunsAtOnce() {
        let other = Harness()
        let navA = h.showStack([page("A")], clearing: log)
        let navB = other.showStack([page("X")], clearing: log)
        navA.pushViewController(page("B"), animated: true)
        navB.pushViewController(page("Y"), animated: true)
        #expect(navA.currentTransition != nil && navB.currentTransition != nil)
        #expect(h.window.transitionRequests.waitingCount == 0 && other.window.transitionRequests.waitingCount == 0)
    }

    // MARK: A container of one's own

    /// A deck of pages, one shown at a time, switched with the one API a container of one's own calls
    /// (``ViewController/transition(from:to:in:animator:interactionController:completion:)``): it gets the
    /// window's queue, the coordinator, appearance in UIKit's order and the lifecycle's end order for free.
    final class DeckController: ViewController {
        var pages: [ViewController] = []
        private(set) var shown = 0
        let deck = View()

        init(_ pages: [ViewController]) {
            self.pages = pages
            super.init()
            for p in pages { addChild(p); p.didMove(toParent: self) }
        }

        override func viewDidLoad() {
            deck.frame = view.bounds
            deck.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(deck)
            pages[0].view.frame = deck.bounds
            deck.addSubview(pages[0].view)
        }

        /// Shows page `index`, sliding (queued behind whatever runs in the window). As UIKit's containers
        /// change their stack when asked, the deck's model changes at once; a cancel would put it back.
        @discardableResult
        func show(_ index: Int, completion: ((Bool) -> Void)? = nil) -> ContainerTransition? {
            let previous = shown
            shown = index
            return transition(from: pages[previous], to: pages[index], in: deck, animator: DeckSlide()) { [weak self] done in
                if !done { self?.shown = previous }
                completion?(done)
            }
        }
    }

    /// The animator a user writes: the new page slides in from the right over 0.3 s.
    final class DeckSlide: ViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { 0.3 }
        func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
            guard let to = transitionContext.view(forKey: .to), let toVC = transitionContext.viewController(forKey: .to) else { return }
            let final = transitionContext.finalFrame(for: toVC)
            to.frame = final.offsetBy(dx: final.width, dy: 0)
            transitionContext.containerView.addSubview(to)
            View.animate(withDuration: 0.3, animations: { to.frame = final }) { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
        }
    }

    @Test func aContainerOfOnesOwnGetsTheQueueTheCoordinatorAndAppearanceFromOneCall() {
        let (p0, p1, p2) = (page("P0"), page("P1"), page("P2"))
        let deck = h.showRoot(DeckController([p0, p1, p2]), clearing: log)
        var completions: [String] = []
        let first = deck.show(1) { completions.append("1: \($0)") }
        #expect(first != nil && p1.transitionCoordinator === first && deck.transitionCoordinator === first)
        // Asked for while the first runs: queued (nil), and it runs after it, from the page then shown.
        #expect(deck.show(2) { completions.append("2: \($0)") } == nil)
        settle()
        #expect(completions == ["1: true", "2: true"])
        #expect(deck.shown == 2 && p2.view.superview === deck.deck && p0.viewIfLoaded?.superview == nil
                    && p1.viewIfLoaded?.superview == nil)
        #expect(log.entries.filter { !$0.hasSuffix("viewDidLoad") } == ["P0.viewWillDisappear(true)", "P1.viewWillAppear(true)", "P0.viewDidDisappear(true)",
                                "P1.viewDidAppear(true)", "P1.viewWillDisappear(true)", "P2.viewWillAppear(true)",
                                "P1.viewDidDisappear(true)", "P2.viewDidAppear(true)"])
        #expect(deck.transitionCoordinator == nil && h.window.transitionRequests.isIdle)
    }

    // MARK: Catching in tabs

    func makeTabs() -> (TabBarController, [LoggingViewController]) {
        let pages = ["A", "B", "C"].map(page)
        for p in pages { p.loadViewIfNeeded() }
        let tabs = TabBarController()
        tabs.viewControllers = pages
        tabs.allowsSwipeBetweenTabs = true
        h.window.rootViewController = tabs
        h.frames(1)
        log.clear()
        return (tabs, pages)
    }

    /// The drawn left edge of `view`.
    func drawnX(_ view: View) -> Double { view.layer.renderedProperties.frame.minX }

    @Test func aTabSwipeReleasedToFinishIsCaughtHeldAndDraggedBackToCancel() {
        let (tabs, pages) = makeTabs()
        let w = tabs.transitionView.bounds.width   // 400
        // Left by 150 pt (p = 0.375 > 0.3), released at rest: it finishes.
        var t = 0.2 + h.drag(from: CGPoint(x: 300, y: 300), through: [280, 240, 200, 150, 150].map { CGPoint(x: $0, y: 300) },
                            hold: 0.2)
        h.frames(4)
        let running = tabs.currentTransition
        #expect(running?.phase == .finishing)
        // B's page enters from the right; the pointer goes down on it where it is drawn.
        let shownX = drawnX(pages[1].view)
        #expect(shownX > 0 && shownX < w * 0.625)
        t += 0.1
        h.down(shownX + 20, 300, at: t)
        h.frames(1)
        #expect(running?.phase == .interacting && tabs.currentTransition === running)
        // Held: where it was drawn (no jump), and it stays there while the pointer does.
        let caught = running!.percentComplete
        #expect(isClose(drawnX(pages[1].view), w * (1 - caught), tolerance: 1e-6))
        #expect(isClose(drawnX(pages[1].view), shownX, tolerance: 1e-6))
        h.frames(10)
        #expect(isClose(running!.percentComplete, caught, tolerance: 1e-9))
        // Dragged right by 200 pt: 1:1, the switch goes back by 200 / 400.
        t += 1.0 / 60
        h.move(shownX + 20 + 200, 300, at: t)
        h.frames(1)
        let back = max(caught - 200 / w, 0)
        #expect(isClose(running!.percentComplete, back, tolerance: 1e-9))
        h.frames(6)
        #expect(isClose(drawnX(pages[1].view), w * (1 - back), tolerance: 0.5))
        #expect(back < 0.3)
        h.up(shownX + 220, 300, at: t + 0.2)
        settle()
        #expect(running?.transitionWasCancelled == true && tabs.selectedIndex == 0)
        #expect(log.entries == ["A.viewWillDisappear(true)", "B.viewWillAppear(true)", "B.viewWillDisappear(true)",
                                "B.viewDidDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)"])
        checkTabInvariants(tabs, in: h.window)
    }

    @Test func aTabSwipeSpringingBackIsCaughtAndDraggedOnToFinish() {
        let (tabs, pages) = makeTabs()
        let w = tabs.transitionView.bounds.width
        // Left by 60 pt (p = 0.15), released at rest: it springs back.
        var t = 0.2 + h.drag(from: CGPoint(x: 300, y: 300), through: [290, 270, 240, 240].map { CGPoint(x: $0, y: 300) },
                            hold: 0.2)
        h.frames(2)
        let running = tabs.currentTransition
        #expect(running?.phase == .cancelling)
        let shownX = drawnX(pages[1].view)
        t += 0.05
        h.down(shownX + 10, 300, at: t)
        h.frames(1)
        #expect(running?.phase == .interacting && running?.transitionWasCancelled == false)
        let caught = running!.percentComplete
        #expect(isClose(drawnX(pages[1].view), shownX, tolerance: 1e-6))
        // Dragged left by 200 pt: past the commit fraction, released at rest: it finishes.
        for step in 1...4 {
            t += 1.0 / 60
            h.move(shownX + 10 - 50 * Double(step), 300, at: t)
            h.frames(1)
        }
        #expect(isClose(running!.percentComplete, caught + 200 / w, tolerance: 1e-9))
        h.up(shownX + 10 - 200, 300, at: t + 0.2)
        settle()
        #expect(running?.transitionWasCancelled == false && tabs.selectedIndex == 1)
        checkTabInvariants(tabs, in: h.window)
    }

    // MARK: Catching sheets

    func presentSheet() -> (LoggingViewController, LoggingViewController) {
        let a = h.showRoot(page("A"), clearing: log)
        let b = page("B")
        b.modalPresentationStyle = .pageSheet
        a.present(b, animated: true)
        settle()
        log.clear()
        return (a, b)
    }

    func drawnY(_ view: View) -> Double { view.layer.renderedProperties.frame.minY }

    @Test func aSheetDismissalReleasedToFinishIsCaughtAndDraggedBackUp() {
        let (a, b) = presentSheet()
        let rest = b.view.frame
        let height = rest.height   // 560
        // Down by 0.5 of the sheet (after the 20 pt that recognize the drag), released at rest: it finishes.
        var t = 0.2 + h.drag(from: CGPoint(x: 200, y: 300), through: [320, 400, 320 + 0.5 * height, 320 + 0.5 * height].map { CGPoint(x: 200, y: $0) },
                            hold: 0.2)
        h.frames(3)
        let running = h.window.modalPresentations.currentTransition
        #expect(running?.kind == .dismiss && running?.phase == .finishing)
        let shownY = drawnY(b.view)
        t += 0.05
        h.down(200, shownY + 30, at: t)
        h.frames(1)
        #expect(running?.phase == .interacting)
        let caught = running!.percentComplete
        #expect(isClose(drawnY(b.view), shownY, tolerance: 1e-6))
        #expect(isClose(drawnY(b.view), rest.minY + caught * height, tolerance: 1e-6))
        // Up by half the sheet, 1:1, released at rest below the commit fraction: it springs back.
        t += 1.0 / 60
        h.move(200, shownY + 30 - 0.5 * height, at: t)
        h.frames(1)
        let back = caught - 0.5
        #expect(isClose(running!.percentComplete, back, tolerance: 1e-9))
        #expect(back < 0.3)
        h.frames(6)
        #expect(isClose(drawnY(b.view), rest.minY + back * height, tolerance: 0.5))
        h.up(200, shownY + 30 - 0.5 * height, at: t + 0.2)
        settle()
        #expect(running?.transitionWasCancelled == true && a.presentedViewController === b)
        #expect(b.view.frame == rest && b.view.layer.renderedProperties.frame == rest)
        #expect(log.entries == ["B.viewWillDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
    }

    @Test func aSheetSpringingBackIsCaughtAndDraggedDownToDismiss() {
        let (a, b) = presentSheet()
        let height = b.view.frame.height
        var t = 0.2 + h.drag(from: CGPoint(x: 200, y: 300), through: [320, 360, 320 + 0.2 * height, 320 + 0.2 * height].map { CGPoint(x: 200, y: $0) },
                            hold: 0.2)
        h.frames(2)
        let running = h.window.modalPresentations.currentTransition
        #expect(running?.phase == .cancelling)
        let shownY = drawnY(b.view)
        t += 0.05
        h.down(200, shownY + 10, at: t)
        h.frames(1)
        #expect(running?.phase == .interacting && isClose(drawnY(b.view), shownY, tolerance: 1e-6))
        for step in 1...5 {
            t += 1.0 / 60
            h.move(200, shownY + 10 + 60 * Double(step), at: t)
            h.frames(1)
        }
        h.up(200, shownY + 10 + 300, at: t + 0.2)
        settle()
        #expect(running?.transitionWasCancelled == false && a.presentedViewController == nil)
        #expect(log.entries == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)"])
    }

    @Test func aCaughtPresentationCompletesAndTurnsIntoAnInteractiveDismissal() {
        let a = h.showRoot(page("A"), clearing: log)
        let b = page("B")
        b.modalPresentationStyle = .pageSheet
        a.present(b, animated: true)
        h.frames(12)   // the stock cover-vertical rises (0.5 s)
        let presenting = h.window.modalPresentations.currentTransition
        #expect(presenting?.kind == .present && presenting?.phase == .animating)
        let shownY = drawnY(b.view)
        let rest = (b.presentationController as! DimmingSheetPresentationController).frameOfPresentedViewInContainerView
        #expect(shownY > rest.minY + 50)
        h.down(200, shownY + 20, at: 5)
        h.frames(1)
        // The presentation completed; a dismissal follows the pointer from where the sheet was drawn.
        #expect(presenting?.phase == .ended && presenting?.transitionWasCancelled == false)
        let dismissing = h.window.modalPresentations.currentTransition
        #expect(dismissing?.kind == .dismiss && dismissing?.phase == .interacting)
        #expect(isClose(dismissing!.percentComplete, (shownY - rest.minY) / rest.height, tolerance: 1e-9))
        #expect(isClose(drawnY(b.view), shownY, tolerance: 1e-6))
        // Dragged down and let go: dismissed; appearance balanced.
        h.move(200, shownY + 20 + 50, at: 5 + 1.0 / 60)
        h.frames(7)
        #expect(isClose(drawnY(b.view), shownY + 50, tolerance: 0.5))
        h.move(200, shownY + 20 + 120, at: 5 + 8.0 / 60)
        h.frames(1)
        h.up(200, shownY + 140, at: 5.3)
        settle()
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(log.entries == ["B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)", "B.viewWillDisappear(true)",
                                "B.viewDidDisappear(true)"])
        #expect(h.window.subviews.count == 1)
    }

    @Test func aCaughtPresentationReleasedAtRestNearTheTopStaysPresented() {
        let a = h.showRoot(page("A"), clearing: log)
        let b = page("B")
        b.modalPresentationStyle = .pageSheet
        a.present(b, animated: true)
        h.frames(24)
        let shownY = drawnY(b.view)
        h.down(200, shownY + 20, at: 5)
        h.frames(1)
        h.up(200, shownY + 20, at: 5.3)
        settle()
        #expect(a.presentedViewController === b)
        #expect(b.view.layer.renderedProperties.frame == b.view.frame)
    }

    // MARK: Callbacks that belong to their window

    @Test func twoWindowsRunTheirOwnCallbacksAtTheirOwnTimes() {
        let other = Harness()
        other.window.isSlowAnimationsEnabled = true   // ten times slower
        var ran: [String] = []
        // Queued in each window's frame (its input): each runs in its own window's callbacks only.
        h.window.enqueue { Transaction.enqueueCallback { ran.append("main") } }
        other.window.enqueue { Transaction.enqueueCallback { ran.append("other") } }
        h.clock.advance(frames: 1)
        h.window.runFrame()
        #expect(ran == ["main"])
        other.clock.advance(frames: 1)
        other.window.runFrame()
        #expect(ran == ["main", "other"])

        // A push in the other window, asked for outside any frame, starts in that window's frame only.
        let navMain = h.showStack([page("A")], clearing: log)
        let navOther = other.showStack([page("X")], clearing: log)
        let y = page("Y")
        navOther.pushViewController(y, animated: true)
        let t = navOther.currentTransition
        h.frames(3)
        #expect(t?.phase == .pending && y.appearanceState == .disappeared)
        other.frames(1)
        #expect(t != nil && t?.phase != .pending && y.appearanceState == .appearing)

        // Animation completions at each window's time: 0.5 s is 30 frames here, 300 in the slowed window.
        let viewMain = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let viewOther = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        navMain.topViewController!.view.addSubview(viewMain)
        y.view.addSubview(viewOther)
        var done: [String] = []
        View.animate(withDuration: 0.5, animations: { viewMain.center.x = 100 }) { _ in done.append("main") }
        View.animate(withDuration: 0.5, animations: { viewOther.center.x = 100 }) { _ in done.append("other") }
        h.frames(31)
        #expect(done == ["main"])
        other.frames(100)
        #expect(done == ["main"])
        other.frames(210)
        #expect(done == ["main", "other"])
    }

    @Test func aFrameRunInsideAnotherWindowsFrameKeepsEachWindowsCallbacks() {
        let other = Harness()
        var ran: [String] = []
        // As the inspector does: the inspected window's frames run inside the inspector's queued work.
        h.window.enqueue {
            Transaction.enqueueCallback { ran.append("outer") }
            other.window.enqueue { Transaction.enqueueCallback { ran.append("inner") } }
            other.clock.advance(frames: 1)
            other.window.runFrame()   // its queued work queues "inner"; its callbacks run it (not "outer")
            ran.append("inner frame done")
        }
        h.clock.advance(frames: 1)
        h.window.runFrame()
        #expect(ran == ["inner", "inner frame done", "outer"])
    }

    // MARK: Left-overs, as UIKit does them

    /// Gives a percent-driven interaction controller for every operation (driven by the test).
    final class InteractiveDelegate: NavigationControllerDelegate {
        let interaction = PercentDrivenInteractiveTransition()
        func navigationController(_ navigationController: NavigationController,
                                  interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
            -> (any ViewControllerInteractiveTransitioning)? { interaction }
    }

    @Test func aCancelledAnimatedSetViewControllersPutsTheWholeStackBack() {
        let (a, b, c, d) = (page("A"), page("B"), page("C"), page("D"))
        let delegate = InteractiveDelegate()
        let nav = h.showStack([a, b], delegate: delegate, clearing: log)
        nav.setViewControllers([a, c, d], animated: true)
        #expect(nav.viewControllers.map { ($0 as! LoggingViewController).name } == ["A", "C", "D"])
        h.frames(1)
        delegate.interaction.update(0.2)
        delegate.interaction.cancel()
        for _ in 0..<240 where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
        #expect(nav.viewControllers.map { ($0 as! LoggingViewController).name } == ["A", "B"])
        #expect(nav.children.map { ($0 as! LoggingViewController).name } == ["A", "B"])
        #expect(c.parent == nil && d.parent == nil && b.view.superview === nav.transitionView)
        #expect(log.entries.contains("C.didMove(toParent: nil)") && log.entries.contains("D.didMove(toParent: nil)"))
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func dismissingLowerInAStackOfSheetsRemovesTheOnesBetweenAndAnimatesTheTopOne() {
        let a = h.showRoot(page("A"), clearing: log)
        let (b, c) = (page("B"), page("C"))
        b.modalPresentationStyle = .pageSheet
        c.modalPresentationStyle = .pageSheet
        a.present(b, animated: true)
        settle()
        b.present(c, animated: true)
        settle()
        log.clear()
        let cRest = c.view.frame
        a.dismiss(animated: true)
        // B is gone at once; C is now presented by A and falls away, animated.
        #expect(b.presentingViewController == nil && b.view.window == nil)
        #expect(c.presentingViewController === a && a.presentedViewController === c)
        #expect(log.entries == ["B.viewWillDisappear(false)", "B.viewDidDisappear(false)"])
        h.frames(10)
        #expect(drawnY(c.view) > cRest.minY + 1 && c.view.window === h.window)
        settle()
        #expect(a.presentedViewController == nil && c.presentingViewController == nil)
        #expect(h.window.subviews.count == 1 && a.view.superview === h.window)
        #expect(log.entries == ["B.viewWillDisappear(false)", "B.viewDidDisappear(false)",
                                "C.viewWillDisappear(true)", "C.viewDidDisappear(true)"])
    }

    @Test func thePresentationControllerIsMadeWhenReadAndUsedByThePresentation() {
        let a = h.showRoot(page("A"), clearing: log)
        let b = page("B")
        b.modalPresentationStyle = .pageSheet
        // Apple's pattern: configure the presentation controller, then present.
        let early = b.presentationController as? DimmingSheetPresentationController
        #expect(early != nil && early?.containerView == nil)
        early?.dimmingAlpha = 0.25
        #expect(b.presentationController === early)
        a.present(b, animated: true)
        settle()
        #expect(b.presentationController === early && early?.presentingViewController === a)
        #expect(early?.dimmingView.alpha == 0.25)
        // One read for another style is a new controller of that style.
        let d = page("D")
        d.modalPresentationStyle = .pageSheet
        let first = d.presentationController
        d.modalPresentationStyle = .overFullScreen
        #expect(d.presentationController !== first && !(d.presentationController is DimmingSheetPresentationController))
    }
}
