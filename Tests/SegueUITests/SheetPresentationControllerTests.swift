import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The page sheet of iOS 15-27 (UISheetPresentationController): configured before presenting, detents,
/// the presenter's recession, drags between detents, the undimmed detent.
@MainActor
@Suite struct SheetPresentationControllerTests {
    let h = Harness()   // 400 x 600: large = 600 - 62 = 538 pt full width; medium = 600 x 451/874 = 310 pt, a card 8 pt in
    let log = CallLog()

    /// Presents "B" with medium and large detents, configured before `present` as Apple's code does.
    func presentDetentSheet(selected: SheetPresentationController.Detent.Identifier? = nil)
        -> (a: LoggingViewController, b: LoggingViewController, sheet: SheetPresentationController) {
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let b = LoggingViewController("B", log: log)
        let sheet = b.sheetPresentationController!
        sheet.detents = [.medium(), .large()]
        sheet.selectedDetentIdentifier = selected
        a.present(b, animated: true)
        #expect(b.presentationController === sheet)
        h.settlePresentations(then: 120)
        return (a, b, sheet)
    }

    @Test func theSheetReadBeforePresentingIsUsedAndRestsAtItsSmallestDetent() {
        let (a, b, sheet) = presentDetentSheet()
        #expect(b.view.frame == CGRect(x: 8, y: 600 - 8 - 310, width: 384, height: 310))
        #expect(sheet.dimmingView.alpha == 0.2)
        // At medium the presenter does not recede (it does between medium and large).
        #expect(a.view.transform == .identity)
        #expect(log.entries == ["B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
    }

    @Test func atTheLargeDetentThePresenterRecedes() {
        let (a, b, sheet) = presentDetentSheet(selected: .large)
        #expect(b.view.frame == CGRect(x: 0, y: 62, width: 400, height: 538))
        // Scaled by 0.92 about its centre, its top 10 pt above the sheet's (y = 52), the sheet's corners (62 pt).
        let s = SheetPresentationController.recededScale
        #expect(a.view.transform.a == s && a.view.transform.d == s)
        #expect(abs(a.view.frame.minY - 52) < 1e-9 && abs(a.view.frame.width - 400 * s) < 1e-9)
        #expect(a.view.layer.cornerRadius == 62 && a.view.clipsToBounds)
        #expect(b.view.layer.cornerRadius == sheet.cornerRadius)
        b.dismiss(animated: true)
        h.settlePresentations(then: 120)
        #expect(a.view.transform == .identity && a.view.layer.cornerRadius == 0 && !a.view.clipsToBounds)
        #expect(a.view.layer.renderedProperties.transform == .identity)
    }

    @Test func aCustomDetentResolvesAgainstTheMaximumValue() {
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let b = LoggingViewController("B", log: log)
        let sheet = b.sheetPresentationController!
        var seen: CGFloat = 0
        sheet.detents = [.custom(identifier: .init("quarter")) { context in
            seen = context.maximumDetentValue
            return context.maximumDetentValue / 4
        }, .large()]
        a.present(b, animated: false)
        h.settlePresentations(then: 120)
        #expect(seen == 538)
        // A floating card: 8 pt in from the sides and the bottom.
        #expect(b.view.frame == CGRect(x: 8, y: 592 - 134.5, width: 384, height: 134.5))
    }

    @Test func changingTheDetentInCodeMovesTheSheetAnimatedInsideAnimateChanges() {
        let (_, b, sheet) = presentDetentSheet()
        sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
        #expect(b.view.frame == CGRect(x: 0, y: 62, width: 400, height: 538))
        h.frames(2)
        let drawn = b.view.layer.renderedProperties.frame.minY
        #expect(drawn > 62 && drawn < 282)
        h.settlePresentations(then: 120)
        #expect(b.view.layer.renderedProperties.frame.minY == 62)
        // Outside animateChanges: at once.
        sheet.selectedDetentIdentifier = .medium
        h.frames(1)
        #expect(b.view.layer.renderedProperties.frame.minY == 282)
    }

