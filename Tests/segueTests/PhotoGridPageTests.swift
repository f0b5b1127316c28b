import Foundation
import Testing
import SegueAnimation
import SegueUI
@testable import segue

/// The gallery's photo grid: a tap pushes the next level by animating the one collection view to bigger
/// items, the tapped photo held in place; the edge pan's pop brings the small grid back.
///
/// Geometry (window 400 x 600, bar 44): level 0 has 70-pt photos, 4-pt gutters and insets: 5 per 392-pt row
/// (5 x 70 + 4 x 4 = 366), columns (392 - 350) / 4 + 70 = 80.5 apart, rows 74 apart. Photo 7 (row 1,
/// column 2) is at (165, 78), its centre at (200, 113), on screen at (200, 157). Level 1 has 110-pt photos:
/// 3 per row, columns (392 - 330) / 2 + 110 = 141 apart, rows 114 apart: photo 7 (row 2, column 1) at
/// (145, 232), centre y 287, so the offset that holds it is 287 - 113 = 174.
@MainActor
@Suite struct PhotoGridPageTests {
    let h = Harness(size: CGSize(width: 400, height: 600))

    @Test func tappingAPhotoPushesBiggerPhotosWithTheTappedOneHeldInPlace() throws {
        let root = PhotoGridPage()
        let nav = NavigationController(rootViewController: root)
        nav.navigationBar.isTranslucent = false   // as in the gallery (the geometry below is below the bar)
        h.window.rootViewController = nav
        h.frames(1)
        let grid = try #require(root.collectionView)
        #expect(grid.cellForItem(at: IndexPath(item: 7, section: 0))?.frame == CGRect(x: 165, y: 78, width: 70, height: 70))
        h.down(200, 157, at: 1)
        h.up(200, 157, at: 1.05)
        let next = try #require(nav.topViewController as? PhotoGridPage)
        #expect(next.level == 1 && next.collectionView === grid)
        for _ in 0..<60 where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
        let photo = try #require(grid.cellForItem(at: IndexPath(item: 7, section: 0)))
        #expect(photo.frame == CGRect(x: 145, y: 232, width: 110, height: 110))
        #expect(abs(grid.contentOffset.y - 174) < 1e-9)
        #expect(abs(photo.contentView.layer.cornerRadius - 110 * PhotoGridPage.cornerRadiusFraction) < 1e-9)
        #expect((photo as? PhotoCell)?.photo == 7)
        // The edge pan pops it back, all the way.
        h.down(5, 300, at: 10)
        var t = 10.0
        for x in stride(from: 60.0, through: 380, by: 80) {
            t += 1.0 / 60
            h.move(x, 300, at: t)
            h.frames(1)
        }
        h.up(380, 300, at: t)
        for _ in 0..<120 where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
        #expect(nav.topViewController === root && grid.collectionViewLayout === root.collectionViewLayout)
        #expect(grid.cellForItem(at: IndexPath(item: 7, section: 0))?.frame == CGRect(x: 165, y: 78, width: 70, height: 70))
        #expect(abs(grid.contentOffset.y) < 1e-9)
    }
}
