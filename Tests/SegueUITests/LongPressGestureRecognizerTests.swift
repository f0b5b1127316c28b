import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

@MainActor
@Suite struct LongPressGestureRecognizerTests {
    let h = Harness()
    let content = TouchLoggingView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))

    init() {
        h.window.addSubview(content)
        h.frames(1)
    }

    func press(_ configure: (LongPressGestureRecognizer) -> Void = { _ in }) -> (LongPressGestureRecognizer, StateRecorder) {
        let press = LongPressGestureRecognizer()
        configure(press)
        content.addGestureRecognizer(press)
        return (press, StateRecorder(press))
    }

    @Test func uikitsDefaults() {
        let press = LongPressGestureRecognizer()
        #expect(press.minimumPressDuration == 0.5)
        #expect(press.allowableMovement == 10)
        #expect(press.numberOfTouchesRequired == 1)
    }

    @Test func beginsAfterTheMinimumDurationOnTheWindowsClockThenChangesAndEndsOnLift() {
        let (press, rec) = press()
        h.down(100, 100, at: 1)
        h.frames(29)   // 29/60 s held: not yet
        #expect(rec.states.isEmpty && press.state == .possible)
        h.frames(1)    // 30 frames: 0.5 s, in this frame's callbacks phase
        #expect(rec.states == [.began])
        h.move(150, 300, at: 1.6)   // once begun it may move anywhere
        #expect(rec.states == [.began, .changed])
        #expect(press.location(in: content) == CGPoint(x: 150, y: 300))
        h.up(150, 300, at: 1.7)
        #expect(rec.states == [.began, .changed, .ended])
        #expect(press.state == .possible, "reset after the sequence")
    }

    @Test func aZeroDurationBeginsOnTheDown() {
        let (_, rec) = press { $0.minimumPressDuration = 0 }
        h.down(100, 100, at: 1)
        #expect(rec.states == [.began])
        h.up(100, 100, at: 1.05)
        #expect(rec.states == [.began, .ended])
    }

    @Test func liftingTooSoonFails() {
        let (press, rec) = press()
        h.down(100, 100, at: 1)
        h.frames(10)
        h.up(100, 100, at: 1.2)
        rec.sample()
        #expect(rec.states.isEmpty)
        h.frames(40)   // its timer is gone: nothing begins later
        #expect(rec.states.isEmpty && press.state == .possible)
    }

    @Test func movingMoreThanTheAllowableMovementBeforeItBeginsFails() {
        let (press, rec) = press()
        h.down(100, 100, at: 1)
        h.move(108, 106, at: 1.1)   // 10 pt away: still allowed
        rec.sample()
        #expect(press.state == .possible)
        h.move(108, 107, at: 1.15)  // 10.6 pt: too far
        rec.sample()
        #expect(rec.states == [.failed])
        h.frames(40)
        #expect(rec.states == [.failed])
    }

    @Test func slowAnimationsDoNotSlowThePress() {
        let (_, rec) = press()
        h.window.isSlowAnimationsEnabled = true
        h.down(100, 100, at: 1)
        h.frames(30)
        #expect(rec.states == [.began])
    }

    @Test func aPanThatRecognizesFirstMakesAWaitingPressFail() {
        let (_, rec) = press()
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(pan)
        h.down(100, 100, at: 1)
        h.move(100, 109, at: 1.05)   // the pan begins (past its 4-pt slop); the press may not recognize with it
        rec.sample()
        #expect(pan.state == .began && rec.states == [.failed])
        h.frames(40)
        #expect(rec.states == [.failed])
    }
}
