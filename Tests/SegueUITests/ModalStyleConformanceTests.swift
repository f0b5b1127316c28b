import Testing
@testable import SegueAnimation
@testable import SegueUI

/// UIKit's rules for every modal presentation style (uikit-semantics §5, iOS 13-27): which views stay,
/// which controller presents, the appearance callbacks; `.currentContext` with `definesPresentationContext`;
/// the swipe of a sheet as the user's (`isModalInPresentation`, the adaptive delegate).
@MainActor
@Suite struct ModalStyleConformanceTests {
    let h: Harness
    let log = CallLog()

    init() { h = Harness() }
    init(size: CGSize) { h = Harness(size: size) }

    func makeRoot() -> LoggingViewController {
        h.showRoot(LoggingViewController("A", log: log), clearing: log)
    }

    // MARK: Styles

    @Test func theDefaultStyleIsAutomaticAndPresentsAPageSheet() {
        #expect(ViewController().modalPresentationStyle == .automatic)
        #expect(ModalPresentationStyle.automatic.resolved == .pageSheet)
        let a = makeRoot()
        let b = LoggingViewController("B", log: log)
        // Read before presenting (UIKit's order: configure, then present): already the sheet's controller.
        let early = b.presentationController
        #expect(early?.presentationStyle == .pageSheet)
        a.present(b, animated: true)
        #expect(b.transitionCoordinator?.presentationStyle == .pageSheet)
        h.settlePresentations()
        #expect(b.presentationController === early)
        #expect(a.view.superview === h.window)
        #expect(log.entries == ["B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
    }

