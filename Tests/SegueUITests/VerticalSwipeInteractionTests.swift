import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The ready drag-down (``VerticalSwipeInteractionController``): a dismissal (full screen and a sheet) and
/// a pop scrubbed by the finger with the stock and a custom animator, released by the exact rule of
/// ``TransitionSettings``, caught mid-flight, cancelled by focus loss, and doing nothing when there is
/// nothing to dismiss or the drag goes up.
@MainActor
@Suite struct VerticalSwipeInteractionTests {
    let h = Harness()
    let log = CallLog()
    let delegate = AdoptingDelegate()

    /// Where drags go down, and their first move, past the 14 pt slop (the drag counts from there).
    static let x: CGFloat = 200, downY: CGFloat = 100, recognizedY: CGFloat = 120

    func page(_ name: String) -> LoggingViewController { LoggingViewController(name, log: log) }

    /// A home page with `sheet` presented over it (unanimated) in `style`, a drag wired to the sheet for
    /// a dismissal and adopted by the sheet's transitioning delegate (with `animator`; nil: the stock one).
    func present(style: ModalPresentationStyle = .fullScreen,
                 animator: @escaping () -> (any ViewControllerAnimatedTransitioning)? = { nil })
        -> (home: LoggingViewController, sheet: LoggingViewController, drag: VerticalSwipeInteractionController) {
        let home = page("Home"), sheet = page("Sheet")
        h.window.rootViewController = home
        h.frames(1)
        sheet.modalPresentationStyle = style
        sheet.transitioningDelegate = delegate
        delegate.makeAnimator = animator
        home.present(sheet, animated: false)
        h.frames(2)
        let drag = VerticalSwipeInteractionController()
        drag.wire(to: sheet, for: .dismiss)
        delegate.interaction = drag
        log.clear()
        return (home, sheet, drag)
    }

    func points(_ ys: [CGFloat]) -> [CGPoint] { ys.map { CGPoint(x: Self.x, y: $0) } }

    var modals: ModalPresentations { h.window.modalPresentations }

    func settle() { h.settle { modals.currentTransition != nil } }

    /// Nothing presented, nothing running, nothing animating.
    func checkDismissed(_ home: ViewController, _ sheet: ViewController, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(home.presentedViewController == nil && sheet.presentingViewController == nil, sourceLocation: sourceLocation)
        #expect(sheet.viewIfLoaded?.window == nil && home.view.window === h.window, sourceLocation: sourceLocation)
        #expect(modals.currentTransition == nil, sourceLocation: sourceLocation)
        checkLayersAtRest(in: h.window, sourceLocation: sourceLocation)
    }

    /// Still presented, at rest where it was.
    func checkStillPresented(_ home: ViewController, _ sheet: ViewController, frame: CGRect,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(home.presentedViewController === sheet && sheet.view.window === h.window, sourceLocation: sourceLocation)
        #expect(sheet.view.frame == frame, sourceLocation: sourceLocation)
        #expect(sheet.appearanceState == .appeared, sourceLocation: sourceLocation)
        #expect(modals.currentTransition == nil, sourceLocation: sourceLocation)
        checkLayersAtRest(in: h.window, sourceLocation: sourceLocation)
    }

    @Test func draggingDownScrubsTheStockDismissalWithTheFingerAndFinishesPastTheCommitFraction() {
        let (home, sheet, drag) = present()
        let height = sheet.view.bounds.height   // 600: full screen
        h.drag(from: CGPoint(x: Self.x, y: Self.downY), through: points([Self.recognizedY]), release: false)
        #expect(drag.interactionInProgress && modals.currentTransition?.interactionController === drag)
        var t = 10 + 1.0 / 60
        for y: CGFloat in [200, 320, 260, 340] {
            t += 1.0 / 60
            h.move(Self.x, y, at: t)
            h.frames(1)
            let p = (y - Self.recognizedY) / height
            // The stock cover-vertical, linear when scrubbed: the sheet is p x H down.
            #expect(abs(sheet.view.layer.renderedProperties.frame.minY - p * height) < 1e-6)
            #expect(abs((modals.currentTransition?.percentComplete ?? -1) - p) < 1e-9)
        }
        h.up(Self.x, 340, at: t + 0.2)   // p = 220 / 600 = 0.37 at rest: dismissed
        settle()
        checkDismissed(home, sheet)
    }

