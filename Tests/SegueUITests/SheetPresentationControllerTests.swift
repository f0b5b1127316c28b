import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The page sheet of iOS 15-27 (UISheetPresentationController): configured before presenting, detents,
/// the presenter's recession, drags between detents, the undimmed detent.
@MainActor
@Suite struct SheetPresentationControllerTests {
    let h = Harness()   // 400 x 600: large = 560 pt, medium = 280 pt
    let log = CallLog()

    func settle(frames: Int = 120) {
        for _ in 0..<240 where h.window.modalPresentations.currentTransition != nil { h.frames(1) }
        h.frames(frames)
    }

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
        settle()
        return (a, b, sheet)
    }

    @Test func theSheetReadBeforePresentingIsUsedAndRestsAtItsSmallestDetent() {
        let (a, b, sheet) = presentDetentSheet()
        #expect(b.view.frame == CGRect(x: 0, y: 320, width: 400, height: 280))
        #expect(sheet.dimmingView.alpha == DimmingSheetPresentationController.defaultDimmingAlpha)
        // At medium the presenter does not recede (it does between medium and large).
        #expect(a.view.transform == .identity)
        #expect(log.entries == ["B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
    }

    @Test func atTheLargeDetentThePresenterRecedes() {
        let (a, b, sheet) = presentDetentSheet(selected: .large)
        #expect(b.view.frame == CGRect(x: 0, y: 40, width: 400, height: 560))
        // Scaled by 0.92 about its centre, its top 10 pt above the sheet's (y = 30), corners of 10 pt.
        let s = SheetPresentationController.recededScale
        #expect(a.view.transform.a == s && a.view.transform.d == s)
        #expect(abs(a.view.frame.minY - 30) < 1e-9 && abs(a.view.frame.width - 400 * s) < 1e-9)
        #expect(a.view.layer.cornerRadius == 10 && a.view.clipsToBounds)
        #expect(b.view.layer.cornerRadius == sheet.cornerRadius)
        b.dismiss(animated: true)
        settle()
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
        settle()
        #expect(seen == 560)
        #expect(b.view.frame == CGRect(x: 0, y: 460, width: 400, height: 140))
    }

    @Test func changingTheDetentInCodeMovesTheSheetAnimatedInsideAnimateChanges() {
        let (_, b, sheet) = presentDetentSheet()
        sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
        #expect(b.view.frame == CGRect(x: 0, y: 40, width: 400, height: 560))
        h.frames(2)
        let drawn = b.view.layer.renderedProperties.frame.minY
        #expect(drawn > 40 && drawn < 320)
        settle()
        #expect(b.view.layer.renderedProperties.frame.minY == 40)
        // Outside animateChanges: at once.
        sheet.selectedDetentIdentifier = .medium
        h.frames(1)
        #expect(b.view.layer.renderedProperties.frame.minY == 320)
    }

    @Test func aDragUpReleasedPastHalfWayRestsAtLargeAndAFlickDownGoesBackToMedium() {
        let (a, b, sheet) = presentDetentSheet()
        // Up 200 pt from medium's top (the drag counts from the first move, y = 380).
        h.dragSheet(from: 400, to: [380, 280, 180, 180], hold: 0.2)
        settle()
        #expect(sheet.selectedDetentIdentifier == .large)
        #expect(b.view.frame.minY == 40 && b.view.layer.renderedProperties.frame.minY == 40)
        #expect(abs(a.view.frame.minY - 30) < 1e-9)
        // A short flick down from large: the projection carries it to medium.
        h.dragSheet(from: 200, to: [220, 240, 260], t0: 20, hold: 0)
        settle()
        #expect(sheet.selectedDetentIdentifier == .medium)
        #expect(b.view.frame.minY == 320 && a.view.transform == .identity)
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
        // From large down past medium (280 pt tall) to 100 pt tall: 64 % below the smallest, at rest.
        h.dragSheet(from: 100, to: [120, 300, 480, 560, 560], hold: 0.2)
        settle()
        #expect(a.presentedViewController == nil)
        #expect(delegate.entries == ["shouldDismiss", "willDismiss", "didDismiss"])
        #expect(log.entries == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)"])
        #expect(a.view.transform == .identity)
    }

    @Test func atTheUndimmedDetentTouchesOutsideTheSheetReachThePresenter() {
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let b = LoggingViewController("B", log: log)
        let sheet = b.sheetPresentationController!
        sheet.detents = [.medium(), .large()]
        sheet.largestUndimmedDetentIdentifier = .medium
        a.present(b, animated: false)
        settle()
        #expect(sheet.dimmingView.alpha == 0)
        #expect(h.window.hitTest(CGPoint(x: 200, y: 100), with: nil) === a.view)
        #expect(h.window.hitTest(CGPoint(x: 200, y: 400), with: nil) === b.view)
        // At large (dimmed) the container stops them again.
        sheet.selectedDetentIdentifier = .large
        h.frames(1)
        #expect(sheet.dimmingView.alpha == DimmingSheetPresentationController.defaultDimmingAlpha)
        #expect(h.window.hitTest(CGPoint(x: 200, y: 20), with: nil) !== a.view)
    }

    @Test func theGrabberIsACapsuleAtTheTopOfTheSheetWhileItIsWanted() {
        let (_, b, sheet) = presentDetentSheet()
        #expect(sheet.grabberView.superview == nil)
        sheet.prefersGrabberVisible = true
        // 36 x 5, centred, 5 pt below the sheet's top, above its content.
        #expect(sheet.grabberView.superview === b.view && b.view.subviews.last === sheet.grabberView)
        #expect(sheet.grabberView.frame == CGRect(x: 200 - 18, y: 5, width: 36, height: 5))
        #expect(sheet.grabberView.layer.cornerRadius == 2.5)
        sheet.prefersGrabberVisible = false
        #expect(sheet.grabberView.superview == nil)
    }
}
