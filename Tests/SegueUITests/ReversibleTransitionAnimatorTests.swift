import Testing
import SegueTestSupport
@testable import SegueAnimation
@testable import SegueUI

/// The reversible base of the stock effects, through its first effect (crossfade) in a navigation
/// controller: played forwards for a push and backwards for a pop, scrubbed, cancelled, finished and
/// caught, it follows its curve and leaves nothing behind.
@MainActor
@Suite struct ReversibleTransitionAnimatorTests {
    let h = Harness()
    let log = CallLog()
    /// The crossfade's duration, in seconds (the base's default).
    let duration = ReversibleTransitionAnimator.defaultDuration

    func makeStack(_ names: [String], delegate: EffectNavigationDelegate) -> (NavigationController, [LoggingViewController]) {
        let pages = names.map { LoggingViewController($0, log: log) }
        return (h.showStack(pages, delegate: delegate, clearing: log), pages)
    }

    func settle(_ nav: NavigationController, limit: Int = 240) {
        for _ in 0..<limit where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
    }

    func checkAtRest(_ nav: NavigationController, sourceLocation: SourceLocation = #_sourceLocation) {
        checkNavigationInvariants(nav, in: h.window, sourceLocation: sourceLocation)
        checkEffectLeftNothing(in: nav.transitionView, pages: [nav.topViewController!.view], sourceLocation: sourceLocation)
    }

    /// Frames of 1/60 s in `seconds`.
    func frames(_ seconds: Double) -> Int { Int((seconds * 60).rounded()) }

