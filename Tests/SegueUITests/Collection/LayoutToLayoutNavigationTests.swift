import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The navigation controller's layout-to-layout push and pop between collection view controllers sharing
/// one collection view, and the collection view's own interactive layout transition.
///
/// Geometry (window 400 x 600, bar 44: the collection view is 400 x 556, at y = 44 in the window):
/// - A: 50 x 50 items, spacing 10: 6 per row, columns 70 apart (justified), rows 60 apart.
/// - B: 100 x 100 items, spacing 10: 3 per row, columns 150 apart ((400 - 300) / 2 = 50 between), rows 110
///   apart. 120 items: 40 rows, 4390 pt tall.
/// - Item 14: in A row 2, column 2, centre (165, 145); in B row 4, column 2, centre (350, 490). Tapped at
///   offset 0, B's offset keeps its centre 145 pt below the top: 490 - 145 = 345 (within 0...4390 - 556).
@MainActor
@Suite struct LayoutToLayoutNavigationTests {
    let h = Harness()
    static let count = 120
    static let aSize = CGSize(width: 50, height: 50), bSize = CGSize(width: 100, height: 100)
    static let tapped = IndexPath(item: 14, section: 0)

    func aFrame(_ item: Int) -> CGRect { gridFrame(item, columns: 6, pitch: 70, rowPitch: 60, size: Self.aSize) }
    func bFrame(_ item: Int) -> CGRect { gridFrame(item, columns: 3, pitch: 150, rowPitch: 110, size: Self.bSize) }

    /// A in a navigation controller; tapping an item pushes B with layout-to-layout transitions.
    func makeStack() -> (NavigationController, GridController, GridController) {
        let a = GridController(itemSize: Self.aSize, count: Self.count)
        let b = GridController(itemSize: Self.bSize)
        b.useLayoutToLayoutNavigationTransitions = true
        let nav = NavigationController(rootViewController: a)
        // An opaque bar: the geometry below has the collection view below the bar (at window y = 44).
        nav.navigationBar.isTranslucent = false
        h.window.rootViewController = nav
        h.frames(1)
        a.onSelect = { [weak nav] _ in nav?.pushViewController(b, animated: true) }
        return (nav, a, b)
    }

    func settle(_ nav: NavigationController) {
        for _ in 0..<240 where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
    }

    /// Taps item 14 at its centre on screen (window y = 44 + 145).
    func tapItem14() {
        h.down(165, 189, at: 1)
        h.up(165, 189, at: 1.05)
    }

    /// The drawn frame of a cell, in the collection view's content coordinates.
    func drawnFrame(_ cell: View) -> CGRect {
        cell.layer.renderedProperties.frame
    }

    /// The drawn content offset.
    func drawnOffset(_ view: CollectionView) -> CGPoint { view.layer.renderedProperties.bounds.origin }

    /// After a transition: the collection view shows exactly `frame(item)` for the items on screen at
    /// `offset`, and nothing else.
    func checkAtRest(_ view: CollectionView, offset: CGFloat, frame: (Int) -> CGRect, rowPitch: CGFloat, rowHeight: CGFloat,
                     columns: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(isClose(view.contentOffset.y, offset), sourceLocation: sourceLocation)
        let rows = (0..<(Self.count + columns - 1) / columns).filter { k in
            let top = CGFloat(k) * rowPitch
            return top < offset + 556 + 50 && top + rowHeight > offset - 50
        }
        let expected = rows.flatMap { k in (k * columns..<min((k + 1) * columns, Self.count)) }.map { IndexPath(item: $0, section: 0) }
        #expect(view.indexPathsForVisibleItems == expected, sourceLocation: sourceLocation)
        #expect(view.subviews.count == expected.count, sourceLocation: sourceLocation)   // nothing left behind
        for indexPath in expected {
            #expect(view.cellForItem(at: indexPath)?.frame == frame(indexPath.item), sourceLocation: sourceLocation)
        }
    }

