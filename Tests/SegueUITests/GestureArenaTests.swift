import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

@MainActor
@Suite struct GestureArenaTests {
    let h = Harness()
    let content = TouchLoggingView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
    /// Where the drags start: in the content, well away from the leading edge strip.
    let start = CGPoint(x: 200, y: 300)

    init() {
        h.window.addSubview(content)
    }

    /// A rightward drag from `start`, past the slop, then a release; the recorders are sampled after each
    /// event (a failure has no action, and the recognizers are reset once the touch ends).
    func dragRight(at t: Double = 0, sampling recorders: [StateRecorder] = []) {
        let steps: [() -> Void] = [
            { h.down(start.x, start.y, at: t) },
            { h.move(start.x + 30, start.y, at: t + 0.02) },
            { h.move(start.x + 60, start.y, at: t + 0.04) },
            { h.up(start.x + 60, start.y, at: t + 0.05) },
        ]
        for step in steps {
            step()
            for r in recorders { r.sample() }
        }
    }

    /// Records the window's arena decisions as text.
    func traceLines() -> () -> [String] {
        var lines: [String] = []
        h.window.gestureArenaTrace = { lines.append("\($0)") }
        return { lines }
    }

    // MARK: Priority

    @Test func screenEdgePanDefaultsToTheHighPriorityAndOtherRecognizersToNormal() {
        final class Target { func handle(_ r: ScreenEdgePanGestureRecognizer) {} }
        #expect(ScreenEdgePanGestureRecognizer().arenaPriority == .high)
        #expect(ScreenEdgePanGestureRecognizer(target: Target(), action: Target.handle).arenaPriority == .high)
        #expect(PanGestureRecognizer().arenaPriority == .normal)
        #expect(TapGestureRecognizer().arenaPriority == .normal)
        #expect(GestureArenaPriority.low < .normal && GestureArenaPriority.normal < .high)
    }

    @Test func atTheSamePriorityThePanNearerTheHitViewWins() {
        let outer = PanGestureRecognizer()
        h.window.addGestureRecognizer(outer)
        let inner = PanGestureRecognizer()
        content.addGestureRecognizer(inner)
        let recOuter = StateRecorder(outer), recInner = StateRecorder(inner)
        dragRight(sampling: [recOuter, recInner])
        #expect(recInner.states == [.began, .changed, .ended])
        #expect(recOuter.states == [.failed])
    }

    @Test func aPanGivenTheEdgePriorityWinsOverAPlainPanNearerTheHitView() {
        // A full-width pop pan on the container, given the edge pan's priority, against a pan in the page.
        let fullWidthPop = PanGestureRecognizer()
        fullWidthPop.arenaPriority = ScreenEdgePanGestureRecognizer().arenaPriority
        h.window.addGestureRecognizer(fullWidthPop)
        let contentPan = PanGestureRecognizer()
        content.addGestureRecognizer(contentPan)
        let recPop = StateRecorder(fullWidthPop), recContent = StateRecorder(contentPan)
        dragRight(sampling: [recPop, recContent])
        #expect(recPop.states == [.began, .changed, .ended])
        #expect(recContent.states == [.failed])
        #expect(content.log == ["began", "cancelled"], "the pop pan took the touch from the page")
    }

    @Test func aLowPriorityRecognizerGetsTheTouchAfterTheOthers() {
        let early = PanGestureRecognizer()
        early.arenaPriority = .low
        content.addGestureRecognizer(early)
        let late = PanGestureRecognizer()
        h.window.addGestureRecognizer(late)
        let recEarly = StateRecorder(early), recLate = StateRecorder(late)
        dragRight(sampling: [recEarly, recLate])
        #expect(recLate.states == [.began, .changed, .ended])
        #expect(recEarly.states == [.failed])
    }

    // MARK: Trace

    @Test func nothingIsTracedByDefault() {
        #expect(h.window.gestureArenaTrace == nil)
    }

