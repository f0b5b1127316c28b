import Testing
@testable import SegueAnimation
@testable import SegueUI

/// Modal presentation on the transition engine (uikit-semantics §4-§5, gestures-and-timing "Modal sheet"):
/// the view-removal and appearance rules of each style, the presentation controller's lifecycle, the
/// dimming sheet and its drag, stacking and queueing, and the invariants after every transition.
@MainActor
@Suite struct ModalPresentationTests {
    let h = Harness()
    let log = CallLog()

    /// The window's root controller "A", shown, with the log cleared.
    func makeRoot() -> LoggingViewController {
        h.showRoot(LoggingViewController("A", log: log), clearing: log)
    }

    /// What must hold after every presentation or dismissal: nothing running or queued, the layer tree at
    /// rest, one container view per presentation (in order, above the root's view), every presented
    /// controller appeared with its view in its container, and no coordinator left.
    func checkInvariants(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(h.window.modalPresentations.currentTransition == nil, sourceLocation: sourceLocation)
        checkLayersAtRest(in: h.window, sourceLocation: sourceLocation)
        var chain: [ViewController] = []
        var next = h.window.rootViewController?.modal.presented
        while let c = next { chain.append(c); next = c.modal.presented }
        let containers = h.window.subviews.filter { $0 is PresentationContainerView }
        #expect(containers.count == chain.count, sourceLocation: sourceLocation)
        for (i, (c, container)) in zip(chain, containers).enumerated() {
            // Covered by a presentation that removes its presenter's view: out of the window, disappeared.
            let covered = i + 1 < chain.count && chain[i + 1].presentationController?.shouldRemovePresentersView == true
            #expect(c.presentationController?.containerView === container, sourceLocation: sourceLocation)
            #expect(c.view.superview === (covered ? nil : container), sourceLocation: sourceLocation)
            #expect(c.appearanceState == (covered ? .disappeared : .appeared), sourceLocation: sourceLocation)
            #expect(c.transitionCoordinator == nil && !c.isBeingPresented && !c.isBeingDismissed, sourceLocation: sourceLocation)
        }
        #expect(h.window.rootViewController?.transitionCoordinator == nil, sourceLocation: sourceLocation)
    }

    // MARK: Styles

