import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

/// Records the states a recognizer's actions see, plus `failed` when the recognizer fails.
@MainActor
final class StateRecorder {
    var states: [GestureRecognizer.State] = []
    weak var recognizer: GestureRecognizer?

    init(_ recognizer: GestureRecognizer) {
        self.recognizer = recognizer
        recognizer.addAction { [weak self] r in self?.states.append(r.state) }
    }

    /// Notes a failure if the recognizer is in `.failed` now (actions are not sent for failures).
    func sample() {
        if recognizer?.state == .failed, states.last != .failed { states.append(.failed) }
    }
}

/// A view that logs the touches it receives.
@MainActor
final class TouchLoggingView: View {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log.append("began") }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { log.append("moved") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { log.append("cancelled") }
}

@MainActor
@Suite struct GestureRecognizerTests {
    let h = Harness()
    let content = TouchLoggingView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))

    init() {
        h.window.addSubview(content)
    }

    /// Sends the moves and samples the recorders after each event.
    func script(_ recorders: [StateRecorder], _ steps: [() -> Void]) {
        for step in steps {
            step()
            for r in recorders { r.sample() }
        }
    }

    @Test func tapIsRecognizedOnRelease() {
        let tap = TapGestureRecognizer()
        content.addGestureRecognizer(tap)
        let rec = StateRecorder(tap)
        h.down(100, 100, at: 0)
        #expect(tap.state == .possible)
        h.up(102, 101, at: 0.1)
        #expect(rec.states == [.ended])
        #expect(tap.state == .possible, "reset after the sequence")
    }

    @Test func tapFailsWhenThePointerMovesTooFar() {
        let tap = TapGestureRecognizer()
        content.addGestureRecognizer(tap)
        let rec = StateRecorder(tap)
        let far = GestureSettings.defaultTapAllowableMovement + 1
        script([rec], [{ h.down(100, 100, at: 0) }, { h.move(100 + far, 100, at: 0.05) }, { h.up(100, 100, at: 0.1) }])
        #expect(rec.states == [.failed])
    }

    @Test func panBeginsAfterTheSlopAndReportsTranslationFromTheDownLocation() {
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(pan)
        let rec = StateRecorder(pan)
        let slop = GestureSettings.defaultSlop
        h.down(100, 100, at: 0)
        h.move(100 + slop, 100, at: 0.01)
        #expect(pan.state == .possible, "exactly the slop is not more than the slop")
        h.move(100 + slop + 1, 100, at: 0.02)
        #expect(pan.state == .began)
        #expect(pan.translation(in: nil) == CGPoint(x: slop + 1, y: 0), "the translation includes the slop")
        h.move(150, 120, at: 0.03)
        #expect(pan.translation(in: content) == CGPoint(x: 50, y: 20))
        pan.setTranslation(.zero, in: content)
        h.move(160, 125, at: 0.04)
        #expect(pan.translation(in: content) == CGPoint(x: 10, y: 5))
        h.up(160, 125, at: 0.05)
        #expect(rec.states == [.began, .changed, .changed, .ended])
    }

    @Test func panTranslationFollowsARotatedView() {
        let turned = View(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        turned.transform = CGAffineTransform(rotationAngle: .pi / 2)
        content.addSubview(turned)
        let pan = PanGestureRecognizer()
        turned.addGestureRecognizer(pan)
        h.down(200, 200, at: 0)
        h.move(230, 200, at: 0.02)
        // Rightward on screen is the rotated view's -y.
        #expect(isClose(pan.translation(in: turned), CGPoint(x: 0, y: -30)))
        #expect(isClose(pan.translation(in: nil), CGPoint(x: 30, y: 0)))
        h.up(230, 200, at: 0.03)
    }

    @Test func panReleaseVelocityComesFromTheTracker() {
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(pan)
        var released = CGPoint.zero
        pan.addAction { r in
            if r.state == .ended { released = r.velocity(in: nil) }
        }
        // 1200 pt/s rightwards, sampled at 120 Hz.
        h.down(50, 300, at: 1)
        for i in 1...12 { h.move(50 + 10 * Double(i), 300, at: 1 + Double(i) / 120) }
        h.up(170, 300, at: 1 + 12.0 / 120)
        #expect(isClose(released, CGPoint(x: 1200, y: 0), tolerance: 1e-6))
    }

    @Test func panReleasedAfterAPauseHasZeroVelocity() {
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(pan)
        var released = CGPoint(x: -1, y: -1)
        pan.addAction { r in
            if r.state == .ended { released = r.velocity(in: nil) }
        }
        h.down(50, 300, at: 1)
        for i in 1...12 { h.move(50 + 10 * Double(i), 300, at: 1 + Double(i) / 120) }
        h.up(170, 300, at: 1 + 12.0 / 120 + GestureSettings.defaultStopThreshold + 0.01)
        #expect(released == .zero)
    }

    @Test func verticalStartFailsAHorizontalPan() {
        let pan = PanGestureRecognizer()
        pan.axis = .horizontal
        content.addGestureRecognizer(pan)
        let rec = StateRecorder(pan)
        script([rec], [{ h.down(100, 100, at: 0) }, { h.move(102, 110, at: 0.02) },
                       { h.move(150, 110, at: 0.04) }, { h.up(150, 110, at: 0.05) }])
        #expect(rec.states == [.failed])
    }

    @Test func aFailedRecognizerLetsTheNextOneTry() {
        let horizontal = PanGestureRecognizer()
        horizontal.axis = .horizontal
        let vertical = PanGestureRecognizer()
        vertical.axis = .vertical
        vertical.require(toFail: horizontal)
        content.addGestureRecognizer(horizontal)
        content.addGestureRecognizer(vertical)
        let recH = StateRecorder(horizontal)
        let recV = StateRecorder(vertical)
        script([recH, recV], [{ h.down(100, 100, at: 0) }, { h.move(101, 110, at: 0.02) },
                              { h.move(101, 130, at: 0.04) }, { h.up(101, 130, at: 0.05) }])
        #expect(recH.states == [.failed])
        #expect(recV.states == [.began, .changed, .ended])
    }

    @Test func tapThatRequiresAPanToFailWaitsForIt() {
        let pan = PanGestureRecognizer()
        let tap = TapGestureRecognizer()
        tap.require(toFail: pan)
        content.addGestureRecognizer(tap)
        content.addGestureRecognizer(pan)
        let recTap = StateRecorder(tap)
        h.down(100, 100, at: 0)
        h.up(101, 100, at: 0.1)
        // The pan failed at release (it never passed the slop), so the waiting tap was recognized.
        #expect(recTap.states == [.ended])
        h.down(100, 100, at: 1)
        h.move(130, 100, at: 1.02)
        recTap.sample()
        h.up(130, 100, at: 1.03)
        #expect(recTap.states == [.ended, .failed])
    }

    // MARK: Edge pans

    func makeEdgeAndContentPans() -> (edge: ScreenEdgePanGestureRecognizer, content: PanGestureRecognizer,
                                      StateRecorder, StateRecorder) {
        let edge = ScreenEdgePanGestureRecognizer()
        edge.edges = .left
        h.window.addGestureRecognizer(edge)
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(pan)
        return (edge, pan, StateRecorder(edge), StateRecorder(pan))
    }

    @Test func edgePanFromInsideTheStripWinsOverTheContentPan() {
        let (edge, _, recEdge, recPan) = makeEdgeAndContentPans()
        let x = GestureSettings.defaultEdgeWidth - 1
        script([recEdge, recPan], [{ h.down(x, 300, at: 0) }, { h.move(x + 10, 301, at: 0.02) },
                                   { h.move(x + 50, 302, at: 0.04) }, { h.up(x + 50, 302, at: 0.05) }])
        #expect(recEdge.states == [.began, .changed, .ended])
        #expect(recPan.states == [.failed])
        #expect(content.log == ["began", "cancelled"], "the edge pan took the touch from the view")
        _ = edge
    }

    @Test func edgePanFromOutsideTheStripFails() {
        let (_, _, recEdge, recPan) = makeEdgeAndContentPans()
        let x = GestureSettings.defaultEdgeWidth + 1
        script([recEdge, recPan], [{ h.down(x, 300, at: 0) }, { h.move(x + 10, 300, at: 0.02) },
                                   { h.move(x + 50, 300, at: 0.04) }, { h.up(x + 50, 300, at: 0.05) }])
        #expect(recEdge.states == [.failed])
        #expect(recPan.states == [.began, .changed, .ended])
    }

    @Test func edgePanWithAVerticalStartFails() {
        let (_, _, recEdge, recPan) = makeEdgeAndContentPans()
        script([recEdge, recPan], [{ h.down(5, 300, at: 0) }, { h.move(7, 320, at: 0.02) },
                                   { h.move(60, 330, at: 0.04) }, { h.up(60, 330, at: 0.05) }])
        #expect(recEdge.states == [.failed])
        #expect(recPan.states == [.began, .changed, .ended])
    }

    @Test func edgePanMovingTowardsTheEdgeFails() {
        let (_, _, recEdge, _) = makeEdgeAndContentPans()
        script([recEdge], [{ h.down(15, 300, at: 0) }, { h.move(5, 300, at: 0.02) }, { h.up(5, 300, at: 0.03) }])
        #expect(recEdge.states == [.failed])
    }

    @Test func edgeWidthIsASetting() {
        let (edge, _, recEdge, _) = makeEdgeAndContentPans()
        edge.settings.edgeWidth = 40
        script([recEdge], [{ h.down(35, 300, at: 0) }, { h.move(60, 300, at: 0.02) }, { h.up(60, 300, at: 0.03) }])
        #expect(recEdge.states == [.began, .ended])
    }

    // MARK: Cancellation

    @Test func focusLossCancelsAnActivePan() {
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(pan)
        let tap = TapGestureRecognizer()
        let other = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        content.addSubview(other)
        let rec = StateRecorder(pan)
        h.down(100, 100, at: 0)
        h.move(150, 100, at: 0.02)
        h.window.handle(.window(.focusLost))
        #expect(rec.states == [.began, .cancelled])
        #expect(pan.state == .possible, "reset after the cancelled sequence")
        // A later up for the cancelled pointer is ignored.
        h.up(150, 100, at: 0.05)
        #expect(rec.states == [.began, .cancelled])
        _ = tap
    }

    @Test func focusLossFailsAPossibleRecognizerAndCancelsTheViewsTouch() {
        let tap = TapGestureRecognizer()
        content.addGestureRecognizer(tap)
        let rec = StateRecorder(tap)
        h.down(100, 100, at: 0)
        h.window.handle(.window(.focusLost))
        rec.sample()
        #expect(rec.states.isEmpty, "no action for a failure")
        #expect(content.log == ["began", "cancelled"])
    }

    @Test func disablingAnActiveRecognizerCancelsIt() {
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(pan)
        let rec = StateRecorder(pan)
        h.down(100, 100, at: 0)
        h.move(150, 100, at: 0.02)
        pan.isEnabled = false
        h.move(160, 100, at: 0.03)
        h.up(160, 100, at: 0.04)
        #expect(rec.states == [.began, .cancelled])
    }

    @Test func simultaneousRecognitionNeedsTheDelegate() {
        final class Both: GestureRecognizerDelegate {
            func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { true }
        }
        let delegate = Both()
        let a = PanGestureRecognizer()
        let b = PanGestureRecognizer()
        a.delegate = delegate
        content.addGestureRecognizer(a)
        h.window.addGestureRecognizer(b)
        let recA = StateRecorder(a)
        let recB = StateRecorder(b)
        h.down(100, 100, at: 0)
        h.move(150, 100, at: 0.02)
        h.up(150, 100, at: 0.03)
        #expect(recA.states == [.began, .ended])
        #expect(recB.states == [.began, .ended])
    }

    @Test func delegateCanStopARecognizerFromBeginning() {
        final class No: GestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool { false }
        }
        let delegate = No()
        let pan = PanGestureRecognizer()
        pan.delegate = delegate
        content.addGestureRecognizer(pan)
        let rec = StateRecorder(pan)
        script([rec], [{ h.down(100, 100, at: 0) }, { h.move(150, 100, at: 0.02) }, { h.up(150, 100, at: 0.03) }])
        #expect(rec.states == [.failed])
        #expect(content.log == ["began", "moved", "ended"])
    }

    @Test func targetActionCallsTheMethodWithTheTypedRecognizer() {
        @MainActor final class Target {
            var translations: [CGPoint] = []
            func handlePan(_ sender: PanGestureRecognizer) { translations.append(sender.translation(in: nil)) }
        }
        let target = Target()
        let pan = PanGestureRecognizer(target: target, action: Target.handlePan)
        content.addGestureRecognizer(pan)
        h.down(100, 100, at: 0)
        h.move(110, 100, at: 0.02)
        h.up(110, 100, at: 0.03)
        #expect(target.translations == [CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 0)])
    }
}
