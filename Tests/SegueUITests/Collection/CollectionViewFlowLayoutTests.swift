import Foundation
import Testing
import SegueAnimation
@testable import SegueUI

/// The flow layout's frames, computed by hand from the item size, spacings and insets.
@MainActor
@Suite struct CollectionViewFlowLayoutTests {
    /// A delegate with sizes per item.
    final class Sizes: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
        var counts: [Int]
        var sizes: [IndexPath: CGSize] = [:]
        init(counts: [Int]) { self.counts = counts }
        func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                            sizeForItemAt indexPath: IndexPath) -> CGSize {
            sizes[indexPath] ?? (collectionViewLayout as! CollectionViewFlowLayout).itemSize
        }
    }

    func collectionView(_ layout: CollectionViewFlowLayout, _ source: Sizes, width: CGFloat = 400) -> CollectionView {
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: 600), collectionViewLayout: layout)
        view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "c")
        view.dataSource = source
        view.delegate = source
        view.layoutIfNeeded()
        return view
    }

    @Test func fullRowsAreJustifiedTheLastRowKeepsTheirColumnsAndSectionsStackWithTheirInsets() {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 80, height: 60)
        layout.minimumInteritemSpacing = 15
        layout.minimumLineSpacing = 12
        layout.sectionInset = EdgeInsets(top: 20, left: 10, bottom: 30, right: 10)
        let view = collectionView(layout, Sizes(counts: [7, 2]))
        // 380 pt between the insets: 4 items fit (4 x 80 + 3 x 15 = 365; 5 need 475); the full row's spacing
        // is (380 - 320) / 3 = 20, so columns start 100 apart at x = 10.
        let size = CGSize(width: 80, height: 60)
        for item in 0..<7 {
            let expected = gridFrame(item, columns: 4, pitch: 100, rowPitch: 72, size: size, origin: CGPoint(x: 10, y: 20))
            #expect(view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame == expected)
        }
        // Section 1 starts after section 0's bottom (20 + 60 + 12 + 60 = 152) + 30 + 20 = 202. Its only row is
        // its last and it has no full row: the minimum spacing, 15.
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame == CGRect(x: 10, y: 202, width: 80, height: 60))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))?.frame == CGRect(x: 105, y: 202, width: 80, height: 60))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 1)) == nil)
        #expect(view.contentSize == CGSize(width: 400, height: 202 + 60 + 30))
    }

    @Test func aLoneItemInARowThatIsNotTheLastIsCentred() {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 300, height: 40)
        layout.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        let view = collectionView(layout, Sizes(counts: [3]))
        // One 300-pt item per 380-pt row: centred (x = 10 + 40) but in the last row, which starts at the inset.
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 50, y: 0, width: 300, height: 40))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 50, y: 50, width: 300, height: 40))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 10, y: 100, width: 300, height: 40))
    }

    @Test func theDelegatesSizesMakeRowsAsTallAsTheirTallestItemWithItemsCentredInThem() {
        let layout = CollectionViewFlowLayout()
        let sizes = Sizes(counts: [3])
        sizes.sizes = [IndexPath(item: 0, section: 0): CGSize(width: 100, height: 40),
                       IndexPath(item: 1, section: 0): CGSize(width: 100, height: 80),
                       IndexPath(item: 2, section: 0): CGSize(width: 250, height: 50)]
        let view = collectionView(layout, sizes)
        // Row 0: 100 + 10 + 100 fits, + 10 + 250 does not; justified: 200 pt between the two. 80 tall.
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 20, width: 100, height: 40))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 300, y: 0, width: 100, height: 80))
        // Row 1 at 80 + 10.
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 0, y: 90, width: 250, height: 50))
        #expect(view.contentSize.height == 140)
    }

    @Test func attributesInARectAreTheItemsWhoseFramesMeetIt() {
        let layout = CollectionViewFlowLayout()   // 50 x 50, spacing 10: 6 per 400-pt row, 70 apart
        let view = collectionView(layout, Sizes(counts: [30]))
        let found = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 55, width: 400, height: 10)).map(\.indexPath.item)
        #expect(found == [6, 7, 8, 9, 10, 11])   // row 1 (y 60...110) only: row 0 ends at 50
        #expect(view.indexPathForItem(at: CGPoint(x: 75, y: 65)) == IndexPath(item: 7, section: 0))
        #expect(view.indexPathForItem(at: CGPoint(x: 60, y: 65)) == nil)   // between columns
    }
}
