import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// A plain detail page (white, a caption).
@MainActor
final class ZoomedPage: ViewController {
    let item: Int
    init(item: Int) {
        self.item = item
        super.init()
    }
    override func viewDidLoad() {
        view.backgroundColor = .white
        let caption = View(frame: CGRect(x: 20, y: 450, width: 360, height: 30))
        caption.backgroundColor = .gray
        view.addSubview(caption)
    }
}

/// `preferredTransition = .zoom(...)`: UIKit 18's zoom through the navigation controller and `present`.
@MainActor
@Suite struct PreferredZoomTransitionTests {
    let h = Harness()
    /// The zoom's duration on its own, seconds.
    static let duration = ZoomPageAnimator.defaultDuration
    /// The whole window: the page's frame at rest (no bar).
    static let pageFrame = CGRect(x: 0, y: 0, width: 400, height: 600)

    /// A grid at the root of a navigation controller (no bar) and a detail page zooming from the cell
    /// `source()` returns; every context the provider is given is recorded.
    func makeStack(source: @escaping @MainActor (GridPage) -> View?, options: ViewController.Transition.ZoomOptions? = nil)
        -> (NavigationController, GridPage, ZoomedPage, Box) {
        let grid = GridPage()
        let nav = NavigationController(rootViewController: grid)
        nav.isNavigationBarHidden = true
        h.window.rootViewController = nav
        h.frames(1)
        let detail = ZoomedPage(item: 4)
        let asked = Box()
        detail.preferredTransition = .zoom(options: options) { [unowned grid] context in
            asked.contexts.append((context.sourceViewController, context.zoomedViewController))
            return source(grid)
        }
        return (nav, grid, detail, asked)
    }

    @MainActor final class Counter {
        var value: Int
        init(_ value: Int) { self.value = value }
    }
    @MainActor final class Box { var contexts: [(ViewController, ViewController)] = [] }

    func drawn(_ view: View) -> CGRect { view.layer.renderedProperties.frame }
    func settle(_ nav: NavigationController) { h.settle { nav.currentTransition != nil } }

    /// Drags on the page from (200, 120) down by each of `dys` (a frame apart), then lets go after `hold`.
    func drag(_ dys: [Double], hold: Double, release: Bool = true, t0: Double = 10) {
        _ = h.drag(from: CGPoint(x: 200, y: 120), through: dys.map { CGPoint(x: 200, y: 120 + $0) }, t0: t0,
                   release: release, hold: hold)
    }

