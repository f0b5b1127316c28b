// The zoom transition as Apple's documentation ("Enhancing your app with fluid transitions", UIKit, iOS 18)
// and the WWDC24 session "Enhance your UI animations and transitions" write it, in our own words and the
// articles' structure: a collection view of items; selecting one pushes a detail controller whose
// `preferredTransition` is `.zoom`, its source view provider reading the zoomed controller from the
// context ("use the context instead of capturing") and returning the cell that shows its item now; the
// session's version adds `ZoomOptions` with an `alignmentRectProvider` (the detail's image lines up with the
// cell) and an `interactiveDismissShouldBegin` (no dismissal while the detail is being edited).
//
// Changes Swift on Linux forces: `import UIKit` -> `import SegueUIKit`; `@MainActor` on the classes
// (Swift 6). Changes Segue forces: the documentation's diffable data source (`dataSource.indexPath(for:)`,
// `itemIdentifier(for:)`) -> an array of items and `firstIndex(of:)` (Segue has no diffable data source);
// the session's bracelet editor -> a plain detail controller with an image view.
import SegueUIKit
import Testing

@MainActor
final class ZoomItemCell: UICollectionViewCell {
    required init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .systemBlue
        layer.cornerRadius = 8
    }
}

@MainActor
final class ZoomDetailViewController: UIViewController {
    let item: Int
    let imageView = UIImageView()
    var isEditingItem = false
    init(item: Int) {
        self.item = item
        super.init()
    }
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        imageView.backgroundColor = .systemBlue
        imageView.frame = CGRect(x: 0, y: 100, width: view.bounds.width, height: view.bounds.width)
        view.addSubview(imageView)
    }
}

@MainActor
final class ZoomGridViewController: UICollectionViewController {
    var items = Array(0..<40)
    var usesSessionOptions = false

    init() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 90, height: 90)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        super.init(collectionViewLayout: layout)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(ZoomItemCell.self, forCellWithReuseIdentifier: "item")
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        items.count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    }

    /// The session's helper: the cell showing `item` now, if any.
    func cell(for item: Int) -> UICollectionViewCell? {
        guard let index = items.firstIndex(of: item) else { return nil }
        return collectionView.cellForItem(at: IndexPath(item: index, section: 0))
    }

    // Apple's documentation.
    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let item = items[indexPath.item]
        let detailViewController = ZoomDetailViewController(item: item)
        if usesSessionOptions {
            pushWithSessionOptions(detailViewController)
            return
        }
        detailViewController.preferredTransition = .zoom(sourceViewProvider: { context in
            // Use the context instead of capturing to avoid needing to handle changes.
            let detailViewController = context.zoomedViewController as! ZoomDetailViewController
            guard let index = self.items.firstIndex(of: detailViewController.item) else { return nil }
            // Return the cell for the current item.
            return collectionView.cellForItem(at: IndexPath(item: index, section: 0))
        })
        navigationController?.pushViewController(detailViewController, animated: true)
    }

    // WWDC24, "Enhance your UI animations and transitions".
    func pushWithSessionOptions(_ controller: ZoomDetailViewController) {
        let options = UIViewController.Transition.ZoomOptions()
        options.alignmentRectProvider = { context in
            let detail = context.zoomedViewController as! ZoomDetailViewController
            return detail.imageView.convert(detail.imageView.bounds, to: detail.view)
        }
        options.interactiveDismissShouldBegin = { context in
            context.willBegin && !controller.isEditingItem
        }
        controller.preferredTransition = .zoom(options: options) { context in
            let detail = context.zoomedViewController as! ZoomDetailViewController
            return self.cell(for: detail.item)
        }
        navigationController?.pushViewController(controller, animated: true)
    }
}

@MainActor
@Suite struct ZoomTransitionDocsPort {
    let h = PortHarness()

    func show() -> (UINavigationController, ZoomGridViewController) {
        let grid = ZoomGridViewController()
        let nav = UINavigationController(rootViewController: grid)
        nav.isNavigationBarHidden = true
        h.window.rootViewController = nav
        h.frames(2)
        return (nav, grid)
    }

    func settle(_ nav: UINavigationController) {
        for _ in 0..<240 where nav.transitionCoordinator != nil { h.frames(1) }
        h.frames(2)
    }

    /// A drag down from (200, 300) through `ys`, one move a frame from `t0`, let go `hold` s after.
    func dragDown(_ ys: [CGFloat], t0: Double, hold: Double) {
        h.down(200, 300, at: t0)
        var t = t0
        for y in ys {
            t += 1.0 / 60
            h.move(200, y, at: t)
            h.frames(1)
        }
        h.up(200, ys.last!, at: t + hold)
        h.frames(1)
    }

    func drawn(_ view: UIView) -> CGRect { view.layer.renderedProperties.frame }
    func inWindow(_ view: UIView) -> CGRect { view.convert(view.bounds, to: nil) }

    @Test func theDocumentationsZoomPushesFromTheCellAndReturnsToTheCellShowingTheItemAfterAScroll() {
        let (nav, grid) = show()
        let first = grid.collectionView.cellForItem(at: IndexPath(item: 4, section: 0))!
        let source = inWindow(first)
        grid.collectionView(grid.collectionView, didSelectItemAt: IndexPath(item: 4, section: 0))
        h.frames(1)
        let detail = nav.topViewController as! ZoomDetailViewController
        #expect(first.isHidden)
        #expect(abs(drawn(detail.view).minX - source.minX) < 1e-6 && abs(drawn(detail.view).width - source.width) < 1e-6)
        settle(nav)
        #expect(!first.isHidden && nav.topViewController === detail)
        // Meanwhile the items moved: item 4 is now shown by the cell at index 0.
        grid.items.swapAt(0, 4)
        nav.popViewController(animated: true)
        h.frames(1)
        let now = grid.collectionView.cellForItem(at: IndexPath(item: 0, section: 0))!
        #expect(now.isHidden)
        settle(nav)
        #expect(nav.topViewController === grid && !now.isHidden)
    }

    @Test func theSessionsOptionsAlignTheImageWithTheCellAndCanRefuseTheDismissal() {
        let (nav, grid) = show()
        grid.usesSessionOptions = true
        let cell = grid.collectionView.cellForItem(at: IndexPath(item: 1, section: 0))!
        let source = inWindow(cell)
        grid.collectionView(grid.collectionView, didSelectItemAt: IndexPath(item: 1, section: 0))
        h.frames(1)
        let detail = nav.topViewController as! ZoomDetailViewController
        // The image, not the page, lies on the cell at the start: the page is drawn larger than the cell.
        let pageDrawn = drawn(detail.view)
        #expect(abs(pageDrawn.width - source.width) < 1e-6)   // the image is as wide as the page
        #expect(pageDrawn.height > source.height + 1)
        #expect(abs(pageDrawn.minY + 100 * source.width / detail.view.bounds.width - source.minY) < 1e-6)
        settle(nav)
        detail.isEditingItem = true
        dragDown([310, 360, 500], t0: 10, hold: 0.3)
        settle(nav)
        #expect(nav.topViewController === detail)
        detail.isEditingItem = false
        dragDown([310, 360, 500], t0: 20, hold: 0.3)
        settle(nav)
        #expect(nav.topViewController === grid && !cell.isHidden)
    }
}