    @Test func animatedPushFadesTheNewPageInAlongEaseInEaseOut() {
        let delegate = EffectNavigationDelegate(.crossfade)
        let (nav, pages) = makeStack(["A"], delegate: delegate)
        let b = LoggingViewController("B", log: log)
        nav.pushViewController(b, animated: true)
        h.frames(1)   // the frame it starts in: B transparent over A
        #expect(isClose(b.view.layer.renderedProperties.opacity, 0))
        #expect(pages[0].view.layer.renderedProperties.opacity == 1)
        for step in [6, 12, 18] {   // 0.1, 0.2, 0.3 s of 0.4
            h.frames(6)
            let expected = easeInEaseOut(Double(step) / 60 / duration)
            #expect(isClose(b.view.layer.renderedProperties.opacity, expected, tolerance: 1e-6),
                    "at \(step) frames: \(b.view.layer.renderedProperties.opacity) vs \(expected)")
            #expect(pages[0].view.layer.renderedProperties.opacity == 1)
        }
        settle(nav)
        #expect(nav.topViewController === b)
        checkAtRest(nav)
    }

    @Test func animatedPopPlaysTheFadeBackwards() {
        let delegate = EffectNavigationDelegate(.crossfade)
        let (nav, pages) = makeStack(["A", "B"], delegate: delegate)
        nav.popViewController(animated: true)
        h.frames(1)
        #expect(isClose(pages[1].view.layer.renderedProperties.opacity, 1))
        h.frames(frames(duration / 4))
        #expect(isClose(pages[1].view.layer.renderedProperties.opacity, 1 - easeInEaseOut(0.25), tolerance: 1e-6))
        // The page below is under the leaving one, unchanged.
        #expect(nav.transitionView.subviews.map(ObjectIdentifier.init) == [pages[0].view, pages[1].view].map(ObjectIdentifier.init))
        #expect(pages[0].view.layer.renderedProperties.opacity == 1)
        settle(nav)
        #expect(nav.topViewController === pages[0])
        checkAtRest(nav)
        #expect(pages[1].view.alpha == 1 && pages[1].view.superview == nil)
    }

    @Test func scrubbedPopFollowsTheCurveBothWaysAndACancelRestoresTheStart() {
        let delegate = EffectNavigationDelegate(.crossfade)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        let (nav, pages) = makeStack(["A", "B"], delegate: delegate)
        nav.popViewController(animated: true)
        h.frames(1)
        #expect(nav.currentTransition?.phase == .interacting)
        for p in [0.25, 0.5, 0.75, 0.5, 0.1] {
            interaction.update(p)
            h.frames(1)
            #expect(isClose(pages[1].view.layer.renderedProperties.opacity, 1 - easeInEaseOut(p), tolerance: 1e-9),
                    "at \(p): \(pages[1].view.layer.renderedProperties.opacity)")
        }
        interaction.cancel()
        settle(nav)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        checkAtRest(nav)
    }

    @Test func scrubbedPushFinishesAtTheEnd() {
        let delegate = EffectNavigationDelegate(.crossfade)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        let (nav, _) = makeStack(["A"], delegate: delegate)
        let b = LoggingViewController("B", log: log)
        nav.pushViewController(b, animated: true)
        h.frames(1)
        interaction.update(0.5)
        h.frames(1)
        #expect(isClose(b.view.layer.renderedProperties.opacity, 0.5, tolerance: 1e-9))
        interaction.finish()
        h.frames(1)
        let o = b.view.layer.renderedProperties.opacity
        #expect(o > 0.5 && o < 1)
        settle(nav)
        #expect(nav.topViewController === b)
        checkAtRest(nav)
    }

    @Test func aCancellingPopCaughtAndFinishedEndsPopped() {
        let delegate = EffectNavigationDelegate(.crossfade)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        let (nav, pages) = makeStack(["A", "B"], delegate: delegate)
        nav.popViewController(animated: true)
        h.frames(1)
        interaction.update(0.6)
        h.frames(1)
        interaction.cancel()
        h.frames(3)
        let shown = pages[1].view.layer.renderedProperties.opacity
        #expect(shown > 1 - easeInEaseOut(0.6) && shown < 1)   // on its way back
        interaction.pauseInteractiveTransition()   // caught
        h.frames(1)
        #expect(nav.currentTransition?.phase == .interacting)
        #expect(isClose(pages[1].view.layer.renderedProperties.opacity, shown, tolerance: 1e-9))   // no jump
        interaction.finish()
        settle(nav)
        #expect(nav.topViewController === pages[0] && nav.viewControllers.count == 1)
        checkAtRest(nav)
    }

    @Test func aPopAnimatingOnItsOwnTakenOverMidFlightStaysInteractiveAndFinishes() {
        let delegate = EffectNavigationDelegate(.crossfade)
        let (nav, pages) = makeStack(["A", "B"], delegate: delegate)
        nav.popViewController(animated: true)
        h.frames(1 + frames(duration / 2))
        let t = nav.currentTransition!
        #expect(t.phase == .animating)
        let interaction = PercentDrivenInteractiveTransition()
        t.takeOver(with: interaction, at: 0.5)
        // The first run's animations were cut short: their end must not complete the transition or put
        // the pages back under the second run.
        h.frames(3)
        #expect(nav.currentTransition === t && t.phase == .interacting)
        #expect(isClose(pages[1].view.layer.renderedProperties.opacity, 0.5, tolerance: 1e-9))
        interaction.update(0.75)
        h.frames(1)
        #expect(isClose(pages[1].view.layer.renderedProperties.opacity, 1 - easeInEaseOut(0.75), tolerance: 1e-9))
        interaction.finish()
        settle(nav)
        #expect(nav.topViewController === pages[0])
        checkAtRest(nav)
    }

    @Test func aPopAnimatingOnItsOwnTakenOverAndCancelledIsBackAtTheStart() {
        let delegate = EffectNavigationDelegate(.crossfade)
        let (nav, pages) = makeStack(["A", "B"], delegate: delegate)
        nav.popViewController(animated: true)
        h.frames(1 + frames(duration / 4))
        let interaction = PercentDrivenInteractiveTransition()
        nav.currentTransition!.takeOver(with: interaction, at: 0.3)
        h.frames(2)
        interaction.cancel()
        settle(nav)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        checkAtRest(nav)
    }

    // MARK: The stage's temporary changes

    /// A test effect that uses every means of the stage: a temporary view above the front page, the back
    /// page hidden, a mask on the front page whose corner radius an explicit animation moves from 0 to
    /// ``maskRadius``, and the front page's alpha.
    final class StagedEffect: ReversibleTransitionAnimator {
        static let maskRadius: CGFloat = 40
        override func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
            let strip = View(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            strip.layer.name = "strip"
            stage.addTemporary(strip)
            if let back = stage.back { stage.hide(back) }
            let mask = Layer()
            mask.name = "mask"
            mask.frame = stage.front.bounds
            mask.backgroundColor = .black
            stage.setMask(mask, on: stage.front)
            stage.animate(BasicAnimation(.cornerRadius, from: 0, to: Self.maskRadius), on: mask, forKey: "radius")
            let front = stage.front
            return (start: { front.alpha = 0.2 }, end: { front.alpha = 1 })
        }
    }

    static let staged = TransitionEffect(name: "staged") { StagedEffect(reverse: $0) }

    @Test func theStagesTemporaryViewMaskAndHiddenPageAreThereWhileScrubbedAndGoneAfterACancel() {
        let delegate = EffectNavigationDelegate(Self.staged)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        let (nav, pages) = makeStack(["A", "B"], delegate: delegate)
        nav.popViewController(animated: true)
        h.frames(1)
        interaction.update(0.5)
        h.frames(1)
        let container = nav.transitionView
        #expect(container.subviews.count == 3 && container.subviews.last?.layer.name == "strip")
        #expect(pages[0].view.isHidden)
        let mask = pages[1].view.layer.mask
        #expect(mask?.name == "mask")
        // Backwards: the explicit animation runs from the radius to 0, linearly (no timing function).
        #expect(isClose(Double(mask?.renderedProperties.cornerRadius ?? -1), Double(StagedEffect.maskRadius / 2), tolerance: 1e-9))
        interaction.cancel()
        settle(nav)
        #expect(nav.topViewController === pages[1])
        checkAtRest(nav)
    }

    @Test func theStagesChangesAreGoneAfterAFinishedPushAndAfterATakeOver() {
        let delegate = EffectNavigationDelegate(Self.staged)
        let (nav, pages) = makeStack(["A"], delegate: delegate)
        let b = LoggingViewController("B", log: log)
        nav.pushViewController(b, animated: true)
        settle(nav)
        checkAtRest(nav)
        nav.popViewController(animated: true)
        h.frames(1 + frames(duration / 2))
        let interaction = PercentDrivenInteractiveTransition()
        nav.currentTransition!.takeOver(with: interaction, at: 0.5)
        h.frames(2)
        // One strip only: the first run's was removed when the second began.
        #expect(nav.transitionView.subviews.filter { $0.layer.name == "strip" }.count == 1)
        interaction.finish()
        settle(nav)
        #expect(nav.topViewController === pages[0])
        checkAtRest(nav)
    }
}
