import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// The seeded monkey (issue 13): fixed seeds run clean, the generator is deterministic, the shrinker finds
/// the minimal script of an injected failure, and the monkey's regression scripts stay fixed.
@MainActor
@Suite(.serialized) struct MonkeyTests {
    /// The seeds CI runs, and the events for each (a few thousand, within the suite's time budget).
    /// Most seeds find one of the bugs listed in Resources/monkey/known/README.md within 1000 events;
    /// these run clean (raise the events to a few thousand, and add seeds, as those bugs are fixed).
    nonisolated static let ciSeeds: [UInt64] = [3, 8, 10]
    static let ciEventsPerSeed = 1000

    @Test(arguments: ciSeeds) func fixedSeedKeepsEveryInvariant(seed: UInt64) throws {
        let events = MonkeyEventGenerator.events(seed: seed, count: Self.ciEventsPerSeed)
        var frames = 0
        let failure = try Monkey.run(MonkeyEventGenerator.script(events), frames: &frames)
        #expect(failure == nil, "seed \(seed): \(failure.map(String.init(describing:)) ?? "")")
        #expect(frames > Self.ciEventsPerSeed / 4)
    }

    /// The gallery's seeds CI runs (segue gallery: every effect on pushes, tab switches and full-screen
    /// sheets, the photo grid, matched geometry), and the events for each. Seeds 1-20 x 3000 events pass.
    nonisolated static let galleryCISeeds: [UInt64] = [1, 3, 5, 9]
    static let galleryCIEventsPerSeed = 1000

    @Test(arguments: galleryCISeeds) func galleryFixedSeedKeepsEveryInvariant(seed: UInt64) throws {
        let events = MonkeyEventGenerator.events(seed: seed, count: Self.galleryCIEventsPerSeed, scene: .gallery)
        var frames = 0
        let failure = try Monkey.run(MonkeyEventGenerator.script(events), scene: .gallery, frames: &frames)
        #expect(failure == nil, "gallery seed \(seed): \(failure.map(String.init(describing:)) ?? "")")
        #expect(frames > Self.galleryCIEventsPerSeed / 4)
    }