    @Test func thePushGrowsThePageFromTheCellsFrameToTheFullPageWithTheCellHidden() {
        let (nav, grid, detail, asked) = makeStack(source: { $0.cells[4] })
        nav.pushViewController(detail, animated: true)
        h.frames(1)
        #expect(nav.currentTransition?.animator is ZoomPageAnimator)
        #expect(isClose(drawn(detail.view), GridPage.cellFrames[4], tolerance: 1e-6))
        #expect(grid.cells[4].isHidden)
        #expect(asked.contexts.count == 1 && asked.contexts[0].0 === grid && asked.contexts[0].1 === detail)
        h.frames(9)
        let f = easeInEaseOut(0.15 / Self.duration)
        #expect(isClose(drawn(detail.view), lerp(GridPage.cellFrames[4], Self.pageFrame, f), tolerance: 1e-6))
        #expect(grid.cells[4].isHidden)
        settle(nav)
        #expect(nav.topViewController === detail)
        #expect(!grid.cells[4].isHidden && detail.view.transform == .identity)
        #expect(isClose(drawn(detail.view), Self.pageFrame))
        checkNothingLeft(in: h.window, pages: [detail])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func theDismissalAsksForTheSourceAgainAndShrinksIntoTheCellShowingTheItemNow() {
        let index = Counter(4)
        let (nav, grid, detail, asked) = makeStack(source: { $0.cells[index.value] })
        nav.pushViewController(detail, animated: true)
        settle(nav)
        index.value = 1   // the list scrolled: another cell shows the item now
        nav.popViewController(animated: true)
        h.frames(1)
        #expect(asked.contexts.count == 2 && asked.contexts[1].0 === grid && asked.contexts[1].1 === detail)
        #expect(grid.cells[1].isHidden && !grid.cells[4].isHidden)
        #expect(isClose(drawn(detail.view), Self.pageFrame, tolerance: 1e-6))
        h.frames(9)
        let f = easeInEaseOut(0.15 / Self.duration)
        #expect(isClose(drawn(detail.view), lerp(Self.pageFrame, GridPage.cellFrames[1], f), tolerance: 1e-6))
        settle(nav)
        #expect(nav.topViewController === grid && !grid.cells[1].isHidden)
        checkNothingLeft(in: h.window, pages: [grid, detail])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func withNoSourceInTheWindowTheDismissalCrossFadesWithAShrink() {
        let gone = Counter(0)
        let (nav, grid, detail, _) = makeStack(source: { grid in gone.value == 1 ? View(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) : grid.cells[4] })
        nav.pushViewController(detail, animated: true)
        settle(nav)
        gone.value = 1   // a view that is not in the window
        nav.popViewController(animated: true)
        h.frames(1)
        h.frames(9)
        let f = easeInEaseOut(0.15 / Self.duration)
        let s = 1 + (ZoomPageAnimator.fallbackScale - 1) * f
        let shrunk = CGRect(x: 200 - 200 * s, y: 300 - 300 * s, width: 400 * s, height: 600 * s)
        #expect(isClose(drawn(detail.view), shrunk, tolerance: 1e-6))
        #expect(isClose(detail.view.layer.renderedProperties.opacity, 1 - f, tolerance: 1e-6))
        settle(nav)
        #expect(nav.topViewController === grid)
        checkNothingLeft(in: h.window, pages: [grid, detail])
    }

    @Test func aDelegatesAnimatorWinsOverThePreferredTransition() {
        let (nav, _, detail, asked) = makeStack(source: { $0.cells[4] })
        let delegate = EffectDelegate()
        nav.delegate = delegate
        nav.pushViewController(detail, animated: true)
        h.frames(1)
        #expect(nav.currentTransition?.animator is CrossfadeAnimator)
        #expect(asked.contexts.isEmpty)
        settle(nav)
    }

    @MainActor final class EffectDelegate: NavigationControllerDelegate {
        func navigationController(_ navigationController: NavigationController,
                                  animationControllerFor operation: NavigationController.Operation,
                                  from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            TransitionEffect.crossfade.animator(reverse: operation == .pop)
        }
    }

    /// The release rule (ZoomInteraction): a slow release finishes from 0.3 of the height on; a drag
    /// held below it cancels and the page, the cell and the stack are as before. Held, the page roams
    /// under the finger: down at (200, 120), the point (0.5, 0.2) of the page stays under it; at
    /// p = 120 / 600 = 0.2 its size is lerp(400 x 600, 100 x 100, 0.2) = 340 x 500, so with the finger at
    /// (200, 240) it is drawn at (200 - 170, 240 - 100) = (30, 140). The dimming is at 1 - 0.2 = 0.8, and
    /// the clip's corner radius at 0.2 of the cell's 8 pt over the width's scale 0.25: 6.4.
    @Test func aDragDownHeldStillDrawsThePageUnderTheFingerAtTheZoomsSizeAndAReleaseAtRestDecidesByTheCommitFraction() {
        let (nav, grid, detail, _) = makeStack(source: { $0.cells[4] })
        nav.pushViewController(detail, animated: true)
        settle(nav)
        // 0.2 of the height, held: it cancels.
        drag([10, 40, 80, 120], hold: 0.3, release: false)
        h.frames(20)
        #expect(nav.currentTransition?.phase == .interacting)
        #expect(grid.cells[4].isHidden)
        // Held still, the drawn progress settles at 0.2 (tracking spring) with the page under the finger.
        #expect(isClose(drawn(detail.view), CGRect(x: 30, y: 140, width: 340, height: 500), tolerance: 0.5))
        let dimming = nav.transitionView.subviews.first { $0.accessibilityIdentifier == "zoom.dimming" }
        #expect(isClose(Double(dimming?.layer.renderedProperties.opacity ?? 0), 0.8, tolerance: 1e-3))
        #expect(isClose(detail.view.layer.renderedProperties.cornerRadius, 6.4, tolerance: 0.02))
        h.up(200, 240, at: 11)
        settle(nav)
        #expect(nav.topViewController === detail && !grid.cells[4].isHidden)
        #expect(isClose(drawn(detail.view), Self.pageFrame))
        checkNothingLeft(in: h.window, pages: [detail])
        // 0.35 of the height, held: it pops into the cell.
        drag([10, 40, 120, 210], hold: 0.3, t0: 20)
        settle(nav)
        #expect(nav.topViewController === grid && !grid.cells[4].isHidden)
        checkNothingLeft(in: h.window, pages: [grid, detail])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aQuickDownwardFlickPopsFromAnywhere() {
        let (nav, grid, detail, _) = makeStack(source: { $0.cells[4] })
        nav.pushViewController(detail, animated: true)
        settle(nav)
        // 60 pt (0.1 H), the last steps 20 pt a frame: 1200 pt/s = 2 heights per second > 1.06.
        drag([10, 20, 40, 60], hold: 0)
        settle(nav)
        #expect(nav.topViewController === grid)
        checkNothingLeft(in: h.window, pages: [grid, detail])
    }

    /// A Ctrl-held drag is a pinch mirrored about the page's centre (200, 300): down 100 pt right of it,
    /// the scale is the offset over 100. Pinched in to 0.64 and held, p = (1 - 0.64) / 0.6 = 0.6: it pops;
    /// to 0.88, p = 0.2: it cancels. The page shrinks about the pinch's centroid, (200, 300) throughout.
    @Test(arguments: [(CGFloat(64), true), (CGFloat(88), false)])
    func aPinchInZoomsThePageBackAndTheReleaseDecidesByTheSameRule(to offset: CGFloat, pops: Bool) {
        let (nav, grid, detail, _) = makeStack(source: { $0.cells[4] })
        nav.pushViewController(detail, animated: true)
        settle(nav)
        let offsets: [CGFloat] = [96, 94, 90, 84, 78, 72, 64, 64].map { max($0, offset) }
        _ = h.drag(from: CGPoint(x: 300, y: 300), through: offsets.map { CGPoint(x: 200 + $0, y: 300) }, t0: 10,
                   release: false, modifierFlags: .control)
        h.frames(20)
        #expect(nav.currentTransition?.kind == .pop && nav.currentTransition?.phase == .interacting)
        let p = (1 - offset / 100) / ZoomInteraction.pinchSpan
        let size = CGSize(width: 400 - 300 * p, height: 600 - 500 * p)
        #expect(isClose(drawn(detail.view), CGRect(x: 200 - size.width / 2, y: 300 - size.height / 2,
                                                   width: size.width, height: size.height), tolerance: 0.5))
        h.window.handle(.pointer(PointerEvent(phase: .up, location: CGPoint(x: 200 + offset, y: 300), timestamp: 11,
                                              modifierFlags: .control)))
        settle(nav)
        #expect((nav.topViewController === grid) == pops)
        #expect(!grid.cells[4].isHidden)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func interactiveDismissShouldBeginIsAskedWithTheTouchAndCanRefuse() {
        let options = ViewController.Transition.ZoomOptions()
        var seen: [(CGPoint, Bool)] = []
        options.interactiveDismissShouldBegin = { context in
            seen.append((context.location, context.willBegin))
            return false
        }
        let (nav, _, detail, _) = makeStack(source: { $0.cells[4] }, options: options)
        nav.pushViewController(detail, animated: true)
        settle(nav)
        drag([10, 40, 120, 210], hold: 0.3)
        settle(nav)
        #expect(nav.topViewController === detail)
        #expect(seen.count == 1 && seen.first?.1 == true && (seen.first?.0.y ?? 0) > 120)
        // Refused, a sideways swipe on the page is not taken by the navigation controller's content pop
        // either (the zoom's own content swipe owns it): the page stays.
        _ = h.drag(from: CGPoint(x: 80, y: 300), through: (1...8).map { CGPoint(x: 80 + 20 * Double($0), y: 300) }, t0: 20, hold: 0.3)
        settle(nav)
        #expect(nav.topViewController === detail && nav.currentTransition == nil)
        #expect(seen.count == 2 && seen.last?.1 == true && (seen.last?.0.x ?? 0) > 80)
    }

