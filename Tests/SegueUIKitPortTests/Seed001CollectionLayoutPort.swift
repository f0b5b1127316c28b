// The collection view code of seed article 001_962d51d132c96333.txt ("UICollectionViewController 布局转场":
// a tap on a cell pushes a collection view controller with a new flow layout whose item size depends on
// the tapped item, with useLayoutToLayoutNavigationTransitions, so the navigation controller animates the
// layout instead of sliding pages), written in Swift 2 in the article. Changes forced:
// - Swift 2 -> Swift 6 spellings of the same UIKit API (what Apple's SDK itself renamed in Swift 3):
//   `collectionView(collectionView: UICollectionView, didSelectItemAtIndexPath indexPath: NSIndexPath)` ->
//   `collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)`;
// - `import UIKit` -> `import SegueUIKit`; `NSObject` dropped as the data source's superclass;
// - the article shows neither the controller class around the method nor its `dataSource` (a shared object
//   with a `cellCount`, so that the pushed controller, which shares the collection view, changes the same
//   counts): they are the smallest classes that hold them, after the article's demo project
//   (CollectionVCTestTwo with a shared CollectionViewDataSource), with the cell class registered in
//   `viewDidLoad` (the demo's storyboard did it); nested in `enum Seed001Collection` so the data source's
//   name does not hide SegueUIKit's protocol of the same name elsewhere in this target.
import SegueUIKit
import Testing

enum Seed001Collection {
    @MainActor
    final class CollectionViewDataSource: UICollectionViewDataSource {
        let reuseIdentifier = "Cell"
        static let sharedInstance = CollectionViewDataSource()

        var sectionCount = 2
        var cellCount = 15

        private init() {}

        func numberOfSections(in collectionView: UICollectionView) -> Int {
            return sectionCount
        }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            return cellCount
        }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: indexPath)
            if indexPath.section == 0 {
                cell.backgroundColor = UIColor.red
            } else {
                cell.backgroundColor = UIColor.blue
            }
            return cell
        }
    }

    class CollectionVCTestTwo: UICollectionViewController {
        var dataSource = CollectionViewDataSource.sharedInstance

        override func viewDidLoad() {
            super.viewDidLoad()
            self.collectionView?.register(UICollectionViewCell.self, forCellWithReuseIdentifier: dataSource.reuseIdentifier)
            self.collectionView?.dataSource = dataSource
        }

        // The article's code: the layout of the next level depends on the tapped cell.
        override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            //改变layout 可以创造出不同布局
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: indexPath.item * 10, height: indexPath.item * 10)
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 0, right: 10)
            //随机更改 cell 的数量
            dataSource.cellCount = Int(UInt32(arc4random()) % UInt32(10)) + 5
            let nextCVC = CollectionVCTestTwo(collectionViewLayout: layout)
            nextCVC.useLayoutToLayoutNavigationTransitions = true
            navigationController?.pushViewController(nextCVC, animated: true)
        }
    }
}

/// The seed's layout-to-layout push, run: tapping item 4 pushes a controller whose 40 x 40 layout the shared
/// collection view animates to, and the pop animates back.
///
/// Geometry (window 400 x 600, bar 44, collection view 400 x 556 at y = 44): the root layout is UIKit's
/// default flow layout (50 x 50, spacing 10): 6 items per row, columns 70 apart, rows 60 apart; two sections
/// of 15 (3 rows each), the second starting at 170. Item 4 of section 0 is at (280, 0), its centre on
/// screen at (305, 69). The pushed layout: 40 x 40 items, insets 10/10/0/10: 7 per 380-pt row
/// (7 x 40 + 6 x 10 = 340), spaced (380 - 280) / 6 apart, rows 50 apart from y = 10.
@MainActor
@Suite struct Seed001CollectionLayoutPortTests {
    let h = PortHarness()

    @Test func tappingACellPushesTheNextLevelByAnimatingTheSharedCollectionViewsLayout() throws {
        let root = Seed001Collection.CollectionVCTestTwo(collectionViewLayout: UICollectionViewFlowLayout())
        let nav = UINavigationController(rootViewController: root)
        h.window.rootViewController = nav
        h.frames(1)
        let collectionView = try #require(root.collectionView)
        #expect(collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.frame == CGRect(x: 280, y: 0, width: 50, height: 50))
        #expect(collectionView.cellForItem(at: IndexPath(item: 0, section: 1))?.frame == CGRect(x: 0, y: 170, width: 50, height: 50))

        h.down(305, 69, at: 1)
        h.up(305, 69, at: 1.05)
        let next = try #require(nav.topViewController as? Seed001Collection.CollectionVCTestTwo)
        #expect(next !== root && next.collectionView === collectionView)
        #expect((5...14).contains(Seed001Collection.CollectionViewDataSource.sharedInstance.cellCount))
        // Mid-push the cells are between the two layouts: item 4 moves from x = 280 towards x = 236.7.
        h.frames(8)
        let cell = try #require(collectionView.cellForItem(at: IndexPath(item: 4, section: 0)))
        let drawnX = cell.layer.presentation()!.frame.minX
        let pushedX = 10 + 4 * (40 + (380 - 280) / 6.0)
        #expect(nav.transitionCoordinator != nil && drawnX < 280 && drawnX > pushedX)
        for _ in 0..<60 where nav.transitionCoordinator != nil { h.frames(1) }
        h.frames(1)
        let pushed = try #require(collectionView.collectionViewLayout as? UICollectionViewFlowLayout)
        #expect(pushed.itemSize == CGSize(width: 40, height: 40))
        // The counts are those of the last reload (UIKit caches them too): still 2 x 15.
        let item4 = try #require(collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.frame)
        #expect(abs(item4.minX - pushedX) < 1e-9 && item4.minY == 10 && item4.size == CGSize(width: 40, height: 40))
        // Section 1 starts after section 0's three rows (10 + 3 x 40 + 2 x 10 = 150) and its top inset.
        #expect(collectionView.cellForItem(at: IndexPath(item: 0, section: 1))?.frame == CGRect(x: 10, y: 160, width: 40, height: 40))

        nav.popViewController(animated: true)
        for _ in 0..<60 where nav.transitionCoordinator != nil { h.frames(1) }
        h.frames(1)
        #expect(nav.topViewController === root && root.view === collectionView)
        #expect(collectionView.collectionViewLayout === root.collectionViewLayout)
        #expect(collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.frame == CGRect(x: 280, y: 0, width: 50, height: 50))
    }
}