    /// For each style: whether the presenter's view stays in the window, and the appearance callbacks of a
    /// present and a dismiss (UIKit: only the styles that remove the presenter's view give it any).
    @Test(arguments: [
        (ModalPresentationStyle.fullScreen, false), (.overFullScreen, true), (.pageSheet, true), (.formSheet, true),
        (.automatic, true), (.currentContext, false), (.overCurrentContext, true), (.custom, true),
    ])
    func eachStylesViewsAndAppearanceCallbacks(style: ModalPresentationStyle, keepsPresenter: Bool) {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: style)
        a.present(b, animated: true)
        h.settlePresentations()
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(b.presentationController?.presentationStyle == style.resolved)
        #expect((a.view.superview === h.window) == keepsPresenter)
        #expect(b.view.window === h.window)
        #expect(log.entries == (keepsPresenter
            ? ["B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)"]
            : ["B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)", "A.viewDidDisappear(true)",
               "B.viewDidAppear(true)"]))
        log.clear()
        b.dismiss(animated: true)
        h.settlePresentations()
        #expect(a.presentedViewController == nil && a.view.superview === h.window && a.view.frame == h.window.bounds)
        #expect(log.entries == (keepsPresenter
            ? ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)"]
            : ["B.viewWillDisappear(true)", "A.viewWillAppear(true)", "B.viewDidDisappear(true)", "A.viewDidAppear(true)"]))
        #expect(h.window.subviews.count == 1)
    }

    @Test func aFormSheetIsCentredInAWideWindowAndAPageSheetInANarrowOne() {
        let wide = ModalStyleConformanceTests(size: CGSize(width: 1024, height: 768))
        let a = wide.makeRoot()
        let b = LoggingViewController("B", log: wide.log, style: .formSheet)
        a.present(b, animated: false)
        wide.h.settlePresentations()
        // 540 x 620 centred in the 1024 x 706 below the sheet's 62 pt inset.
        #expect(b.view.frame == CGRect(x: 242, y: 62 + 43, width: 540, height: 620))

        let c = makeRoot()
        let d = LoggingViewController("D", log: log, style: .formSheet)
        c.present(d, animated: false)
        h.settlePresentations()
        // A page sheet at large: full width, 62 pt below the top.
        #expect(d.view.frame == CGRect(x: 0, y: 62, width: 400, height: 538))
    }

    // MARK: Current context

    /// A root "R" with a child "C" whose view is (0, 100, 400, 300).
    func makeContext(defines: Bool) -> (root: LoggingViewController, context: LoggingViewController) {
        let root = LoggingViewController("R", log: log)
        let context = LoggingViewController("C", log: log)
        context.definesPresentationContext = defines
        h.showRoot(root, clearing: log)
        embed(context, in: root)
        return (root, context)
    }

    /// Makes `child` a child of `root` with its view at (0, 100, 400, 300), runs a frame and clears the log.
    func embed(_ child: ViewController, in root: ViewController) {
        root.addChild(child)
        child.view.autoresizingMask = []
        child.view.frame = CGRect(x: 0, y: 100, width: 400, height: 300)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        h.frames(1)
        log.clear()
    }

    @Test func overCurrentContextCoversOnlyTheContextsViewAndKeepsIt() {
        let (root, context) = makeContext(defines: true)
        let b = LoggingViewController("B", log: log, style: .overCurrentContext)
        context.present(b, animated: true)
        h.settlePresentations()
        #expect(b.presentingViewController === context && context.presentedViewController === b)
        #expect(root.modal.presented == nil)
        let container = b.presentationController?.containerView
        #expect(container?.superview === root.view && container?.frame == CGRect(x: 0, y: 100, width: 400, height: 300))
        #expect(b.view.superview === container && b.view.frame == CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(context.view.superview === root.view)
        #expect(log.entries == ["B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
        log.clear()
        b.dismiss(animated: true)
        h.settlePresentations()
        #expect(context.presentedViewController == nil && container?.superview == nil)
        #expect(log.entries == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)"])
    }

    @Test func currentContextRemovesTheContextsViewAndPutsItBack() {
        let (root, context) = makeContext(defines: true)
        let b = LoggingViewController("B", log: log, style: .currentContext)
        // Presented from the context's descendant or itself: the context presents.
        context.present(b, animated: true)
        h.settlePresentations()
        #expect(b.presentingViewController === context)
        #expect(context.view.superview == nil && root.view.superview === h.window)
        #expect(b.view.frame == CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(log.entries == ["B.viewDidLoad", "C.viewWillDisappear(true)", "B.viewWillAppear(true)",
                                "C.viewDidDisappear(true)", "B.viewDidAppear(true)"])
        log.clear()
        context.dismiss(animated: true)
        h.settlePresentations()
        #expect(context.view.superview === root.view && context.view.frame == CGRect(x: 0, y: 100, width: 400, height: 300))
        #expect(context.presentedViewController == nil)
        #expect(log.entries == ["B.viewWillDisappear(true)", "C.viewWillAppear(true)", "B.viewDidDisappear(true)",
                                "C.viewDidAppear(true)"])
    }

    @Test func withoutADefiningAncestorTheRootIsTheContext() {
        let (root, context) = makeContext(defines: false)
        let b = LoggingViewController("B", log: log, style: .overCurrentContext)
        context.present(b, animated: false)
        h.settlePresentations()
        #expect(b.presentingViewController === root && root.presentedViewController === b)
        #expect(b.presentationController?.containerView?.superview === h.window)
        #expect(b.view.frame == h.window.bounds)
    }

    @Test func aNavigationControllerDefinesThePresentationContextByDefaultAndMayBeToldNotTo() {
        // Apple: "Some system-provided view controllers, such as UINavigationController, change the default
        // value to true." The rest keep false.
        #expect(NavigationController().definesPresentationContext)
        #expect(NavigationController(rootViewController: ViewController()).definesPresentationContext)
        #expect(!ViewController().definesPresentationContext && !TabBarController().definesPresentationContext)
        let nav = NavigationController()
        nav.definesPresentationContext = false
        #expect(!nav.definesPresentationContext)
    }

    @Test func overCurrentContextFromAPageInANavigationControllerInACustomContainerCoversTheNavigationController() {
        let root = LoggingViewController("R", log: log)
        h.showRoot(root, clearing: log)
        let page = LoggingViewController("P", log: log)
        let nav = NavigationController(rootViewController: page)
        embed(nav, in: root)
        let b = LoggingViewController("B", log: log, style: .overCurrentContext)
        page.present(b, animated: true)
        h.settlePresentations()
        // The navigation controller presents (not the page, not the root), over its own view only.
        #expect(b.presentingViewController === nav && nav.presentedViewController === b && root.modal.presented == nil)
        let container = b.presentationController?.containerView
        #expect(container?.superview === root.view && container?.frame == CGRect(x: 0, y: 100, width: 400, height: 300))
        #expect(b.view.frame == CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(nav.view.superview === root.view)
        // Told not to, the navigation controller passes the context up to the root.
        b.dismiss(animated: false)
        h.settlePresentations()
        nav.definesPresentationContext = false
        let c = LoggingViewController("C", log: log, style: .overCurrentContext)
        page.present(c, animated: false)
        h.settlePresentations()
        #expect(c.presentingViewController === root && c.view.frame == h.window.bounds)
    }

    // MARK: The user's swipe

    @Test func aModalInPresentationSheetRefusesTheSwipeRubberBandsAndTellsTheDelegate() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .automatic)
        b.isModalInPresentation = true
        let delegate = AdaptiveDelegateLog()
        b.presentationController?.delegate = delegate
        a.present(b, animated: true)
        h.settlePresentations()
        let rest = b.view.frame
        log.clear()
        // Recognized on the first move: the swipe counts from y = 320 and goes 100 pt down.
        h.dragSheet(from: 300, to: [320, 370, 420], hold: nil)
        #expect(delegate.entries == ["didAttemptToDismiss"])   // isModalInPresentation refuses without asking
        #expect(h.window.modalPresentations.currentTransition == nil)
        let expected = (1 - 1 / (100 * 0.55 / rest.height + 1)) * rest.height
        #expect(abs(DimmingSheetPresentationController.rubberBandOffset(100, dimension: rest.height) - expected) < 1e-12)
        #expect(abs(b.view.layer.renderedProperties.frame.minY - (rest.minY + expected)) < 1e-9)
        h.up(200, 420, at: 10.2)
        h.frames(90)
        #expect(b.view.layer.renderedProperties.frame == rest && b.view.frame == rest)
        #expect(a.presentedViewController === b)
        #expect(log.entries.isEmpty)
        #expect(delegate.entries == ["didAttemptToDismiss"])
    }

    @Test func theDelegateHearsOfASwipeDismissalAndNotOfOneInCode() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .pageSheet)
        let delegate = AdaptiveDelegateLog()
        b.presentationController?.delegate = delegate
        a.present(b, animated: true)
        h.settlePresentations()
        // Let go short of the commit fraction, at rest: cancelled; no didDismiss.
        h.dragSheet(from: 300, to: [320, 340, 360], hold: 0.2)
        h.settlePresentations()
        #expect(a.presentedViewController === b)
        #expect(delegate.entries == ["shouldDismiss", "willDismiss"])
        delegate.entries.removeAll()
        // Far enough: dismissed.
        h.dragSheet(from: 300, to: [320, 500, 600], t0: 20, hold: 0.2)
        h.settlePresentations()
        #expect(a.presentedViewController == nil)
        #expect(delegate.entries == ["shouldDismiss", "willDismiss", "didDismiss"])

        let c = LoggingViewController("C", log: log, style: .pageSheet)
        let codeDelegate = AdaptiveDelegateLog()
        c.presentationController?.delegate = codeDelegate
        a.present(c, animated: true)
        h.settlePresentations()
        c.dismiss(animated: true)
        h.settlePresentations()
        #expect(a.presentedViewController == nil && codeDelegate.entries.isEmpty)
    }

    @Test func aDelegateThatRefusesKeepsTheSheetAndHearsTheAttempt() {
        let a = makeRoot()
        let b = LoggingViewController("B", log: log, style: .pageSheet)
        let delegate = AdaptiveDelegateLog()
        delegate.allows = false
        b.presentationController?.delegate = delegate
        a.present(b, animated: true)
        h.settlePresentations()
        h.dragSheet(from: 300, to: [320, 500, 600], hold: 0.2)
        h.settlePresentations()
        h.frames(90)
        #expect(a.presentedViewController === b && h.window.modalPresentations.currentTransition == nil)
        #expect(delegate.entries == ["shouldDismiss", "didAttemptToDismiss"])
    }
}

/// Records the adaptive delegate's calls.
@MainActor
final class AdaptiveDelegateLog: AdaptivePresentationControllerDelegate {
    var entries: [String] = []
    var allows = true

    func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool {
        entries.append("shouldDismiss")
        return allows
    }
    func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {
        entries.append("didAttemptToDismiss")
    }
    func presentationControllerWillDismiss(_ presentationController: PresentationController) { entries.append("willDismiss") }
    func presentationControllerDidDismiss(_ presentationController: PresentationController) { entries.append("didDismiss") }
}