    @Test func aDragUpReleasedPastHalfWayRestsAtLargeAndAFlickDownGoesBackToMedium() {
        let (a, b, sheet) = presentDetentSheet()
        // Up 200 pt from medium's top (the drag counts from the first move, y = 380).
        h.dragSheet(from: 400, to: [380, 280, 180, 180], hold: 0.2)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .large)
        #expect(b.view.frame.minY == 62 && b.view.layer.renderedProperties.frame.minY == 62)
        #expect(abs(a.view.frame.minY - 52) < 1e-9)
        // A short flick down from large: the projection carries it to medium.
        h.dragSheet(from: 200, to: [220, 240, 260], t0: 20, hold: 0)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .medium)
        #expect(b.view.frame.minY == 282 && a.view.transform == .identity)
        #expect(a.presentedViewController === b)
    }

    @Test func theProjectionIsWWDCsFormula() {
        #expect(abs(SheetPresentationController.projectedDistance(velocity: 1000) - 499) < 1e-9)
    }

    @Test func releasedFarBelowTheSmallestDetentTheSheetIsDismissedAndTheDelegateHears() {
        let (a, _, sheet) = presentDetentSheet(selected: .large)
        let delegate = AdaptiveDelegateLog()
        sheet.delegate = delegate
        log.clear()
        // From large (538 pt) down past medium (310 pt tall) to 78 pt tall: 75 % below the smallest, at rest.
        h.dragSheet(from: 100, to: [120, 300, 480, 560, 560], hold: 0.2)
        h.settlePresentations(then: 120)
        #expect(a.presentedViewController == nil)
        #expect(delegate.entries == ["shouldDismiss", "willDismiss", "didDismiss"])
        #expect(log.entries == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)"])
        #expect(a.view.transform == .identity)
    }

    /// Found by the monkey (seed 17 of 20,000 events): a sheet dragged from large to below medium while a
    /// second sheet was presented on it, then let go with a flick down, asked for the user's dismissal of
    /// a presenter (which dismisses what it presents) and was left where the finger let go. Covered, it
    /// cannot be dismissed by the drag: it settles at its smallest detent and both sheets stay.
    @Test func aSheetCoveredDuringItsDragIsNotDismissedByTheReleaseAndSettlesAtItsSmallestDetent() {
        let (a, b, sheet) = presentDetentSheet(selected: .large)
        // From large (top at 62) down to 235 pt tall (a card below medium), one move a frame: still held.
        let t = h.drag(from: CGPoint(x: 200, y: 100), through: [120, 200, 300, 403].map { CGPoint(x: 200, y: $0) }, release: false)
        let c = LoggingViewController("C", log: log)
        b.present(c, animated: true)
        h.frames(1)
        #expect(b.presentedViewController === c && h.window.modalPresentations.currentTransition != nil)
        // A flick down (about 2,000 pt/s) that would dismiss an uncovered sheet from there.
        h.window.handle(.pointer(PointerEvent(phase: .moved, location: CGPoint(x: 200, y: 440), timestamp: t + 1.0 / 60)))
        h.window.handle(.pointer(PointerEvent(phase: .up, location: CGPoint(x: 200, y: 470), timestamp: t + 2.0 / 60)))
        h.settlePresentations(then: 120)
        #expect(a.presentedViewController === b && b.presentedViewController === c)
        #expect(sheet.selectedDetentIdentifier == .medium)
        // At its detent, untransformed (the sheet on it recedes it by a transform alone).
        #expect(b.view.bounds.size == CGSize(width: 384, height: 310) && b.view.center == CGPoint(x: 200, y: 282 + 155))
        #expect(b.view.layer.renderedProperties.frame == b.view.frame)
    }

    @Test func atTheUndimmedDetentTouchesOutsideTheSheetReachThePresenter() {
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let b = LoggingViewController("B", log: log)
        let sheet = b.sheetPresentationController!
        sheet.detents = [.medium(), .large()]
        sheet.largestUndimmedDetentIdentifier = .medium
        a.present(b, animated: false)
        h.settlePresentations(then: 120)
        #expect(sheet.dimmingView.alpha == 0)
        #expect(h.window.hitTest(CGPoint(x: 200, y: 100), with: nil) === a.view)
        #expect(h.window.hitTest(CGPoint(x: 200, y: 400), with: nil) === b.view)
        // At large (dimmed) the container stops them again.
        sheet.selectedDetentIdentifier = .large
        h.frames(1)
        #expect(sheet.dimmingView.alpha == 0.2)
        #expect(h.window.hitTest(CGPoint(x: 200, y: 20), with: nil) !== a.view)
    }

    @Test func theGrabberIsACapsuleAtTheTopOfTheSheetWhileItIsWanted() {
        let (_, b, sheet) = presentDetentSheet()
        #expect(sheet.grabberView.superview == nil)
        sheet.prefersGrabberVisible = true
        // 36 x 5, centred, 5 pt below the sheet's top, above its content.
        #expect(sheet.grabberView.superview === b.view && b.view.subviews.last === sheet.grabberView)
        #expect(sheet.grabberView.frame == CGRect(x: 192 - 18, y: 5, width: 36, height: 5))
        #expect(sheet.grabberView.layer.cornerRadius == 2.5)
        sheet.prefersGrabberVisible = false
        #expect(sheet.grabberView.superview == nil)
    }

    // MARK: The delegate and scroll views in the sheet

    final class DetentDelegate: SheetPresentationControllerDelegate {
        var changes: [SheetPresentationController.Detent.Identifier?] = []
        func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheet: SheetPresentationController) {
            changes.append(sheet.selectedDetentIdentifier)
        }
    }

    @Test func theDelegateHearsOfTheUsersDetentChangesOnlyNotOfCodes() {
        let (_, _, sheet) = presentDetentSheet()
        let delegate = DetentDelegate()
        sheet.delegate = delegate
        sheet.selectedDetentIdentifier = .large
        sheet.animateChanges { sheet.selectedDetentIdentifier = .medium }
        h.settlePresentations(then: 120)
        #expect(delegate.changes.isEmpty)
        // A drag up released past the middle: large, told once at the release.
        h.dragSheet(from: 400, to: [380, 280, 180, 180], hold: 0.2)
        #expect(delegate.changes == [.large])
        h.settlePresentations(then: 120)
        // A drag that lets go where it started (back at large): no change, nothing told.
        h.dragSheet(from: 200, to: [220, 230, 230], t0: 20, hold: 0.3)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .large)
        #expect(delegate.changes == [.large])
    }

    /// Presents a list of 40 rows 50 pt tall (2,000 pt of content) as a sheet with medium and large
    /// detents: the sheet's view is the collection view.
    func presentListSheet(expands: Bool = true, selected: SheetPresentationController.Detent.Identifier? = nil)
        -> (list: GridController, sheet: SheetPresentationController) {
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let list = GridController(itemSize: CGSize(width: 400, height: 50), count: 40) { $0.minimumLineSpacing = 0 }
        let sheet = list.sheetPresentationController!
        sheet.detents = [.medium(), .large()]
        sheet.selectedDetentIdentifier = selected
        sheet.prefersScrollingExpandsWhenScrolledToEdge = expands
        a.present(list, animated: true)
        h.settlePresentations(then: 120)
        #expect(list.collectionView.enclosingSheet === sheet)
        return (list, sheet)
    }

    @Test func scrollingUpAtTheTopEdgeExpandsTheSheetInsteadOfScrolling() {
        let (list, sheet) = presentListSheet()
        let top = list.collectionView.contentOffset.y
        #expect(list.collectionView.isAtTopEdge)
        // Up 190 pt in the list of the sheet at medium (y 282...592): 500 pt tall, short of large (538 pt).
        h.dragSheet(from: 500, to: [490, 400, 300, 300], hold: 0.2)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .large)
        #expect(list.view.frame.minY == 62)
        #expect(list.collectionView.contentOffset.y == top)
        // At large the same drag scrolls the content: the sheet has nowhere higher to go.
        // (The list follows from 12 pt in, where the drag passed its 10-pt slop: 288 pt of scroll.)
        h.dragSheet(from: 500, to: [488, 400, 300, 200, 200], t0: 20, hold: 0.2)
        h.settlePresentations(then: 120)
        #expect(list.view.frame.minY == 62)
        #expect(list.collectionView.contentOffset.y > top + 250)
    }

    @Test func withoutScrollingExpandsTheListScrollsAndTheSheetStays() {
        let (list, sheet) = presentListSheet(expands: false)
        let top = list.collectionView.contentOffset.y
        h.dragSheet(from: 500, to: [488, 400, 300, 200, 200], hold: 0.2)   // 288 pt of scroll after the slop
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == nil)
        #expect(list.view.frame.minY == 282)
        #expect(list.collectionView.contentOffset.y > top + 250)
    }

    @Test func draggingDownScrollsTheContentBackFirstAndMovesTheSheetOnlyFromTheTopEdge() {
        let (list, sheet) = presentListSheet(selected: .large)
        let top = list.collectionView.contentOffset.y
        list.collectionView.contentOffset.y = top + 600
        h.frames(1)
        // Down 250 pt with the content scrolled: the content scrolls back, the sheet stays at large.
        h.dragSheet(from: 200, to: [212, 300, 400, 462, 462], hold: 0.2)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .large && list.view.frame.minY == 62)
        // (the list follows from where the drag passed its 10-pt slop, 212: 250 pt).
        #expect(abs(list.collectionView.contentOffset.y - (top + 600 - 250)) <= 1)
        // Scrolled back to the top, the same drag moves the sheet: down to medium.
        list.collectionView.contentOffset.y = top
        h.frames(1)
        h.dragSheet(from: 200, to: [210, 300, 400, 450, 450], t0: 20, hold: 0.2)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .medium && list.view.frame.minY == 282)
        #expect(list.collectionView.contentOffset.y == top)
    }

    @Test func aSheetPresentedFromASheetMakesThatOneRecedeInTurn() {
        let (a, b, _) = presentDetentSheet(selected: .large)
        let c = LoggingViewController("C", log: log)
        log.clear()
        b.present(c, animated: true)   // .automatic: a page sheet at large
        h.settlePresentations(then: 120)
        let s = SheetPresentationController.recededScale
        // C covers the same 538 pt; B, the sheet under it, recedes: 0.92 about its centre, its top 10 pt
        // above its own (62 - 10 = 52), its corners rounded; A stays as B's presentation left it.
        #expect(c.view.frame == CGRect(x: 0, y: 62, width: 400, height: 538))
        #expect(b.view.transform.a == s && abs(b.view.frame.minY - 52) < 1e-9)
        #expect(abs(a.view.frame.minY - 52) < 1e-9 && a.view.transform.a == s)
        // A page sheet's presenter stays in the window: B gets no disappearance.
        #expect(log.entries == ["C.viewDidLoad", "C.viewWillAppear(true)", "C.viewDidAppear(true)"])
        c.dismiss(animated: true)
        h.settlePresentations(then: 120)
        #expect(b.view.transform == .identity && b.view.frame.minY == 62)
        #expect(a.view.transform.a == s)
    }
}


