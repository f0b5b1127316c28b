import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// `scrollToItem(at:at:animated:)`, a cell's `backgroundView`, and `IndexPath(row:section:)`.
@MainActor
@Suite struct CollectionViewScrollToItemTests {
    let h = Harness()   // 400 x 600

    /// A full-window grid of 100 50 x 50 items: 6 per row, rows 60 apart; content 17 rows, 1010 pt tall.
    func showGrid() -> CollectionView {
        let grid = GridController(itemSize: CGSize(width: 50, height: 50), count: 100)
        h.window.rootViewController = grid
        h.frames(1)
        return grid.collectionView
    }

    @Test func theVerticalPositionsPlaceTheItemAndTheOffsetStaysInRange() {
        let view = showGrid()
        let item = IndexPath(item: 36, section: 0)   // row 6: y 360...410
        view.scrollToItem(at: item, at: .top, animated: false)
        #expect(view.contentOffset == CGPoint(x: 0, y: 360))
        view.layoutIfNeeded()
        #expect(view.cellForItem(at: item)?.frame == CGRect(x: 0, y: 360, width: 50, height: 50))
        view.scrollToItem(at: item, at: .centeredVertically, animated: false)
        #expect(view.contentOffset == CGPoint(x: 0, y: 85))   // mid 385 - 300
        // Its bottom at the bottom would need an offset above the top: it stops at 0.
        view.scrollToItem(at: item, at: .bottom, animated: false)
        #expect(view.contentOffset == CGPoint(x: 0, y: 0))
        view.scrollToItem(at: IndexPath(item: 90, section: 0), at: .bottom, animated: false)   // row 15: ends at 950
        #expect(view.contentOffset == CGPoint(x: 0, y: 350))
        // The last row's top cannot reach the top: the offset stops at the end (1010 - 600).
        view.scrollToItem(at: IndexPath(item: 99, section: 0), at: .top, animated: false)
        #expect(view.contentOffset == CGPoint(x: 0, y: 410))
    }

    @Test func theTopPositionKeepsTheItemBelowTheAdjustedTopInset() {
        let view = showGrid()
        view.contentInset = EdgeInsets(top: 44, left: 0, bottom: 0, right: 0)
        view.scrollToItem(at: IndexPath(item: 36, section: 0), at: .top, animated: false)
        #expect(view.contentOffset == CGPoint(x: 0, y: 316))
    }

    @Test func aHorizontalPositionLeavesAVerticalCollectionViewWhereItIs() {
        let view = showGrid()
        view.contentOffset = CGPoint(x: 0, y: 120)
        view.scrollToItem(at: IndexPath(item: 60, section: 0), at: .centeredHorizontally, animated: false)
        #expect(view.contentOffset == CGPoint(x: 0, y: 120))
    }

    @Test func aBackgroundViewFillsTheCellBehindItsContent() {
        let cell = CollectionViewCell(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
        let background = View()
        cell.backgroundView = background
        #expect(cell.subviews.first === background && cell.subviews.last === cell.contentView)
        #expect(background.frame == cell.bounds && background.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        let other = View()
        cell.backgroundView = other
        #expect(background.superview == nil && cell.subviews.first === other)
        cell.backgroundView = nil
        #expect(other.superview == nil && cell.subviews.count == 1 && cell.subviews[0] === cell.contentView)
    }

    @Test func aRowIndexPathIsAnItemIndexPath() {
        #expect(IndexPath(row: 3, section: 1) == IndexPath(item: 3, section: 1))
        #expect(IndexPath(item: 7, section: 0).row == 7)
    }
}
