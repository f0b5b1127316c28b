import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The navigation controller on the transition engine: appearance and containment order, the stock
/// push/pop, the coordinator, queueing, the interactive pop and its release rule.
@MainActor
@Suite struct NavigationControllerTests {
    let h = Harness()
    let log = CallLog()

    func page(_ name: String) -> LoggingViewController { LoggingViewController(name, log: log) }

    /// A navigation controller with `names` pushed (unanimated), shown in the window.
    func makeStack(_ names: [String]) -> (NavigationController, [LoggingViewController]) {
        let pages = names.map(page)
        return (h.showStack(pages, clearing: log), pages)
    }

    /// Runs frames until no transition runs (at most `limit`).
    func settle(_ nav: NavigationController, limit: Int = 240) {
        for _ in 0..<limit where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
    }

    /// What must hold after every transition (``checkNavigationInvariants(_:in:sourceLocation:)``).
    func checkInvariants(_ nav: NavigationController, sourceLocation: SourceLocation = #_sourceLocation) {
        checkNavigationInvariants(nav, in: h.window, sourceLocation: sourceLocation)
    }

    @Test func pushCallsAppearanceAndContainmentInUIKitsOrder() {
        let (nav, _) = makeStack(["A"])
        let b = page("B")
        nav.pushViewController(b, animated: true)
        #expect(log.entries == ["B.willMove(toParent: NavigationController)", "B.viewDidLoad"])
        settle(nav)
        #expect(log.entries == ["B.willMove(toParent: NavigationController)", "B.viewDidLoad",
                                "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
                                "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
                                "B.didMove(toParent: NavigationController)"])
        #expect(nav.viewControllers.count == 2 && nav.topViewController === b)
        checkInvariants(nav)
    }

    @Test func popCallsAppearanceAndContainmentInUIKitsOrder() {
        let (nav, pages) = makeStack(["A", "B"])
        let popped = nav.popViewController(animated: true)
        #expect(popped === pages[1])
        #expect(nav.viewControllers.count == 1)   // the stack changes when the pop is asked for
        settle(nav)
        #expect(log.entries == ["B.willMove(toParent: nil)",
                                "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                                "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
                                "B.didMove(toParent: nil)"])
        checkInvariants(nav)
    }

    @Test func assigningViewControllersIsAnUnanimatedSetViewControllers() {
        let (nav, pages) = makeStack(["A"])
        let b = page("B"), c = page("C")
        nav.viewControllers = [pages[0], b, c]   // UIKit's settable property
        // Unanimated: no transition, the stack and the top's view at once, UIKit's callbacks in order.
        #expect(nav.currentTransition == nil)
        #expect(nav.viewControllers.count == 3 && nav.viewControllers[1] === b && nav.topViewController === c)
        #expect(c.view.superview === nav.transitionView && pages[0].view.superview == nil)
        #expect(log.entries == ["B.willMove(toParent: NavigationController)", "C.willMove(toParent: NavigationController)",
                                "A.viewWillDisappear(false)", "C.viewDidLoad", "C.viewWillAppear(false)",
                                "A.viewDidDisappear(false)", "C.viewDidAppear(false)",
                                "C.didMove(toParent: NavigationController)", "B.didMove(toParent: NavigationController)"])
        checkInvariants(nav)
    }

    @Test func popAtTheRootReturnsNilAndCallsNothing() {
        let (nav, _) = makeStack(["A"])
        #expect(nav.popViewController(animated: true) == nil)
        h.frames(3)
        #expect(log.entries.isEmpty)
        #expect(nav.currentTransition == nil)
    }

    @Test func stockPushRunsTheSpringFromTheTrailingEdgeWithParallax() {
        let (nav, pages) = makeStack(["A"])
        let b = page("B")
        let w = nav.transitionView.bounds.width
        nav.pushViewController(b, animated: true)
        h.frames(1)   // the frame it starts in: B at +W, A at 0
        #expect(b.view.layer.renderedProperties.frame.minX == w)
        #expect(pages[0].view.layer.renderedProperties.frame.minX == 0)
        var previous = w
        for _ in 0..<10 {
            h.frames(1)
            let x = b.view.layer.renderedProperties.frame.minX
            #expect(x < previous && x >= 0)   // a critically damped spring: straight in, never past
            #expect(abs(pages[0].view.layer.renderedProperties.frame.minX - (x - w) * 0.3) < 1e-6)   // parallax
            previous = x
        }
        // It starts at about 8.3 widths per second: the first frame moves about 8.3 / 60 of the width.
        settle(nav)
        checkInvariants(nav)
    }

    @Test func coordinatorExistsWhenThePushReturnsAndRunsAlongsideBlocks() {
        let (nav, pages) = makeStack(["A"])
        let b = page("B")
        let marker = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(marker)
        nav.pushViewController(b, animated: true)
        let coordinator = b.transitionCoordinator
        #expect(coordinator != nil && pages[0].transitionCoordinator === coordinator as AnyObject)
        var completed: Bool?
        coordinator?.animate(alongsideTransition: { _ in marker.alpha = 0 }, completion: { c in completed = !c.isCancelled })
        h.frames(2)
        let alpha = marker.layer.renderedProperties.opacity
        #expect(alpha > 0 && alpha < 1)   // animating with the transition
        settle(nav)
        #expect(completed == true)
        #expect(b.transitionCoordinator == nil)
        marker.removeFromSuperview()
        checkInvariants(nav)
    }

    @Test func pushAskedForDuringAPushIsQueuedAndRunsAfterIt() {
        let (nav, _) = makeStack(["A"])
        let b = page("B"), c = page("C")
        nav.pushViewController(b, animated: true)
        h.frames(3)
        nav.pushViewController(c, animated: true)
        #expect(nav.viewControllers.count == 2)   // queued, not yet pushed
        settle(nav)
        settle(nav)
        #expect(nav.viewControllers.map { ($0 as! LoggingViewController).name } == ["A", "B", "C"])
        #expect(log.entries.filter { $0.hasSuffix("viewDidAppear(true)") } == ["B.viewDidAppear(true)", "C.viewDidAppear(true)"])
        checkInvariants(nav)
    }

    // MARK: The interactive pop

    /// Drags from the left edge: down at x = 5, then moves to each x in `xs` one frame apart (starting
    /// at time `t0`), then releases at the last x after `hold` seconds.
    func edgeDrag(_ xs: [CGFloat], t0: Double = 10, y: CGFloat = 300, release: Bool = true, hold: Double = 0.1) {
        h.down(5, y, at: t0)
        var t = t0
        for x in xs {
            t += 1.0 / 60
            h.move(x, y, at: t)
            h.frames(1)
        }
        if release { h.up(xs.last!, y, at: t + hold) }
    }

    /// The percent is the finger's travel past the slop; the drawn page follows it through iOS 27's tracking
    /// spring (response 0.08 s, damping 0.85), one exact spring step per 60 Hz frame from where the page
    /// was first drawn at the finger: the finger at 11, 41, 81, 121 pt past the slop in four frames, then
    /// still (the pop starts in the first frame, where the page is still at 0, and is drawn at the finger
    /// in the second). Literals: the spring's closed form, `y(t) = e^(-zw t)(y0 cos(wd t) + (v0 + zw y0)/wd sin(wd t))`
    /// with w = 2pi/0.08, wd = w sqrt(1 - 0.85^2), computed outside Segue.
    @Test func draggingFromTheEdgeReportsTheFingerAndDrawsThePageThroughTheTrackingSpring() {
        let (nav, pages) = makeStack(["A", "B"])
        let w = nav.transitionView.bounds.width   // 400
        let expected: [CGFloat] = [0, 41, 57.359827, 89.691345, 111.996172, 119.815856, 121.372155, 121.316681,
                                   121.120409, 121.026857]
        var drawn: [CGFloat] = []
        h.down(5, 300, at: 10)
        for (i, x) in ([30, 60, 100, 140] as [CGFloat]).enumerated() {
            h.move(x, 300, at: 10 + Double(i + 1) / 60)
            h.frames(1)
            let p = (x - 5 - TransitionSettings.defaultPopSlop) / w
            // The finger's travel (from the frame after the one the pop starts in).
            if i > 0 { #expect(abs((nav.currentTransition?.percentComplete ?? -1) - p) < 1e-9, "\(i)") }
            drawn.append(pages[1].view.layer.renderedProperties.frame.minX)
        }
        for _ in 0..<6 {
            h.frames(1)
            drawn.append(pages[1].view.layer.renderedProperties.frame.minX)
        }
        #expect(nav.currentTransition?.phase == .interacting)
        #expect(zip(drawn, expected).allSatisfy { abs($0 - $1) < 1e-4 }, "\(drawn)")
        // A moving finger leads the page; at rest for 0.1 s the page is within 0.5 pt of it.
        #expect(drawn[2] < 81 - 20)
        #expect(abs(drawn[9] - 121) < 0.5)
        let d = drawn[9] / w
        #expect(abs(pages[0].view.layer.renderedProperties.frame.minX - (-0.3 * w * (1 - d))) < 1e-6)
        h.up(140, 300, at: 20)
    }

    /// With `tracksImmediately` the page is drawn at the finger, as before iOS 27 (and as UIKit's own
    /// percent-driven transitions are).
    @Test func withTracksImmediatelyThePageIsDrawnAtTheFinger() {
        let (nav, pages) = makeStack(["A", "B"])
        nav.transitionSettings.tracksImmediately = true
        let w = nav.transitionView.bounds.width
        edgeDrag([30, 60, 100, 140], release: false)
        let p = (140 - 5 - TransitionSettings.defaultPopSlop) / w
        #expect(abs(pages[1].view.layer.renderedProperties.frame.minX - p * w) < 1e-6)
        #expect(abs(pages[0].view.layer.renderedProperties.frame.minX - (-0.3 * w * (1 - p))) < 1e-6)
        h.up(140, 300, at: 20)
    }

    @Test func slowReleaseBeforeTheCommitFractionCancelsAndRestoresEverything() {
        let (nav, pages) = makeStack(["A", "B"])
        let w = nav.transitionView.bounds.width   // 400
        // Travel to p = 0.25 (< 0.3), then hold still before releasing (zero release velocity).
        let x = 5 + TransitionSettings.defaultPopSlop + 0.25 * w
        edgeDrag([40, 80, x, x, x, x], hold: 0.2)
        settle(nav)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        #expect(pages[1].view.frame == nav.transitionView.bounds)
        #expect(log.entries == ["B.willMove(toParent: nil)",
                                "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                                "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
                                "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
        checkInvariants(nav)
    }

    @Test func slowReleasePastTheCommitFractionFinishesThePop() {
        let (nav, pages) = makeStack(["A", "B"])
        let w = nav.transitionView.bounds.width
        let x = 5 + TransitionSettings.defaultPopSlop + 0.35 * w
        edgeDrag([40, 80, x, x, x, x], hold: 0.2)
        settle(nav)
        #expect(nav.topViewController === pages[0] && nav.viewControllers.count == 1)
        checkInvariants(nav)
    }

    @Test func quickFlickFinishesFromAShortTravel() {
        let (nav, pages) = makeStack(["A", "B"])
        // 20 pt per frame = 1200 pt/s = 3 widths per second, released at once.
        edgeDrag([25, 45, 65, 85], hold: 0)
        settle(nav)
        #expect(nav.topViewController === pages[0])
        checkInvariants(nav)
    }

    @Test func theEdgePanDoesNotBeginAtTheRoot() {
        let (nav, _) = makeStack(["A"])
        edgeDrag([40, 80, 120])
        h.frames(2)
        #expect(nav.currentTransition == nil && log.entries.isEmpty)
    }

    @Test func focusLossMidDragIsAReleaseWithZeroVelocity() {
        let (nav, pages) = makeStack(["A", "B"])
        edgeDrag([40, 80, 120], release: false)
        h.window.handle(.window(.focusLost))
        settle(nav)
        // p = (120 - 5 - 14) / 400 < 0.3: back to B.
        #expect(nav.topViewController === pages[1])
        checkInvariants(nav)
    }

    // MARK: Catching

    @Test func aFinishingPopCaughtByAPointerDownFollowsThePointerFromWhereItIsAndTheNextReleaseDecides() {
        let (nav, pages) = makeStack(["A", "B"])
        let w = nav.transitionView.bounds.width   // 400
        let top = pages[1].view!
        // Drag to p = 0.5 and hold still: a slow release past the commit fraction finishes.
        let x = 5 + TransitionSettings.defaultPopSlop + 0.5 * w
        edgeDrag([60, 120, x, x, x, x], t0: 10, hold: 0.2)
        h.frames(3)
        #expect(nav.currentTransition?.phase == .finishing)
        let shownBefore = top.layer.renderedProperties.frame.minX
        #expect(shownBefore > 0.5 * w && shownBefore < w)
        // Down on the moving page: caught where it is drawn, no jump.
        let catchX = shownBefore + 50
        h.down(catchX, 300, at: 11)
        h.frames(1)
        #expect(nav.currentTransition?.phase == .interacting)
        #expect(abs(top.layer.renderedProperties.frame.minX - shownBefore) < 1e-6)
        // 1:1 from the catch point, no slop: the percent at once, the page through the tracking spring.
        h.move(catchX - 30, 300, at: 11 + 1.0 / 60)
        h.frames(1)
        #expect(abs((nav.currentTransition?.percentComplete ?? 0) * w - (shownBefore - 30)) < 1e-6)
        h.frames(6)
        #expect(abs(top.layer.renderedProperties.frame.minX - (shownBefore - 30)) < 0.5)
        // Dragged back to a quarter and released at rest: it cancels this time.
        let back = catchX - (shownBefore - 0.25 * w)
        h.move(back, 300, at: 11 + 2.0 / 60)
        h.frames(1)
        h.move(back, 300, at: 11 + 3.0 / 60)
        h.frames(1)
        h.up(back, 300, at: 11.3)
        settle(nav)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        checkInvariants(nav)
    }

    @Test func aPointerDownBesideTheMovingPageDoesNotCatchIt() {
        let (nav, pages) = makeStack(["A", "B"])
        let w = nav.transitionView.bounds.width
        let x = 5 + TransitionSettings.defaultPopSlop + 0.5 * w
        edgeDrag([60, 120, x, x, x, x], t0: 10, hold: 0.2)
        h.frames(3)
        let shown = pages[1].view.layer.renderedProperties.frame.minX
        h.down(shown - 40, 300, at: 11)   // on the lower page, left of the moving one
        h.frames(1)
        #expect(nav.currentTransition?.phase == .finishing)
        h.up(shown - 40, 300, at: 11.1)
        settle(nav)
        #expect(nav.topViewController === pages[0])
        checkInvariants(nav)
    }

    @Test func aRunningPopCaughtBecomesInteractiveWhereItIsDrawn() {
        let (nav, pages) = makeStack(["A", "B"])
        let top = pages[1].view!
        nav.popViewController(animated: true)
        h.frames(4)
        let shown = top.layer.renderedProperties.frame.minX
        #expect(shown > 0 && nav.currentTransition?.phase == .animating)
        h.down(shown + 20, 300, at: 11)
        h.frames(1)
        #expect(nav.currentTransition?.phase == .interacting)
        #expect(abs(top.layer.renderedProperties.frame.minX - shown) < 1e-6)   // no jump
        h.move(shown + 20 - 25, 300, at: 11 + 1.0 / 60)
        h.frames(1)
        #expect(abs((nav.currentTransition?.percentComplete ?? 0) * nav.transitionView.bounds.width - (shown - 25)) < 1e-6)   // 1:1
        h.frames(6)
        #expect(abs(top.layer.renderedProperties.frame.minX - (shown - 25)) < 0.5)   // drawn there once the finger rests
        // Released at rest: the position decides.
        h.up(shown - 5, 300, at: 11.3)
        settle(nav)
        let expectedTop = (shown - 25) / nav.transitionView.bounds.width >= TransitionSettings.defaultCommitFraction ? pages[0] : pages[1]
        #expect(nav.topViewController === expectedTop)
        checkInvariants(nav)
    }

    @Test func aCaughtPushCompletesAndTurnsIntoAnInteractivePop() {
        let (nav, pages) = makeStack(["A"])
        let b = page("B")
        nav.pushViewController(b, animated: true)
        h.frames(4)
        let shown = b.view.layer.renderedProperties.frame.minX
        let lowerShown = pages[0].view.layer.renderedProperties.frame.minX
        #expect(shown > 0)
        log.clear()
        h.down(shown + 20, 300, at: 11)
        h.frames(1)
        #expect(nav.currentTransition?.kind == .pop && nav.currentTransition?.phase == .interacting)
        #expect(abs(b.view.layer.renderedProperties.frame.minX - shown) < 1e-6)          // no jump
        #expect(abs(pages[0].view.layer.renderedProperties.frame.minX - lowerShown) < 1e-6)
        #expect(log.entries == ["A.viewDidDisappear(true)", "B.viewDidAppear(true)",
                                "B.didMove(toParent: NavigationController)", "B.willMove(toParent: nil)",
                                "B.viewWillDisappear(true)", "A.viewWillAppear(true)"])
        // Dragged back towards the left and released at rest: the pop cancels, B stays pushed.
        h.move(shown + 20 - 100, 300, at: 11 + 1.0 / 60)
        h.frames(7)
        #expect(abs(b.view.layer.renderedProperties.frame.minX - (shown - 100)) < 0.5)   // 1:1 from the catch, once at rest
        h.move(20, 300, at: 11 + 2.0 / 60)
        h.frames(1)
        h.up(20, 300, at: 11.3)
        settle(nav)
        #expect(nav.topViewController === b && nav.viewControllers.count == 2)
        checkInvariants(nav)
    }

    // MARK: The bar

    @Test func aPagesBarTintTravelsWithItsPageOnAPushAndWhileAPopIsScrubbed() {
        let (nav, pages) = makeStack(["A"])
        let b = page("B")
        b.navigationItem.barTintColor = .red
        nav.pushViewController(b, animated: true)
        for _ in 0..<6 {
            h.frames(1)
            let tint = nav.navigationBar.tintView!
            #expect(nav.navigationBar.currentTintColor == .red)
            #expect(abs(tint.layer.renderedProperties.frame.minX - b.view.layer.renderedProperties.frame.minX) < 1e-6)
        }
        settle(nav)
        edgeDrag([60, 120, 200], release: false)
        h.frames(1)
        let redTint = nav.navigationBar.subviews.first { ($0 as? NavigationBarBackground)?.look?.background.withAlphaComponent(1) == .red }
        #expect(redTint != nil)
        #expect(abs((redTint?.layer.renderedProperties.frame.minX ?? -1) - b.view.layer.renderedProperties.frame.minX) < 1e-6)
        h.up(200, 300, at: 20)
        settle(nav)
        #expect(nav.topViewController === pages[0])
        // The root has no tint and no scroll view: its bar is at the scroll edge, transparent (UIKit since iOS 15).
        #expect(nav.navigationBar.currentTintColor == .clear)
        checkInvariants(nav)
    }

    /// Two pages that look the same (the bar's standard appearance, translucent, both scrolled alike): the
    /// bar keeps its one background through a push and a scrubbed, cancelled pop. Cross-faded, two
    /// translucent backgrounds of cover a would cover only 1 - (1 - a/2)^2 half-way: the bar would lighten
    /// mid-push.
    @Test func pagesThatLookTheSameKeepTheBarsOneBackgroundThroughAPushAndAPop() {
        let (nav, _) = makeStack(["A"])
        nav.navigationBar.scrollEdgeAppearance = nav.navigationBar.standardAppearance
        nav.navigationBar.update(for: nav.viewControllers)
        let backgrounds = { nav.navigationBar.subviews.compactMap { $0 as? NavigationBarBackground } }
        let kept = backgrounds()
        #expect(kept.count == 1)
        nav.pushViewController(page("B"), animated: true)
        for _ in 0..<10 {
            h.frames(1)
            #expect(backgrounds().count == 1 && backgrounds().first === kept.first)
            #expect(kept.first?.layer.renderedProperties.opacity == 1)
        }
        settle(nav)
        // (At rest the bar is rebuilt for the stack's top: the scrubbed pop keeps the background it finds.)
        let atRest = backgrounds()
        #expect(atRest.count == 1)
        edgeDrag([60, 120, 200], release: false)
        for _ in 0..<3 {
            h.frames(1)
            #expect(backgrounds().count == 1 && backgrounds().first === atRest.first)
            #expect(atRest.first?.layer.renderedProperties.opacity == 1)
        }
        h.up(200, 300, at: 20)
        settle(nav)
        #expect(backgrounds().count == 1)
        checkInvariants(nav)
    }

    /// Pages whose looks differ (the root at its scroll edge, transparent; the pushed page with its own
    /// standard appearance) still cross-fade: two backgrounds mid-push, the incoming one part way in.
    @Test func pagesThatLookDifferentlyCrossFadeTheBarsBackgrounds() {
        let (nav, _) = makeStack(["A"])
        let b = page("B")
        let opaque = NavigationBarAppearance()
        opaque.configureWithOpaqueBackground()
        opaque.backgroundColor = .red
        b.navigationItem.standardAppearance = opaque
        b.navigationItem.scrollEdgeAppearance = opaque
        nav.pushViewController(b, animated: true)
        h.frames(6)
        let backgrounds = nav.navigationBar.subviews.compactMap { $0 as? NavigationBarBackground }
        #expect(backgrounds.count == 2)
        let incoming = backgrounds.first { $0.look?.background == .red }
        let alpha = incoming?.layer.renderedProperties.opacity ?? -1
        #expect(alpha > 0 && alpha < 1)
        settle(nav)
        #expect(nav.navigationBar.subviews.compactMap { $0 as? NavigationBarBackground }.count == 1)
    }

    @Test func barButtonItemsShowOnTheirSidesAndATapRunsTheirAction() {
        let (nav, pages) = makeStack(["A", "B"])
        var tapped = 0
        pages[1].navigationItem.rightBarButtonItem = BarButtonItem(title: "Edit") { _ in tapped += 1 }
        nav.navigationBar.update(for: nav.viewControllers)
        h.frames(1)
        let right = nav.navigationBar.content?.rightButton
        #expect(right?.currentTitle == "Edit")
        #expect(nav.navigationBar.backButton?.currentTitle == "Back")   // the page below has no title
        let r = right!.convert(right!.bounds, to: nil)
        h.down(r.midX, r.midY, at: 30)
        h.up(r.midX, r.midY, at: 30.05)
        #expect(tapped == 1)
        pages[1].navigationItem.leftBarButtonItem = BarButtonItem(title: "Close")
        nav.navigationBar.update(for: nav.viewControllers)
        #expect(nav.navigationBar.backButton == nil)   // a left item replaces the back button
        #expect(nav.navigationBar.content?.leftButton?.currentTitle == "Close")
    }

    @Test func tappingTheBackButtonPops() {
        let (nav, pages) = makeStack(["A", "B"])
        pages[0].title = "First"
        nav.navigationBar.update(for: nav.viewControllers)
        let back = nav.navigationBar.backButton!
        #expect(back.currentTitle == "First")
        let r = back.convert(back.bounds, to: nil)
        h.down(r.midX, r.midY, at: 30)
        h.up(r.midX, r.midY, at: 30.05)
        settle(nav)
        #expect(nav.topViewController === pages[0])
        checkInvariants(nav)
    }

    @Test func aCancelledInteractivePushLeavesTheStackAsItWas() {
        final class Driver: NavigationControllerDelegate {
            let interaction = PercentDrivenInteractiveTransition()
            func navigationController(_ navigationController: NavigationController,
                                      interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
                -> (any ViewControllerInteractiveTransitioning)? { interaction }
        }
        let (nav, pages) = makeStack(["A"])
        let driver = Driver()
        nav.delegate = driver
        let b = page("B")
        nav.pushViewController(b, animated: true)
        h.frames(1)
        driver.interaction.update(0.2)
        h.frames(1)
        driver.interaction.cancel()
        settle(nav)
        #expect(nav.viewControllers.count == 1 && nav.topViewController === pages[0])
        #expect(b.parent == nil && nav.children.count == 1)
        #expect(log.entries.suffix(6) == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)",
                                          "A.viewWillAppear(true)", "A.viewDidAppear(true)",
                                          "B.willMove(toParent: nil)", "B.didMove(toParent: nil)"])
        nav.delegate = nil
        checkInvariants(nav)
    }

    @Test func anAlongsideBlockGivenMidScrubJoinsAtTheInteractionsProgress() {
        let (nav, pages) = makeStack(["A", "B"])
        let w = nav.transitionView.bounds.width
        let marker = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(marker)
        let half = 5 + TransitionSettings.defaultPopSlop + 0.5 * w
        edgeDrag([60, 120, half], release: false)
        let coordinator = pages[0].transitionCoordinator
        coordinator?.animateAlongsideTransition(in: marker, animation: { _ in marker.alpha = 0 }, completion: nil)
        // Joins where the pop is drawn (behind the finger, through the tracking spring), linear: its opacity
        // is 1 minus the drawn progress, frame after frame.
        for _ in 0..<3 {
            h.frames(1)
            let drawn = pages[1].view.layer.renderedProperties.frame.minX / w
            #expect(abs(marker.layer.renderedProperties.opacity - (1 - drawn)) < 1e-9)
        }
        h.move(5 + TransitionSettings.defaultPopSlop + 0.75 * w, 300, at: 10.2)
        // Drawn with the page: through the tracking spring, there once the finger rests.
        h.frames(7)
        #expect(abs(marker.layer.renderedProperties.opacity - 0.25) < 0.5 / w)
        #expect(abs(marker.layer.renderedProperties.opacity - (1 - pages[1].view.layer.renderedProperties.frame.minX / w)) < 1e-9)
        h.up(5 + TransitionSettings.defaultPopSlop + 0.75 * w, 300, at: 10.5)
        settle(nav)
        #expect(marker.alpha == 0 && marker.layer.renderedProperties.opacity == 0)
        marker.removeFromSuperview()
        checkInvariants(nav)
    }
}
