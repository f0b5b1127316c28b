import Testing
@testable import SegueAnimation
@testable import SegueUI

/// One delegate for every container of the race tests: a navigation controller's, a tab bar
/// controller's and a presented controller's. It supplies linear or stock animators and, while
/// `interactive`, its percent-driven interaction controller, so that every kind of transition can be
/// brought to every phase from code.
@MainActor
final class RaceDelegate: NavigationControllerDelegate, TabBarControllerDelegate, ViewControllerTransitioningDelegate {
    var interactive = false
    let interaction = PercentDrivenInteractiveTransition()
    /// Supplies the navigation animator (nil: a 0.5 s ``LinearSlideAnimator``).
    var makeNavigationAnimator: ((NavigationController.Operation) -> any ViewControllerAnimatedTransitioning)?

    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        makeNavigationAnimator?(operation) ?? LinearSlideAnimator(operation, duration: 0.5)
    }
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? { interactive ? interaction : nil }

    func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
                          to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        TabSlideTransitionAnimator(direction: .forward)
    }
    func tabBarController(_ tabBarController: TabBarController,
                          interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? { interactive ? interaction : nil }

    func interactionControllerForPresentation(using animator: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? { interactive ? interaction : nil }
    func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? { interactive ? interaction : nil }
}

/// An animator that never calls `completeTransition` (the bug the completion watchdog catches).
@MainActor
final class ForgetfulAnimator: ViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { 0.25 }
    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let to = transitionContext.view(forKey: .to)!
        View.performWithoutAnimation {
            to.frame = container.bounds
            container.addSubview(to)
        }
        View.animate(withDuration: 0.25, animations: { to.alpha = 1 })
    }
}

