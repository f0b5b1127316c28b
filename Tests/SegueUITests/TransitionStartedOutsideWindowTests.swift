import Testing
@testable import SegueAnimation
@testable import SegueUI

/// A transition asked for while its container was shown, whose container view left the window before
/// the transition started (in the same frame's callbacks: a full-screen presentation ended first), ends
/// at once there, in any phase: nothing animates outside a window and no finger reaches it. Found by the
/// gallery's monkey (seed 38, 50,000 events, a release-build trap): an interactive tab switch started so
/// stayed interacting, and its swipe's release then asked the interaction to play the rest on a window's
/// time it did not have.
@MainActor
@Suite struct TransitionStartedOutsideWindowTests {
    let h = Harness()
    let log = CallLog()
    let delegate = RaceDelegate()

    /// Tabs A, B, C as the window's root, with the race delegate (its interaction controller while
    /// `interactive`), shown, the log cleared.
    func makeTabs(interactive: Bool) -> (TabBarController, [LoggingViewController]) {
        h.showTabs(delegate: delegate, interactive: interactive, clearing: log)
    }

    @Test func anInteractiveTabSwitchStartedAfterItsViewLeftTheWindowIsCancelledAtOnce() {
        let (tabs, pages) = makeTabs(interactive: true)
        // In this frame's callbacks the view leaves the window before the switch starts.
        Transaction.enqueueCallback { tabs.view.removeFromSuperview() }
        tabs.selectedIndex = 1
        let t = tabs.currentTransition
        // Made, not started yet: it will start interactive.
        #expect(t?.phase == .pending && t?.initiallyInteractive == true && t?.interactionController === delegate.interaction)
        h.frames(1)
        #expect(t?.phase == .ended && t?.transitionWasCancelled == true)
        #expect(tabs.currentTransition == nil && tabs.selectedIndex == 0)
        // Letting go of the interaction afterwards (the swipe's up) does nothing.
        delegate.interaction.finish(releaseVelocity: 0)
        delegate.interaction.finish()
        h.frames(1)
        #expect(tabs.selectedIndex == 0 && tabs.currentTransition == nil)
        #expect(pages[0].view.superview === tabs.transitionView && pages[1].viewIfLoaded?.superview == nil)
        #expect(pages.allSatisfy { $0.appearanceState == .disappeared })
    }

    @Test func anAnimatedTabSwitchStartedAfterItsViewLeftTheWindowCompletesAtOnce() {
        let (tabs, pages) = makeTabs(interactive: false)
        Transaction.enqueueCallback { tabs.view.removeFromSuperview() }
        tabs.selectedIndex = 1
        let t = tabs.currentTransition
        // Made, not started yet: it will play on its own.
        #expect(t?.phase == .pending && t?.initiallyInteractive == false)
        h.frames(1)
        #expect(t?.phase == .ended && t?.transitionWasCancelled == false)
        #expect(tabs.currentTransition == nil && tabs.selectedIndex == 1)
        #expect(pages[1].view.superview === tabs.transitionView && pages[0].viewIfLoaded?.superview == nil)
    }

    /// The monkey's case: a tab switch asked for while an unanimated full-screen presentation over the tabs
    /// runs. It waits in the window's queue (``TransitionRequests``) until the presentation has taken the
    /// tabs out of the window, then switches at once, as a selection in code does out of a window (before
    /// the one queue, it started alongside the presentation and was cancelled as the tabs left).
    @Test func aTabSwitchAskedForDuringAFullScreenPresentationRunsAfterItUnanimated() {
        let (tabs, _) = makeTabs(interactive: true)
        let sheet = LoggingViewController("S", log: log)
        sheet.modalPresentationStyle = .fullScreen
        tabs.present(sheet, animated: false)
        // Asked for after the presentation's start, in the same callbacks phase: it starts after the
        // presentation's end has taken the tabs' view out of the window.
        Transaction.enqueueCallback { tabs.selectedIndex = 1 }
        h.frames(1)
        #expect(tabs.viewIfLoaded?.window == nil && sheet.view.window === h.window)
        #expect(tabs.currentTransition == nil && tabs.selectedIndex == 1)
        #expect(h.window.transitionRequests.isIdle)
    }
}

extension Harness {
    /// Tabs A, B, C as the window's root, with the race delegate (its interaction controller while
    /// `interactive`), shown for one frame, `log` cleared.
    func showTabs(delegate: RaceDelegate, interactive: Bool, clearing log: CallLog) -> (TabBarController, [LoggingViewController]) {
        let pages = ["A", "B", "C"].map { LoggingViewController($0, log: log) }
        let tabs = TabBarController()
        tabs.viewControllers = pages
        tabs.delegate = delegate
        delegate.interactive = interactive
        window.rootViewController = tabs
        frames(1)
        log.clear()
        return (tabs, pages)
    }
}
