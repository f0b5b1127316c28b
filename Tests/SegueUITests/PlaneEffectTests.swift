import Testing
import SegueTestSupport
@testable import SegueAnimation
@testable import SegueUI

/// Every planar effect (``TransitionEffect/planeEffects``) in every container: navigation (push forwards,
/// pop backwards), tabs (a later tab forwards, an earlier one backwards), modal (present forwards, dismiss
/// backwards) and a custom container, animated and interactive, each ending with the right page shown,
/// every page at rest and nothing the effect added left in the window; and each effect's presentation
/// values at 0, 0.5 and 1 as its geometry says.
@MainActor
@Suite struct PlaneEffectTests {
    /// Runs frames until `isRunning` is false (at most 4 s), then one more.
    func settle(_ h: Harness, while isRunning: () -> Bool) {
        for _ in 0..<240 where isRunning() { h.frames(1) }
        h.frames(1)
    }

    // MARK: Navigation

    /// A navigation controller showing `names` (unanimated), its pushes and pops playing `effect`.
    func navigation(_ effect: TransitionEffect, _ names: [String], in h: Harness) -> (NavigationController, [LoggingViewController]) {
        let log = CallLog()
        let pages = names.map { LoggingViewController($0, log: log) }
        let nav = h.showStack(pages, clearing: log)
        nav.transitionEffect = effect
        return (nav, pages)
    }

    func checkNavigationAtRest(_ nav: NavigationController, _ h: Harness, sourceLocation: SourceLocation = #_sourceLocation) {
        checkNavigationInvariants(nav, in: h.window, sourceLocation: sourceLocation)
        checkEffectLeftNothing(in: nav.transitionView, pages: [nav.topViewController!.view], sourceLocation: sourceLocation)
        checkWindowHolds(h.window, [nav.view], sourceLocation: sourceLocation)
    }

    @Test(arguments: TransitionEffect.planeEffects)
    func animatedPushAndPopInANavigationControllerLeaveOnlyThePage(_ effect: TransitionEffect) {
        let h = Harness()
        let (nav, pages) = navigation(effect, ["A"], in: h)
        let b = LoggingViewController("B", log: CallLog())
        nav.pushViewController(b, animated: true)
        h.frames(1)
        #expect(nav.currentTransition?.animator is ReversibleTransitionAnimator)   // the effect, not the stock push
        #expect(nav.currentTransition?.phase == .animating)
        settle(h) { nav.currentTransition != nil }
        #expect(nav.topViewController === b)
        checkNavigationAtRest(nav, h)
        nav.popViewController(animated: true)
        settle(h) { nav.currentTransition != nil }
        #expect(nav.topViewController === pages[0])
        checkNavigationAtRest(nav, h)
        #expect(b.view.superview == nil && b.view.alpha == 1 && b.view.transform3D == .identity)
    }

    @Test(arguments: TransitionEffect.planeEffects)
    func scrubbedPopCancelledIsBackAtItsStartAndACaughtOneFinishes(_ effect: TransitionEffect) {
        let h = Harness()
        let (nav, pages) = navigation(effect, ["A", "B"], in: h)
        let interaction = ScriptedGestureInteraction()
        interaction.interactionInProgress = true
        nav.effectInteractionController = interaction
        nav.popViewController(animated: true)
        h.frames(1)
        #expect(nav.currentTransition?.phase == .interacting)
        for p in [0.25, 0.5, 0.2] { interaction.update(p); h.frames(1) }
        interaction.cancel()
        settle(h) { nav.currentTransition != nil }
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        checkNavigationAtRest(nav, h)
        // Again: let go towards the start, caught on the way, finished.
        let second = ScriptedGestureInteraction()
        second.interactionInProgress = true
        nav.effectInteractionController = second
        nav.popViewController(animated: true)
        h.frames(1)
        second.update(0.6)
        h.frames(1)
        second.cancel()
        h.frames(3)
        second.pauseInteractiveTransition()
        h.frames(1)
        #expect(nav.currentTransition?.phase == .interacting)
        second.finish()
        settle(h) { nav.currentTransition != nil }
        #expect(nav.topViewController === pages[0] && nav.viewControllers.count == 1)
        checkNavigationAtRest(nav, h)
    }

    // MARK: Tabs