    @Test func fullScreenRemovesThePresentersViewAndCustomDoesNot() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .fullScreen)
        a.present(b, animated: true)
        h.settlePresentations()
        #expect(a.view.superview == nil)
        #expect(log.entries == ["B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
                                "A.viewDidDisappear(true)", "B.viewDidAppear(true)"])
        checkInvariants()
        b.dismiss(animated: true)
        h.settlePresentations()
        #expect(a.view.superview === h.window && a.view.frame == h.window.bounds)
        checkInvariants()

        let c = LoggingViewController("C", log: log, style: .custom)
        a.present(c, animated: true)
        h.settlePresentations()
        #expect(a.view.superview === h.window)
        checkInvariants()
    }

    @Test func viewForKeyFromIsNilWhenPresentingWithCustomAndToIsNilWhenDismissing() {
        let a = makeRoot()
        let delegate = RecordingDelegate()
        let b = LoggingViewController("B", log: log, style: .custom)
        b.transitioningDelegate = delegate
        a.present(b, animated: true)
        h.settlePresentations()
        #expect(delegate.animator.seen.count == 1)
        let present = delegate.animator.seen[0]
        #expect(present.kind == .present && present.style == .custom)
        #expect(present.fromView == nil && present.toView === b.view)
        #expect(present.fromController === a && present.toController === b)
        #expect(present.finalFromFrame == h.window.bounds)   // kept: a non-zero final frame
        b.dismiss(animated: true)
        h.settlePresentations()
        let dismiss = delegate.animator.seen[1]
        #expect(dismiss.kind == .dismiss && dismiss.fromView === b.view && dismiss.toView == nil)
        #expect(a.view.superview === h.window)
        checkInvariants()

        // With .fullScreen the presenter's view is the from view, and its final frame is .zero.
        let c = LoggingViewController("C", log: log, style: .fullScreen)
        c.transitioningDelegate = delegate
        a.present(c, animated: true)
        h.settlePresentations()
        #expect(delegate.animator.seen[2].fromView === a.view && delegate.animator.seen[2].finalFromFrame == .zero)
        checkInvariants()
    }

    @Test func presenterGetsNoAppearanceCallbacksWithCustomOrOverFullScreen() {
        let a = makeRoot()
        for style in [ModalPresentationStyle.custom, .overFullScreen, .pageSheet] {
            let b = LoggingViewController("B", log: log, style: style)
            a.present(b, animated: true)
            h.settlePresentations()
            b.dismiss(animated: true)
            h.settlePresentations()
            #expect(log.entries.filter { $0.hasPrefix("A.") }.isEmpty, "\(style)")
            #expect(log.entries.filter { $0.hasPrefix("B.") } == [
                "B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
                "B.viewWillDisappear(true)", "B.viewDidDisappear(true)"], "\(style)")
            #expect(a.appearanceState == .appeared)
            checkInvariants()
            log.clear()
        }
    }

    @Test func isBeingPresentedAndDismissedHoldDuringTheirTransitionsAndTheCoordinatorExistsWhenPresentReturns() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .pageSheet)
        a.present(b, animated: true)
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(b.isBeingPresented && b.transitionCoordinator != nil && a.transitionCoordinator === b.transitionCoordinator as AnyObject)
        h.settlePresentations()
        #expect(!b.isBeingPresented)
        b.dismiss(animated: true)
        #expect(b.isBeingDismissed && b.transitionCoordinator?.presentationStyle == .pageSheet)
        h.settlePresentations()
        #expect(!b.isBeingDismissed)
        checkInvariants()
    }

    // MARK: The presentation controller

    @Test func thePresentationControllersLifecycleRunsInOrder() {
        let a = makeRoot()
        let delegate = RecordingDelegate()
        delegate.log = log
        let b = LoggingViewController("B", log: log, style: .custom)
        b.transitioningDelegate = delegate
        a.present(b, animated: true)
        h.settlePresentations()
        b.dismiss(animated: true)
        h.settlePresentations()
        #expect(log.entries.filter { $0.hasPrefix("pc.") || $0.hasPrefix("B.view") } == [
            "B.viewDidLoad", "pc.presentationTransitionWillBegin", "pc.containerViewWillLayoutSubviews",
            "pc.containerViewDidLayoutSubviews", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
            "pc.presentationTransitionDidEnd(true)", "pc.dismissalTransitionWillBegin",
            "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "pc.dismissalTransitionDidEnd(true)"])
        checkInvariants()
    }

    @Test func dismissalChromeIsRemovedOnlyWhenCompleted() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .pageSheet)
        a.present(b, animated: true)
        h.settlePresentations()
        let sheet = b.presentationController as! DimmingSheetPresentationController
        let container = sheet.containerView!
        #expect(sheet.dimmingView.superview === container && sheet.dimmingView.alpha == SheetPresentationController.sheetDimmingAlpha)
        // A drag released short of the commit fraction: cancelled, the chrome stays.
        h.dragSheet(from: 300, to: [320, 340, 360], hold: 0.2)
        h.settlePresentations()
        #expect(sheet.dimmingView.superview === container)
        #expect(sheet.dimmingView.alpha == SheetPresentationController.sheetDimmingAlpha)
        #expect(a.presentedViewController === b)
        checkInvariants()
        b.dismiss(animated: true)
        h.settlePresentations()
        #expect(sheet.dimmingView.superview == nil)
        checkInvariants()
    }

    // MARK: The sheet's drag

    @Test func theCoordinatorsAlongsideDimmingIsScrubbedWithAnInteractiveDismissal() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .pageSheet)
        a.present(b, animated: true)
        h.settlePresentations()
        let sheet = b.presentationController as! DimmingSheetPresentationController
        let inset = SheetPresentationController.largeTopInset
        let height = h.window.bounds.height - inset   // 538
        // Recognized on the first move (20 pt > the 4 pt slop): the drag counts from y = 320.
        h.dragSheet(from: 300, to: [320, 376, 432], hold: nil)
        h.frames(1)
        let t = h.window.modalPresentations.currentTransition
        #expect(t?.kind == .dismiss && t?.phase == .interacting)
        let p = (432 - 320) / height   // 0.208
        #expect(abs((t?.percentComplete ?? -1) - p) < 1e-9)
        // The sheet follows the finger through the tracking spring, and the dimming with it.
        h.frames(6)
        let drawn = (b.view.layer.renderedProperties.frame.minY - inset) / height
        #expect(abs(drawn * height - p * height) < 0.5)
        #expect(abs(Double(sheet.dimmingView.layer.renderedProperties.opacity) - Double(SheetPresentationController.sheetDimmingAlpha * (1 - drawn))) < 1e-6)
        // Past the commit fraction and released at rest: dismissed.
        let y = 320 + 0.5 * height
        h.move(200, y, at: 10.1)
        h.frames(7)
        let half = (b.view.layer.renderedProperties.frame.minY - inset) / height
        #expect(abs(half - 0.5) < 0.5 / height)
        #expect(abs(Double(sheet.dimmingView.layer.renderedProperties.opacity) - Double(SheetPresentationController.sheetDimmingAlpha * (1 - half))) < 1e-6)
        h.move(200, y, at: 10.15)
        h.up(200, y, at: 10.3)
        h.settlePresentations()
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        checkInvariants()
    }

    @Test func aCancelledDragDismissRestoresEverythingExactly() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .pageSheet)
        a.present(b, animated: true)
        h.settlePresentations()
        let sheet = b.presentationController as! DimmingSheetPresentationController
        let sheetFrame = b.view.frame
        log.clear()
        let height = sheetFrame.height
        // p = 0.25 < 0.3, released at rest: it springs back.
        h.dragSheet(from: 300, to: [320, 360, 320 + 0.25 * height, 320 + 0.25 * height], hold: 0.2)
        h.settlePresentations()
        #expect(b.view.frame == sheetFrame && b.view.layer.renderedProperties.frame == sheetFrame)
        #expect(sheet.dimmingView.alpha == SheetPresentationController.sheetDimmingAlpha)
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(sheet.containerView?.superview === h.window)
        #expect(log.entries == ["B.viewWillDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
        checkInvariants()
        // And the sheet can be dragged again.
        h.dragSheet(from: 300, to: [320, 360, 320 + 0.6 * height, 320 + 0.6 * height], t0: 20, hold: 0.2)
        h.settlePresentations()
        #expect(a.presentedViewController == nil)
        checkInvariants()
    }

    @Test func aFlickDownDismissesFromAShortDrag() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .pageSheet)
        a.present(b, animated: true)
        h.settlePresentations()
        // 30 pt per frame = 1800 pt/s = 3.2 sheet heights per second, released at once.
        h.dragSheet(from: 300, to: [330, 360, 390], hold: 0)
        h.settlePresentations()
        #expect(a.presentedViewController == nil)
        checkInvariants()
    }

    @Test func afterACompletedDismissalTheContainerViewIsGoneAndPresentedPresentingCleared() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .overFullScreen)
        var presented = false, dismissed = false
        a.present(b, animated: true) { presented = true }
        h.settlePresentations()
        #expect(presented)
        let presentation = b.presentationController
        let container = presentation?.containerView
        #expect(container?.superview === h.window && h.window.subviews.last === container)
        b.dismiss(animated: true) { dismissed = true }
        h.settlePresentations()
        #expect(dismissed && container?.superview == nil)
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        // UIKit makes a new presentation controller when one is read after the dismissal: not the one used.
        #expect(b.presentationController !== presentation && b.presentationController?.containerView == nil)
        #expect(h.window.subviews.count == 1 && h.window.subviews[0] === a.view)
        checkInvariants()
    }

    // MARK: Stacking and queueing

    @Test func presentingFromAPresentedControllerStacks() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .fullScreen), c = LoggingViewController("C", log: log, style: .fullScreen)
        a.present(b, animated: true)
        h.settlePresentations()
        b.present(c, animated: true)
        h.settlePresentations()
        #expect(b.presentedViewController === c && c.presentingViewController === b)
        #expect(b.view.superview == nil && a.view.superview == nil)
        checkInvariants()
        // Dismissing from the bottom dismisses both, as UIKit does: B (covered, so already disappeared) is
        // removed at once and only the top one, C, is dismissed animated, uncovering A. Each presenter's view
        // is back in its place. (Before, C went unanimated and B animated.)
        log.clear()
        a.dismiss(animated: true)
        #expect(b.presentingViewController == nil && c.presentingViewController === a && a.presentedViewController === c)
        h.settlePresentations()
        h.settlePresentations()
        #expect(a.presentedViewController == nil && b.presentedViewController == nil)
        #expect(a.view.superview === h.window && h.window.subviews.count == 1)
        #expect(log.entries == ["C.viewWillDisappear(true)", "A.viewWillAppear(true)",
                                "C.viewDidDisappear(true)", "A.viewDidAppear(true)"])
        checkInvariants()
    }

    @Test func aPresentAskedForDuringAPresentIsQueuedAndRunsAfterIt() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .pageSheet), c = LoggingViewController("C", log: log, style: .pageSheet)
        a.present(b, animated: true)
        h.frames(3)
        b.present(c, animated: true)
        #expect(b.presentedViewController == nil)   // queued
        h.settlePresentations()
        #expect(a.presentedViewController === b && b.presentedViewController === c)
        #expect(log.entries.filter { $0.hasSuffix("viewDidAppear(true)") } == ["B.viewDidAppear(true)", "C.viewDidAppear(true)"])
        checkInvariants()
    }

    @Test func anUnanimatedPresentAndDismissStillRunTheChromeThroughTheCoordinator() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .pageSheet)
        a.present(b, animated: false)
        h.settlePresentations()
        let sheet = b.presentationController as! DimmingSheetPresentationController
        #expect(sheet.dimmingView.alpha == SheetPresentationController.sheetDimmingAlpha)
        #expect(b.view.frame == sheet.frameOfPresentedViewInContainerView)
        #expect(log.entries == ["B.viewDidLoad", "B.viewWillAppear(false)", "B.viewDidAppear(false)"])
        checkInvariants()
        b.dismiss(animated: false)
        h.settlePresentations()
        #expect(a.presentedViewController == nil && sheet.dimmingView.superview == nil)
        checkInvariants()
    }

    @Test func theSheetFollowsAResizeOfTheWindow() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .pageSheet)
        a.present(b, animated: true)
        h.settlePresentations()
        h.window.resize(to: CGSize(width: 500, height: 700))
        h.frames(1)
        let inset = SheetPresentationController.largeTopInset
        #expect(b.view.frame == CGRect(x: 0, y: inset, width: 500, height: 700 - inset))
        #expect((b.presentationController as! DimmingSheetPresentationController).dimmingView.frame == CGRect(x: 0, y: 0, width: 500, height: 700))
        checkInvariants()
    }
}

