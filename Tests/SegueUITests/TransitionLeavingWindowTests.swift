import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// A running transition whose container view leaves the window (the window's root controller replaced,
/// the container's view removed, or moved to another window) ends at once as it leaves, in any phase:
/// outside a window nothing animates and no finger reaches it. Before, one held by a finger stayed
/// interacting, and the finger's release asked the interaction to play on a window's time it no longer had
/// (a trap); one playing on its own froze half way.
@MainActor
@Suite struct TransitionLeavingWindowTests {
    let h = Harness()
    let log = CallLog()
    let delegate = RaceDelegate()

    func page(_ name: String) -> LoggingViewController { LoggingViewController(name, log: log) }

    /// Drags from the left edge (down at x = 5, then each x one frame apart from t = 10), not released.
    func edgeDrag(_ xs: [CGFloat], y: CGFloat = 300) -> Double {
        h.down(5, y, at: 10)
        var t = 10.0
        for x in xs {
            t += 1.0 / 60
            h.move(x, y, at: t)
            h.frames(1)
        }
        return t
    }

    @Test func aPopHeldByTheEdgePanIsCancelledWhenTheRootControllerIsReplacedAndTheReleaseDoesNothing() {
        let pages = [page("A"), page("B")]
        let nav = h.showStack(pages, clearing: log)
        let t = edgeDrag([40, 80, 160])
        let transition = nav.currentTransition
        #expect(transition?.phase == .interacting)
        #expect(h.window.runningTransitions.count == 1)
        h.window.rootViewController = page("Other")
        #expect(nav.viewIfLoaded?.window == nil)
        h.frames(1)
        #expect(transition?.phase == .ended && transition?.transitionWasCancelled == true)
        #expect(nav.currentTransition == nil && h.window.runningTransitions.isEmpty)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        #expect(pages[1].view.frame == nav.transitionView.bounds)
        // The finger lifts far right, fast: a release that would finish a pop in the window.
        h.up(390, 300, at: t + 0.01)
        h.frames(30)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        #expect(nav.currentTransition == nil)
    }

    @Test func aPushPlayingOnItsOwnCompletesWhenItsViewIsRemoved() {
        let pages = [page("A")]
        let nav = h.showStack(pages, clearing: log)
        let b = page("B")
        nav.pushViewController(b, animated: true)
        h.frames(5)
        let transition = nav.currentTransition
        #expect(transition?.phase == .animating)
        nav.view.removeFromSuperview()
        h.frames(1)
        #expect(transition?.phase == .ended && transition?.transitionWasCancelled == false)
        #expect(nav.currentTransition == nil && nav.topViewController === b)
        // At its end, where its models are: the page fills the transition view, not half way in.
        #expect(b.view.layer.renderedProperties.frame == nav.transitionView.bounds)
        #expect(b.view.layer.animationKeys() == nil)
    }

    @Test func anInteractiveTabSwitchIsCancelledWhenTheTabsMoveToAnotherWindow() {
        let (tabs, _) = h.showTabs(delegate: delegate, interactive: true, clearing: log)
        tabs.selectedIndex = 1
        h.frames(2)
        delegate.interaction.update(0.4)
        h.frames(2)
        let transition = tabs.currentTransition
        #expect(transition?.phase == .interacting)
        let other = Window(clock: h.clock, size: Harness.size)
        other.addSubview(tabs.view)
        #expect(tabs.view.window === other)
        h.frames(1)
        other.runFrame()
        #expect(transition?.phase == .ended && transition?.transitionWasCancelled == true)
        #expect(tabs.selectedIndex == 0 && tabs.currentTransition == nil)
        delegate.interaction.finish(releaseVelocity: 0)
        h.frames(2)
        other.runFrame()
        #expect(tabs.selectedIndex == 0 && tabs.currentTransition == nil)
    }

    @Test func aViewLeavingElsewhereInTheWindowDoesNotEndATransition() {
        let pages = [page("A")]
        let nav = h.showStack(pages, clearing: log)
        let badge = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(badge)
        nav.pushViewController(page("B"), animated: true)
        h.frames(3)
        let transition = nav.currentTransition
        badge.removeFromSuperview()
        h.frames(1)
        #expect(transition?.phase == .animating && h.window.runningTransitions.count == 1)
    }
}