    func tabs(_ effect: TransitionEffect, in h: Harness) -> (TabBarController, [LoggingViewController]) {
        let log = CallLog()
        let pages = ["A", "B", "C"].map { LoggingViewController($0, log: log) }
        let tabs = TabBarController()
        tabs.viewControllers = pages
        h.window.rootViewController = tabs
        h.frames(1)
        tabs.transitionEffect = effect
        return (tabs, pages)
    }

    func checkTabsAtRest(_ tabs: TabBarController, _ h: Harness, sourceLocation: SourceLocation = #_sourceLocation) {
        checkTabInvariants(tabs, in: h.window, sourceLocation: sourceLocation)
        checkEffectLeftNothing(in: tabs.transitionView, pages: [tabs.selectedViewController!.view], sourceLocation: sourceLocation)
        checkWindowHolds(h.window, [tabs.view], sourceLocation: sourceLocation)
    }

    @Test(arguments: TransitionEffect.planeEffects)
    func tabSwitchesPlayForwardsToALaterTabAndBackwardsToAnEarlierOne(_ effect: TransitionEffect) {
        let h = Harness()
        let (tabs, pages) = tabs(effect, in: h)
        tabs.selectedIndex = 2
        h.frames(1)
        let forward = tabs.currentTransition?.animator as? ReversibleTransitionAnimator
        #expect(forward?.reverse == false)
        settle(h) { tabs.currentTransition != nil }
        #expect(tabs.selectedViewController === pages[2])
        checkTabsAtRest(tabs, h)
        tabs.selectedIndex = 0
        h.frames(1)
        #expect((tabs.currentTransition?.animator as? ReversibleTransitionAnimator)?.reverse == true)
        settle(h) { tabs.currentTransition != nil }
        #expect(tabs.selectedViewController === pages[0])
        checkTabsAtRest(tabs, h)
    }

    @Test(arguments: TransitionEffect.planeEffects)
    func scrubbedTabSwitchCancelledStaysAndACaughtOneFinishes(_ effect: TransitionEffect) {
        let h = Harness()
        let (tabs, pages) = tabs(effect, in: h)
        let interaction = ScriptedGestureInteraction()
        interaction.interactionInProgress = true
        tabs.effectInteractionController = interaction
        tabs.selectedIndex = 1
        h.frames(1)
        #expect(tabs.currentTransition?.phase == .interacting)
        for p in [0.5, 0.1] { interaction.update(p); h.frames(1) }
        interaction.cancel()
        settle(h) { tabs.currentTransition != nil }
        #expect(tabs.selectedViewController === pages[0])
        checkTabsAtRest(tabs, h)
        let second = ScriptedGestureInteraction()
        second.interactionInProgress = true
        tabs.effectInteractionController = second
        tabs.selectedIndex = 1
        h.frames(1)
        second.update(0.5)
        h.frames(1)
        second.cancel()
        h.frames(2)
        second.pauseInteractiveTransition()
        second.finish()
        settle(h) { tabs.currentTransition != nil }
        #expect(tabs.selectedViewController === pages[1])
        checkTabsAtRest(tabs, h)
    }

    // MARK: Modal

    /// A root controller shown in the window, and a controller to present with `effect`.
    func modal(_ effect: TransitionEffect, in h: Harness) -> (root: LoggingViewController, presented: LoggingViewController) {
        let log = CallLog()
        let root = LoggingViewController("R", log: log)
        h.window.rootViewController = root
        h.frames(1)
        let presented = LoggingViewController("P", log: log)
        presented.modalTransitionEffect = effect
        return (root, presented)
    }

    /// What a presentation at rest holds: the presented page at its frame in its container (after the
    /// presentation controller's chrome), the window holding the presenter's view only when the
    /// presentation keeps it, and everything at rest.
    func checkPresented(_ presented: ViewController, over root: ViewController, effect: TransitionEffect, _ h: Harness,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        guard let controller = presented.presentationController, let container = controller.containerView else {
            Issue.record("not presented", sourceLocation: sourceLocation)
            return
        }
        let keepsPresenter = effect.makePresentationController != nil
        let chrome = container.subviews.filter { $0 !== presented.view }
        #expect(chrome.count == (keepsPresenter ? 1 : 0), sourceLocation: sourceLocation)
        checkEffectLeftNothing(in: container, pages: [presented.view], chrome: chrome, sourceLocation: sourceLocation)
        checkWindowHolds(h.window, keepsPresenter ? [root.view, container] : [container], sourceLocation: sourceLocation)
        #expect(presented.view.frame == controller.frameOfPresentedViewInContainerView, sourceLocation: sourceLocation)
        checkLayersAtRest(in: h.window, sourceLocation: sourceLocation)
    }

