import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// `shouldInvalidateLayout(forBoundsChange:)` as UIKit's collection view uses it: asked on every change of
/// the bounds (a scroll included) before the change, and the layout invalidated exactly when it says so.
@MainActor
@Suite struct LayoutInvalidationTests {
    let h = Harness()   // 400 x 600
    /// The data source of the shown collection view (held: a data source is held weakly).
    let grid = GridController(itemSize: CGSize(width: 50, height: 50), count: 200)

    /// A flow layout that records what it is asked and answers `answer`, counting its `prepare()` calls.
    final class AskedLayout: CollectionViewFlowLayout {
        var answer: (CGRect) -> Bool
        var asked: [(old: CGRect, new: CGRect)] = []
        var prepares = 0
        init(answer: @escaping (CGRect) -> Bool) {
            self.answer = answer
            super.init()
            itemSize = CGSize(width: 50, height: 50)
        }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            asked.append((collectionView?.bounds ?? .zero, newBounds))
            return answer(newBounds)
        }
        override func prepare() {
            super.prepare()
            prepares += 1
        }
    }

    func show(_ layout: AskedLayout) -> CollectionView {
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), collectionViewLayout: layout)
        view.dataSource = grid
        view.register(CountingCell.self, forCellWithReuseIdentifier: GridController.reuseIdentifier)
        let root = ViewController()
        h.window.rootViewController = root
        root.view.addSubview(view)
        h.frames(1)
        return view
    }

    @Test func aScrollAsksTheLayoutWithTheNewBoundsAndInvalidatesItWhenItSaysSo() {
        let layout = AskedLayout { _ in true }   // a stretchy or sticky layout: every scroll re-lays out
        let view = show(layout)
        let before = layout.prepares
        layout.asked.removeAll()
        view.contentOffset = CGPoint(x: 0, y: 120)
        // Asked before the change: the collection view's bounds were still the old ones.
        #expect(layout.asked.count == 1)
        #expect(layout.asked.first?.old == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(layout.asked.first?.new == CGRect(x: 0, y: 120, width: 400, height: 600))
        #expect(layout.needsPrepare)
        view.layoutIfNeeded()
        #expect(layout.prepares == before + 1)
    }

    @Test func aScrollTheLayoutDoesNotCareAboutLeavesItPrepared() {
        let layout = AskedLayout { _ in false }
        let view = show(layout)
        let before = layout.prepares
        view.contentOffset = CGPoint(x: 0, y: 120)
        view.layoutIfNeeded()
        #expect(layout.asked.count >= 1 && !layout.needsPrepare && layout.prepares == before)
    }

    @Test func aLayoutThatSaysNoToAResizeIsNotPreparedAgain() {
        let layout = AskedLayout { _ in false }
        let view = show(layout)
        let before = layout.prepares
        view.frame = CGRect(x: 0, y: 0, width: 300, height: 500)
        view.layoutIfNeeded()
        #expect(layout.asked.last?.new == CGRect(x: 0, y: 0, width: 300, height: 500))
        #expect(layout.prepares == before)
    }

    @Test func byDefaultAResizeInvalidatesAndAScrollDoesNot() {
        let layout = CollectionViewFlowLayout()
        #expect(layout.shouldInvalidateLayout(forBoundsChange: .zero))   // not installed: nothing to keep
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), collectionViewLayout: layout)
        withExtendedLifetime(view) {   // the layout holds its collection view weakly
            #expect(!layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 300, width: 400, height: 600)))
            #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 500, height: 600)))
        }
    }
}