    @Test func traceListsTheDecisionsInOrder() {
        let lines = traceLines()
        let edge = ScreenEdgePanGestureRecognizer()
        edge.name = "edge"
        h.window.addGestureRecognizer(edge)
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        content.addGestureRecognizer(pan)
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        content.addGestureRecognizer(tap)
        let joined = ["edge joined at 0 (priority high)", "edge took precedence over pan, tap",
                      "pan joined at 1 (priority normal)", "tap joined at 2 (priority normal)"]

        // 1. A drag from inside the edge strip: the edge pan, first, recognizes; the others are excluded.
        h.down(10, 300, at: 0)
        h.move(40, 300, at: 0.02)
        h.up(60, 300, at: 0.03)
        #expect(lines() == joined + ["edge recognized (began)", "pan failed: edge recognized",
                                     "tap failed: edge recognized"])

        // 2. A click in the middle: the edge pan fails on the down, the pan at release, the tap recognizes.
        let afterFirst = lines().count
        h.down(200, 300, at: 1)
        h.up(200, 300, at: 1.1)
        #expect(Array(lines().dropFirst(afterFirst)) == joined + [
            "edge failed: its own rule", "pan failed: its own rule", "tap recognized (ended)",
        ])

        // 3. A drag in the middle, then focus loss: the pan recognizes and is cancelled with the touch.
        let afterSecond = lines().count
        h.down(200, 300, at: 2)
        h.move(230, 300, at: 2.02)
        h.window.handle(.window(.focusLost))
        #expect(Array(lines().dropFirst(afterSecond)) == joined + [
            "edge failed: its own rule", "pan recognized (began)", "tap failed: pan recognized",
            "pan cancelled: the touch was cancelled",
        ])
    }

    @Test func traceShowsWaitingAndTheReasonsForFailure() {
        final class No: GestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool { false }
        }
        let lines = traceLines()
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        content.addGestureRecognizer(tap)
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        content.addGestureRecognizer(pan)
        tap.require(toFail: pan)

        // The tap, first, is released before the pan has failed: it waits for the pan.
        h.down(200, 300, at: 0)
        h.up(200, 300, at: 0.1)
        #expect(lines() == ["tap joined at 0 (priority normal)", "pan joined at 1 (priority normal)",
                            "tap waits for pan to fail", "pan failed: its own rule", "tap recognized (ended)"])

        let delegate = No()
        pan.delegate = delegate
        tap.isEnabled = false
        let before = lines().count
        dragRight(at: 1)
        #expect(Array(lines().dropFirst(before)) == ["pan joined at 0 (priority normal)",
                                                     "pan failed: its delegate declined"])

        pan.delegate = nil
        let beforeDisabling = lines().count
        h.down(200, 300, at: 2)
        h.move(230, 300, at: 2.02)
        pan.isEnabled = false
        h.up(230, 300, at: 2.03)
        #expect(Array(lines().dropFirst(beforeDisabling)) == ["pan joined at 0 (priority normal)",
                                                              "pan recognized (began)",
                                                              "pan cancelled: it was disabled"])
    }

    @Test func traceDecisionsNameTheRecognizersInvolved() {
        var decisions: [GestureArenaDecision] = []
        h.window.gestureArenaTrace = { decisions.append($0) }
        let edge = ScreenEdgePanGestureRecognizer()
        h.window.addGestureRecognizer(edge)
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(pan)
        h.down(10, 300, at: 0)
        h.move(40, 300, at: 0.02)
        h.up(60, 300, at: 0.03)
        let failures = decisions.filter { $0.recognizer === pan }.map(\.kind)
        #expect(failures == [.joined(rank: 1, priority: .normal), .failed(.excluded(by: edge))])
        #expect(decisions.first?.kind == .joined(rank: 0, priority: .high))
        #expect(decisions.first?.recognizer === edge)
        #expect(decisions.map(\.description).contains("ScreenEdgePanGestureRecognizer recognized (began)"),
                "an unnamed recognizer is traced by its type")
    }
}
