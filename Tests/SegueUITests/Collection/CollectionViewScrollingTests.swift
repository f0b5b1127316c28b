import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// Cell reuse and scrolling: only the cells on screen exist, scrolling recycles them, a pan drags the
/// content 1:1 and a flick decelerates by the exponential decay on the virtual clock, stopping at the ends.
@MainActor
@Suite struct CollectionViewScrollingTests {
    let h = Harness()   // 400 x 600

    /// A full-window grid of `count` 50 x 50 items: 6 per row, rows 60 apart (50 + 10), columns 70 apart.
    func showGrid(count: Int) -> (GridController, CollectionView) {
        let grid = GridController(itemSize: CGSize(width: 50, height: 50), count: count)
        h.window.rootViewController = grid
        h.frames(1)
        return (grid, grid.collectionView)
    }

    /// The items of rows `rows`, 6 per row.
    func items(ofRows rows: ClosedRange<Int>) -> [IndexPath] {
        (rows.lowerBound * 6...(rows.upperBound * 6 + 5)).map { IndexPath(item: $0, section: 0) }
    }

    @Test func aTenThousandItemCollectionMakesOnlyTheCellsOnScreenAndItsMargin() {
        let (grid, view) = showGrid(count: 10_000)
        // On screen with the 50-pt margin: y in -50...650; row k spans 60k...60k + 50, so rows 0...10.
        #expect(view.indexPathsForVisibleItems == items(ofRows: 0...10))
        #expect(grid.cellsHandedOut.count == 66)
        #expect(view.subviews.count == 66)
        // 6 per row: 1667 rows, the last one 60 x 1666 = 99,960 down; 99,960 + 50 tall.
        #expect(view.contentSize == CGSize(width: 400, height: 100_010))
    }