    @Test func sameSeedSameEvents() {
        let a = MonkeyEventGenerator.events(seed: 42, count: 3000)
        #expect(a.count == 3000)
        #expect(a == MonkeyEventGenerator.events(seed: 42, count: 3000))
        #expect(a != MonkeyEventGenerator.events(seed: 43, count: 3000))
        // A shorter run is a prefix of a longer one: a failure's events are the run's own.
        #expect(Array(a.prefix(500)) == MonkeyEventGenerator.events(seed: 42, count: 500))
        #expect(zip(a, a.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    @Test func everyKindOfEventIsGenerated() {
        let events = MonkeyEventGenerator.events(seed: 5, count: 6000)
        func has(_ match: (ReplayEvent.Kind) -> Bool) -> Bool { events.contains { match($0.kind) } }
        for key in MonkeyEventGenerator.keys { #expect(has { $0 == .key(key) }, "no \(key)") }
        #expect(has { if case .down(let p) = $0 { p.x < 20 } else { false } })
        #expect(has { if case .cancel = $0 { true } else { false } })
        #expect(has { if case .resize = $0 { true } else { false } })
        #expect(has { $0 == .focusLost } && has { $0 == .focusGained })
        // Bursts: several events at one time.
        #expect(zip(events, events.dropFirst()).contains { $0.time == $1.time && $0.kind != $1.kind })
        for case .resize(let size) in events.map(\.kind) {
            #expect(ReplayScript.windowSideRange.contains(Int(size.width)) && ReplayScript.windowSideRange.contains(Int(size.height)))
        }
    }

    @Test func scriptsRoundTripThroughTheReplayFormat() throws {
        let script = MonkeyEventGenerator.script(MonkeyEventGenerator.events(seed: 9, count: 400))
        let parsed = try ReplayScript(parsing: Data(script.jsonText.utf8), file: "monkey.json")
        #expect(parsed == script)
    }

    /// An invariant made to fail on purpose (tab One's stack three pages deep) among noise that cannot
    /// cause it: the shrinker keeps exactly the two pushes.
    @Test func shrinkerFindsTheMinimalScriptOfAnInjectedFailure() throws {
        let injected: Monkey.ExtraCheck = { window in
            window.monkeyStacks[0].viewControllers.count >= 3 ? DemoInvariants.Violation(rule: "injected", detail: "three pages") : nil
        }
        var events: [ReplayEvent] = []
        var t = 0.0
        for i in 0..<40 {
            t += 37
            switch i % 4 {
            case 0: events.append(ReplayEvent(time: t, kind: .move(CGPoint(x: 300 + i, y: 200))))
            case 1: events.append(ReplayEvent(time: t, kind: .resize(CGSize(width: 600 + i * 5, height: 500))))
            case 2: events.append(ReplayEvent(time: t, kind: .focusLost))
            default: events.append(ReplayEvent(time: t, kind: .focusGained))
            }
            if i == 11 || i == 29 { events.append(ReplayEvent(time: t, kind: .key("Return"))) }
        }
        let script = MonkeyEventGenerator.script(events)
        let failure = try #require(try Monkey.run(script, extraCheck: injected))
        #expect(failure.violation.rule == "injected")
        let shrunk = try Monkey.shrink(events, failure: failure, extraCheck: injected)
        #expect(shrunk.script.events.map(\.kind) == [.key("Return"), .key("Return")])
        #expect(shrunk.failure.violation.rule == "injected")
        // The shrunk script, written and read back, still fails the same way.
        let reread = try ReplayScript(parsing: Data(shrunk.script.jsonText.utf8), file: "shrunk.json")
        #expect(try Monkey.run(reread, extraCheck: injected)?.violation.rule == "injected")
    }

    @Test func shrinkerDropsEverythingNotNeeded() {
        var shrinker = MonkeyShrinker()
        let events = (0..<100).map { ReplayEvent(time: Double($0), kind: .key($0 == 17 || $0 == 80 ? "P" : "S")) }
        let shrunk = shrinker.shrink(events) { $0.filter { $0.kind == .key("P") }.count == 2 }
        #expect(shrunk.map(\.time) == [17, 80])
    }

    /// Found by the gallery's monkey (seed 104, 10,000 events, event 5234): a slow-motion effect push caught
    /// after a resize and a full-screen present in one frame was completed at once, and the effect's clean-up
    /// then put back a page position saved before the resize (the page left off its bounds). The stage now
    /// puts the anchor point back keeping the page's frame as it is, and saves no position.
    @Test func aCaughtEffectPushAfterAResizeLeavesItsPageAtItsBounds() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/caught-push-after-resize-restores-stale-position.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 36, 50,000 events, event 8,324; release build): a tab switch asked for
    /// while a full-screen sheet was presented started after the presentation had taken the tabs' view out of
    /// the window, where nothing animates, and never ended. A transition that starts outside any window now
    /// ends at once.
    @Test func aTabSwitchStartedAfterAFullScreenPresentEndsAtOnce() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/tab-switch-started-after-full-screen-present.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 38, 50,000 events, event 19,227; a trap in a release build): in
    /// slow motion, a tab swipe begun while a full-screen sheet was presented made a tab switch that started
    /// after the presentation had taken the tabs' view out of the window; started interactive, it stayed
    /// interacting there, and the swipe's release asked its interaction to play the rest on a window's time
    /// it had no longer ("the container view is in no window"). A transition that starts outside any window
    /// now ends at once in any phase (an interactive one is cancelled).
    @Test func aTabSwipeStartedAfterAFullScreenPresentIsCancelledNotReleased() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/tab-swipe-started-after-full-screen-present-released-crash.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 1, event 55): a tab switch still running when a full-screen
    /// sheet's presentation ended froze half way (the presenter's view left the window, where nothing
    /// animates) and the watchdog stopped the app; now it ends at once, at its end.
    @Test func aTabSwitchUnderAFullScreenSheetEndsWhenThePresenterLeavesTheWindow() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/tab-switch-frozen-under-full-screen-sheet.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 1, event 250): a pop held by its edge pan when a full-screen
    /// sheet's presentation ended, then released, crashed ("the container view is in no window"); now a
    /// transition in any phase ends when its container leaves the window (held: cancelled, as UIKit
    /// cancels the gesture of a view leaving the window).
    @Test func aPopHeldByTheEdgePanUnderAFullScreenSheetIsCancelledWhenItLeavesTheWindow() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/pop-held-by-edge-pan-under-full-screen-sheet.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 3, event 706): a tab switch while a full-screen sheet was being
    /// presented began the disappearance of a page already disappearing with its container (unbalanced
    /// appearance calls); now a container that is disappearing sends its children no appearance calls for
    /// a switch, and settles them at its end.
    @Test func aTabSwitchWhileAFullScreenSheetPresentsKeepsAppearanceBalanced() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/tab-switch-while-full-screen-sheet-presents-crash.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 7 of 20,000 events, shrunk to `D` at 141.7 s; here at 80 s): the
    /// monkey's two fingers held the detent sheet between its detents (a drag is not a transition and
    /// animates nothing), and the at-rest check expected it at its detent. A frame with a recognizer
    /// tracking the pointer is not at rest (``SegueUI/Window/trackingGestureRecognizers``).
    @Test func aDetentSheetHeldBetweenItsDetentsByTwoFingersIsNotAtRest() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/detent-sheet-held-between-detents-by-fingers.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 1234 of 20,000 events): the same with the mouse, a drag up on the detent
    /// sheet after a resize, checked in the frame it moved the sheet.
    @Test func aDetentSheetDraggedByTheMouseAfterAResizeIsNotAtRest() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/detent-sheet-dragged-after-a-resize.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 4 of 6,000 events, release build, once Z was among its keys): a zoomed page
    /// popped by its back button and caught by a trackpad swipe on it ended its pop at once, leaving its
    /// dimming in the container: the zoom's first run, stopped unfinished by the take-over, completed the
    /// transition. A caught zoom now runs again and its first run ends nothing (``SegueUI/ZoomPageAnimator``).
    @Test func aZoomPopCaughtByATrackpadSwipeRunsAgainAndLeavesNothingBehind() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/zoom-caught-by-a-trackpad-swipe-while-popping.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 108 of 6,000 events, release build): a zoom push (`Z`) in slow motion, the
    /// window resized in the same frame and `D` pressed during it, was caught by one of the monkey's fingers
    /// (`MonkeyFingers`, beside the script) and taken over by the zoom's catch, which completed the push at once (the container laid the page at its bounds of then); the zoom's animation,
    /// removed, ran its completion after that and put back the page's centre saved before the resize, off its
    /// bounds. The zoom now undoes only its own roaming and leaves the page where its container put it
    /// (``SegueUI/ZoomPageAnimator``).
    @Test func aZoomPushTakenOverAfterAResizeLeavesItsPageAtItsBounds() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/zoom-push-caught-after-a-resize.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 142 of 6,000 events, release build), the same flaw as the test above by
    /// another path: a zoom push (`Z`) among pointer presses, a tab switch (`Left`) and a resize left tab
    /// 2's top page off its bounds. Without the `Z` the script keeps every invariant; the fix above mends it.
    @Test func aZoomPushCaughtThenATabSwitchAndAResizeLeaveThePageAtItsBounds() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/zoom-push-caught-then-tab-switch-after-a-resize.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 17 of 20,000 events, release build): the detent sheet, dragged down from
    /// large with the mouse while `D` presented a second sheet on it, was flicked down and asked for a
    /// dismissal that could not be its own; it stayed where the drag let go. It now settles at its smallest
    /// detent (``SegueUI/SheetPresentationController``).
    @Test func aDetentSheetDragReleasedUnderANewSheetSettlesAtADetent() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/detent-sheet-drag-released-under-a-new-sheet.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 2, event 463): a sheet covered by a full-screen sheet while the
    /// window was resized came back at its old size when the one above was dismissed (its view was out of
    /// the window, where nothing resized it); now the presenter's view is put back resized by its
    /// autoresizing mask for its superview as it is now.
    @Test func aSheetCoveredDuringAResizeComesBackAtTheNewSize() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/covered-sheet-keeps-pre-resize-size.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 13, event 294): a push queued behind a cancelling pop made a
    /// page with the id of the page still on screen (the gallery fixed its depth when asked, not when it
    /// joined the stack), so the monkey saw one id appear twice; the gallery now names a page as it joins.
    @Test func aPushQueuedBehindACancellingPopGetsItsOwnID() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/push-queued-behind-cancelling-pop-shares-an-id.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 12, event 44): a full-screen sheet presented in the frame the
    /// window was resized kept the old window's size (the frames were taken before the resize); now the
    /// full-screen presentation lays its presented view out for the container at rest, as UIKit does.
    @Test func aFullScreenSheetPresentedDuringAResizeEndsAtTheNewSize() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/full-screen-sheet-presented-during-resize-keeps-old-size.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 17, event 6): a push ended at once under a full-screen sheet
    /// left its page off its bounds (the animator's clean-up, run after the container's bookkeeping, put
    /// back a position from before a resize); now the animator's completions run first, as at a normal end.
    @Test func aPushEndedUnderAFullScreenSheetLeavesItsPageAtItsBounds() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/push-ended-under-full-screen-sheet-left-off-bounds.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 9, event 1060): a sheet whose drag-down dismissal was held
    /// through a resize, then cancelled, came back off its bounds once the sheet presented on it went (the
    /// revert put back its position from before the resize, and the presentation on top took its view
    /// before its own layout ran); now a presenter's view put back is laid out by its own presentation.
    @Test func aSheetWhoseDismissalWasCancelledAfterAResizeComesBackAtItsBounds() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/sheet-dismissal-cancelled-after-resize-left-off-bounds.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 20, event 1854): a tab switched while a sheet's drag-down
    /// dismissal was held, after a resize, was left at the new size in a tab view the cancel put back at
    /// the old one (the revert sets layer values, so views it did not record did not follow); now the views
    /// a revert did not size follow their superview by their autoresizing masks.
    @Test func aTabSwitchedDuringAHeldDismissalAfterAResizeFollowsTheCancel() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/tab-switch-in-held-dismissal-after-resize-off-bounds.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the gallery's monkey (seed 5, event 931): a tab switch asked for while a finger held a
    /// sheet's dismissal (whose animator drives the presenter's view alongside, freezing its time) could
    /// not play, and the completion watchdog stopped the app; now time held by an enclosing transition's
    /// interaction does not count against a transition's deadline (nor the monkey's "transition ends").
    @Test func aTabSwitchHeldByASheetsDismissalIsNotOverdue() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/gallery/tab-switch-held-by-sheet-dismissal-watchdog.json"))
        #expect(try Monkey.run(script, scene: .gallery).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 1, event 56): a push on a tab's stack while a tab switch shows that
    /// stack crashed with unbalanced appearance calls (the tab switch ended the page's appearance the push
    /// had taken over).
    @Test func pushDuringATabSwitchToItsStack() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/push-during-tab-switch-crash.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 3, event 421): a press at the left edge in the frame Return was pressed
    /// in caught the push before it had started and completed it, ending appearance transitions that had
    /// never begun (a crash in debug builds).
    @Test func pressInTheFrameOfAPush() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/press-in-the-frame-of-a-push.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 1, event 1236): Return, then a tap on the page being pushed (down and up
    /// in one frame). The catch turned the push into an interactive pop whose release came before the pop
    /// had started, so nothing ever released it: the pop stayed interacting at 0.165 forever.
    @Test func tapOnAPushingPageCaughtAndReleasedInOneFrame() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/tap-on-a-pushing-page-caught-and-released-in-one-frame.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
        // The tap did not move: the pop cancels and the pushed page stays.
        let driver = ReplayDriver(script: script)
        let window = DemoWindow(clock: driver.clock, size: driver.windowSize)
        _ = try driver.run(window)
        #expect(window.stacks[0].viewControllers.count == 2)
        #expect(window.stacks[0].currentTransition == nil)
    }

    /// Found by the monkey (seed 5, 20,000 events in release): an edge pan whose move and up came in one
    /// frame released its pop before the pop had started: the pop stayed interacting forever.
    @Test func edgePanReleasedInTheFrameItBegan() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/edge-pan-released-in-the-frame-it-began.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 2, 20,000 events in release): a tab swipe released in the frame it began
    /// in (the up outside the window) stayed interacting forever.
    @Test func tabSwipeReleasedInTheFrameItBegan() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/tab-swipe-released-in-the-frame-it-began.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey: a press held at the edge, dragged off the window, then Return left the push
    /// animating forever. Fixed with the requests that wait for an enclosing transition.
    @Test func aPushWhileAPointerIsHeldAtTheEdgeCompletes() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/push-frozen-while-pointer-held.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey: a resize while a released tab swipe played left the tab's page off its
    /// container's bounds (fixed with the cancelled tab switch's rest frame, found by the race tests too).
    @Test func aResizeWhileAReleasedTabSwipePlaysLeavesThePageAtRest() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/tab-view-off-bounds-after-resize-during-swipe-release.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey: Return, then Backspace and Return in one frame, later gave a page
    /// `viewDidDisappear` while appearing — the queued push reused a page id (fixed: a page's depth is fixed
    /// when it joins its stack).
    @Test func aQueuedPopAndPushInOneFrameKeepAppearanceBalanced() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/did-disappear-while-appearing-queued-pop-push.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 1, after the bar's invariant was added; the soak's memory growth): a
    /// cancelled navigation transition left two contents and two tints in the navigation bar, one more
    /// of each for every cancel (fixed: the bar's completion keeps only what is current, whichever of it
    /// and the container's `update(for:)` runs first).
    @Test func aCancelledNavigationTransitionLeavesOneBarContent() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/bar-keeps-cancelled-content.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey: a sheet drag released in the frame it began stayed interacting forever (fixed:
    /// `PercentDrivenInteractiveTransition.release(at:velocity:rule:)` waits for the transition to start).
    @Test func aSheetDragReleasedInTheFrameItBeganIsReleased() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/sheet-drag-interacting-after-up.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey: P and a resize in one frame left the sheet at the old window's size (fixed: a
    /// presentation at rest lays out again for the container as it is now).
    @Test func aSheetPresentedWhileTheWindowResizesEndsAtTheNewSize() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/sheet-keeps-pre-resize-size.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }


    /// Found by the monkey: a push or pop asked for while an enclosing container's transition moved the stack
    /// (Return during an interactive tab swipe or an edge pan; Right, Return, Left, Backspace in slow motion)
    /// crashed on unbalanced appearance calls: the two transitions drove the same pages' appearance. Fixed: the
    /// request waits for the enclosing transition (its coordinator's completion).
    @Test(arguments: ["crash-push-during-interactive-tab-swipe", "crash-push-during-edge-pan", "crash-begin-disappear-twice"])
    func aRequestDuringAnEnclosingTransitionWaitsForIt(name: String) throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/\(name).json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey: P, P, P, Escape, P in slow motion crashed ("dismiss: DemoSheet still presents a
    /// controller": a present queued before the dismissal put a sheet on top). Fixed: the dismissal takes
    /// what is above away first; a present queued from a controller that left the window does nothing, as
    /// in UIKit.
    @Test func aDismissalOfASheetThatNowPresentsAnotherTakesItAwayFirst() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/crash-dismiss-sheet-still-presents.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 4): P twice in one frame crashed: the second presents from the first sheet,
    /// whose presentation had not started (its view not yet in the window). Fixed: the request goes to its
    /// presenter's window and waits behind that presentation; two sheets end stacked.
    @Test func twoPresentsInOneFrameStackTwoSheets() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/two-presents-in-one-frame.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    /// Found by the monkey (seed 6): presents queued from a sheet that meanwhile presented another crashed
    /// ("already presenting"). Fixed: such a present does nothing, as in UIKit.
    @Test func aPresentFromAControllerThatAlreadyPresentsDoesNothing() throws {
        let script = try ReplayScript.load(contentsOfFile: Self.resource("monkey/present-from-a-presenting-sheet.json"))
        #expect(try Monkey.run(script).map(String.init(describing:)) == nil)
    }

    static func resource(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources").appendingPathComponent(name).path
    }
}

