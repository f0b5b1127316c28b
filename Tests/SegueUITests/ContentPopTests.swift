import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// iOS 26's pop from anywhere (``NavigationController/interactiveContentPopGestureRecognizer``), how it
/// shares the touch with the edge pan, the page's own pans and a horizontal scroll view, and the back
/// button interrupting a push (issue 38, "Pop from anywhere"). Window 400 x 600.
@MainActor
@Suite struct ContentPopTests {
    let h = Harness()
    let log = CallLog()
    let slop = TransitionSettings.defaultPopSlop
    let width: CGFloat = 400

    func page(_ name: String) -> LoggingViewController { LoggingViewController(name, log: log) }

    func makeStack(_ names: [String]) -> (NavigationController, [LoggingViewController]) {
        let pages = names.map(page)
        return (h.showStack(pages, clearing: log), pages)
    }

    func settle(_ nav: NavigationController, limit: Int = 240) {
        for _ in 0..<limit where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
    }

    /// A drag from (`x0`, `y0`) through `points`, one a frame, held `hold` s at the last, then lifted.
    func drag(from x0: CGFloat, _ y0: CGFloat = 300, through points: [(CGFloat, CGFloat)], t0: Double = 10,
              hold: Double = 0.2, release: Bool = true) {
        h.down(x0, y0, at: t0)
        var t = t0
        for (x, y) in points {
            t += 1.0 / 60
            h.move(x, y, at: t)
            h.frames(1)
        }
        if release { h.up(points.last!.0, points.last!.1, at: t + hold) }
    }

    func rightward(from x0: CGFloat, to x1: CGFloat, steps: Int = 4) -> [(CGFloat, CGFloat)] {
        (1...steps).map { (x0 + (x1 - x0) * CGFloat($0) / CGFloat(steps), 300) }
    }

    // MARK: Pop from anywhere

    @Test func theContentPopIsOnByDefaultAsOnIOS26() {
        let (nav, _) = makeStack(["A"])
        #expect(nav.interactiveContentPopGestureRecognizer?.isEnabled == true)
        #expect(nav.interactiveContentPopGestureRecognizer?.view === nav.transitionView)
        #expect(!nav.allowsFullWidthPopGesture)
    }

    @Test func aDragFromMidPageScrubsThePopWithTheEdgePopsProgress() {
        let (nav, pages) = makeStack(["A", "B"])
        // From the middle of the page, 35 % of the width past the slop, held, released: pops.
        let end = 200 + slop + 0.35 * width
        drag(from: 200, through: rightward(from: 200, to: end), release: false)
        #expect(nav.currentTransition?.kind == .pop && nav.currentTransition?.phase == .interacting)
        // p = (dx - popSlop) / W, exactly the edge pop's.
        #expect(abs((nav.currentTransition?.percentComplete ?? 0) - 0.35) < 1e-9)
        h.up(end, 300, at: 10.5)
        settle(nav)
        #expect(nav.viewControllers.count == 1 && nav.topViewController === pages[0])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aDragFromMidPageReleasedShortOfTheCommitFractionReturns() {
        let (nav, pages) = makeStack(["A", "B"])
        // 25 % past the slop, released at rest: below the commit fraction (0.3), the page returns.
        drag(from: 150, through: rightward(from: 150, to: 150 + slop + 0.25 * width))
        settle(nav)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        #expect(pages[1].view.layer.renderedProperties.frame.minX == 0)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aFlickFromMidPagePopsFromAnywhere() {
        let (nav, pages) = makeStack(["A", "B"])
        // 90 pt in 4 frames (well over the 1.06 W/s flick velocity), released moving.
        drag(from: 200, through: rightward(from: 200, to: 290), hold: 0)
        settle(nav)
        #expect(nav.topViewController === pages[0])
    }

    @Test func aDisabledContentPopLeavesAMidPageDragAlone() {
        let (nav, pages) = makeStack(["A", "B"])
        nav.interactiveContentPopGestureRecognizer?.isEnabled = false
        drag(from: 200, through: rightward(from: 200, to: 360))
        settle(nav)
        #expect(nav.topViewController === pages[1])
        // The edge still pops.
        drag(from: 5, through: rightward(from: 5, to: 5 + slop + 0.4 * width), t0: 20)
        settle(nav)
        #expect(nav.topViewController === pages[0])
    }