    @Test func scrollingReusesTheCellsSoTheNumberEverMadeStaysBounded() {
        let (grid, view) = showGrid(count: 10_000)
        var y: CGFloat = 0
        while y < 3000 {
            y += 35
            view.contentOffset = CGPoint(x: 0, y: y)
            view.layoutIfNeeded()
            #expect(view.subviews.count == view.visibleCells.count)
        }
        // At 3010 (86 steps of 35): rows with 60k + 50 > 2960 and 60k < 3660: 49...60.
        #expect(y == 3010)
        #expect(view.indexPathsForVisibleItems == items(ofRows: 49...60))
        // A row k meets the 700-pt rectangle from y - 50 when 60k is in the open interval (y - 100, y + 650),
        // 750 pt long: at most 13 rows, 78 cells. Recycled cells are handed out again.
        #expect(grid.cellsHandedOut.count <= 78)
        // Rows 11...60 came on screen (300 items): each got a new cell or a reused one.
        let reuses = grid.cellsHandedOut.values.reduce(0) { $0 + $1.reuseCount }
        #expect(reuses + grid.cellsHandedOut.count == 66 + 300)
        #expect(reuses >= 288)
        // Every cell shown sits at its layout frame (row 49 at 2940, minus nothing: frames are in content space).
        let first = view.cellForItem(at: IndexPath(item: 294, section: 0))
        #expect(first?.frame == CGRect(x: 0, y: 2940, width: 50, height: 50))
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) == nil)
    }

    @Test func aPanDragsTheContentOneToOneAndStopsAtTheTop() {
        let (_, view) = showGrid(count: 10_000)
        h.down(200, 500, at: 1)
        h.move(200, 480, at: 1 + 1.0 / 60)
        h.frames(1)
        h.move(200, 400, at: 1 + 2.0 / 60)
        h.frames(1)
        // 1:1 from where the pan was recognized (20 points from the down, past the 10-point slop): the
        // content does not jump by the slop, as in UIKit.
        #expect(view.contentOffset.y == 80)
        #expect(view.isDragging)
        // Dragged down past the start: clamped at 0 (no rubber band).
        h.move(200, 560, at: 1 + 3.0 / 60)
        h.frames(1)
        #expect(view.contentOffset.y == 0)
        h.move(200, 560, at: 1.5)
        h.up(200, 560, at: 1.6)   // held still: no flick
        h.frames(1)
        #expect(!view.isDragging && !view.isDecelerating)
    }

    @Test func aFlickDeceleratesByTheExponentialDecayOnTheVirtualClockAndStops() throws {
        let (_, view) = showGrid(count: 10_000)
        view.contentOffset = CGPoint(x: 0, y: 1000)
        h.frames(1)
        let tree = try #require(view.layer.tree)
        let begin = tree.mediaTime
        let v = 2000.0, r = 0.998
        view.startDeceleration(velocity: CGFloat(v))
        // x(t) = v (r^(1000 t) - 1) / (1000 ln r): the travel after t seconds.
        func expected(_ t: Double) -> Double { 1000 + v * (pow(r, 1000 * t) - 1) / (1000 * log(r)) }
        var frames = 0
        var lastT = 0.0
        while view.isDecelerating, frames < 600 {
            h.frames(1)
            frames += 1
            lastT = tree.mediaTime - begin
            #expect(isClose(Double(view.contentOffset.y), expected(lastT), tolerance: 1e-9))
        }
        // It stops at the first frame with less than half a point of travel left: the whole travel is
        // -v / (1000 ln r) = 999.5 pt, so when r^(1000 t) < 0.5 / 999.5.
        let total = -v / (1000 * log(r))
        #expect(total * pow(r, 1000 * lastT) < 0.5)
        #expect(total * pow(r, 1000 * (lastT - 1.0 / 60)) >= 0.5)
        #expect(!view.isDecelerating && frames < 600)
        // The cells followed.
        #expect(view.indexPathsForVisibleItems.first == IndexPath(item: Int((view.contentOffset.y - 100) / 60 + 1) * 6, section: 0))
    }

    @Test func aFlickThatWouldPassTheEndStopsExactlyThere() throws {
        let (_, view) = showGrid(count: 10_000)
        let maxY: CGFloat = 100_010 - 600
        view.contentOffset = CGPoint(x: 0, y: maxY - 400)
        h.frames(1)
        let tree = try #require(view.layer.tree)
        let begin = tree.mediaTime
        view.startDeceleration(velocity: 2000)   // would travel 999.5 pt
        var frames = 0
        while view.isDecelerating, frames < 600 {
            h.frames(1)
            frames += 1
            let t = tree.mediaTime - begin
            let free = Double(maxY - 400) + 2000 * (pow(0.998, 1000 * t) - 1) / (1000 * log(0.998))
            #expect(isClose(Double(view.contentOffset.y), min(free, Double(maxY)), tolerance: 1e-9))
        }
        #expect(view.contentOffset.y == maxY)
        #expect(frames < 60)   // it hit the end early, not after the whole decay
        // And at the top.
        view.contentOffset = CGPoint(x: 0, y: 300)
        view.startDeceleration(velocity: -2000)
        h.frames(240)
        #expect(view.contentOffset.y == 0 && !view.isDecelerating)
    }

    @Test func aPanFlickKeepsScrollingAfterTheRelease() {
        let (_, view) = showGrid(count: 10_000)
        var t = 1.0
        h.down(200, 500, at: t)
        for y in stride(from: 480.0, through: 300.0, by: -20) {
            t += 1.0 / 60
            h.move(200, y, at: t)
            h.frames(1)
        }
        #expect(view.contentOffset.y == 180)   // 200 points, less the 20 the pan was recognized at
        h.up(200, 300, at: t)
        h.frames(1)
        #expect(view.isDecelerating)
        let released = view.contentOffset.y
        h.frames(30)
        // 20 pt per frame is 1200 pt/s: it travels on, at most 1200 x 0.4995 = 600 pt more.
        #expect(view.contentOffset.y > released + 100 && view.contentOffset.y < 200 + 600)
    }

    @Test func aTapSelectsTheItemUnderItAndTellsTheDelegate() {
        let (grid, view) = showGrid(count: 100)
        var selected: [IndexPath] = []
        grid.onSelect = { selected.append($0) }
        view.contentOffset = CGPoint(x: 0, y: 120)
        h.frames(1)
        // Window (95, 30) is content (95, 150): row 2, column 1 (x 70...120): item 13.
        h.down(95, 30, at: 1)
        h.up(95, 30, at: 1.05)
        h.frames(1)
        #expect(selected == [IndexPath(item: 13, section: 0)])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 13, section: 0)])
        #expect(view.cellForItem(at: IndexPath(item: 13, section: 0))?.isSelected == true)
    }
}
