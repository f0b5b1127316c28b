import Foundation
import SegueAnimation
import SegueUI

/// A Photos-style grid for the gallery: coloured rounded "photos" in a flow layout; tapping one pushes the
/// next level, a ``PhotoGridPage`` with bigger items and layout-to-layout navigation transitions, so the
/// one collection view animates from the small grid to the big one with the tapped photo held in place
/// (seed 001 §4; the Photos app's years -> moments -> photos). The edge pan pops back the same way,
/// scrubbed.
///
/// Made to be put in a navigation controller (`NavigationController(rootViewController: PhotoGridPage())`).
@MainActor
final class PhotoGridPage: CollectionViewController {
    /// The number of photos (enough to scroll through several screens).
    static let photoCount = 240
    /// The item side at each level, in points: 4+ columns, then 3, then 2, then 1 on a 400-pt window.
    static let levelItemSides: [CGFloat] = [70, 110, 180, 360]
    /// The spacing between photos, in points (Photos' thin gutters).
    static let spacing: CGFloat = 4
    /// The corner radius of a photo, as a fraction of its side.
    static let cornerRadiusFraction: CGFloat = 0.12
    /// The reuse identifier of the photo cells.
    static let reuseIdentifier = "photo"

    /// The depth in the stack (0: the root grid).
    let level: Int
    /// Opens a photo from the last level (a tap there): the gallery zooms it from its cell. Passed on to
    /// each level pushed.
    var openPhoto: ((PhotoGridPage, IndexPath) -> Void)?

    /// The grid at `level` (0 for the root).
    init(level: Int = 0) {
        self.level = level
        let layout = CollectionViewFlowLayout()
        let side = Self.levelItemSides[min(level, Self.levelItemSides.count - 1)]
        layout.itemSize = CGSize(width: side, height: side)
        layout.minimumInteritemSpacing = Self.spacing
        layout.minimumLineSpacing = Self.spacing
        layout.sectionInset = EdgeInsets(top: Self.spacing, left: Self.spacing, bottom: Self.spacing, right: Self.spacing)
        super.init(collectionViewLayout: layout)
        title = level == 0 ? "Photos" : "Level \(level + 1)"
        useLayoutToLayoutNavigationTransitions = level > 0
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // A page pushed with layout-to-layout transitions shares the root's collection view (already set up).
        guard level == 0 else { return }
        collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: Self.reuseIdentifier)
        collectionView.backgroundColor = .white
    }

    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        Self.photoCount
    }

    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.reuseIdentifier, for: indexPath)
        (cell as? PhotoCell)?.show(photo: indexPath.item)
        return cell
    }

    override func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        guard level + 1 < Self.levelItemSides.count else {
            openPhoto?(self, indexPath)
            return
        }
        let next = PhotoGridPage(level: level + 1)
        next.openPhoto = openPhoto
        navigationController?.pushViewController(next, animated: true)
    }
}

/// A "photo": a rounded tile in a colour of its own, whose corner radius follows its size.
@MainActor
final class PhotoCell: CollectionViewCell {
    /// The photo shown.
    private(set) var photo = 0

    /// Shows photo `index`: a hue walked around the colour wheel (golden-angle steps, so neighbours differ),
    /// lighter and darker by rows of six.
    func show(photo index: Int) {
        photo = index
        contentView.backgroundColor = Self.color(of: index)
    }

    override func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        contentView.layer.cornerRadius = min(layoutAttributes.size.width, layoutAttributes.size.height)
            * PhotoGridPage.cornerRadiusFraction
    }

    /// The golden angle as a fraction of a turn, (3 - √5) / 2: consecutive hues never line up.
    static let goldenTurn = (3 - 5.0.squareRoot()) / 2

    /// Photo `index`'s colour.
    static func color(of index: Int) -> Color {
        let hue = (Double(index) * goldenTurn).truncatingRemainder(dividingBy: 1)
        let brightness = 0.75 + 0.2 * Double((index / 6) % 2)
        return hsb(hue: hue, saturation: 0.55, brightness: brightness)
    }

    /// An RGB colour from hue, saturation and brightness (each 0...1).
    static func hsb(hue: Double, saturation s: Double, brightness v: Double) -> Color {
        let h = hue * 6
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        return Color(red: r, green: g, blue: b)
    }
}