/// A drag that scrolls a sheet's list back to its top and goes on down moves the sheet from there, in the
/// middle of the drag (issue 38: "hands over in the middle of the drag").
@MainActor
@Suite struct SheetScrollHandoverTests {
    let h = Harness()
    let log = CallLog()

    func presentListSheet() -> (list: GridController, sheet: SheetPresentationController) {
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let list = GridController(itemSize: CGSize(width: 400, height: 50), count: 40) { $0.minimumLineSpacing = 0 }
        let sheet = list.sheetPresentationController!
        sheet.detents = [.medium(), .large()]
        sheet.selectedDetentIdentifier = .large
        a.present(list, animated: true)
        h.settlePresentations(then: 120)
        return (list, sheet)
    }

    @Test func aDragThatScrollsTheListToItsTopAndGoesOnMovesTheSheetFromThere() {
        let (list, sheet) = presentListSheet()
        let top = list.collectionView.contentOffset.y
        list.collectionView.contentOffset.y = top + 100
        h.frames(1)
        #expect(list.view.frame.minY == 62)
        // Down from 200: past the list's 10-pt slop at 212, then 100 pt scroll the list back to its top, the
        // rest moves the sheet.
        h.down(200, 200, at: 10)
        h.move(200, 212, at: 10 + 1.0 / 60); h.frames(1)
        #expect(list.collectionView.contentOffset.y == top + 100)
        h.move(200, 262, at: 10 + 2.0 / 60); h.frames(1)
        #expect(abs(list.collectionView.contentOffset.y - (top + 50)) <= 1e-9)
        #expect(list.view.frame.minY == 62)
        h.move(200, 312, at: 10 + 3.0 / 60); h.frames(1)
        #expect(list.collectionView.contentOffset.y == top)
        h.move(200, 412, at: 10 + 4.0 / 60); h.frames(1)
        h.move(200, 532, at: 10 + 5.0 / 60); h.frames(12)
        // The sheet follows the finger past the top: 532 - 312 = 220 pt shorter than at large (538 pt tall).
        #expect(list.collectionView.contentOffset.y == top)
        #expect(abs(list.view.layer.renderedProperties.frame.height - (538 - 220)) < 0.5)
        h.up(200, 532, at: 10.6)
        h.settlePresentations(then: 120)
        // Released at rest at medium's height (282): medium.
        #expect(sheet.selectedDetentIdentifier == .medium && list.view.frame.minY == 282)
        #expect(list.collectionView.contentOffset.y == top)
    }

