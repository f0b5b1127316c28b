import Foundation
import SegueAnimation

/// The grid layout (`UICollectionViewFlowLayout`), scrolling vertically: each section starts below the
/// previous one, inset by its ``sectionInset``; its items fill rows from left to right, as many as fit in
/// the width between the insets with at least ``minimumInteritemSpacing`` between them; rows are
/// ``minimumLineSpacing`` apart, each as tall as its tallest item, items centred vertically in their row.
///
/// Spacing in a row, as UIKit's flow layout spaces uniform items: a full row (one that is not the section's
/// last) is justified, its spare width shared equally between its items (so it touches both insets); the
/// last row of a section uses the spacing of the section's full rows (so uniform items stay in columns),
/// or the minimum spacing when the section has no full row (or when that spacing would overflow); a lone
/// item in a row that is not the last is centred.
///
/// Differs from UIKit: vertical scrolling only (``scrollDirection`` has the one case); no headers or
/// footers; no estimated or self-sizing cells. Sizes and spacings may come per item and per section from the
/// collection view's delegate (``CollectionViewDelegateFlowLayout``), as in UIKit.
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
    /// The direction the content scrolls in.
    public enum ScrollDirection: Sendable, Hashable {
        /// Rows stacked top to bottom (the only one Segue lays out).
        case vertical
    }

    /// UIKit's default item size, in points (50 x 50).
    public static let defaultItemSize = CGSize(width: 50, height: 50)
    /// UIKit's default line and inter-item spacing, in points (10).
    public static let defaultSpacing: CGFloat = 10
    /// Slack in comparing widths, in points: sums of item widths and spacings are not exact.
    static let widthTolerance: CGFloat = 1e-9

    /// The size of every item, unless the delegate says otherwise (default 50 x 50).
    public var itemSize = CollectionViewFlowLayout.defaultItemSize { didSet { invalidateLayout() } }
    /// The spacing between rows, in points (default 10).
    public var minimumLineSpacing = CollectionViewFlowLayout.defaultSpacing { didSet { invalidateLayout() } }
    /// The least spacing between the items of a row, in points (default 10).
    public var minimumInteritemSpacing = CollectionViewFlowLayout.defaultSpacing { didSet { invalidateLayout() } }
    /// The margins around each section's items (default zero).
    public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// The scroll direction (vertical).
    public var scrollDirection = ScrollDirection.vertical { didSet { invalidateLayout() } }

    /// Every item's attributes, section by section, item by item (rows top to bottom).
    private var attributes: [CollectionViewLayoutAttributes] = []
    /// Where each section's items start in ``attributes``.
    private var sectionStarts: [Int] = []
    private var contentSize: CGSize = .zero

    /// A layout with UIKit's defaults.
    public override init() {
        super.init()
    }

    open override func prepare() {
        super.prepare()
        attributes.removeAll(keepingCapacity: true)
        sectionStarts.removeAll(keepingCapacity: true)
        guard let collectionView else { contentSize = .zero; return }
        let width = collectionView.bounds.width
        let sizing = collectionView.delegate as? any CollectionViewDelegateFlowLayout
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            sectionStarts.append(attributes.count)
            let inset = sizing?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing = sizing?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let minimumSpacing = sizing?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
                ?? minimumInteritemSpacing
            let count = collectionView.numberOfItems(inSection: section)
            let available = width - inset.left - inset.right
            y += inset.top
            var index = 0
            var fullRowSpacing: CGFloat?
            while index < count {
                // Fill a row.
                var row: [(IndexPath, CGSize)] = []
                var used: CGFloat = 0
                while index < count {
                    let indexPath = IndexPath(item: index, section: section)
                    let size = sizing?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? itemSize
                    let needed = row.isEmpty ? size.width : used + minimumSpacing + size.width
                    if !row.isEmpty, needed > available + Self.widthTolerance { break }
                    row.append((indexPath, size))
                    used = needed
                    index += 1
                }
                let isLastRow = index >= count
                let itemsWidth = row.reduce(0) { $0 + $1.1.width }
                let rowHeight = row.reduce(0) { max($0, $1.1.height) }
                var spacing = minimumSpacing
                var x = inset.left
                if row.count > 1 {
                    if !isLastRow {
                        spacing = (available - itemsWidth) / CGFloat(row.count - 1)
                        fullRowSpacing = fullRowSpacing ?? spacing
                    } else if let full = fullRowSpacing,
                              itemsWidth + full * CGFloat(row.count - 1) <= available + Self.widthTolerance {
                        spacing = full
                    }
                } else if !isLastRow {
                    x = inset.left + (available - itemsWidth) / 2
                }
                for (indexPath, size) in row {
                    let item = CollectionViewLayoutAttributes(forCellWith: indexPath)
                    item.frame = CGRect(x: x, y: y + (rowHeight - size.height) / 2, width: size.width, height: size.height)
                    attributes.append(item)
                    x += size.width + spacing
                }
                y += rowHeight
                if !isLastRow { y += lineSpacing }
            }
            y += inset.bottom
        }
        contentSize = CGSize(width: width, height: y)
    }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        attributes.filter { $0.frame.overlaps(rect) }.map { $0.copy() }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sectionStarts.count else { return nil }
        let start = sectionStarts[indexPath.section]
        let end = indexPath.section + 1 < sectionStarts.count ? sectionStarts[indexPath.section + 1] : attributes.count
        guard indexPath.item >= 0, start + indexPath.item < end else { return nil }
        return attributes[start + indexPath.item].copy()
    }
}