    @Test func aTouchOnThePageDuringTheZoomInCatchesItWhereItIsDrawn() {
        let (nav, grid, detail, _) = makeStack(source: { $0.cells[4] })
        nav.pushViewController(detail, animated: true)
        h.frames(1)
        h.frames(12)
        let before = drawn(detail.view)
        // On the page where it is drawn (its centre), then held still.
        h.down(before.midX, before.midY, at: 10)
        h.frames(1)
        #expect(nav.currentTransition?.kind == .pop)
        #expect(nav.currentTransition?.phase == .interacting)
        #expect(grid.cells[4].isHidden)
        // No jump: drawn where it was (the push's curve stopped at the catch), under the touch.
        #expect(isClose(drawn(detail.view), before, tolerance: 1e-6))
        h.up(before.midX, before.midY, at: 10.5)
        settle(nav)
        // Let go at rest at p = 1 - (drawn fraction) > 0.3: it pops back into the cell.
        #expect(nav.topViewController === grid && !grid.cells[4].isHidden)
        checkNothingLeft(in: h.window, pages: [grid, detail])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aZoomPresentationIsFullScreenAndGrowsFromTheCell() {
        let grid = GridPage()
        h.window.rootViewController = grid
        h.frames(1)
        let detail = ZoomedPage(item: 1)
        detail.preferredTransition = .zoom { [unowned grid] _ in grid.cells[1] }
        #expect(detail.modalPresentationStyle == .fullScreen)
        grid.present(detail, animated: true)
        h.frames(1)
        #expect(isClose(drawn(detail.view), GridPage.cellFrames[1], tolerance: 1e-6))
        for _ in 0..<60 { h.frames(1) }
        #expect(grid.presentedViewController === detail)
        drag([10, 40, 120, 250], hold: 0.3)
        for _ in 0..<60 { h.frames(1) }
        #expect(grid.presentedViewController == nil && !grid.cells[1].isHidden)
    }
}