    @Test func aLeftwardOrVerticalDragFromMidPageDoesNotPop() {
        let (nav, pages) = makeStack(["A", "B"])
        drag(from: 300, through: rightward(from: 300, to: 150))
        settle(nav)
        #expect(nav.topViewController === pages[1])
        drag(from: 200, through: [(205, 340), (210, 380), (215, 420)], t0: 20)
        settle(nav)
        #expect(nav.topViewController === pages[1])
    }

    @Test func theContentPopDoesNothingAtTheRoot() {
        let (nav, pages) = makeStack(["A"])
        drag(from: 200, through: rightward(from: 200, to: 360))
        settle(nav)
        #expect(nav.viewControllers.count == 1 && nav.topViewController === pages[0])
    }

    @Test func theEdgePanKeepsPrecedenceAtTheEdge() {
        let (nav, _) = makeStack(["A", "B"])
        nav.interactivePopGestureRecognizer?.name = "edgePop"
        var lines: [String] = []
        h.window.gestureArenaTrace = { lines.append("\($0)") }
        drag(from: 5, through: rightward(from: 5, to: 200))
        // The edge pan gets the touch first (its high priority) and recognizes; the content pop, which
        // requires it to fail, fails.
        #expect(lines.contains("edgePop took precedence over NavigationController.contentPop"))
        #expect(lines.contains("edgePop recognized (began)"))
        #expect(lines.contains("NavigationController.contentPop failed: edgePop recognized"))
        #expect(nav.contentPopGestureRecognizer.requiresFailure(of: nav.edgePopGestureRecognizer))
        settle(nav)
        #expect(nav.viewControllers.count == 1)
        // Away from the edge the edge pan fails on the down, and the content pop is not delayed.
        lines.removeAll()
        let (nav2, _) = makeStack(["A", "B"])
        nav2.interactivePopGestureRecognizer?.name = "edgePop"
        drag(from: 200, through: rightward(from: 200, to: 380), t0: 30)
        #expect(lines.contains("edgePop failed: its own rule"))
        #expect(lines.contains("NavigationController.contentPop recognized (began)"))
        #expect(!lines.contains { $0.contains("contentPop waits") })
    }

    @Test func aPanOfThePagesOwnTakesTheDragBeforeTheContentPop() {
        let (nav, pages) = makeStack(["A", "B"])
        let own = PanGestureRecognizer()
        pages[1].view.addGestureRecognizer(own)
        let recorder = StateRecorder(own)
        drag(from: 200, through: rightward(from: 200, to: 380))
        settle(nav)
        #expect(recorder.states.first == .began)
        #expect(nav.topViewController === pages[1])
        // The app relates its pan to the content pop as UIKit apps do: its pan waits for the pop to fail.
        // (UIKit code unwraps UIKit's optional recognizer.)
        own.require(toFail: nav.interactiveContentPopGestureRecognizer!)
        drag(from: 200, through: rightward(from: 200, to: 200 + slop + 0.4 * width), t0: 20)
        settle(nav)
        #expect(nav.topViewController === pages[0])
    }

    @Test func theOlderFullWidthPopStillWinsOverThePagesOwnPan() {
        let (nav, pages) = makeStack(["A", "B"])
        nav.allowsFullWidthPopGesture = true
        let own = PanGestureRecognizer()
        pages[1].view.addGestureRecognizer(own)
        drag(from: 200, through: rightward(from: 200, to: 200 + slop + 0.4 * width))
        settle(nav)
        #expect(nav.topViewController === pages[0])
    }

    // MARK: A horizontal scroll view in the page

    /// A pager of 400-pt pages pushed on `nav`, at `offset`.
    func pushPager(on nav: NavigationController, offset: CGFloat) -> CollectionView {
        let pager = GridController(itemSize: CGSize(width: 400, height: 300), count: 4) { layout in
            layout.scrollDirection = .horizontal
            layout.minimumLineSpacing = 0
            layout.minimumInteritemSpacing = 0
        }
        nav.pushViewController(pager, animated: false)
        h.frames(1)
        let view = pager.collectionView!
        view.contentInsetAdjustmentBehavior = .never
        h.frames(1)
        view.contentOffset = CGPoint(x: offset, y: 0)
        h.frames(1)
        return view
    }

