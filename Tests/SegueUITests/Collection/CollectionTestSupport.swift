import Foundation
import SegueAnimation
@testable import SegueUI

/// A cell that counts how often it was prepared for reuse.
@MainActor
final class CountingCell: CollectionViewCell {
    var reuseCount = 0
    override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
    }
}

/// A collection view controller with `count` items in one section (cells of ``CountingCell``), recording
/// every distinct cell it was handed and calling `onSelect` for a tap.
@MainActor
final class GridController: CollectionViewController {
    static let reuseIdentifier = "cell"
    var count: Int
    var onSelect: ((IndexPath) -> Void)?
    /// Every distinct cell the collection view handed out.
    var cellsHandedOut: [ObjectIdentifier: CountingCell] = [:]

    init(itemSize: CGSize, count: Int = 0, configure: (CollectionViewFlowLayout) -> Void = { _ in }) {
        self.count = count
        let layout = CollectionViewFlowLayout()
        layout.itemSize = itemSize
        configure(layout)
        super.init(collectionViewLayout: layout)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(CountingCell.self, forCellWithReuseIdentifier: Self.reuseIdentifier)
    }

    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.reuseIdentifier, for: indexPath) as! CountingCell
        cellsHandedOut[ObjectIdentifier(cell)] = cell
        return cell
    }

    override func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        onSelect?(indexPath)
    }
}

/// The frame of a uniform flow layout's item, computed by hand: `columns` per row, `pitch` between column
/// starts and `rowPitch` between row starts, starting at `origin`.
func gridFrame(_ item: Int, columns: Int, pitch: CGFloat, rowPitch: CGFloat, size: CGSize, origin: CGPoint = .zero) -> CGRect {
    CGRect(x: origin.x + CGFloat(item % columns) * pitch, y: origin.y + CGFloat(item / columns) * rowPitch,
           width: size.width, height: size.height)
}