    @Test(arguments: [(0.3, true), (0.2975, false)], [false, true])
    func aSlowReleaseDismissesFromExactlyTheCommitFraction(_ release: (progress: CGFloat, dismisses: Bool), customAnimator: Bool) {
        let (home, sheet, _) = present(animator: customAnimator ? { FadeOutAnimator() } : { nil })
        let frame = sheet.view.frame
        let y = Self.recognizedY + release.progress * sheet.view.bounds.height   // 300 and 298.5
        h.drag(from: CGPoint(x: Self.x, y: Self.downY), through: points([Self.recognizedY, 200, y, y]))
        settle()
        if release.dismisses { checkDismissed(home, sheet) } else { checkStillPresented(home, sheet, frame: frame) }
    }

    @Test func aCustomAnimatorIsScrubbedAndACancelledDismissalKeepsTheSheetWithBalancedAppearance() {
        let (home, sheet, _) = present(animator: { FadeOutAnimator() })
        let frame = sheet.view.frame
        let y = Self.recognizedY + 0.2 * sheet.view.bounds.height
        h.drag(from: CGPoint(x: Self.x, y: Self.downY), through: points([Self.recognizedY, 150, y]), release: false)
        #expect(abs(sheet.view.layer.renderedProperties.opacity - 0.8) < 1e-9)   // linear: 1 - p
        h.up(Self.x, y, at: 11)
        settle()
        checkStillPresented(home, sheet, frame: frame)
        #expect(log.entries == ["Sheet.viewWillDisappear(true)", "Home.viewWillAppear(true)",
                                "Home.viewWillDisappear(true)", "Home.viewDidDisappear(true)",
                                "Sheet.viewWillAppear(true)", "Sheet.viewDidAppear(true)"])
    }

    @Test func aFastFlickDownDismissesFromAShortTravel() {
        let (home, sheet, _) = present()
        // 25 pt per frame = 1500 pt/s = 2.5 heights per second, released at once at p = 75 / 600.
        h.drag(from: CGPoint(x: Self.x, y: Self.downY), through: points([120, 145, 170, 195]), hold: 0)
        settle()
        checkDismissed(home, sheet)
    }

    @Test func aSheetsOwnDragWaitsAndTheDelegatesControllerDrivesTheDismissal() {
        let (home, sheet, drag) = present(style: .pageSheet)
        let sheetController = sheet.presentationController as! DimmingSheetPresentationController
        let frame = sheet.view.frame   // 62 pt below the top, 538 high
        let height = sheet.view.bounds.height
        h.drag(from: CGPoint(x: Self.x, y: Self.downY), through: points([Self.recognizedY, 232]), release: false)
        #expect(modals.currentTransition?.interactionController === drag)
        #expect(sheetController.dismissalInteractionController == nil)
        // The sheet tracks the finger: 112 / 538 = 0.21 of its height down from its frame.
        #expect(abs(sheet.view.layer.renderedProperties.frame.minY - (frame.minY + 112)) < 1e-6)
        #expect(abs(sheetController.dimmingView.layer.renderedProperties.opacity
                    - SheetPresentationController.sheetDimmingAlpha * (1 - 112 / height)) < 1e-9)
        h.up(Self.x, 232, at: 11)   // p = 0.2 at rest: back
        settle()
        checkStillPresented(home, sheet, frame: frame)
    }

    @Test func aFinishingDismissalCaughtFollowsThePointerAndCanBeSentBack() {
        let (home, sheet, drag) = present()
        let frame = sheet.view.frame
        let height = sheet.view.bounds.height
        let y = Self.recognizedY + 0.5 * height
        h.drag(from: CGPoint(x: Self.x, y: Self.downY), through: points([Self.recognizedY, 250, y, y]))
        h.frames(3)
        #expect(modals.currentTransition?.phase == .finishing)
        let shown = sheet.view.layer.renderedProperties.frame.minY
        #expect(shown > 0.5 * height && shown < height)
        let catchY = shown + 10
        h.down(Self.x, catchY, at: 11)
        h.frames(1)
        #expect(modals.currentTransition?.phase == .interacting && drag.interactionInProgress)
        #expect(abs(sheet.view.layer.renderedProperties.frame.minY - shown) < 1e-6)   // no jump
        let up = catchY - shown + 0.1 * height   // back to p = 0.1
        h.move(Self.x, up, at: 11 + 1.0 / 60)
        h.frames(1)
        #expect(abs(sheet.view.layer.renderedProperties.frame.minY - 0.1 * height) < 1e-6)   // 1:1
        h.up(Self.x, up, at: 11.3)
        settle()
        checkStillPresented(home, sheet, frame: frame)
    }

    @Test func focusLossMidDragIsAReleaseWithZeroVelocity() {
        let (home, sheet, drag) = present()
        let frame = sheet.view.frame
        h.drag(from: CGPoint(x: Self.x, y: Self.downY), through: points([Self.recognizedY, 160, 200]), release: false)
        h.window.handle(.window(.focusLost))   // p = 80 / 600 < 0.3: back
        #expect(!drag.interactionInProgress)
        settle()
        checkStillPresented(home, sheet, frame: frame)
    }

    @Test func anUpwardDragAndADragWithNothingPresentedDoNothing() {
        let (home, sheet, drag) = present()
        let frame = sheet.view.frame
        h.drag(from: CGPoint(x: Self.x, y: 300), through: points([280, 200, 150]))
        h.frames(2)
        #expect(modals.currentTransition == nil && !drag.interactionInProgress && log.entries.isEmpty)
        checkStillPresented(home, sheet, frame: frame)
        // Wired to the home page, which is not presented: a downward drag on it does nothing either.
        home.dismiss(animated: false)
        h.frames(2)
        log.clear()
        let content = TouchRecordingView(frame: home.view.bounds)
        home.view.addSubview(content)
        drag.wire(to: home, for: .dismiss)
        #expect(sheet.view.gestureRecognizers.isEmpty && home.view.gestureRecognizers.contains { $0 === drag.gestureRecognizer })
        h.drag(from: CGPoint(x: Self.x, y: Self.downY), through: points([Self.recognizedY, 200, 300]), t0: 20)
        h.frames(2)
        #expect(modals.currentTransition == nil && !drag.interactionInProgress && log.entries.isEmpty)
        #expect(content.phases == ["began", "moved", "moved", "moved", "ended"])
    }

    @Test func draggingDownPopsAStackWithTheStockAndACustomAnimator() {
        for custom in [false, true] {
            let pages = [page("A"), page("B")]
            delegate.makeAnimator = custom ? { FadeOutAnimator() } : { nil }
            let nav = h.showStack(pages, delegate: delegate, clearing: log)
            let drag = VerticalSwipeInteractionController()
            drag.wire(to: pages[1], for: .pop)
            delegate.interaction = drag
            let height = pages[1].view.bounds.height   // 556: below the bar
            let y = Self.recognizedY + 0.4 * height
            h.drag(from: CGPoint(x: Self.x, y: Self.downY), through: points([Self.recognizedY, 200, y]), release: false)
            #expect(nav.currentTransition?.interactionController === drag)
            #expect(abs((nav.currentTransition?.percentComplete ?? -1) - 0.4) < 1e-9)
            h.up(Self.x, y, at: 11)   // at rest, p = 0.4: pops
            h.settle { nav.currentTransition != nil }
            #expect(nav.topViewController === pages[0])
            checkNavigationInvariants(nav, in: h.window)
        }
    }
}