    @Test func aHorizontalPagerTakesARightwardDragUntilItsLeadingEdge() {
        let (nav, _) = makeStack(["A"])
        let pager = pushPager(on: nav, offset: 400)
        drag(from: 200, through: rightward(from: 200, to: 300))
        #expect(nav.currentTransition == nil, "the pager scrolls back; nothing pops")
        #expect(pager.contentOffset.x < 400)
        settle(nav)
        #expect(nav.viewControllers.count == 2)
    }

    @Test func aHorizontalPagerAtItsLeadingEdgeLeavesARightwardDragToTheContentPop() {
        let (nav, pages) = makeStack(["A"])
        let pager = pushPager(on: nav, offset: 0)
        #expect(pager.isAtLeadingEdge)
        drag(from: 200, through: rightward(from: 200, to: 200 + slop + 0.4 * width), release: false)
        #expect(nav.currentTransition?.kind == .pop)
        #expect(pager.contentOffset.x == 0)
        h.up(200 + slop + 0.4 * width, 300, at: 10.5)
        settle(nav)
        #expect(nav.topViewController === pages[0])
        // A leftward drag at the leading edge still scrolls the pager (no pop).
    }

    @Test func aHorizontalPagerAtItsLeadingEdgeStillScrollsForward() {
        let (nav, _) = makeStack(["A"])
        let pager = pushPager(on: nav, offset: 0)
        drag(from: 300, through: rightward(from: 300, to: 200), release: false)
        #expect(nav.currentTransition == nil)
        #expect(pager.contentOffset.x > 0)
        h.up(200, 300, at: 10.5)
        settle(nav)
    }

    @Test func theEdgePanWinsOverAHorizontalPagerAtTheScreenEdge() {
        let (nav, pages) = makeStack(["A"])
        let pager = pushPager(on: nav, offset: 800)
        drag(from: 5, through: rightward(from: 5, to: 5 + slop + 0.4 * width))
        #expect(pager.contentOffset.x == 800)
        settle(nav)
        #expect(nav.topViewController === pages[0])
    }

    // MARK: Interrupting navigation

    @Test func aBackButtonTapDuringAPushReversesItIntoAPopFromWhereItIsDrawn() {
        let (nav, pages) = makeStack(["A"])
        let b = page("B")
        nav.pushViewController(b, animated: true)
        h.frames(4)
        let shown = b.view.layer.renderedProperties.frame.minX
        let lowerShown = pages[0].view.layer.renderedProperties.frame.minX
        #expect(shown > 0 && nav.currentTransition?.kind == .push)
        let back = try! #require(nav.navigationBar.backButton)
        let center = back.convert(CGPoint(x: back.bounds.midX, y: back.bounds.midY), to: nil)
        log.clear()
        h.down(center.x, center.y, at: 11)
        h.up(center.x, center.y, at: 11.05)
        // The push completed and a pop runs from where the page was drawn: no jump.
        #expect(nav.currentTransition?.kind == .pop)
        h.frames(1)
        #expect(abs(b.view.layer.renderedProperties.frame.minX - shown) < 1e-6)
        #expect(abs(pages[0].view.layer.renderedProperties.frame.minX - lowerShown) < 1e-6)
        #expect(nav.currentTransition?.phase == .finishing)
        #expect(abs((nav.currentTransition?.percentComplete ?? 0) - shown / width) < 1e-9)
        // Then on towards the trailing edge with the release spring, never back.
        var last = shown
        for _ in 0..<5 {
            h.frames(1)
            let x = b.view.layer.renderedProperties.frame.minX
            #expect(x > last)
            last = x
        }
        settle(nav)
        #expect(nav.viewControllers.count == 1 && nav.topViewController === pages[0])
        // Balanced: B appeared, then disappeared; A disappeared, then appeared.
        #expect(log.entries == ["A.viewDidDisappear(true)", "B.viewDidAppear(true)",
                                "B.didMove(toParent: NavigationController)", "B.willMove(toParent: nil)",
                                "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                                "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(toParent: nil)"])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aBackButtonTapWithNoTransitionPopsAsBefore() {
        let (nav, pages) = makeStack(["A", "B"])
        let back = try! #require(nav.navigationBar.backButton)
        let center = back.convert(CGPoint(x: back.bounds.midX, y: back.bounds.midY), to: nil)
        h.down(center.x, center.y, at: 11)
        h.up(center.x, center.y, at: 11.05)
        h.frames(1)
        #expect(nav.currentTransition?.kind == .pop && nav.currentTransition?.phase == .animating)
        settle(nav)
        #expect(nav.topViewController === pages[0])
    }
}