/// The invariants themselves: a state broken by hand is caught, with the rule named.
@MainActor
@Suite(.serialized) struct DemoInvariantsTests {
    func settledWindow() throws -> (DemoWindow, DemoInvariants, VirtualClock) {
        let clock = VirtualClock(framesPerSecond: ReplayTimeline.framesPerSecond)
        let window = DemoWindow(clock: clock, size: CGSize(width: 800, height: 600))
        let invariants = DemoInvariants(window: window)
        window.runFrame(input: [.window(.resized(CGSize(width: 800, height: 600)))]) { _ in }
        #expect(invariants.check(log: window.drainLog(), time: 0) == nil)
        return (window, invariants, clock)
    }

    @Test func aStrayPageInAnIdleStackIsCaught() throws {
        let (window, invariants, _) = try settledWindow()
        window.stacks[0].transitionView.addSubview(View(frame: .zero))
        #expect(invariants.check(log: [], time: 0)?.rule == "navigation views")
    }

    @Test func aPageOffItsBoundsIsCaught() throws {
        let (window, invariants, _) = try settledWindow()
        window.stacks[0].topViewController?.view.frame.origin.x = 30
        #expect(invariants.check(log: [], time: 0)?.rule == "view within bounds")
    }

    @Test func unbalancedAppearanceIsCaught() throws {
        let (_, invariants, _) = try settledWindow()
        #expect(invariants.check(log: ["tab0.page0.viewDidAppear"], time: 0)?.rule == "appearance balanced")
    }