    func checkDismissed(_ root: ViewController, _ h: Harness, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(root.presentedViewController == nil, sourceLocation: sourceLocation)
        checkWindowHolds(h.window, [root.view], sourceLocation: sourceLocation)
        checkEffectLeftNothing(in: h.window, pages: [root.view], sourceLocation: sourceLocation)
        #expect(root.view.frame == h.window.bounds, sourceLocation: sourceLocation)
        checkLayersAtRest(in: h.window, sourceLocation: sourceLocation)
    }

    @Test(arguments: TransitionEffect.planeEffects)
    func presentPlaysForwardsAndDismissBackwardsAndLeaveOnlyThePages(_ effect: TransitionEffect) {
        let h = Harness()
        let (root, presented) = modal(effect, in: h)
        #expect(presented.modalPresentationStyle == (effect.makePresentationController == nil ? .fullScreen : .custom))
        root.present(presented, animated: true)
        h.frames(1)
        #expect((h.window.modalPresentations.currentTransition?.animator as? ReversibleTransitionAnimator)?.reverse == false)
        settle(h) { h.window.modalPresentations.currentTransition != nil }
        #expect(root.presentedViewController === presented)
        checkPresented(presented, over: root, effect: effect, h)
        presented.dismiss(animated: true)
        h.frames(1)
        #expect((h.window.modalPresentations.currentTransition?.animator as? ReversibleTransitionAnimator)?.reverse == true)
        settle(h) { h.window.modalPresentations.currentTransition != nil }
        checkDismissed(root, h)
    }

    @Test(arguments: TransitionEffect.planeEffects)
    func scrubbedDismissalCancelledStaysPresentedAndACaughtOneFinishes(_ effect: TransitionEffect) {
        let h = Harness()
        let (root, presented) = modal(effect, in: h)
        root.present(presented, animated: true)
        settle(h) { h.window.modalPresentations.currentTransition != nil }
        let interaction = ScriptedGestureInteraction()
        interaction.interactionInProgress = true
        presented.modalTransitionEffectDelegate?.interactionController = interaction
        presented.dismiss(animated: true)
        h.frames(1)
        #expect(h.window.modalPresentations.currentTransition?.phase == .interacting)
        for p in [0.5, 0.3] { interaction.update(p); h.frames(1) }
        interaction.cancel()
        settle(h) { h.window.modalPresentations.currentTransition != nil }
        #expect(root.presentedViewController === presented)
        checkPresented(presented, over: root, effect: effect, h)
        let second = ScriptedGestureInteraction()
        second.interactionInProgress = true
        presented.modalTransitionEffectDelegate?.interactionController = second
        presented.dismiss(animated: true)
        h.frames(1)
        second.update(0.5)
        h.frames(1)
        second.cancel()
        h.frames(2)
        second.pauseInteractiveTransition()
        second.finish()
        settle(h) { h.window.modalPresentations.currentTransition != nil }
        checkDismissed(root, h)
    }

    @Test(arguments: TransitionEffect.planeEffects)
    func scrubbedPresentationCancelledLeavesThePresenterAsItWas(_ effect: TransitionEffect) {
        let h = Harness()
        let (root, presented) = modal(effect, in: h)
        let interaction = ScriptedGestureInteraction()
        interaction.interactionInProgress = true
        presented.modalTransitionEffectDelegate?.interactionController = interaction
        root.present(presented, animated: true)
        h.frames(1)
        #expect(h.window.modalPresentations.currentTransition?.phase == .interacting)
        for p in [0.5, 0.2] { interaction.update(p); h.frames(1) }
        interaction.cancel()
        settle(h) { h.window.modalPresentations.currentTransition != nil }
        checkDismissed(root, h)
        #expect(presented.view.superview == nil && presented.view.transform3D == .identity && presented.view.alpha == 1)
    }

    // MARK: A custom container

    /// A container of its own: one child at a time in ``box``.
    final class Switcher: ViewController {
        let box = View()
        override func loadView() {
            view = View(frame: ViewController.defaultViewFrame)
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            box.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(box)
        }
        override func viewDidLayoutSubviews() { box.frame = view.bounds }

