import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// A zoomed page holding a vertical list (400 x 50 rows, 40 of them) that fills it.
@MainActor
final class ZoomedListPage: ViewController {
    let list: CollectionView
    override init() {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 400, height: 50)
        layout.minimumLineSpacing = 0
        list = CollectionView(frame: .zero, collectionViewLayout: layout)
        super.init()
    }
    override func viewDidLoad() {
        view.backgroundColor = .white
        list.frame = view.bounds
        list.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        list.register(CollectionViewCell.self, forCellWithReuseIdentifier: "row")
        list.dataSource = source
        view.addSubview(list)
    }
    private let source = Rows()
    @MainActor final class Rows: CollectionViewDataSource {
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 40 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
        }
    }
}

/// The zoom's interactive dismissal (`preferredTransition = .zoom`): its own content swipe, the page
/// roaming under the finger and its release, a pinch continuing a catch, and a list inside the page handing
/// its drag over. The page rests at (0, 0, 400, 600); the source is the grid's cell 4 at (140, 200, 100,
/// 100), so at progress p the zoom's size is (400 - 300p) x (600 - 500p) and its straight path's frame is
/// (140p, 200p, ...).
@MainActor
@Suite struct ZoomInteractiveDismissalTests {
    let h = Harness()

    func drawn(_ view: View) -> CGRect { view.layer.renderedProperties.frame }
    /// The zoom's straight path at progress `p` (no roaming).
    func path(_ p: CGFloat) -> CGRect { CGRect(x: 140 * p, y: 200 * p, width: 400 - 300 * p, height: 600 - 500 * p) }
    /// The progress a drawn width shows.
    func progress(ofWidth w: CGFloat) -> CGFloat { (400 - w) / 300 }

    /// A grid at the root of a navigation controller (no bar) and `detail` pushed with the zoom from cell 4.
    func push<Page: ViewController>(_ detail: Page) -> (NavigationController, GridPage) {
        let grid = GridPage()
        let nav = NavigationController(rootViewController: grid)
        nav.isNavigationBarHidden = true
        h.window.rootViewController = nav
        h.frames(1)
        detail.preferredTransition = .zoom { [unowned grid] _ in grid.cells[4] }
        nav.pushViewController(detail, animated: true)
        h.settle { nav.currentTransition != nil }
        return (nav, grid)
    }

    /// A drag: down at `start`, a move a frame to each point, held still for `frames` frames (no release).
    func hold(from start: CGPoint, through points: [CGPoint], t0: Double = 10, frames: Int = 20) {
        h.drag(from: start, through: points, t0: t0, release: false)
        h.frames(frames)
    }