    @Test func anUnbalancedAppearanceCallIsCaught() throws {
        let (window, invariants, _) = try settledWindow()
        window.stacks[0].topViewController?.beginAppearanceTransition(true, animated: false)   // already appeared
        #expect(invariants.check(log: [], time: 0)?.rule == "appearance calls balanced")
    }

    /// An app's two pans on a page, which its delegate lets recognize together, both driving the one
    /// interaction controller of a pop (an app bug UIKit lets happen): the state arbitration otherwise
    /// prevents.
    final class TwoPansDrivingOnePop: GestureRecognizerDelegate, NavigationControllerDelegate {
        let interaction = PercentDrivenInteractiveTransition()
        var pans: [PanGestureRecognizer] = []
        var popping = false
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                               shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            pans.contains { $0 === gestureRecognizer } && pans.contains { $0 === other }
        }
        func navigationController(_ navigationController: NavigationController,
                                  interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
            -> (any ViewControllerInteractiveTransitioning)? { popping ? interaction : nil }
        func handle(_ pan: PanGestureRecognizer, in nav: NavigationController) {
            switch pan.state {
            case .began where !popping:
                popping = true
                nav.popViewController(animated: true)
            case .changed:
                interaction.update(pan.translation(in: nil).x / 800)
            default:
                break
            }
        }
    }

