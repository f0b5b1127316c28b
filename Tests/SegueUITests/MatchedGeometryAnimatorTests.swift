import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

@MainActor
@Suite struct MatchedGeometryAnimatorTests {
    let h = Harness()
    /// 24 frames at 60 Hz: progress 0.25 and 0.5 fall on frames.
    static let duration = 0.4
    static let listAvatar = MatchedElement(id: "avatar", frame: CGRect(x: 20, y: 40, width: 40, height: 40), radius: 20, color: .red)
    static let detailAvatar = MatchedElement(id: "avatar", frame: CGRect(x: 100, y: 100, width: 200, height: 200), radius: 16, color: .blue)
    static let listPlain = MatchedElement(id: nil, frame: CGRect(x: 80, y: 50, width: 200, height: 20), radius: 0, color: .gray)
    static let detailPlain = MatchedElement(id: nil, frame: CGRect(x: 50, y: 350, width: 300, height: 40), radius: 0, color: .green)

    func makePages() -> (list: MatchedPage, detail: MatchedPage) {
        (MatchedPage([Self.listAvatar, Self.listPlain]), MatchedPage([Self.detailAvatar, Self.detailPlain]))
    }

    func settle(_ nav: NavigationController) {
        for _ in 0..<240 where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
    }

    /// The one flight in the window, with its drawn frame, corner radius and colour.
    func drawnFlight() -> (frame: CGRect, radius: CGFloat, color: Color)? {
        let found = flights(in: h.window)
        guard found.count == 1, let p = Optional(found[0].layer.renderedProperties) else { return nil }
        return (p.frame, p.cornerRadius, p.backgroundColor)
    }

    func expectFlight(at f: Double, from a: MatchedElement, to b: MatchedElement,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        guard let shown = drawnFlight() else {
            Issue.record("no single flight in the window", sourceLocation: sourceLocation)
            return
        }
        #expect(isClose(shown.frame, lerp(a.frame, b.frame, f)), "\(shown.frame) at \(f)", sourceLocation: sourceLocation)
        #expect(isClose(shown.radius, a.radius + (b.radius - a.radius) * f, tolerance: 1e-6), sourceLocation: sourceLocation)
        #expect(isClose(shown.color, lerp(a.color, b.color, f)), "\(shown.color) at \(f)", sourceLocation: sourceLocation)
    }

    // MARK: Navigation

    @Test func animatedPushMovesTheMatchedViewAlongTheCurveAndCrossFadesTheRest() {
        let (list, detail) = makePages()
        let delegate = MatchedNavigationDelegate(duration: Self.duration)
        let nav = NavigationController(rootViewController: list)
        nav.delegate = delegate
        h.window.rootViewController = nav
        h.frames(1)
        nav.pushViewController(detail, animated: true)
        h.frames(1)   // the frame it starts in
        expectFlight(at: 0, from: Self.listAvatar, to: Self.detailAvatar)
        #expect(list.element("avatar").isHidden && detail.element("avatar").isHidden)
        for (frames, fraction) in [(6, 0.25), (6, 0.5), (6, 0.75)] {
            h.frames(frames)
            let f = easeInEaseOut(fraction)
            expectFlight(at: f, from: Self.listAvatar, to: Self.detailAvatar)
            // Unmatched views fade with their pages: the list out, the detail in.
            #expect(isClose(list.view.layer.renderedProperties.opacity, 1 - f, tolerance: 1e-6))
            #expect(isClose(detail.view.layer.renderedProperties.opacity, f, tolerance: 1e-6))
        }
        settle(nav)
        #expect(nav.topViewController === detail)
        checkNothingLeft(in: h.window, pages: [list, detail])
        checkNavigationInvariants(nav, in: h.window)
    }

