import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// A horizontal flow layout and paging: the one-up pages of a photo viewer (each page the window's size,
/// 40 pt between them, 20 pt section insets on the sides, the collection view 40 pt wider than the window,
/// as Apple's PhotoTransitioning sample lays it out).
@MainActor
@Suite struct HorizontalPagingTests {
    let h = Harness()   // 400 x 600

    func showPages(count: Int = 5, paging: Bool = true) -> CollectionView {
        let pages = GridController(itemSize: CGSize(width: 400, height: 600), count: count) { layout in
            layout.scrollDirection = .horizontal
            layout.minimumLineSpacing = 40
            layout.minimumInteritemSpacing = 0
            layout.sectionInset = EdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
        }
        h.window.rootViewController = pages
        h.frames(1)
        let view = pages.collectionView!
        view.contentInsetAdjustmentBehavior = .never
        view.frame = pages.view.bounds.insetBy(dx: -20, dy: 0)
        view.isPagingEnabled = paging
        h.frames(1)
        return view
    }

    @Test func aHorizontalFlowLayoutPutsColumnsSideBySide() {
        let view = showPages()
        // Page k at 20 + 440 k; the content ends 20 pt after the last page: 5 x 440 = 2200 wide.
        #expect(view.scrollsHorizontally)
        #expect(view.contentSize == CGSize(width: 2200, height: 600))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 900, y: 0, width: 400, height: 600))
        #expect(view.panGestureRecognizer.axis == .horizontal)
        // Small items fill a column top to bottom (justified), then the next column.
        let grid = GridController(itemSize: CGSize(width: 50, height: 100), count: 7) { $0.scrollDirection = .horizontal }
        h.window.rootViewController = grid
        h.frames(1)
        // 600 tall: 5 items of 100 with at least 10 between (540 <= 600), justified: spacing 25.
        let cv = grid.collectionView!
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 0, y: 125, width: 50, height: 100))
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.frame == CGRect(x: 60, y: 0, width: 50, height: 100))
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.frame == CGRect(x: 60, y: 125, width: 50, height: 100))
    }

    @Test func scrollToItemCentresAPageHorizontally() {
        let view = showPages()
        view.scrollToItem(at: IndexPath(item: 3, section: 0), at: .centeredHorizontally, animated: false)
        // Page 3's centre (20 + 1320 + 200 = 1540) at the middle of the 440-pt-wide view: offset 1320.
        #expect(view.contentOffset == CGPoint(x: 1320, y: 0))
        // A vertical position moves nothing sideways.
        view.scrollToItem(at: IndexPath(item: 0, section: 0), at: .top, animated: false)
        #expect(view.contentOffset == CGPoint(x: 1320, y: 0))
    }

    @Test func aSlowDragPastHalfAPageLetsGoOnTheNextPage() {
        let view = showPages()
        // Recognized 12 pt in (past the 10-point slop), then left 250 pt more (more than half of 440), held
        // still before the lift: page 1 (offset 440).
        h.drag(from: CGPoint(x: 350, y: 300), through: [338, 300, 200, 88, 88].map { CGPoint(x: $0, y: 300) }, hold: 0.3)
        #expect(view.contentOffset.x == 250)
        h.settle { view.isDecelerating }
        #expect(view.contentOffset == CGPoint(x: 440, y: 0))
    }

    @Test func aShortFlickTurnsThePageAndAShortSlowDragGoesBack() {
        let view = showPages()
        // 60 pt to the left in two quick moves, let go at once: faster than the flick speed, page 1.
        h.drag(from: CGPoint(x: 300, y: 300), through: [270, 240].map { CGPoint(x: $0, y: 300) }, hold: 0)
        h.settle { view.isDecelerating }
        #expect(view.contentOffset.x == 440)
        // 60 pt to the left, held: under half a page, back to page 1.
        h.drag(from: CGPoint(x: 300, y: 300), through: [290, 260, 240, 240].map { CGPoint(x: $0, y: 300) }, t0: 20, hold: 0.3)
        h.settle { view.isDecelerating }
        #expect(view.contentOffset.x == 440)
    }

    @Test func aFlickTurnsAtMostOnePageAndStopsAtTheEnds() {
        let view = showPages(count: 3)
        // A long fast flick to the left from page 0: one page, not three.
        h.drag(from: CGPoint(x: 390, y: 300), through: [350, 250, 100, 10].map { CGPoint(x: $0, y: 300) }, hold: 0)
        h.settle { view.isDecelerating }
        #expect(view.contentOffset.x == 440)
        // A flick to the right from page 0 stays at page 0 (the start of the content).
        view.contentOffset = .zero
        h.drag(from: CGPoint(x: 10, y: 300), through: [60, 160, 300].map { CGPoint(x: $0, y: 300) }, t0: 20, hold: 0)
        h.settle { view.isDecelerating }
        #expect(view.contentOffset.x == 0)
    }

    @Test func withoutPagingAHorizontalFlickDeceleratesAlongX() {
        let view = showPages(paging: false)
        h.drag(from: CGPoint(x: 390, y: 300), through: [370, 340, 310, 280].map { CGPoint(x: $0, y: 300) }, hold: 0)
        let released = view.contentOffset.x
        h.frames(10)
        #expect(view.contentOffset.x > released && view.contentOffset.y == 0)
    }
}