    @Test func aDragThatScrollsTheListButStopsShortOfItsTopLeavesTheSheet() {
        let (list, sheet) = presentListSheet()
        let top = list.collectionView.contentOffset.y
        list.collectionView.contentOffset.y = top + 300
        h.frames(1)
        h.down(200, 200, at: 10)
        // Past the 10-pt slop at 212, then 200 pt: the list scrolls back 200 of its 300.
        for (i, y) in [212.0, 250, 300, 412].enumerated() { h.move(200, y, at: 10 + Double(i + 1) / 60); h.frames(1) }
        h.up(200, 412, at: 10.5)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .large && list.view.frame.minY == 62)
        #expect(abs(list.collectionView.contentOffset.y - (top + 100)) <= 1e-9)
    }
}


/// The reverse handover (issue 38, as UIKit's sheets do): a drag the sheet follows that began on its list
/// and reaches the largest detent going up scrolls the list with the rest of the finger's travel, and
/// coming back down scrolls it back to its top before moving the sheet again, in one drag. The tracking
/// spring is off (``TransitionSettings/tracksImmediately``): the sheet and the list are drawn at the finger,
/// so every value is the finger's travel. 400 x 600 window: large 538 pt tall (top 62), medium 310 pt
/// (top 282, a card 8 pt in); the list's rows 50 pt, 2,000 pt of content.
@MainActor
@Suite struct SheetReverseHandoverTests {
    let h = Harness()
    let log = CallLog()

