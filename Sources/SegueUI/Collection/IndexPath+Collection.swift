import Foundation

extension IndexPath {
    /// The path of item `item` in section `section` (UIKit's `IndexPath(item:section:)`): a two-index path,
    /// section first.
    ///
    /// Differs from UIKit: on Linux, Foundation's `IndexPath` has no `item`/`section` (UIKit adds them on
    /// Apple's platforms); SegueUI adds them with the same meaning.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The path of row `row` in section `section` (UIKit's `IndexPath(row:section:)`, its table views'
    /// spelling): the same two-index path as ``init(item:section:)``, which code written for collection
    /// views also uses (Apple's PhotoTransitioning sample does).
    public init(row: Int, section: Int) {
        self.init(item: row, section: section)
    }

    /// The row (the second index, the same as ``item``; UIKit's table views' spelling).
    public var row: Int { item }

    /// The section (the first index); the path must have two indexes, as UIKit requires.
    public var section: Int {
        precondition(count == 2, "IndexPath.section: a collection view's index path has two indexes (section, item); this one has \(count)")
        return self[0]
    }

    /// The item within its section (the second index).
    public var item: Int {
        precondition(count == 2, "IndexPath.item: a collection view's index path has two indexes (section, item); this one has \(count)")
        return self[1]
    }
}
