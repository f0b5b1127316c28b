import Foundation
import SegueAnimation
import SegueUI

/// The gallery's zoom demo (Photos-style): a grid of coloured squares; a tap zooms the square into a photo
/// page's image area, the back button or a drag down zooms it back into the same square
/// (``SegueUI/ZoomTransition``). A plain grid of views: it does not depend on a collection view.
@MainActor
final class ZoomGridPage: ViewController {
    /// Columns and rows of the grid.
    static let columns = 3, rows = 4
    /// The side of a square and the gap between squares, in points (our choice: three across 400 points).
    static let side = 124.0, gap = 4.0

    private(set) var cells: [View] = []
    /// Called with the cell's index when a cell is tapped.
    var onSelect: ((Int) -> Void)?

    /// The colour of cell `index` (hues around the wheel).
    static func color(at index: Int) -> Color {
        let hue = Double(index) / Double(columns * rows)
        return Color(red: 0.5 + 0.5 * cos(2 * .pi * hue), green: 0.5 + 0.5 * cos(2 * .pi * (hue - 1.0 / 3)),
                     blue: 0.5 + 0.5 * cos(2 * .pi * (hue - 2.0 / 3)))
    }

    override func viewDidLoad() {
        view.backgroundColor = .white
        for i in 0..<(Self.columns * Self.rows) {
            let cell = View(frame: CGRect(x: Self.gap + Double(i % Self.columns) * (Self.side + Self.gap),
                                          y: Self.gap + Double(i / Self.columns) * (Self.side + Self.gap),
                                          width: Self.side, height: Self.side))
            cell.backgroundColor = Self.color(at: i)
            cell.layer.cornerRadius = 6
            let tap = TapGestureRecognizer()
            tap.addAction { [weak self] _ in self?.onSelect?(i) }
            cell.addGestureRecognizer(tap)
            view.addSubview(cell)
            cells.append(cell)
        }
    }
}

/// The photo page: the cell's colour filling a wide image area on black; in the gallery, a scrolling list
/// of the photo's details below it (``showsDetails``).
@MainActor
final class ZoomPhotoPage: ViewController {
    /// The image area, in points (our choice: the full width, 4:3).
    static let imageFrame = CGRect(x: 0, y: 80, width: 400, height: 300)
    /// The rows of the details list, and their height in points (our choice: a settings-like list).
    static let detailRows = 30, detailRowHeight = 44.0

    let imageView = View()
    let color: Color
    /// The details list (with ``showsDetails``): it scrolls while it can; a drag down with it at its top,
    /// or one that scrolls it to its top and goes on, dismisses the zoom (the list hands the drag over).
    private(set) var detailsList: CollectionView?

    init(color: Color) {
        self.color = color
        super.init()
        title = "Photo"
    }

    /// Whether the image fills the page's width at 4:3, centred (the gallery's photo page), rather than
    /// sitting at ``imageFrame``.
    var fillsWidth = false
    /// Whether the page shows its details list: the image at 4:3 across the width (at most half the
    /// page's height) at the top, the list under it.
    var showsDetails = false
    private let rows = DetailRows()

    override func viewDidLoad() {
        view.backgroundColor = .black
        imageView.frame = Self.imageFrame
        imageView.backgroundColor = color
        view.addSubview(imageView)
        guard showsDetails else { return }
        let layout = CollectionViewFlowLayout()
        layout.minimumLineSpacing = 1
        let list = CollectionView(frame: .zero, collectionViewLayout: layout)
        list.accessibilityIdentifier = "photo.details"
        list.backgroundColor = Color(white: 0.12, alpha: 1)
        list.register(CollectionViewCell.self, forCellWithReuseIdentifier: DetailRows.reuseIdentifier)
        list.dataSource = rows
        rows.tint = color
        view.addSubview(list)
        detailsList = list
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        if showsDetails, let list = detailsList {
            let top = view.safeAreaInsets.top
            let height = min(bounds.width * 3 / 4, (bounds.height - top) / 2)
            imageView.frame = CGRect(x: (bounds.width - height * 4 / 3) / 2, y: top, width: height * 4 / 3, height: height)
            list.frame = CGRect(x: 0, y: top + height, width: bounds.width, height: bounds.height - top - height)
            (list.collectionViewLayout as? CollectionViewFlowLayout)?.itemSize = CGSize(width: bounds.width, height: Self.detailRowHeight)
            return
        }
        guard fillsWidth else { return }
        let width = bounds.width, height = min(width * 3 / 4, bounds.height)
        imageView.frame = CGRect(x: (width - height * 4 / 3) / 2, y: (bounds.height - height) / 2, width: height * 4 / 3, height: height)
    }

    /// The details: rows of grey, each with a swatch of the photo's colour at its leading end.
    @MainActor
    final class DetailRows: CollectionViewDataSource {
        static let reuseIdentifier = "detail"
        var tint = Color.white
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { ZoomPhotoPage.detailRows }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.reuseIdentifier, for: indexPath)
            cell.contentView.backgroundColor = Color(white: indexPath.item % 2 == 0 ? 0.2 : 0.24, alpha: 1)
            if cell.contentView.subviews.isEmpty {
                let swatch = View(frame: CGRect(x: 16, y: 12, width: 20, height: 20))
                swatch.layer.cornerRadius = 4
                cell.contentView.addSubview(swatch)
                let bar = View(frame: CGRect(x: 48, y: 18, width: 160, height: 8))
                bar.backgroundColor = Color(white: 0.45, alpha: 1)
                bar.layer.cornerRadius = 4
                cell.contentView.addSubview(bar)
            }
            cell.contentView.subviews[0].backgroundColor = tint
            cell.contentView.subviews[1].frame.size.width = 100 + Double((indexPath.item * 37) % 140)
            return cell
        }
    }
}

/// The demo's navigation controller: the grid at the root; a tap pushes the photo page with a zoom that
/// the demo keeps (navigation controllers hold their delegate weakly).
@MainActor
final class ZoomFromCellDemo {
    let navigationController: NavigationController
    private var zoom: ZoomTransition?

    init() {
        let grid = ZoomGridPage()
        navigationController = NavigationController(rootViewController: grid)
        navigationController.navigationBar.isTranslucent = false
        grid.onSelect = { [weak self, unowned grid] i in
            guard let self else { return }
            let photo = ZoomPhotoPage(color: ZoomGridPage.color(at: i))
            let zoom = ZoomTransition(detail: photo, sourceView: { [unowned grid] in grid.cells[i] },
                                      destinationView: { [unowned photo] in photo.imageView })
            self.zoom = zoom
            self.navigationController.delegate = zoom
            self.navigationController.pushViewController(photo, animated: true)
        }
    }
}