    @MainActor
    final class SlidingRestDelegate: NavigationControllerDelegate {
        func navigationController(_ navigationController: NavigationController,
                                  animationControllerFor operation: NavigationController.Operation,
                                  from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            let animator = MatchedGeometryAnimator(operation: operation, duration: MatchedGeometryAnimatorTests.duration)
            animator.rest = .slide(.left)
            return animator
        }
    }

    @Test func theRestOfThePagesCanPlayAChosenEffectWhileTheMatchedViewFlies() {
        let (list, detail) = makePages()
        let delegate = SlidingRestDelegate()
        let nav = NavigationController(rootViewController: list)
        nav.delegate = delegate
        h.window.rootViewController = nav
        h.frames(1)
        let width = list.view.bounds.width
        nav.pushViewController(detail, animated: true)
        h.frames(1)
        for (frames, fraction) in [(6, 0.25), (6, 0.5)] {
            h.frames(frames)
            let f = easeInEaseOut(fraction)
            expectFlight(at: f, from: Self.listAvatar, to: Self.detailAvatar)
            // The slide: the detail arrives from the right, the list leaves to the left; neither fades.
            #expect(isClose(detail.view.layer.renderedProperties.transform.m41, width * (1 - f), tolerance: 1e-6))
            #expect(isClose(list.view.layer.renderedProperties.transform.m41, -width * f, tolerance: 1e-6))
            #expect(detail.view.layer.renderedProperties.opacity == 1 && list.view.layer.renderedProperties.opacity == 1)
        }
        settle(nav)
        #expect(nav.topViewController === detail)
        checkNothingLeft(in: h.window, pages: [list, detail])
        checkNavigationInvariants(nav, in: h.window)
        // And back: the pop plays the slide backwards.
        nav.popViewController(animated: true)
        h.frames(13)
        let f = easeInEaseOut(0.5)
        #expect(isClose(detail.view.layer.renderedProperties.transform.m41, width * f, tolerance: 1e-6))
        settle(nav)
        #expect(nav.topViewController === list)
        checkNothingLeft(in: h.window, pages: [list, detail])
    }

    /// In a tab bar controller, through a `TransitionEffect` made of the matched animator: a later tab plays
    /// it forwards, an earlier one backwards.
    @Test func aTabSwitchFliesTheMatchedViewBothWays() {
        let (list, detail) = makePages()
        let tabs = TabBarController()
        tabs.viewControllers = [list, detail]
        tabs.transitionEffect = TransitionEffect(name: "matched") {
            MatchedGeometryAnimator(reversed: $0, duration: MatchedGeometryAnimatorTests.duration)
        }
        h.window.rootViewController = tabs
        h.frames(1)
        tabs.selectedIndex = 1
        h.frames(1)
        h.frames(12)
        expectFlight(at: easeInEaseOut(0.5), from: Self.listAvatar, to: Self.detailAvatar)
        for _ in 0..<240 where tabs.currentTransition != nil { h.frames(1) }
        h.frames(1)
        #expect(tabs.selectedIndex == 1)
        checkNothingLeft(in: h.window, pages: [list, detail])
        tabs.selectedIndex = 0
        h.frames(13)
        // Backwards: from the detail's avatar towards the list's, half way.
        expectFlight(at: easeInEaseOut(0.5), from: Self.detailAvatar, to: Self.listAvatar)
        for _ in 0..<240 where tabs.currentTransition != nil { h.frames(1) }
        h.frames(1)
        #expect(tabs.selectedIndex == 0)
        checkNothingLeft(in: h.window, pages: [list, detail])
    }