        /// Shows `child` at once.
        func show(_ child: ViewController) {
            addChild(child)
            child.view.frame = box.bounds
            box.addSubview(child.view)
            child.didMove(toParent: self)
        }

        /// Switches from the child shown to `next` with `effect`.
        @discardableResult
        func switchTo(_ next: ViewController, effect: TransitionEffect, reverse: Bool,
                      interaction: (any ViewControllerInteractiveTransitioning)? = nil) -> ContainerTransition? {
            let current = children[0]
            addChild(next)
            current.willMove(toParent: nil)
            return transition(from: current, to: next, in: box, effect: effect, reverse: reverse,
                              interactionController: interaction) { [weak self] completed in
                if completed {
                    current.removeFromParent()
                    next.didMove(toParent: self)
                } else {
                    next.willMove(toParent: nil)
                    next.removeFromParent()
                }
            }
        }
    }

    func switcher(in h: Harness) -> (Switcher, [LoggingViewController]) {
        let log = CallLog()
        let pages = ["A", "B"].map { LoggingViewController($0, log: log) }
        let switcher = Switcher()
        h.window.rootViewController = switcher
        switcher.show(pages[0])
        h.frames(1)
        return (switcher, pages)
    }

    func checkSwitcherAtRest(_ s: Switcher, showing page: ViewController, _ h: Harness,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(s.children.count == 1 && s.children.first === page, sourceLocation: sourceLocation)
        checkEffectLeftNothing(in: s.box, pages: [page.view], sourceLocation: sourceLocation)
        #expect(page.view.frame == s.box.bounds, sourceLocation: sourceLocation)
        checkWindowHolds(h.window, [s.view], sourceLocation: sourceLocation)
        checkLayersAtRest(in: h.window, sourceLocation: sourceLocation)
    }

    @Test(arguments: TransitionEffect.planeEffects)
    func aCustomContainerPlaysTheEffectForwardsAndBackwards(_ effect: TransitionEffect) {
        let h = Harness()
        let (s, pages) = switcher(in: h)
        let t = s.switchTo(pages[1], effect: effect, reverse: false)
        settle(h) { t?.phase != .ended }
        checkSwitcherAtRest(s, showing: pages[1], h)
        let back = s.switchTo(pages[0], effect: effect, reverse: true)
        settle(h) { back?.phase != .ended }
        checkSwitcherAtRest(s, showing: pages[0], h)
    }

    @Test(arguments: TransitionEffect.planeEffects)
    func aCustomContainersScrubbedSwitchCancelledStaysAndACaughtOneFinishes(_ effect: TransitionEffect) {
        let h = Harness()
        let (s, pages) = switcher(in: h)
        let interaction = PercentDrivenInteractiveTransition()
        let t = s.switchTo(pages[1], effect: effect, reverse: false, interaction: interaction)
        h.frames(1)
        for p in [0.5, 0.2] { interaction.update(p); h.frames(1) }
        interaction.cancel()
        settle(h) { t?.phase != .ended }
        checkSwitcherAtRest(s, showing: pages[0], h)
        let second = PercentDrivenInteractiveTransition()
        let t2 = s.switchTo(pages[1], effect: effect, reverse: false, interaction: second)
        h.frames(1)
        second.update(0.5)
        h.frames(1)
        second.cancel()
        h.frames(2)
        second.pauseInteractiveTransition()
        second.finish()
        settle(h) { t2?.phase != .ended }
        checkSwitcherAtRest(s, showing: pages[1], h)
    }

    // MARK: The geometry

    /// How close a presentation value must be to the geometry's, in points or alpha (the curve is solved
    /// by bisection here and by Newton's method in the code).
    static let tolerance = 1e-6

