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
/// With ``scrollDirection`` `.horizontal`, the same transposed: sections side by side, items filling columns
/// top to bottom, columns ``minimumLineSpacing`` apart.
///
/// Differs from UIKit: no headers or
/// footers; no estimated or self-sizing cells. Sizes and spacings may come per item and per section from the
/// collection view's delegate (``CollectionViewDelegateFlowLayout``), as in UIKit.
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
    /// The direction the content scrolls in.
    public enum ScrollDirection: Sendable, Hashable {
        /// Rows stacked top to bottom, each filled left to right.
        case vertical
        /// Columns side by side, left to right, each filled top to bottom (the vertical layout transposed).
        case horizontal
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
    /// The scroll direction (default vertical).
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
        // Laid out along a main axis (the scrolling one) and a cross axis: vertical scrolling fills rows
        // across the width; horizontal scrolling fills columns down the height, the same way transposed.
        let horizontal = scrollDirection == .horizontal
        let crossLength = horizontal ? collectionView.bounds.height : collectionView.bounds.width
        let sizing = collectionView.delegate as? any CollectionViewDelegateFlowLayout
        var main: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            sectionStarts.append(attributes.count)
            let inset = sizing?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing = sizing?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let minimumSpacing = sizing?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
                ?? minimumInteritemSpacing
            let count = collectionView.numberOfItems(inSection: section)
            let (crossStart, crossEnd) = horizontal ? (inset.top, inset.bottom) : (inset.left, inset.right)
            let available = crossLength - crossStart - crossEnd
            main += horizontal ? inset.left : inset.top
            var index = 0
            var fullLineSpacing: CGFloat?
            while index < count {
                // Fill a line (a row, or a column when scrolling sideways).
                var line: [(IndexPath, CGSize)] = []
                var used: CGFloat = 0
                while index < count {
                    let indexPath = IndexPath(item: index, section: section)
                    let size = sizing?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? itemSize
                    let across = horizontal ? size.height : size.width
                    let needed = line.isEmpty ? across : used + minimumSpacing + across
                    if !line.isEmpty, needed > available + Self.widthTolerance { break }
                    line.append((indexPath, size))
                    used = needed
                    index += 1
                }
                let isLastLine = index >= count
                let itemsAcross = line.reduce(0) { $0 + (horizontal ? $1.1.height : $1.1.width) }
                let thickness = line.reduce(0) { max($0, horizontal ? $1.1.width : $1.1.height) }
                var spacing = minimumSpacing
                var cross = crossStart
                if line.count > 1 {
                    if !isLastLine {
                        spacing = (available - itemsAcross) / CGFloat(line.count - 1)
                        fullLineSpacing = fullLineSpacing ?? spacing
                    } else if let full = fullLineSpacing,
                              itemsAcross + full * CGFloat(line.count - 1) <= available + Self.widthTolerance {
                        spacing = full
                    }
                } else if !isLastLine {
                    cross = crossStart + (available - itemsAcross) / 2
                }
                for (indexPath, size) in line {
                    let item = CollectionViewLayoutAttributes(forCellWith: indexPath)
                    item.frame = horizontal
                        ? CGRect(x: main + (thickness - size.width) / 2, y: cross, width: size.width, height: size.height)
                        : CGRect(x: cross, y: main + (thickness - size.height) / 2, width: size.width, height: size.height)
                    attributes.append(item)
                    cross += (horizontal ? size.height : size.width) + spacing
                }
                main += thickness
                if !isLastLine { main += lineSpacing }
            }
            main += horizontal ? inset.right : inset.bottom
        }
        contentSize = horizontal ? CGSize(width: main, height: collectionView.bounds.height)
                                 : CGSize(width: collectionView.bounds.width, height: main)
    }

    override var scrollsHorizontally: Bool { scrollDirection == .horizontal }

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