    func touch(_ phase: PointerEvent.Phase, _ x: CGFloat, _ y: CGFloat, at t: Double, finger: Int) {
        h.window.handle(.pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), timestamp: t,
                                              source: .touch, pointerID: finger)))
    }

    // MARK: The content swipe

    /// Down 80 pt in from the leading edge (well outside the edge pop's strip) and 160 pt to the right:
    /// the zoom's own recognizer drives the pop (the content pop does not), p = 160 / 400 = 0.4; the
    /// point (80/400, 300/600) = (0.2, 0.5) of the page stays under the finger at (240, 300) with the size
    /// 280 x 400: the page is drawn at (240 - 56, 300 - 200) = (184, 100). Released at rest past 0.3: it pops.
    @Test func aSidewaysSwipeStarting80PointsInIsTheZoomsOwnAndDismissesThePage() {
        let detail = ZoomedPage(item: 4)
        let (nav, grid) = push(detail)
        hold(from: CGPoint(x: 80, y: 300), through: (1...8).map { CGPoint(x: 80 + 20 * CGFloat($0), y: 300) })
        let t = nav.currentTransition
        #expect(t?.kind == .pop && t?.phase == .interacting)
        #expect(t?.interactionController === detail.preferredZoom?.interaction)
        #expect(nav.contentPopGestureRecognizer.state == .possible || nav.contentPopGestureRecognizer.state == .failed)
        #expect(isClose(Double(t?.percentComplete ?? 0), 0.4, tolerance: 1e-9))
        #expect(isClose(drawn(detail.view), CGRect(x: 184, y: 100, width: 280, height: 400), tolerance: 0.5))
        h.up(240, 300, at: 11)
        h.settle { nav.currentTransition != nil }
        #expect(nav.topViewController === grid && !grid.cells[4].isHidden)
        checkNothingLeft(in: h.window, pages: [grid, detail])
        checkNavigationInvariants(nav, in: h.window)
    }

    /// At the leading edge the navigation controller's edge pop keeps precedence: it drives the zoom back
    /// (its own interaction, not the zoom's), along the zoom's straight path: the page does not roam.
    @Test func atTheLeadingEdgeTheEdgePopKeepsPrecedenceOverTheZoomsSwipe() {
        let detail = ZoomedPage(item: 4)
        let (nav, grid) = push(detail)
        hold(from: CGPoint(x: 4, y: 300), through: (1...8).map { CGPoint(x: 4 + 20 * CGFloat($0), y: 300) })
        let t = nav.currentTransition
        #expect(t?.kind == .pop && t?.phase == .interacting)
        #expect(t?.interactionController != nil && t?.interactionController !== detail.preferredZoom?.interaction)
        #expect(detail.preferredZoom?.interaction.panGestureRecognizer.state == .failed)
        let frame = drawn(detail.view)
        let p = progress(ofWidth: frame.width)
        #expect(p > 0.1 && isClose(frame, path(p), tolerance: 1e-6))
        h.up(164, 300, at: 11)
        h.settle { nav.currentTransition != nil }
        #expect(nav.topViewController === grid)
        checkNavigationInvariants(nav, in: h.window)
    }

    /// A zoom presentation is dismissed by the content swipe too (its page has no navigation controller).
    @Test func aZoomPresentationIsDismissedByASidewaysSwipeFromMidPage() {
        let grid = GridPage()
        h.window.rootViewController = grid
        h.frames(1)
        let detail = ZoomedPage(item: 1)
        detail.preferredTransition = .zoom { [unowned grid] _ in grid.cells[1] }
        grid.present(detail, animated: true)
        h.settlePresentations()
        #expect(grid.presentedViewController === detail)
        hold(from: CGPoint(x: 80, y: 300), through: (1...8).map { CGPoint(x: 80 + 20 * CGFloat($0), y: 300) })
        #expect(h.window.modalPresentations.currentTransition?.kind == .dismiss)
        h.up(240, 300, at: 11)
        h.settlePresentations()
        #expect(grid.presentedViewController == nil && !grid.cells[1].isHidden)
    }

    // MARK: The release

    /// Held at p = 0.4 under the finger (down at (200, 120): the page's point (0.5, 0.2); finger at
    /// (200, 360): drawn at (200 - 140, 360 - 80) = (60, 280), 280 x 400), the page is 4 pt right and 200 pt
    /// below its straight path (56, 80). Let go at rest, it finishes: each frame it is drawn at the path's
    /// frame for its progress plus that offset times (1 - p) / (1 - 0.4), from where it was (no jump) to the
    /// cell's frame exactly.
    @Test func aReleasedRoamingPageFliesFromWhereItIsDrawnToTheCell() {
        let detail = ZoomedPage(item: 4)
        let (nav, grid) = push(detail)
        hold(from: CGPoint(x: 200, y: 120), through: [130, 160, 200, 240, 280, 320, 360].map { CGPoint(x: 200, y: $0) })
        let held = drawn(detail.view)
        #expect(isClose(held, CGRect(x: 60, y: 280, width: 280, height: 400), tolerance: 0.5))
        h.up(200, 360, at: 11)
        var previous = held
        var steps = 0
        while nav.currentTransition?.phase == .finishing {
            h.frames(1)
            guard nav.currentTransition?.phase == .finishing else { break }
            let frame = drawn(detail.view)
            let p = progress(ofWidth: frame.width)
            let k = (1 - p) / (1 - 0.4)
            let expected = path(p).offsetBy(dx: 4 * k, dy: 200 * k)
            #expect(isClose(frame, expected, tolerance: 0.5), "frame \(steps): \(frame) vs \(expected)")
            #expect(abs(frame.minY - previous.minY) < 60)
            previous = frame
            steps += 1
        }
        #expect(steps > 5)
        h.frames(1)
        #expect(nav.topViewController === grid && !grid.cells[4].isHidden)
        #expect(detail.view.center == CGPoint(x: 200, y: 300) && detail.view.transform == .identity)
        checkNothingLeft(in: h.window, pages: [grid, detail])
    }

    /// Held at p = 0.2 ((30, 140), 2 pt right of and 100 pt below its path) and let go at rest, it cancels:
    /// the page springs back to full screen, its offset shrinking as p / 0.2, and rests exactly where it
    /// was before the drag.
    @Test func aReleasedRoamingPageBelowTheCommitFractionSpringsBackToFullScreen() {
        let detail = ZoomedPage(item: 4)
        let (nav, grid) = push(detail)
        hold(from: CGPoint(x: 200, y: 120), through: [130, 160, 200, 240].map { CGPoint(x: 200, y: $0) })
        #expect(isClose(drawn(detail.view), CGRect(x: 30, y: 140, width: 340, height: 500), tolerance: 0.5))
        h.up(200, 240, at: 11)
        var steps = 0
        while nav.currentTransition?.phase == .cancelling {
            h.frames(1)
            guard nav.currentTransition?.phase == .cancelling else { break }
            let frame = drawn(detail.view)
            let p = progress(ofWidth: frame.width)
            let expected = path(p).offsetBy(dx: 2 * p / 0.2, dy: 100 * p / 0.2)
            #expect(isClose(frame, expected, tolerance: 0.5), "frame \(steps): \(frame) vs \(expected)")
            steps += 1
        }
        #expect(steps > 5)
        h.frames(1)
        #expect(nav.topViewController === detail && !grid.cells[4].isHidden)
        #expect(drawn(detail.view) == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(detail.view.layer.cornerRadius == 0 && !detail.view.clipsToBounds)
        checkNothingLeft(in: h.window, pages: [detail])
    }

    // MARK: Catching

    /// Released past the commit fraction, the roaming page flies back off its straight path; a touch on it
    /// a few frames later catches it exactly where it is drawn (no jump), and held there it stays under the
    /// touch: the touched point of the page is still under the finger after the tracking settles.
    @Test func aTouchOnTheReleasedRoamingPageCatchesItWhereItIsDrawn() {
        let detail = ZoomedPage(item: 4)
        let (nav, _) = push(detail)
        hold(from: CGPoint(x: 200, y: 120), through: [130, 160, 200, 240, 280, 320, 360].map { CGPoint(x: 200, y: $0) })
        h.up(200, 360, at: 11)
        h.frames(3)
        #expect(nav.currentTransition?.phase == .finishing)
        let flying = drawn(detail.view)
        let touch = CGPoint(x: flying.minX + 0.25 * flying.width, y: flying.minY + 0.5 * flying.height)
        h.down(touch.x, touch.y, at: 12)
        h.frames(1)
        #expect(nav.currentTransition?.phase == .interacting)
        #expect(isClose(drawn(detail.view), flying, tolerance: 1e-6))
        h.frames(30)
        let held = drawn(detail.view)
        #expect(isClose(CGPoint(x: held.minX + 0.25 * held.width, y: held.minY + 0.5 * held.height), touch, tolerance: 1e-6))
        h.up(touch.x, touch.y, at: 13)
        h.settle { nav.currentTransition != nil }
        checkNavigationInvariants(nav, in: h.window)
    }


    /// A finger catches the zoom in mid-flight (it turns into a zoom back held where it is drawn); a second
    /// finger 100 pt to its right pinches in to 76 pt: the pinch begins past the 4 pt slop, at 90 pt
    /// (scale 0.9), and continues the caught zoom from the progress it is at then (no jump):
    /// p = p₀ + (0.9 - 0.76) / 0.6. Lifted at rest past 0.3, it pops.
    @Test func aSecondFingerPinchingContinuesACaughtZoom() {
        let grid = GridPage()
        let nav = NavigationController(rootViewController: grid)
        nav.isNavigationBarHidden = true
        h.window.rootViewController = nav
        h.frames(1)
        let detail = ZoomedPage(item: 4)
        detail.preferredTransition = .zoom { [unowned grid] _ in grid.cells[4] }
        nav.pushViewController(detail, animated: true)
        h.frames(13)
        let c = CGPoint(x: drawn(detail.view).midX, y: drawn(detail.view).midY)
        touch(.down, c.x, c.y, at: 10, finger: 0)
        h.frames(1)
        let t = nav.currentTransition
        #expect(t?.kind == .pop && t?.phase == .interacting)
        let caught = t?.percentComplete ?? 0
        #expect(caught > 0.2 && caught < 0.6)
        touch(.down, c.x + 100, c.y, at: 10.1, finger: 1)
        for (i, dx) in [96.0, 90, 84, 80, 76].enumerated() {
            touch(.moved, c.x + dx, c.y, at: 10.1 + Double(i + 1) / 60, finger: 1)
            h.frames(1)
        }
        h.frames(20)
        #expect(nav.currentTransition === t)
        #expect(isClose(Double(t?.percentComplete ?? 0), caught + (0.9 - 0.76) / 0.6, tolerance: 1e-9))
        touch(.up, c.x + 76, c.y, at: 11, finger: 1)
        touch(.up, c.x, c.y, at: 11, finger: 0)
        h.settle { nav.currentTransition != nil }
        #expect(nav.topViewController === grid && !grid.cells[4].isHidden)
        checkNothingLeft(in: h.window, pages: [grid, detail])
        checkNavigationInvariants(nav, in: h.window)
    }

    // MARK: A list in the zoomed page

    /// The list scrolled 100 pt down: a drag down from y = 188 passes the list's 10-pt slop at 200 (the list
    /// follows from there), scrolls it back (50 pt on, it is 50 pt down, no transition), reaches its top at
    /// 300 and hands the rest over to the zoom: at 520, p = (520 - 300) / 600 = 220/600, the page under the finger from the handover at (200, 400) (its
    /// point (0.5, 2/3)) at 290 x 416.67: drawn at (55, 520 - 277.78). Let go at rest past 0.3: it pops.
    @Test func aDragThatScrollsTheListToItsTopAndGoesOnHandsOverToTheZoomMidDrag() {
        let detail = ZoomedListPage()
        let (nav, grid) = push(detail)
        let list = detail.list
        let top = list.contentOffset.y
        list.contentOffset.y = top + 100
        h.frames(1)
        h.down(200, 188, at: 10)
        h.move(200, 200, at: 10 + 1.0 / 60); h.frames(1)
        #expect(list.contentOffset.y == top + 100)
        h.move(200, 250, at: 10 + 2.0 / 60); h.frames(1)
        #expect(isClose(list.contentOffset.y, top + 50, tolerance: 1e-9))
        #expect(nav.currentTransition == nil)
        h.move(200, 300, at: 10 + 3.0 / 60); h.frames(1)
        #expect(list.contentOffset.y == top && nav.currentTransition == nil)
        h.move(200, 400, at: 10 + 4.0 / 60); h.frames(1)
        #expect(nav.currentTransition?.kind == .pop)
        h.move(200, 520, at: 10 + 5.0 / 60); h.frames(20)
        let t = nav.currentTransition
        #expect(t?.interactionController === detail.preferredZoom?.interaction)
        #expect(isClose(Double(t?.percentComplete ?? 0), 220.0 / 600, tolerance: 1e-9))
        #expect(list.contentOffset.y == top)
        let size = CGSize(width: 400 - 300 * 220.0 / 600, height: 600 - 500 * 220.0 / 600)
        #expect(isClose(drawn(detail.view), CGRect(x: 200 - size.width / 2, y: 520 - size.height * 2 / 3,
                                                   width: size.width, height: size.height), tolerance: 0.5))
        h.up(200, 520, at: 10.6)
        h.settle { nav.currentTransition != nil }
        #expect(nav.topViewController === grid)
        checkNavigationInvariants(nav, in: h.window)
    }

    /// With the list at its top, a drag down dismisses the zoom from where it passed the list's 10-pt slop
    /// (its first move, 20 pt in: p = (y - 120) / 600); a drag up scrolls the list and starts nothing.
    @Test func aDragDownWithTheListAtItsTopDismissesAndADragUpScrolls() {
        let detail = ZoomedListPage()
        let (nav, grid) = push(detail)
        let list = detail.list
        let top = list.contentOffset.y
        h.drag(from: CGPoint(x: 200, y: 300), through: [280, 240, 200].map { CGPoint(x: 200, y: $0) }, hold: 0.3)
        h.frames(30)
        #expect(nav.currentTransition == nil && nav.topViewController === detail)
        #expect(list.contentOffset.y > top)
        list.contentOffset.y = top
        h.frames(1)
        hold(from: CGPoint(x: 200, y: 100), through: [120, 160, 220, 300].map { CGPoint(x: 200, y: $0) })
        let t = nav.currentTransition
        #expect(t?.kind == .pop && t?.interactionController === detail.preferredZoom?.interaction)
        #expect(isClose(Double(t?.percentComplete ?? 0), 180.0 / 600, tolerance: 1e-9))
        #expect(list.contentOffset.y == top)
        h.up(200, 300, at: 11)
        h.settle { nav.currentTransition != nil }
        #expect(nav.topViewController === grid)
        checkNavigationInvariants(nav, in: h.window)
    }

    // MARK: A horizontal pager in the zoomed page

    /// A zoomed pager of 400-pt pages (a collection view controller: the zoom's recognizers are on the
    /// collection view itself) scrolled to its second page: a rightward drag scrolls it back and starts
    /// nothing; at its first page, the same drag is the zoom's content swipe and dismisses the page.
    @Test func aZoomedPagerScrollsBackUntilItsLeadingEdgeWhereTheZoomsSwipeTakesTheDrag() {
        let pager = GridController(itemSize: CGSize(width: 400, height: 300), count: 4) { layout in
            layout.scrollDirection = .horizontal
            layout.minimumLineSpacing = 0
            layout.minimumInteritemSpacing = 0
        }
        let (nav, grid) = push(pager)
        let list = pager.collectionView!
        list.contentInsetAdjustmentBehavior = .never
        list.contentOffset = CGPoint(x: 400, y: 0)
        h.frames(1)
        h.drag(from: CGPoint(x: 120, y: 300), through: (1...5).map { CGPoint(x: 120 + 20 * CGFloat($0), y: 300) }, hold: 0.3)
        #expect(nav.currentTransition == nil)
        #expect(list.contentOffset.x < 400)
        h.frames(60)
        list.contentOffset = .zero
        h.frames(1)
        #expect(list.isAtLeadingEdge)
        hold(from: CGPoint(x: 120, y: 300), through: (1...8).map { CGPoint(x: 120 + 20 * CGFloat($0), y: 300) }, t0: 20)
        let t = nav.currentTransition
        #expect(t?.kind == .pop && t?.interactionController === pager.preferredZoom?.interaction)
        #expect(list.contentOffset.x == 0)
        h.up(280, 300, at: 21)
        h.settle { nav.currentTransition != nil }
        #expect(nav.topViewController === grid)
        checkNavigationInvariants(nav, in: h.window)
    }
}