    func presentListSheet(selected: SheetPresentationController.Detent.Identifier? = nil)
        -> (list: GridController, sheet: SheetPresentationController, top: CGFloat) {
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let list = GridController(itemSize: CGSize(width: 400, height: 50), count: 40) { $0.minimumLineSpacing = 0 }
        let sheet = list.sheetPresentationController!
        sheet.detents = [.medium(), .large()]
        sheet.selectedDetentIdentifier = selected
        sheet.transitionSettings.tracksImmediately = true
        a.present(list, animated: true)
        h.settlePresentations(then: 120)
        return (list, sheet, list.collectionView.contentOffset.y)
    }

    /// The sheet `height` tall between medium and large: the card's 8 pt inset shrinks linearly with the
    /// height from medium (310) to large (538).
    func frame(height: CGFloat) -> CGRect {
        let inset = 8 * (1 - (height - 310) / (538 - 310))
        return CGRect(x: inset, y: 600 - inset - height, width: 400 - 2 * inset, height: height)
    }

    func expectFrame(_ actual: CGRect, _ expected: CGRect, _ what: String) {
        let close = abs(actual.minX - expected.minX) < 1e-9 && abs(actual.minY - expected.minY) < 1e-9
            && abs(actual.width - expected.width) < 1e-9 && abs(actual.height - expected.height) < 1e-9
        #expect(close, "\(what): \(actual) vs \(expected)")
    }