    /// Checks a page's presentation transform and opacity against a translation `offset`, a `scale`
    /// about its centre and an `alpha`.
    func checkPage(_ view: View, offset: CGPoint, scale: Double, alpha: Double, _ what: String,
                   sourceLocation: SourceLocation = #_sourceLocation) {
        let shown = view.layer.renderedProperties
        let m = shown.transform
        let ok = isClose(m.m11, scale, tolerance: Self.tolerance) && isClose(m.m22, scale, tolerance: Self.tolerance)
            && isClose(m.m41, offset.x, tolerance: Self.tolerance) && isClose(m.m42, offset.y, tolerance: Self.tolerance)
            && isClose(shown.opacity, alpha, tolerance: Self.tolerance)
        let message = "\(what): shown scale \(m.m11) x \(m.m22), offset (\(m.m41), \(m.m42)), alpha \(shown.opacity); "
            + "the geometry says scale \(scale), offset \(offset), alpha \(alpha)"
        #expect(ok, Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// Checks the front page, the back page and the effect's dimming against the look at curve value `v`.
    func checkLook(_ effect: TransitionEffect, v: Double, front: View, back: View, container: View, _ what: String,
                   sourceLocation: SourceLocation = #_sourceLocation) {
        guard let look = PlaneEffectLook.of(effect.name, at: v, front: container.bounds, back: container.bounds,
                                            bounds: container.bounds) else {
            Issue.record("no geometry for \(effect.name)", sourceLocation: sourceLocation)
            return
        }
        checkPage(front, offset: look.frontOffset, scale: look.frontScale, alpha: look.frontAlpha, "\(what): front",
                  sourceLocation: sourceLocation)
        checkPage(back, offset: look.backOffset, scale: look.backScale, alpha: look.backAlpha, "\(what): back",
                  sourceLocation: sourceLocation)
        let dimming = container.subviews.first { $0.layer.name == "effect dimming" }
        #expect((dimming != nil) == (look.dimming != nil), "\(what): dimming", sourceLocation: sourceLocation)
        if let dimming, let alpha = look.dimming {
            checkPage(dimming, offset: look.backOffset, scale: look.backScale, alpha: alpha, "\(what): dimming",
                      sourceLocation: sourceLocation)
        }
        if look.backOnTop {
            #expect(back.layer.renderedProperties.zPosition > front.layer.renderedProperties.zPosition,
                    "\(what): the back page above", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: TransitionEffect.planeEffects)
    func scrubbedPushAndPopShowWhatTheGeometrySaysAtZeroHalfAndOne(_ effect: TransitionEffect) {
        let h = Harness()
        let (nav, pages) = navigation(effect, ["A"], in: h)
        let b = LoggingViewController("B", log: CallLog())
        let interaction = ScriptedGestureInteraction()
        interaction.interactionInProgress = true
        nav.effectInteractionController = interaction
        nav.pushViewController(b, animated: true)
        h.frames(1)
        for p in [0.0, 0.5, 1.0, 0.25] {
            interaction.update(p)
            h.frames(1)
            checkLook(effect, v: easeInEaseOut(p), front: b.view, back: pages[0].view, container: nav.transitionView,
                      "push at \(p)")
        }
        interaction.finish()
        settle(h) { nav.currentTransition != nil }
        checkNavigationAtRest(nav, h)
        nav.popViewController(animated: true)
        h.frames(1)
        for p in [0.0, 0.5, 1.0, 0.25] {
            interaction.update(p)
            h.frames(1)
            // Backwards: at progress p the pop shows the push's look at 1 - curve(p).
            checkLook(effect, v: 1 - easeInEaseOut(p), front: b.view, back: pages[0].view, container: nav.transitionView,
                      "pop at \(p)")
        }
        interaction.cancel()
        settle(h) { nav.currentTransition != nil }
        #expect(nav.topViewController === b)
        checkNavigationAtRest(nav, h)
    }

    @Test func theSeedsCardGrowsFromATenthOverTheCentredTwoThirdsFrameWithTheDimmingAlongside() {
        let h = Harness()
        let (root, presented) = modal(.scaleInCard(), in: h)
        let interaction = ScriptedGestureInteraction()
        interaction.interactionInProgress = true
        presented.modalTransitionEffectDelegate?.interactionController = interaction
        root.present(presented, animated: true)
        h.frames(1)
        let w = Harness.size.width, ht = Harness.size.height
        // The seed: bounds 2/3 of the container, centred.
        let card = CGRect(x: w / 6, y: ht / 6, width: w * 2 / 3, height: ht * 2 / 3)
        #expect(isClose(presented.view.frame.origin, card.origin) && isClose(presented.view.frame.width, card.width)
                && isClose(presented.view.frame.height, card.height))
        let dimming = (presented.presentationController as? CardPresentationController)?.dimmingView
        for p in [0.0, 0.5, 1.0] {
            interaction.update(p)
            h.frames(1)
            checkPage(presented.view, offset: .zero, scale: 0.1 + 0.9 * easeInEaseOut(p), alpha: 1, "card at \(p)")
            // The seed's dimming: black at 0.2, animated alongside (linear in the progress while scrubbed).
            #expect(isClose(Double(dimming?.layer.renderedProperties.opacity ?? -1), 0.2 * p, tolerance: Self.tolerance))
        }
        interaction.finish()
        settle(h) { h.window.modalPresentations.currentTransition != nil }
        checkPresented(presented, over: root, effect: .scaleInCard(), h)
    }

    @Test func theSheetRisesToBelowItsTopInsetOverTheDimmedPresenter() {
        let h = Harness()
        let (root, presented) = modal(.sheet(), in: h)
        let interaction = ScriptedGestureInteraction()
        interaction.interactionInProgress = true
        presented.modalTransitionEffectDelegate?.interactionController = interaction
        root.present(presented, animated: true)
        h.frames(1)
        let bounds = h.window.bounds
        // The sheet's frame: the container below a 40 pt inset (DimmingSheetPresentationController's default).
        let sheet = CGRect(x: 0, y: 40, width: bounds.width, height: bounds.height - 40)
        #expect(presented.view.frame == sheet)
        let dimming = (presented.presentationController as? DimmingSheetPresentationController)?.dimmingView
        for p in [0.0, 0.5, 1.0] {
            interaction.update(p)
            h.frames(1)
            let look = PlaneEffectLook.of("sheet", at: easeInEaseOut(p), front: sheet, back: bounds, bounds: bounds,
                                          backInTransition: false, effectDims: false)!
            #expect(isClose(look.frontOffset.y, (bounds.height - 40) * (1 - easeInEaseOut(p))))
            checkPage(presented.view, offset: look.frontOffset, scale: 1, alpha: 1, "sheet at \(p)")
            #expect(isClose(Double(dimming?.layer.renderedProperties.opacity ?? -1), 0.4 * p, tolerance: Self.tolerance))
        }
        // The controller dims: the animator adds no dimming of its own.
        #expect(!allViews(in: h.window).contains { $0.layer.name == "effect dimming" })
        interaction.finish()
        settle(h) { h.window.modalPresentations.currentTransition != nil }
        checkPresented(presented, over: root, effect: .sheet(), h)
    }

    // MARK: Adoption

    @Test func aDelegatesOwnAnimatorWinsOverTheNavigationControllersEffect() {
        let h = Harness()
        let delegate = EffectNavigationDelegate(.crossfade)
        let (nav, _) = navigation(.slide(), ["A"], in: h)
        nav.delegate = delegate
        nav.pushViewController(LoggingViewController("B", log: CallLog()), animated: true)
        h.frames(1)
        #expect(nav.currentTransition?.animator is CrossfadeAnimator)
        settle(h) { nav.currentTransition != nil }
        checkNavigationAtRest(nav, h)
    }

    @Test func anInteractionControllerWhoseGestureIsNotInProgressLeavesThePushAnimated() {
        let h = Harness()
        let (nav, _) = navigation(.slide(), ["A"], in: h)
        let interaction = ScriptedGestureInteraction()
        nav.effectInteractionController = interaction
        nav.pushViewController(LoggingViewController("B", log: CallLog()), animated: true)
        h.frames(1)
        #expect(nav.currentTransition?.phase == .animating && nav.currentTransition?.interactionController == nil)
        settle(h) { nav.currentTransition != nil }
        checkNavigationAtRest(nav, h)
    }

    @Test func theEdgePanScrubsTheEffectsPopWithTheFingerAndFinishesPastTheCommitFraction() {
        let h = Harness()
        let (nav, pages) = navigation(.slide(), ["A", "B"], in: h)
        let w = nav.transitionView.bounds.width
        h.down(5, 300, at: 10)
        var t = 10.0
        for x in [40.0, 80, 140, 180] {
            t += 1.0 / 60
            h.move(x, 300, at: t)
            h.frames(1)
        }
        // The pop's progress is the finger's travel past the slop over the width; backwards, the slide shows
        // the push's look at 1 - curve(p).
        let p = (180 - 5 - TransitionSettings.defaultPopSlop) / w
        #expect(nav.currentTransition?.phase == .interacting)
        #expect(abs((nav.currentTransition?.percentComplete ?? -1) - p) < 1e-9)
        // The finger rests half a second: the drawn pop has followed it through the tracking spring.
        h.frames(30)
        let v = 1 - easeInEaseOut(p)
        let look = PlaneEffectLook.of("slide left", at: v, front: nav.transitionView.bounds, back: nav.transitionView.bounds,
                                      bounds: nav.transitionView.bounds)!
        checkPage(pages[1].view, offset: look.frontOffset, scale: 1, alpha: 1, "top page")
        checkPage(pages[0].view, offset: look.backOffset, scale: 1, alpha: 1, "page below")
        h.up(180, 300, at: t + 0.7)
        settle(h) { nav.currentTransition != nil }
        #expect(nav.topViewController === pages[0])
        checkNavigationAtRest(nav, h)
    }

    @Test(arguments: [TransitionEffect.slide(), .zoom()])
    func aRunningEffectPopCaughtBecomesInteractiveWhereItIsShown(_ effect: TransitionEffect) {
        let h = Harness()
        let (nav, pages) = navigation(effect, ["A", "B"], in: h)
        nav.popViewController(animated: true)
        h.frames(1 + 6)   // 0.1 s of 0.4
        let shown = pages[1].view.layer.renderedProperties
        #expect(nav.currentTransition?.phase == .animating)
        // A pointer down on the leaving page (a zoom's page is shrinking about its centre).
        h.down(300, 300, at: 11)
        h.frames(1)
        #expect(nav.currentTransition?.kind == .pop && nav.currentTransition?.phase == .interacting)
        let now = pages[1].view.layer.renderedProperties
        #expect(isClose(now.transform.m41, shown.transform.m41, tolerance: 1e-6) && isClose(now.opacity, shown.opacity, tolerance: 1e-6),
                "no jump: \(shown.transform.m41), \(shown.opacity) -> \(now.transform.m41), \(now.opacity)")
        // Dragged right by half the width and released at rest: past the commit fraction, it pops.
        h.move(300 + nav.transitionView.bounds.width / 2, 300, at: 11 + 1.0 / 60)
        h.frames(1)
        h.up(300 + nav.transitionView.bounds.width / 2, 300, at: 11.3)
        settle(h) { nav.currentTransition != nil }
        #expect(nav.topViewController === pages[0])
        checkNavigationAtRest(nav, h)
    }