/// A transitioning delegate that gives a recording animator and a logging presentation controller.
@MainActor
final class RecordingDelegate: ViewControllerTransitioningDelegate {
    let animator = RecordingAnimator()
    var log: CallLog?

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        LoggingPresentationController(presentedViewController: presented, presenting: presenting, log: log ?? CallLog())
    }
}

/// Records what the context gives it and slides the presented view in or out over 0.3 s.
@MainActor
final class RecordingAnimator: ViewControllerAnimatedTransitioning {
    struct Seen {
        let kind: ContainerTransition.Kind?
        let style: ModalPresentationStyle
        let fromView: View?, toView: View?
        let fromController: ViewController?, toController: ViewController?
        let finalFromFrame: CGRect
    }
    var seen: [Seen] = []

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { 0.3 }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let from = transitionContext.viewController(forKey: .from)!, to = transitionContext.viewController(forKey: .to)!
        seen.append(Seen(kind: (transitionContext as? ContainerTransition)?.kind, style: transitionContext.presentationStyle,
                         fromView: transitionContext.view(forKey: .from), toView: transitionContext.view(forKey: .to),
                         fromController: from, toController: to, finalFromFrame: transitionContext.finalFrame(for: from)))
        let container = transitionContext.containerView
        let presenting = to.isBeingPresented
        if presenting {
            to.view.frame = transitionContext.finalFrame(for: to)
            to.view.alpha = 0
            container.addSubview(to.view)
        } else if let toView = transitionContext.view(forKey: .to) {
            container.insertSubview(toView, at: 0)
        }
        View.animate(withDuration: 0.3, animations: {
            if presenting { to.view.alpha = 1 } else { from.view.alpha = 0 }
        }, completion: { _ in
            if !presenting { from.view.alpha = 1 }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// Logs its lifecycle.
@MainActor
final class LoggingPresentationController: PresentationController {
    let log: CallLog
    init(presentedViewController: ViewController, presenting: ViewController?, log: CallLog) {
        self.log = log
        super.init(presentedViewController: presentedViewController, presenting: presenting)
    }
    override func presentationTransitionWillBegin() { log.add("pc.presentationTransitionWillBegin") }
    override func presentationTransitionDidEnd(_ completed: Bool) { log.add("pc.presentationTransitionDidEnd(\(completed))") }
    override func dismissalTransitionWillBegin() { log.add("pc.dismissalTransitionWillBegin") }
    override func dismissalTransitionDidEnd(_ completed: Bool) { log.add("pc.dismissalTransitionDidEnd(\(completed))") }
    override func containerViewWillLayoutSubviews() {
        if presentedViewController.isBeingPresented { log.add("pc.containerViewWillLayoutSubviews") }
    }
    override func containerViewDidLayoutSubviews() {
        if presentedViewController.isBeingPresented { log.add("pc.containerViewDidLayoutSubviews") }
    }
}
