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

/// The photo page: the cell's colour filling a wide image area on black.
@MainActor
final class ZoomPhotoPage: ViewController {
    /// The image area, in points (our choice: the full width, 4:3).
    static let imageFrame = CGRect(x: 0, y: 80, width: 400, height: 300)

    let imageView = View()
    let color: Color

    init(color: Color) {
        self.color = color
        super.init()
        title = "Photo"
    }

    /// Whether the image fills the page's width at 4:3, centred (the gallery's photo page), rather than
    /// sitting at ``imageFrame``.
    var fillsWidth = false

    override func viewDidLoad() {
        view.backgroundColor = .black
        imageView.frame = Self.imageFrame
        imageView.backgroundColor = color
        view.addSubview(imageView)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard fillsWidth else { return }
        let width = view.bounds.width, height = min(width * 3 / 4, view.bounds.height)
        imageView.frame = CGRect(x: (width - height * 4 / 3) / 2, y: (view.bounds.height - height) / 2, width: height * 4 / 3, height: height)
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