    @Test func aRunningEffectPushCaughtCompletesAndTurnsIntoAPopFromWhereItIsShown() {
        let h = Harness()
        let (nav, pages) = navigation(.slide(), ["A"], in: h)
        let b = LoggingViewController("B", log: CallLog())
        nav.pushViewController(b, animated: true)
        h.frames(1 + 9)
        let shown = b.view.layer.renderedProperties.transform.m41
        let lowerShown = pages[0].view.layer.renderedProperties.transform.m41
        #expect(shown > 0 && shown < nav.transitionView.bounds.width)
        h.down(shown + 20, 300, at: 11)
        h.frames(1)
        #expect(nav.currentTransition?.kind == .pop && nav.currentTransition?.phase == .interacting)
        #expect(isClose(b.view.layer.renderedProperties.transform.m41, shown, tolerance: 1e-6))
        #expect(isClose(pages[0].view.layer.renderedProperties.transform.m41, lowerShown, tolerance: 1e-6))
        // Released where it was caught, at rest: the pop's progress decides.
        h.up(shown + 20, 300, at: 11.3)
        settle(h) { nav.currentTransition != nil }
        checkNavigationAtRest(nav, h)
    }

    @Test func settingAModalEffectKeepsItsDelegateAliveAndNilRemovesIt() {
        let presented = ViewController()
        presented.modalTransitionEffect = .sheet()
        #expect(presented.transitioningDelegate === presented.modalTransitionEffectDelegate)
        #expect(presented.modalTransitionEffectDelegate != nil && presented.modalPresentationStyle == .custom)
        presented.modalTransitionEffect = .slide()
        #expect(presented.modalPresentationStyle == .fullScreen && presented.modalTransitionEffect?.name == "slide left")
        presented.modalTransitionEffect = nil
        #expect(presented.transitioningDelegate == nil && presented.modalTransitionEffectDelegate == nil)
    }

    @Test func theListHasOneOfEachPlanarEffectWithDistinctNames() {
        let names = TransitionEffect.planeEffects.map(\.name)
        #expect(names == ["system push", "slide left", "cover left", "uncover left", "push left", "pull right", "crossfade",
                          "zoom", "zoom out", "zoom slide left", "cover vertical", "sheet", "scale-in card"])
        #expect(Set(names).count == names.count)
    }
}