    @Test func twoRecognizersDrivingOnePopAreCaughtEvenWhenTheirDelegateLetsThemRecognizeTogether() throws {
        let (window, invariants, clock) = try settledWindow()
        let nav = window.stacks[0]
        window.pushPage()
        for _ in 0..<60 {
            clock.advance(frames: 1)
            window.runFrame(input: []) { _ in }
        }
        #expect(invariants.check(log: window.drainLog(), time: clock.now) == nil)
        #expect(nav.viewControllers.count == 2 && nav.currentTransition == nil)
        let app = TwoPansDrivingOnePop()
        nav.delegate = app
        for name in ["app.panA", "app.panB"] {
            let pan = PanGestureRecognizer()
            pan.name = name
            pan.delegate = app
            pan.addAction { [unowned app, unowned nav] pan in app.handle(pan, in: nav) }
            app.pans.append(pan)
            nav.topViewController!.view.addGestureRecognizer(pan)
        }
        // A drag to the right across the page (mid-page: not the edge), one move a frame.
        var violation: DemoInvariants.Violation?
        var input: [InputEvent] = [.pointer(PointerEvent(phase: .down, location: CGPoint(x: 300, y: 300), timestamp: clock.now))]
        for x in stride(from: 320.0, through: 500, by: 20) where violation == nil {
            clock.advance(frames: 1)
            input.append(.pointer(PointerEvent(phase: .moved, location: CGPoint(x: x, y: 300), timestamp: clock.now)))
            window.runFrame(input: input) { _ in }
            input = []
            violation = invariants.check(log: window.drainLog(), time: clock.now, pointerHeld: true)
        }
        // Both pans are active together, which their delegate allows (the pairwise rule holds), and both
        // move the pop: caught, with the rule and what was seen.
        #expect(window.activeGestureRecognizers.count == 2)
        #expect(nav.currentTransition?.kind == .pop)
        #expect(violation == DemoInvariants.Violation(rule: "one recognizer drives at a time",
                                                      detail: "app.panA and app.panB both drive navigation0's pop"))
    }

    @Test func anAnimationThatNeverEndsIsCaught() throws {
        let (window, invariants, clock) = try settledWindow()
        let longerThanAllowed = DemoInvariants.settleAllowance * 10   // seconds
        window.stacks[0].topViewController?.view.layer.add(BasicAnimation(.opacity, from: 0, to: 1, duration: longerThanAllowed),
                                                             forKey: "stuck")
        var violation: DemoInvariants.Violation?
        for _ in 0..<Int((DemoInvariants.settleAllowance + 1) * ReplayTimeline.framesPerSecond) where violation == nil {
            clock.advance(frames: 1)
            window.runFrame(input: []) { _ in }
            violation = invariants.check(log: window.drainLog(), time: clock.now)
        }
        #expect(violation?.rule == "animations settle")
    }
}
