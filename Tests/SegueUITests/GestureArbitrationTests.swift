import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// UIKit's arbitration as an app uses it (issue 38, "Gestures that cooperate"): `require(toFail:)` and
/// each `UIGestureRecognizerDelegate` method, the scroll view's public pan related to an app's, and
/// `cancelsTouchesInView`. One situation a test. Window 400 x 600.
@MainActor
@Suite struct GestureArbitrationTests {
    let h = Harness()
    let content = TouchLoggingView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))

    init() { h.window.addSubview(content) }

    /// A delegate whose every answer is a closure (UIKit's defaults when nil).
    @MainActor final class Delegate: GestureRecognizerDelegate {
        var shouldBegin: ((GestureRecognizer) -> Bool)?
        var simultaneous: ((GestureRecognizer, GestureRecognizer) -> Bool)?
        var requireFailure: ((GestureRecognizer, GestureRecognizer) -> Bool)?
        var requiredToFailBy: ((GestureRecognizer, GestureRecognizer) -> Bool)?
        var receive: ((GestureRecognizer, Touch) -> Bool)?
        func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool { shouldBegin?(g) ?? true }
        func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool {
            simultaneous?(g, o) ?? false
        }
        func gestureRecognizer(_ g: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool {
            requireFailure?(g, o) ?? false
        }
        func gestureRecognizer(_ g: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool {
            requiredToFailBy?(g, o) ?? false
        }
        func gestureRecognizer(_ g: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receive?(g, touch) ?? true }
    }

    /// A rightward drag of 60 pt from (200, 300), sampling the recorders after each event.
    func drag(_ recorders: [StateRecorder], dx: CGFloat = 60, dy: CGFloat = 0, t: Double = 0) {
        let steps: [() -> Void] = [
            { h.down(200, 300, at: t) },
            { h.move(200 + dx / 2, 300 + dy / 2, at: t + 0.02) },
            { h.move(200 + dx, 300 + dy, at: t + 0.04) },
            { h.up(200 + dx, 300 + dy, at: t + 0.05) },
        ]
        for step in steps {
            step()
            for r in recorders { r.sample() }
        }
    }

    func tapOnce(_ recorders: [StateRecorder], t: Double = 0) {
        h.down(200, 300, at: t); for r in recorders { r.sample() }
        h.up(200, 300, at: t + 0.05); for r in recorders { r.sample() }
    }

    @Test func aTapThatRequiresAPanToFailWaitsAndRecognizesWhenThePanFails() {
        let pan = PanGestureRecognizer(), tap = TapGestureRecognizer()
        content.addGestureRecognizer(pan); content.addGestureRecognizer(tap)
        tap.require(toFail: pan)
        let recPan = StateRecorder(pan), recTap = StateRecorder(tap)
        // A tap: the pan fails on the up (it never moved past its slop), and the tap goes ahead.
        tapOnce([recPan, recTap])
        #expect(!recPan.states.contains(.began))
        #expect(recTap.states == [.ended])
        // A drag: the pan recognizes and the tap, which required it to fail, fails.
        recPan.states = []; recTap.states = []
        drag([recPan, recTap], t: 1)
        #expect(recPan.states == [.began, .changed, .ended])
        #expect(recTap.states == [.failed])
    }

    @Test func aDelegateThatDeclinesToBeginMakesThePanFailAndTheOuterOneTakesTheDrag() {
        let inner = PanGestureRecognizer(), outer = PanGestureRecognizer()
        content.addGestureRecognizer(inner); h.window.addGestureRecognizer(outer)
        let delegate = Delegate()
        delegate.shouldBegin = { _ in false }
        inner.delegate = delegate
        let recInner = StateRecorder(inner), recOuter = StateRecorder(outer)
        drag([recInner, recOuter])
        #expect(recInner.states == [.failed])
        #expect(recOuter.states == [.began, .changed, .ended])
    }

    @Test func twoPansAllowedToRecognizeSimultaneouslyBothFollowTheDrag() {
        let inner = PanGestureRecognizer(), outer = PanGestureRecognizer()
        content.addGestureRecognizer(inner); h.window.addGestureRecognizer(outer)
        let delegate = Delegate()
        delegate.simultaneous = { _, _ in true }
        outer.delegate = delegate   // either side's delegate is enough
        let recInner = StateRecorder(inner), recOuter = StateRecorder(outer)
        var bothActive = false
        inner.addAction { _ in if h.window.activeGestureRecognizers.count == 2 { bothActive = true } }
        drag([recInner, recOuter])
        #expect(recInner.states == [.began, .changed, .ended])
        #expect(recOuter.states == [.began, .changed, .ended])
        #expect(bothActive && inner.mayRecognizeSimultaneously(with: outer))
    }

    @Test func withoutSimultaneityThePanNearerTheHitViewExcludesTheOther() {
        let inner = PanGestureRecognizer(), outer = PanGestureRecognizer()
        content.addGestureRecognizer(inner); h.window.addGestureRecognizer(outer)
        let recInner = StateRecorder(inner), recOuter = StateRecorder(outer)
        drag([recInner, recOuter])
        #expect(recInner.states == [.began, .changed, .ended])
        #expect(recOuter.states == [.failed])
        #expect(!inner.mayRecognizeSimultaneously(with: outer))
    }

    @Test func shouldRequireFailureOfMakesTheInnerPanWaitForTheOuterOne() {
        // The inner pan would win by its place; its delegate makes it wait for the outer pan, which wins.
        let inner = PanGestureRecognizer(), outer = PanGestureRecognizer()
        content.addGestureRecognizer(inner); h.window.addGestureRecognizer(outer)
        let delegate = Delegate()
        delegate.requireFailure = { g, o in g === inner && o === outer }
        inner.delegate = delegate
        let recInner = StateRecorder(inner), recOuter = StateRecorder(outer)
        drag([recInner, recOuter])
        #expect(recOuter.states == [.began, .changed, .ended])
        #expect(recInner.states == [.failed])
    }

    @Test func shouldBeRequiredToFailByMakesTheOtherPanWait() {
        // The same relation asked from the other side: the outer pan's delegate says the inner pan must
        // wait for it.
        let inner = PanGestureRecognizer(), outer = PanGestureRecognizer()
        content.addGestureRecognizer(inner); h.window.addGestureRecognizer(outer)
        let delegate = Delegate()
        delegate.requiredToFailBy = { g, o in g === outer && o === inner }
        outer.delegate = delegate
        let recInner = StateRecorder(inner), recOuter = StateRecorder(outer)
        drag([recInner, recOuter])
        #expect(recOuter.states == [.began, .changed, .ended])
        #expect(recInner.states == [.failed])
        #expect(inner.requiresFailure(of: outer))
    }

    @Test func aRecognizerWhoseDelegateRefusesTheTouchNeverSeesIt() {
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(pan)
        let delegate = Delegate()
        var asked: [CGPoint] = []
        delegate.receive = { _, touch in asked.append(touch.location(in: nil)); return touch.location(in: nil).x > 300 }
        pan.delegate = delegate
        let rec = StateRecorder(pan)
        drag([rec])
        #expect(asked == [CGPoint(x: 200, y: 300)])
        #expect(rec.states.isEmpty)
        #expect(content.log == ["began", "moved", "moved", "ended"], "the view keeps its touches")
    }

    @Test func aPanThatCancelsTouchesInViewTakesTheTouchAndOneThatDoesNotLeavesIt() {
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(pan)
        drag([])
        #expect(content.log == ["began", "cancelled"])
        content.log = []
        pan.cancelsTouchesInView = false
        drag([], t: 1)
        #expect(content.log == ["began", "moved", "moved", "ended"])
    }

    @Test func anAppsPanRequiresTheScrollViewsPublicPanToFail() {
        // A list scrolls vertically; an app's pan on its page only recognizes once the list's pan failed
        // (a sideways drag), as UIKit apps relate theirs to `scrollView.panGestureRecognizer`.
        let list = GridController(itemSize: CGSize(width: 400, height: 50), count: 40) { $0.minimumLineSpacing = 0 }
        h.window.rootViewController = list
        h.frames(1)
        let appPan = PanGestureRecognizer()
        list.view.addGestureRecognizer(appPan)
        appPan.require(toFail: list.collectionView.panGestureRecognizer)
        let recApp = StateRecorder(appPan), recList = StateRecorder(list.collectionView.panGestureRecognizer)
        drag([recApp, recList], dx: 0, dy: -60)
        #expect(recList.states == [.began, .changed, .ended])
        #expect(recApp.states == [.failed])
        recApp.states = []; recList.states = []
        drag([recApp, recList], dx: 60, t: 1)
        #expect(recList.states == [.failed])
        #expect(recApp.states.first == .began)
    }
}

/// `delaysTouchesBegan` and `delaysTouchesEnded`, as UIKit apps set them.
@MainActor
@Suite struct DelaysTouchesTests {
    let h = Harness()
    let content = TouchLoggingView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))

    init() { h.window.addSubview(content) }

    @Test func aPanThatDelaysTouchesBeganAndRecognizesLeavesTheViewUntouched() {
        let pan = PanGestureRecognizer()
        pan.delaysTouchesBegan = true
        content.addGestureRecognizer(pan)
        h.down(200, 300, at: 0)
        #expect(content.log.isEmpty, "held while the pan decides")
        h.move(260, 300, at: 0.02)
        h.up(260, 300, at: 0.05)
        #expect(content.log.isEmpty, "the view never saw the touch, so nothing is cancelled")
    }

    @Test func aPanThatDelaysTouchesBeganAndFailsLetsTheHeldTouchesThrough() {
        let pan = PanGestureRecognizer()
        pan.delaysTouchesBegan = true
        content.addGestureRecognizer(pan)
        h.down(200, 300, at: 0)
        h.move(202, 300, at: 0.02)
        #expect(content.log.isEmpty)
        h.up(202, 300, at: 0.05)   // the pan fails on the up (within its slop)
        #expect(content.log == ["began", "moved", "ended"])
    }

    @Test func aTapThatDelaysTouchesEndedTakesTheTouchOnTheUpAndOneThatDoesNotLetsTheViewEndFirst() {
        let tap = TapGestureRecognizer()
        content.addGestureRecognizer(tap)
        #expect(tap.delaysTouchesEnded)
        h.down(200, 300, at: 0)
        h.up(200, 300, at: 0.05)
        #expect(content.log == ["began", "cancelled"])
        content.log = []
        tap.delaysTouchesEnded = false
        var viewLogAtRecognition: [String] = []
        tap.addAction { _ in viewLogAtRecognition = content.log }
        h.down(200, 300, at: 1)
        h.up(200, 300, at: 1.05)
        #expect(content.log == ["began", "ended"])
        #expect(viewLogAtRecognition == ["began", "ended"], "the view ended before the tap recognized")
    }
}