    @Test func theTappedItemStaysInPlaceThroughThePushWhichSharesTheCollectionView() throws {
        let (nav, a, b) = makeStack()
        let view = a.collectionView!
        tapItem14()
        #expect(nav.topViewController === b)
        #expect(b.collectionView === view && b.view === view)   // the pushed controller shares it
        var sawStart = false, sawMiddle = false, latest: CGFloat = 0
        var frames = 0
        repeat {
            h.frames(1)
            frames += 1
            guard let t = nav.currentTransition else { break }
            let cell = try #require(view.cellForItem(at: Self.tapped))
            let centreY = drawnFrame(cell).midY - drawnOffset(view).y
            #expect(isClose(centreY, 145, tolerance: 1e-9))
            let p = t.percentComplete
            if p == 0 { sawStart = true }
            if p > 0.45 && p < 0.55 { sawMiddle = true }
            latest = p
        } while frames < 120
        #expect(sawStart && sawMiddle && latest > 0.95)
        settle(nav)
        // At the end (the frame the transition completed in), still 145 pt below the top.
        #expect(view.cellForItem(at: Self.tapped).map { $0.frame.midY - view.contentOffset.y } == 145)
        #expect(view.collectionViewLayout === b.collectionViewLayout)
        #expect(view.delegate === b && view.dataSource === a)
        #expect(view.cellForItem(at: Self.tapped)?.frame.midY == 490)
        checkAtRest(view, offset: 345, frame: bFrame, rowPitch: 110, rowHeight: 100, columns: 3)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func thePopReturnsEveryItemToItsOldFrame() {
        let (nav, a, b) = makeStack()
        let view = a.collectionView!
        tapItem14()
        settle(nav)
        nav.popViewController(animated: true)
        var frames = 0
        while nav.currentTransition != nil, frames < 120 {
            h.frames(1)
            frames += 1
            if let cell = view.cellForItem(at: Self.tapped), nav.currentTransition != nil {
                #expect(isClose(drawnFrame(cell).midY - drawnOffset(view).y, 145, tolerance: 1e-9))
            }
        }
        settle(nav)
        #expect(nav.topViewController === a && a.view === view && b.viewIfLoaded == nil)
        #expect(view.collectionViewLayout === a.collectionViewLayout && view.delegate === a)
        checkAtRest(view, offset: 0, frame: aFrame, rowPitch: 60, rowHeight: 50, columns: 6)
        checkNavigationInvariants(nav, in: h.window)
    }

    /// Drags from the left edge to each x in `xs`, one frame apart.
    func edgeDrag(_ xs: [CGFloat], t0: Double = 10) -> Double {
        h.down(5, 300, at: t0)
        var t = t0
        for x in xs {
            t += 1.0 / 60
            h.move(x, 300, at: t)
            h.frames(1)
        }
        return t
    }

    @Test func anInteractivePopScrubbedHalfwayShowsTheInterpolatedFramesAndCancellingRestoresTheNewLayout() {
        let (nav, a, b) = makeStack()
        let view = a.collectionView!
        tapItem14()
        settle(nav)
        // p = (x - 5 - slop) / 400 = 0.5.
        let half = 5 + TransitionSettings.defaultPopSlop + 0.5 * 400
        // Held half a second: the drawn page has followed the resting finger through the tracking spring
        // (its distance decays by e^(-0.85 x 2pi/0.08 x 0.5), below 1e-14).
        let t = edgeDrag([40, 80, 120, half, half]) + 0.5
        h.frames(30)
        #expect(nav.currentTransition?.phase == .interacting)
        #expect(isClose(Double(nav.currentTransition?.percentComplete ?? -1), 0.5))
        // Halfway between B (offset 345) and A (offset 0), for the offset and for every item taking part.
        #expect(isClose(drawnOffset(view).y, 172.5))
        let shown = view.indexPathsForVisibleItems
        #expect(shown.contains(Self.tapped) && shown.count > 20)
        for indexPath in shown {
            let cell = view.cellForItem(at: indexPath)!
            let expected = CGRect.interpolate(from: bFrame(indexPath.item), to: aFrame(indexPath.item), fraction: 0.5)
            #expect(isClose(drawnFrame(cell), expected))
        }
        // Back to p = 0.2 and released at rest: below the commit fraction, the pop cancels.
        let back = 5 + TransitionSettings.defaultPopSlop + 0.2 * 400
        h.move(back, 300, at: t + 1.0 / 60)
        h.frames(1)
        h.move(back, 300, at: t + 2.0 / 60)
        h.frames(1)
        h.up(back, 300, at: t + 0.3)
        settle(nav)
        #expect(nav.topViewController === b && b.view === view && view.delegate === b)
        #expect(view.collectionViewLayout === b.collectionViewLayout)
        checkAtRest(view, offset: 345, frame: bFrame, rowPitch: 110, rowHeight: 100, columns: 3)
        checkNavigationInvariants(nav, in: h.window)
        // And the edge pan pops for real afterwards.
        _ = edgeDrag([40, 120, 200, 300, 380], t0: 20)
        h.up(380, 300, at: 20.2)
        settle(nav)
        #expect(nav.topViewController === a)
        checkAtRest(view, offset: 0, frame: aFrame, rowPitch: 60, rowHeight: 50, columns: 6)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func anUnanimatedPushAndPopSwapTheLayoutAtOnce() {
        let (nav, a, b) = makeStack()
        let view = a.collectionView!
        nav.pushViewController(b, animated: false)
        h.frames(1)
        #expect(b.view === view && view.collectionViewLayout === b.collectionViewLayout)
        checkAtRest(view, offset: 0, frame: bFrame, rowPitch: 110, rowHeight: 100, columns: 3)
        nav.popViewController(animated: false)
        h.frames(1)
        #expect(a.view === view && view.collectionViewLayout === a.collectionViewLayout)
        checkAtRest(view, offset: 0, frame: aFrame, rowPitch: 60, rowHeight: 50, columns: 6)
        checkNavigationInvariants(nav, in: h.window)
    }

    // MARK: The collection view's own transitions

    @Test func anInteractiveLayoutTransitionInterpolatesEveryItemAndCancelsExactly() {
        let a = GridController(itemSize: Self.aSize, count: Self.count)
        h.window.rootViewController = a
        h.frames(1)
        let view = a.collectionView!   // 400 x 600 here
        let next = CollectionViewFlowLayout()
        next.itemSize = Self.bSize
        var ended: (Bool, Bool)?
        let transition = view.startInteractiveTransition(to: next) { ended = ($0, $1) }
        #expect(view.collectionViewLayout === transition)
        transition.transitionProgress = 0.25
        h.frames(1)
        for indexPath in view.indexPathsForVisibleItems {
            let expected = CGRect.interpolate(from: aFrame(indexPath.item), to: bFrame(indexPath.item), fraction: 0.25)
            #expect(isClose(view.cellForItem(at: indexPath)!.frame, expected))
            #expect(isClose(transition.layoutAttributesForItem(at: indexPath)!.frame, expected))
        }
        view.cancelInteractiveTransition()
        for _ in 0..<60 where ended == nil { h.frames(1) }
        #expect(ended.map { !$0.0 && $0.1 } == true)
        #expect(view.collectionViewLayout === a.collectionViewLayout)
        #expect(view.subviews.count == view.visibleCells.count)
        for cell in view.visibleCells {
            #expect(cell.frame == aFrame(view.indexPath(for: cell)!.item))
        }
        checkLayersAtRest(in: h.window)
    }

    @Test func anAnimatedLayoutChangeEndsOnTheNewLayoutWithNothingLeftBehind() {
        let a = GridController(itemSize: Self.aSize, count: Self.count)
        h.window.rootViewController = a
        h.frames(1)
        let view = a.collectionView!
        let next = CollectionViewFlowLayout()
        next.itemSize = Self.bSize
        var finished: Bool?
        view.setCollectionViewLayout(next, animated: true) { finished = $0 }
        h.frames(3)
        let moving = view.cellForItem(at: IndexPath(item: 1, section: 0))!   // x 70 in A, 150 in B
        #expect(drawnFrame(moving).minX > aFrame(1).minX && drawnFrame(moving).minX < bFrame(1).minX)
        for _ in 0..<60 where finished == nil { h.frames(1) }
        #expect(finished == true)
        #expect(view.collectionViewLayout === next)
        #expect(view.subviews.count == view.visibleCells.count)
        for cell in view.visibleCells {
            #expect(cell.frame == bFrame(view.indexPath(for: cell)!.item))
        }
        checkLayersAtRest(in: h.window)
    }
}