    @Test func aDragUpOnTheListFromMediumReachesLargeThenScrollsTheListWithTheRest() {
        let (list, sheet, top) = presentListSheet()
        let large = CGRect(x: 0, y: 62, width: 400, height: 538)
        // Down on the list at y 500; recognized at the first move (490): the drag counts from there.
        h.down(200, 500, at: 10)
        h.move(200, 490, at: 10 + 1.0 / 60); h.frames(1)
        expectFrame(list.view.frame, CGRect(x: 8, y: 282, width: 384, height: 310), "recognized")
        // 100 pt up: the sheet 410 pt tall, the list at its top.
        h.move(200, 390, at: 10 + 2.0 / 60); h.frames(1)
        expectFrame(list.view.frame, frame(height: 410), "100 pt up")
        #expect(list.collectionView.contentOffset.y == top)
        // 228 pt up: exactly at large; still at the top.
        h.move(200, 262, at: 10 + 3.0 / 60); h.frames(1)
        expectFrame(list.view.frame, large, "at large")
        #expect(list.collectionView.contentOffset.y == top)
        // 100 and 200 pt further: the sheet stays at large (no stretch), the list scrolls by as much.
        h.move(200, 162, at: 10 + 4.0 / 60); h.frames(1)
        expectFrame(list.view.frame, large, "100 pt past large")
        #expect(list.collectionView.contentOffset.y == top + 100)
        h.move(200, 62, at: 10 + 5.0 / 60); h.frames(1)
        expectFrame(list.view.frame, large, "200 pt past large")
        #expect(list.collectionView.contentOffset.y == top + 200)
        // Let go at rest: large, and the list stays where it was drawn.
        h.up(200, 62, at: 10.5)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .large)
        expectFrame(list.view.frame, large, "let go")
        #expect(list.collectionView.contentOffset.y == top + 200)
    }

    @Test func aDragThatReachedLargeAndScrolledTheListComesBackDownToItsTopThenMovesTheSheet() {
        let (list, sheet, top) = presentListSheet()
        let large = CGRect(x: 0, y: 62, width: 400, height: 538)
        h.down(200, 500, at: 10)
        var t = 10.0
        func move(_ y: CGFloat) { t += 1.0 / 60; h.move(200, y, at: t); h.frames(1) }
        move(490)
        move(162)   // 328 pt up: large, the list 100 pt down its content
        expectFrame(list.view.frame, large, "up")
        #expect(list.collectionView.contentOffset.y == top + 100)
        move(212)   // back 50 pt: the list scrolls back, the sheet stays
        expectFrame(list.view.frame, large, "back 50 pt")
        #expect(list.collectionView.contentOffset.y == top + 50)
        move(262)   // back 100 pt: the list at its top, the sheet at large
        expectFrame(list.view.frame, large, "back 100 pt")
        #expect(list.collectionView.contentOffset.y == top)
        move(412)   // 150 pt further down: the sheet 388 pt tall, the list at its top
        expectFrame(list.view.frame, frame(height: 388), "down past large")
        #expect(list.collectionView.contentOffset.y == top)
        // Let go at rest 388 pt tall: nearer medium (78 pt) than large (150 pt).
        h.up(200, 412, at: t + 0.3)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .medium)
        expectFrame(list.view.frame, CGRect(x: 8, y: 282, width: 384, height: 310), "let go")
        #expect(list.collectionView.contentOffset.y == top)
    }

    @Test func theListsOwnDragHandedToTheSheetAtItsTopScrollsTheListAgainWhenItGoesBackUpPastLarge() {
        let (list, sheet, top) = presentListSheet(selected: .large)
        let large = CGRect(x: 0, y: 62, width: 400, height: 538)
        list.collectionView.contentOffset.y = top + 100
        h.frames(1)
        h.down(200, 200, at: 10)
        var t = 10.0
        func move(_ y: CGFloat) { t += 1.0 / 60; h.move(200, y, at: t); h.frames(1) }
        // The list's own pan: past its 10-pt slop at 212 (it scrolls from there), 100 pt down reach its top ...
        move(212)
        #expect(list.collectionView.contentOffset.y == top + 100)
        move(262)
        #expect(list.collectionView.contentOffset.y == top + 50)
        move(312)
        #expect(list.collectionView.contentOffset.y == top)
        // ... the rest moves the sheet (handed over when the content reached its top, at 312).
        move(412)
        move(432)
        expectFrame(list.view.frame, frame(height: 538 - 120), "handed to the sheet")
        #expect(list.collectionView.contentOffset.y == top)
        // Back up: the sheet to large at 312, then the list scrolls with the rest.
        move(312)
        expectFrame(list.view.frame, large, "back at large")
        #expect(list.collectionView.contentOffset.y == top)
        move(162)
        expectFrame(list.view.frame, large, "150 pt past large")
        #expect(list.collectionView.contentOffset.y == top + 150)
        h.up(200, 162, at: t + 0.3)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .large)
        expectFrame(list.view.frame, large, "let go")
        #expect(list.collectionView.contentOffset.y == top + 150)
    }

    @Test func aDragUpOnTheListAtLargeScrollsTheListAndLeavesTheSheet() {
        let (list, sheet, top) = presentListSheet(selected: .large)
        let large = CGRect(x: 0, y: 62, width: 400, height: 538)
        // Up from the down at 500: the list's own pan, scrolling from 488 (past its 10-pt slop) 210 pt.
        h.dragSheet(from: 500, to: [488, 390, 278], hold: 0.3)
        expectFrame(list.view.frame, large, "dragged")
        #expect(list.collectionView.contentOffset.y == top + 210)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .large)
        expectFrame(list.view.frame, large, "let go")
        #expect(list.collectionView.contentOffset.y == top + 210)
    }

    @Test func letGoWhileScrollingTheListTheSheetStaysAtLargeAndTheListDecelerates() {
        let (list, sheet, top) = presentListSheet()
        // From the first move (490) up 20 pt a frame to 150: 340 pt, 112 past large; let go moving.
        h.dragSheet(from: 500, to: [490] + stride(from: 470, through: 150, by: -20).map { CGFloat($0) }, hold: 0)
        #expect(list.collectionView.contentOffset.y == top + 112)
        h.frames(300)
        #expect(sheet.selectedDetentIdentifier == .large)
        expectFrame(list.view.frame, CGRect(x: 0, y: 62, width: 400, height: 538), "let go")
        // The list decelerates from the finger's 1,200 pt/s (20 pt a frame) at UIScrollView's normal rate:
        // -1200 / (1000 ln 0.998) = 599.4 pt further, stopping within half a point of it.
        let coast = -1200 / (1000 * Foundation.log(0.998))
        let end = top + 112 + coast
        #expect(list.collectionView.contentOffset.y <= end && list.collectionView.contentOffset.y > end - 0.5,
                "\(list.collectionView.contentOffset.y) vs \(end)")
    }

    @Test func aDragToDismissFromTheListThatGoesBackAboveWhereItBeganScrollsTheListAndTheSheetStays() {
        // One detent (large): a drag down is the sheet's dismissal.
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let list = GridController(itemSize: CGSize(width: 400, height: 50), count: 40) { $0.minimumLineSpacing = 0 }
        list.sheetPresentationController!.transitionSettings.tracksImmediately = true
        a.present(list, animated: true)
        h.settlePresentations(then: 120)
        let large = CGRect(x: 0, y: 62, width: 400, height: 538)
        let top = list.collectionView.contentOffset.y
        list.collectionView.contentOffset.y = top + 100
        h.frames(1)
        h.down(200, 200, at: 10)
        var t = 10.0
        func move(_ y: CGFloat) { t += 1.0 / 60; h.move(200, y, at: t); h.frames(1) }
        // Past the list's 10-pt slop at 212, 100 pt down scroll the list to its top; the rest is the
        // dismissal (handed over at 312).
        move(212); move(262); move(312); move(412); move(432)
        #expect(h.window.modalPresentations.currentTransition?.kind == .dismiss)
        #expect(list.view.layer.renderedProperties.frame.minY > 62)
        #expect(list.collectionView.contentOffset.y == top)
        // Back up to where the content reached its top: the dismissal at 0, the sheet at large.
        move(312)
        expectFrame(list.view.layer.renderedProperties.frame, large, "back at the start")
        #expect(list.collectionView.contentOffset.y == top)
        // 150 pt above it: the list scrolls by as much, the sheet stays.
        move(162)
        expectFrame(list.view.layer.renderedProperties.frame, large, "above the start")
        #expect(list.collectionView.contentOffset.y == top + 150)
        // Let go at rest: the dismissal is cancelled, the list stays where it was drawn.
        h.up(200, 162, at: t + 0.3)
        h.settlePresentations(then: 120)
        #expect(a.presentedViewController === list)
        expectFrame(list.view.frame, large, "let go")
        #expect(list.collectionView.contentOffset.y == top + 150)
    }

    /// A sheet whose list sits below a 60 pt header: a drag on the header is the sheet's alone.
    final class HeaderListController: ViewController {
        let header = View()
        let list = CollectionView(frame: .zero, collectionViewLayout: {
            let layout = CollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 400, height: 50)
            layout.minimumLineSpacing = 0
            return layout
        }())
        let source = CountingSource(count: 40)
        override func viewDidLoad() {
            super.viewDidLoad()
            header.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 60)
            header.autoresizingMask = [.flexibleWidth]
            list.frame = CGRect(x: 0, y: 60, width: view.bounds.width, height: max(view.bounds.height - 60, 0))
            list.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            list.dataSource = source
            list.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            view.addSubview(list)
            view.addSubview(header)
        }
    }

    @MainActor final class CountingSource: CollectionViewDataSource {
        let count: Int
        init(count: Int) { self.count = count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
    }

    @Test func aDragOnTheSheetOutsideItsListStretchesOnTheRubberBandAboveLargeAndLeavesTheList() {
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let b = HeaderListController()
        let sheet = b.sheetPresentationController!
        sheet.detents = [.medium(), .large()]
        sheet.transitionSettings.tracksImmediately = true
        a.present(b, animated: true)
        h.settlePresentations(then: 120)
        let top = b.list.contentOffset.y
        // Down on the header (the medium card's top is at 282), 328 pt up: 100 pt past large.
        h.dragSheet(from: 300, to: [290, 190, 62, -38], hold: nil)
        // UIScrollView's rubber band over the large height: (1 - 1 / (100 x 0.55 / 538 + 1)) x 538.
        let stretch = (1 - 1 / (100 * 0.55 / 538 + 1)) * 538
        #expect(abs(b.view.frame.height - (538 + stretch)) < 1e-9 && abs(b.view.frame.minY - (62 - stretch)) < 1e-9)
        #expect(b.list.contentOffset.y == top)
        h.up(200, -38, at: 11)
        h.settlePresentations(then: 120)
        #expect(sheet.selectedDetentIdentifier == .large && b.view.frame.minY == 62)
        #expect(b.list.contentOffset.y == top)
    }
}