/// An animator that keeps nothing: the context is reachable only through the animation's completion
/// closure, which the animation store holds until the animation ends.
@MainActor
final class ContextDiscardingAnimator: ViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { 0.25 }
    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let to = transitionContext.view(forKey: .to)!, from = transitionContext.view(forKey: .from)!
        let bounds = container.bounds
        View.performWithoutAnimation {
            to.frame = bounds.offsetBy(dx: bounds.width, dy: 0)
            container.addSubview(to)
        }
        View.animate(withDuration: 0.25, delay: 0, options: [.curveLinear], animations: {
            to.frame = bounds
        }, completion: { [weak from] _ in
            from?.frame = bounds
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// The races users hit, each a named regression test (issue 13): requests crossing running transitions,
/// a resize and a focus loss at every phase of every kind of transition, `completeTransition` called
/// twice or never, and an animator that throws its context away. Each ends by checking the invariants.
@MainActor
@Suite struct TransitionRaceTests {
    let h = Harness()
    let log = CallLog()
    let delegate = RaceDelegate()

    func page(_ name: String) -> LoggingViewController { LoggingViewController(name, log: log) }

    /// The same controllers, in the same order (identity).
    func same(_ a: [ViewController], _ b: [ViewController]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    func makeStack(_ names: [String], delegated: Bool = false) -> (NavigationController, [LoggingViewController]) {
        let pages = names.map(page)
        return (h.showStack(pages, delegate: delegated ? delegate : nil, clearing: log), pages)
    }

    func makeTabs(swipe: Bool = false, delegated: Bool = false) -> (TabBarController, [LoggingViewController]) {
        let pages = ["A", "B", "C"].map(page)
        for p in pages { p.loadViewIfNeeded() }
        let tabs = TabBarController()
        tabs.viewControllers = pages
        tabs.allowsSwipeBetweenTabs = swipe
        tabs.selectsWithArrowKeys = true
        if delegated { tabs.delegate = delegate }
        h.window.rootViewController = tabs
        h.frames(1)
        log.clear()
        return (tabs, pages)
    }

    /// Runs frames until nothing runs in the window (no container transition, no presentation), at most
    /// `limit`, then one more.
    func settle(limit: Int = 600) {
        for _ in 0..<limit where busy { h.frames(1) }
        h.frames(1)
    }

    var busy: Bool {
        if h.window.modalPresentations.currentTransition != nil { return true }
        var controllers: [ViewController] = h.window.rootViewController.map { [$0] } ?? []
        while let c = controllers.popLast() {
            if (c as? NavigationController)?.currentTransition != nil || (c as? TabBarController)?.currentTransition != nil {
                return true
            }
            controllers += c.children
        }
        return false
    }

    /// A swipe of the tab bar controller's pages from (`x0`, 300) through `xs`, one move per frame.
    func swipe(from x0: CGFloat, _ xs: [CGFloat], t0: Double = 10, release hold: Double? = 0.2) {
        h.down(x0, 300, at: t0)
        var t = t0
        for x in xs {
            t += 1.0 / 60
            h.move(x, 300, at: t)
            h.frames(1)
        }
        if let hold { h.up(xs.last!, 300, at: t + hold) }
    }

    // MARK: Requests crossing a running transition

    @Test func aPushRequestedDuringAnInteractivePopRunsAfterIt() {
        let (nav, pages) = makeStack(["A", "B"])
        h.down(5, 300, at: 10)
        for (i, x) in [40.0, 80, 120].enumerated() { h.move(x, 300, at: 10 + Double(i + 1) / 60); h.frames(1) }
        #expect(nav.currentTransition?.kind == .pop && nav.currentTransition?.phase == .interacting)
        let c = page("C")
        nav.pushViewController(c, animated: true)
        #expect(nav.viewControllers.count == 1)   // queued; the pop already took B off (restored if cancelled)
        h.up(120, 300, at: 11)                    // p < 0.3 at rest: the pop is cancelled
        settle()
        #expect(same(nav.viewControllers, [pages[0], pages[1], c]))
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aPopRequestedDuringAPushRunsAfterIt() {
        let (nav, pages) = makeStack(["A"])
        let b = page("B")
        nav.pushViewController(b, animated: true)
        h.frames(3)
        #expect(nav.currentTransition?.kind == .push)
        #expect(nav.popViewController(animated: true) == nil)   // queued: nothing popped yet
        settle()
        #expect(same(nav.viewControllers, [pages[0]]))
        #expect(b.parent == nil && b.view.superview == nil)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func twoPushesInOneFrameRunOneAfterTheOther() {
        let (nav, pages) = makeStack(["A"])
        let b = page("B"), c = page("C")
        var began: [ViewController] = []
        nav.transitionObserver = { t, event in
            if event == .began, let to = t.viewController(forKey: .to) { began.append(to) }
        }
        nav.pushViewController(b, animated: true)
        nav.pushViewController(c, animated: true)
        settle()
        #expect(same(began, [b, c]))
        #expect(same(nav.viewControllers, [pages[0], b, c]))
        #expect(log.entries.filter { $0 == "C.viewDidAppear(true)" }.count == 1)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aTabSwitchDuringASheetsDragRunsAfterTheSheetSettles() {
        let (tabs, pages) = makeTabs()
        let sheet = page("S")
        sheet.modalPresentationStyle = .pageSheet
        pages[0].present(sheet, animated: true)
        settle()
        // Drag the sheet down, and press the Right key mid-drag: the tabs are under the sheet.
        h.down(200, 300, at: 10)
        for (i, y) in [320.0, 380, 440].enumerated() { h.move(200, y, at: 10 + Double(i + 1) / 60); h.frames(1) }
        #expect(h.window.modalPresentations.currentTransition?.phase == .interacting)
        tabs.selectedIndex = 1
        h.frames(1)
        #expect(h.window.modalPresentations.currentTransition?.phase == .interacting)
        h.move(200, 600, at: 10.1)
        h.up(200, 600, at: 10.3)
        settle()
        #expect(pages[0].presentedViewController == nil)
        #expect(tabs.selectedIndex == 1)
        checkTabInvariants(tabs, in: h.window)
        #expect(h.window.subviews.filter { $0 is PresentationContainerView }.isEmpty)
    }

    @Test func aDismissDuringAPresentRunsAfterIt() {
        let a = page("A")
        h.window.rootViewController = a
        h.frames(1)
        let b = page("B")
        b.modalPresentationStyle = .pageSheet
        a.present(b, animated: true)
        h.frames(3)
        #expect(h.window.modalPresentations.currentTransition?.kind == .present)
        a.dismiss(animated: true)
        settle()
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(h.window.subviews.filter { $0 is PresentationContainerView }.isEmpty)
        #expect(a.view.superview === h.window)
        #expect(b.appearanceState == .disappeared && a.appearanceState == .appeared)
        checkLayersAtRest(in: h.window)
    }

    // MARK: A resize and a focus loss at every phase

    enum Disturbance: String, CaseIterable, Sendable {
        case resize, focusLoss
        /// To the window's minimum size (`SDLWindowHost.minimumWindowSize`, 200x200).
        case resizeToMinimum
        /// To 1x1 point: a window manager that ignores the minimum, or a `--size 1x1` window.
        case resizeToOnePoint
    }

    nonisolated static let resizedSize = CGSize(width: 520, height: 380)

    /// The size a disturbance resizes the window to (nil: none).
    nonisolated static func size(after disturbance: Disturbance) -> CGSize? {
        switch disturbance {
        case .resize: resizedSize
        case .resizeToMinimum: CGSize(width: 200, height: 200)
        case .resizeToOnePoint: CGSize(width: 1, height: 1)
        case .focusLoss: nil
        }
    }

    /// Brings a transition of `kind` to `phase`, disturbs it, lets it end, and checks the invariants and
    /// that every page fits the window's new size.
    func run(_ kind: ContainerTransition.Kind, _ phase: ContainerTransition.Phase, _ disturbance: Disturbance) {
        let interactive = phase != .animating
        delegate.interactive = interactive
        var check: () -> Void = {}
        var running: () -> ContainerTransition? = { nil }
        switch kind {
        case .push, .pop:
            let (nav, _) = makeStack(kind == .push ? ["A"] : ["A", "B"], delegated: true)
            if kind == .push { nav.pushViewController(page("B"), animated: true) } else { nav.popViewController(animated: true) }
            running = { nav.currentTransition }
            check = { checkNavigationInvariants(nav, in: h.window) }
        case .tab:
            let (tabs, _) = makeTabs(delegated: true)
            tabs.selectedIndex = 1
            running = { tabs.currentTransition }
            check = { checkTabInvariants(tabs, in: h.window) }
        case .present, .dismiss:
            let a = page("A")
            h.window.rootViewController = a
            h.frames(1)
            let b = page("B")
            b.modalPresentationStyle = .pageSheet
            b.transitioningDelegate = delegate
            if kind == .dismiss {
                delegate.interactive = false
                a.present(b, animated: false)
                settle()
                delegate.interactive = interactive
                a.dismiss(animated: true)
            } else {
                a.present(b, animated: true)
            }
            running = { h.window.modalPresentations.currentTransition }
            check = {
                checkLayersAtRest(in: h.window)
                #expect(h.window.modalPresentations.currentTransition == nil)
                // The presenter fills the window under the page sheet's recession (its transform).
                #expect(a.view.bounds.size == h.window.bounds.size
                        && a.view.center == CGPoint(x: h.window.bounds.midX, y: h.window.bounds.midY))
                if let sheet = a.presentedViewController?.presentationController as? DimmingSheetPresentationController {
                    #expect(sheet.dimmingView.frame == h.window.bounds)
                    #expect(b.view.frame.width == h.window.bounds.width)
                }
                #expect(b.appearanceState == (a.presentedViewController === b ? .appeared : .disappeared))
            }
        case .custom:
            Issue.record("no custom container here")
            return
        }
        h.frames(2)
        #expect(running()?.kind == kind)
        if interactive {
            delegate.interaction.update(0.4)
            h.frames(1)
            switch phase {
            case .finishing: delegate.interaction.finish()
            case .cancelling: delegate.interaction.cancel()
            default: break
            }
            h.frames(1)
        }
        #expect(running()?.phase == phase)
        if let size = Self.size(after: disturbance) {
            h.window.handle(.window(.resized(size)))
        } else {
            h.window.handle(.window(.focusLost))
        }
        h.frames(1)
        if phase == .interacting {
            // Still held (focus loss ends touches, not a code-driven interaction): let it go.
            delegate.interaction.finish()
        }
        settle()
        #expect(running() == nil)
        if let size = Self.size(after: disturbance) { #expect(h.window.bounds.size == size) }
        check()
    }

    nonisolated static let kinds: [ContainerTransition.Kind] = [.push, .pop, .tab, .present, .dismiss]
    nonisolated static let phases: [ContainerTransition.Phase] = [.animating, .interacting, .finishing, .cancelling]

    @Test(arguments: kinds, phases)
    func aResizeAtEveryPhaseOfEveryKindOfTransition(_ kind: ContainerTransition.Kind, _ phase: ContainerTransition.Phase) {
        run(kind, phase, .resize)
    }

    @Test(arguments: kinds, phases)
    func aResizeToTheMinimumAtEveryPhaseOfEveryKindOfTransition(_ kind: ContainerTransition.Kind, _ phase: ContainerTransition.Phase) {
        run(kind, phase, .resizeToMinimum)
    }

    @Test(arguments: kinds, phases)
    func aResizeToOnePointAtEveryPhaseOfEveryKindOfTransition(_ kind: ContainerTransition.Kind, _ phase: ContainerTransition.Phase) {
        run(kind, phase, .resizeToOnePoint)
    }

    @Test(arguments: kinds, phases)
    func aFocusLossAtEveryPhaseOfEveryKindOfTransition(_ kind: ContainerTransition.Kind, _ phase: ContainerTransition.Phase) {
        run(kind, phase, .focusLoss)
    }

    // MARK: The animator's side

    @Test func completeTransitionCalledTwiceCompletesOnce() {
        let (nav, pages) = makeStack(["A"], delegated: true)
        delegate.makeNavigationAnimator = { op in
            let a = LinearSlideAnimator(op, duration: 0.25)
            a.completesTwice = true
            return a
        }
        let b = page("B")
        nav.pushViewController(b, animated: true)
        settle()
        #expect(log.entries.filter { $0 == "B.viewDidAppear(true)" }.count == 1)
        #expect(log.entries.filter { $0 == "A.viewDidDisappear(true)" }.count == 1)
        #expect(same(nav.viewControllers, [pages[0], b]))
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func completeTransitionNeverCalledFailsAfterTheGracePeriod() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let tests = TransitionRaceTests()
                let (nav, _) = tests.makeStack(["A"], delegated: true)
                tests.delegate.makeNavigationAnimator = { _ in ForgetfulAnimator() }
                nav.pushViewController(tests.page("B"), animated: true)
                // 0.25 s + 2 s grace = 2.25 s: 150 frames at 60 Hz pass it.
                tests.h.frames(150)
            }
        }
    }

    @Test func completeTransitionNotCalledWithinTheDurationIsNotYetAFailure() {
        // The same forgetful animator, just short of its deadline: no failure yet, the transition still
        // runs (the exit test above shows the failure past it).
        let (nav, _) = makeStack(["A"], delegated: true)
        delegate.makeNavigationAnimator = { _ in ForgetfulAnimator() }
        nav.pushViewController(page("B"), animated: true)
        // 0.25 s + 2 s = 2.25 s = 135 frames; 130 frames is before it.
        h.frames(130)
        #expect(nav.currentTransition?.phase == .animating)
        #expect(nav.currentTransition?.completionDeadline == 0.25 + ContainerTransition.completionGracePeriod)
        nav.currentTransition?.completeTransition(true)
        settle()
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func anInteractionHeldLongerThanTheGracePeriodIsNotAFailure() {
        let (nav, pages) = makeStack(["A", "B"], delegated: true)
        delegate.interactive = true
        nav.popViewController(animated: true)
        h.frames(1)
        delegate.interaction.update(0.5)
        h.frames(600)   // 10 s held
        #expect(nav.currentTransition?.phase == .interacting)
        delegate.interaction.finish()
        settle()
        #expect(same(nav.viewControllers, [pages[0]]))
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func anAnimatorThatThrowsAwayItsContextStillCompletes() {
        let (nav, pages) = makeStack(["A"], delegated: true)
        delegate.makeNavigationAnimator = { _ in ContextDiscardingAnimator() }
        let b = page("B")
        weak var transition: ContainerTransition?
        nav.pushViewController(b, animated: true)
        transition = nav.currentTransition
        settle()
        #expect(same(nav.viewControllers, [pages[0], b]))
        #expect(transition == nil)   // and the context is freed afterwards
        checkNavigationInvariants(nav, in: h.window)
    }
}