    @Test func scrubbedPopIsLinearInTheProgressAndACancelRestoresEverything() {
        let (list, detail) = makePages()
        let delegate = MatchedNavigationDelegate(duration: Self.duration)
        let nav = NavigationController(rootViewController: list)
        nav.delegate = delegate
        h.window.rootViewController = nav
        nav.pushViewController(detail, animated: false)
        h.frames(1)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        nav.popViewController(animated: true)
        h.frames(1)
        expectFlight(at: 0, from: Self.detailAvatar, to: Self.listAvatar)
        for p in [0.5, 1, 0.25] {
            interaction.update(p)
            h.frames(1)
            expectFlight(at: p, from: Self.detailAvatar, to: Self.listAvatar)
            #expect(isClose(detail.view.layer.renderedProperties.opacity, 1 - p, tolerance: 1e-6))
        }
        interaction.cancel()
        settle(nav)
        #expect(nav.viewControllers.count == 2 && nav.topViewController === detail)
        checkNothingLeft(in: h.window, pages: [list, detail])
        #expect(list.view.superview == nil)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func popCaughtWhileFinishingFollowsFromWhereItIsAndCancelsExactly() {
        let (list, detail) = makePages()
        let delegate = MatchedNavigationDelegate(duration: Self.duration)
        let nav = NavigationController(rootViewController: list)
        nav.delegate = delegate
        h.window.rootViewController = nav
        nav.pushViewController(detail, animated: false)
        h.frames(1)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        nav.popViewController(animated: true)
        h.frames(1)
        interaction.update(0.6)
        h.frames(1)
        interaction.finish()
        h.frames(3)
        let shown = drawnFlight()?.frame
        interaction.pauseInteractiveTransition()   // caught
        h.frames(1)
        let caught = interaction.percentComplete
        #expect(caught > 0.6 && caught < 1)
        expectFlight(at: caught, from: Self.detailAvatar, to: Self.listAvatar)
        #expect(shown.map { isClose($0, drawnFlight()!.frame, tolerance: 0.5) } == true)   // no jump
        interaction.update(0.2)
        h.frames(1)
        expectFlight(at: 0.2, from: Self.detailAvatar, to: Self.listAvatar)
        interaction.cancel()
        settle(nav)
        #expect(nav.topViewController === detail)
        checkNothingLeft(in: h.window, pages: [list, detail])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func scrubbedPopThatFinishesLeavesTheListAtRest() {
        let (list, detail) = makePages()
        let delegate = MatchedNavigationDelegate(duration: Self.duration)
        let nav = NavigationController(rootViewController: list)
        nav.delegate = delegate
        h.window.rootViewController = nav
        nav.pushViewController(detail, animated: false)
        h.frames(1)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        nav.popViewController(animated: true)
        h.frames(1)
        interaction.update(0.7)
        h.frames(1)
        interaction.finish()
        settle(nav)
        #expect(nav.topViewController === list)
        checkNothingLeft(in: h.window, pages: [list, detail])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func unmatchedIdentifiersDoNotFlyAndTheirViewsStayVisibleInTheirFadingPage() {
        let list = MatchedPage([MatchedElement(id: "only-here", frame: CGRect(x: 0, y: 0, width: 10, height: 10), radius: 0, color: .red)])
        let detail = MatchedPage([MatchedElement(id: "elsewhere", frame: CGRect(x: 0, y: 0, width: 10, height: 10), radius: 0, color: .blue)])
        let nav = NavigationController(rootViewController: list)
        let delegate = MatchedNavigationDelegate(duration: Self.duration)
        nav.delegate = delegate
        h.window.rootViewController = nav
        h.frames(1)
        nav.pushViewController(detail, animated: true)
        h.frames(12)
        #expect(flights(in: h.window).isEmpty)
        #expect(!list.element("only-here").isHidden && !detail.element("elsewhere").isHidden)
        let f = easeInEaseOut(11.0 / 24)
        #expect(isClose(list.view.layer.renderedProperties.opacity, 1 - f, tolerance: 1e-6))
        settle(nav)
        checkNothingLeft(in: h.window, pages: [list, detail])
    }

    // MARK: Modal presentation

    @MainActor
    final class MatchedModalDelegate: ViewControllerTransitioningDelegate {
        func animationController(forPresented presented: ViewController, presenting: ViewController,
                                 source: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            MatchedGeometryAnimator(reversed: false, duration: MatchedGeometryAnimatorTests.duration)
        }
        func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            MatchedGeometryAnimator(reversed: true, duration: MatchedGeometryAnimatorTests.duration)
        }
    }

    @Test func presentAndDismissFlyTheMatchedViewBothWays() {
        let (list, detail) = makePages()
        let delegate = MatchedModalDelegate()
        h.window.rootViewController = list
        h.frames(1)
        detail.transitioningDelegate = delegate
        detail.modalPresentationStyle = .fullScreen   // the full-screen presentation the test measures
        list.present(detail, animated: true)
        h.frames(1)
        expectFlight(at: 0, from: Self.listAvatar, to: Self.detailAvatar)
        h.frames(12)
        expectFlight(at: 0.5, from: Self.listAvatar, to: Self.detailAvatar)
        for _ in 0..<60 { h.frames(1) }
        #expect(list.presentedViewController === detail)
        checkNothingLeft(in: h.window, pages: [detail])
        detail.dismiss(animated: true)
        h.frames(1)
        expectFlight(at: 0, from: Self.detailAvatar, to: Self.listAvatar)
        h.frames(6)
        expectFlight(at: easeInEaseOut(0.25), from: Self.detailAvatar, to: Self.listAvatar)
        for _ in 0..<60 { h.frames(1) }
        #expect(list.presentedViewController == nil)
        checkNothingLeft(in: h.window, pages: [list, detail])
    }

    // MARK: A custom container

    /// A container that swaps its one child with the engine (`transition(from:to:in:animator:...)`).
    @MainActor
    final class SwapContainer: ViewController {
        func show(_ child: ViewController) {
            addChild(child)
            child.view.frame = view.bounds
            view.addSubview(child.view)
            child.didMove(toParent: self)
        }
        @discardableResult
        func swap(to next: ViewController, animator: any ViewControllerAnimatedTransitioning,
                  interaction: (any ViewControllerInteractiveTransitioning)?) -> ContainerTransition? {
            let current = children[0]
            current.willMove(toParent: nil)
            addChild(next)
            return transition(from: current, to: next, in: view, animator: animator, interactionController: interaction) { completed in
                if completed {
                    next.didMove(toParent: self)
                    current.removeFromParent()
                } else {
                    next.removeFromParent()
                    current.didMove(toParent: self)
                }
            }
        }
    }

    @Test func customContainerScrubsTheSwapAndACancelLeavesTheFirstChildAsItWas() {
        let (list, detail) = makePages()
        let container = SwapContainer()
        h.window.rootViewController = container
        container.show(list)
        h.frames(1)
        let interaction = PercentDrivenInteractiveTransition()
        let t = container.swap(to: detail, animator: MatchedGeometryAnimator(duration: Self.duration), interaction: interaction)
        h.frames(1)
        interaction.update(0.5)
        h.frames(1)
        expectFlight(at: 0.5, from: Self.listAvatar, to: Self.detailAvatar)
        interaction.cancel()
        for _ in 0..<60 where t?.phase != .ended { h.frames(1) }
        h.frames(1)
        #expect(container.children.count == 1 && container.children[0] === list)
        #expect(detail.view.superview == nil && list.view.superview === container.view)
        checkNothingLeft(in: h.window, pages: [list, detail])
    }

    @Test func customContainerSwapPlayedOnItsOwnEndsWithTheSecondChild() {
        let (list, detail) = makePages()
        let container = SwapContainer()
        h.window.rootViewController = container
        container.show(list)
        h.frames(1)
        container.swap(to: detail, animator: MatchedGeometryAnimator(duration: Self.duration), interaction: nil)
        h.frames(13)
        expectFlight(at: 0.5, from: Self.listAvatar, to: Self.detailAvatar)
        h.frames(30)
        #expect(container.children.count == 1 && container.children[0] === detail)
        checkNothingLeft(in: h.window, pages: [list, detail])
    }
}
