import Foundation
import Testing
@testable import SegueAnimation

/// Core Animation's documented rules (`CAMediaTiming`, `CAAnimation`, `CATransaction`,
/// `CAAnimationDelegate`), one test each, on a virtual 60 Hz clock.
@MainActor
@Suite struct CoreAnimationRulesTests {
    /// Records delegate callbacks with the frame time they came at.
    final class Recorder: AnimationDelegate {
        let clock: VirtualClock
        var log: [String] = []
        init(clock: VirtualClock) { self.clock = clock }
        func animationDidStart(_ animation: Animation) { log.append("start@\(clock.frame)") }
        func animationDidStop(_ animation: Animation, finished: Bool) { log.append("stop(\(finished))@\(clock.frame)") }
    }

    func linearMove(_ duration: Double) -> BasicAnimation<CGFloat> {
        BasicAnimation(.positionX, from: 0, to: 100, duration: duration, timingFunction: .linear)
    }

    // MARK: Copy on add

    @Test func addingCopiesTheAnimationSoChangingItAfterwardsChangesNothing() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let move = linearMove(1)
        layer.add(move, forKey: "move")
        move.toValue = 1000
        move.duration = 10
        let added = layer.animation(forKey: "move")
        #expect(added !== move)
        #expect(added?.duration == 1)
        t.startFrame()
        t.step(30)
        #expect(abs(layer.renderedProperties.position.x - 50) < 1e-9)
    }

    @Test func theDelegateIsToldAboutTheCopy() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        final class Catcher: AnimationDelegate {
            var stopped: Animation?
            func animationDidStop(_ animation: Animation, finished: Bool) { stopped = animation }
        }
        let catcher = Catcher()
        let move = linearMove(0.5)
        move.delegate = catcher
        layer.add(move, forKey: "m")
        let added = layer.animation(forKey: "m")
        t.startFrame()
        t.step(30)
        #expect(catcher.stopped === added)
        #expect(catcher.stopped !== move)
    }

    @Test func theDelegateIsRetainedByTheAnimation() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        final class Logger: AnimationDelegate {
            let note: (String) -> Void
            init(_ note: @escaping (String) -> Void) { self.note = note }
            func animationDidStop(_ animation: Animation, finished: Bool) { note("stop \(finished)") }
        }
        let move = linearMove(0.25)
        move.delegate = Logger { log.append($0) }   // nothing else holds it
        layer.add(move, forKey: nil)
        t.startFrame()
        t.step(15)
        #expect(log == ["stop true"])
    }

    // MARK: Durations

    @Test func zeroDurationTakesTheEnclosingTransactionsDuration() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        Transaction.begin()
        Transaction.setAnimationDuration(2)
        layer.add(BasicAnimation(.positionX, from: 0, to: 100), forKey: "a")
        Transaction.commit()
        #expect(layer.animation(forKey: "a")?.duration == 2)
    }

    @Test func zeroDurationOutsideATransactionWithADurationIsAQuarterSecond() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.add(BasicAnimation(.positionX, from: 0, to: 100), forKey: "a")
        #expect(layer.animation(forKey: "a")?.duration == 0.25)
    }

    // MARK: Repetition

    @Test func fractionalRepeatCountEndsPartWayThroughAnIteration() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let move = linearMove(1)
        move.repeatCount = 2.5
        var done = false
        move.completion = { done = $0 }
        layer.add(move, forKey: nil)
        t.startFrame()
        t.step(135)   // 2.25 s: a quarter into the third iteration
        #expect(abs(layer.renderedProperties.position.x - 25) < 1e-9)
        #expect(!done)
        t.step(14)    // 2.4833 s
        #expect(!done)
        t.step(1)     // 2.5 s
        #expect(done)
    }

    @Test func repeatCountBelowOneEndsEarly() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let move = linearMove(1)
        move.repeatCount = 0.5
        move.fillMode = .forwards
        move.isRemovedOnCompletion = false
        var done = false
        move.completion = { done = $0 }
        layer.add(move, forKey: nil)
        t.startFrame()
        t.step(29)
        #expect(!done)
        t.step(1)
        #expect(done)
        t.step(10)
        #expect(abs(layer.renderedProperties.position.x - 50) < 1e-9)  // held at the half
    }

    @Test func repeatDurationBoundsTheRepetitions() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let move = linearMove(0.5)
        move.repeatDuration = 1.25
        var done = false
        move.completion = { done = $0 }
        layer.add(move, forKey: nil)
        t.startFrame()
        t.step(66)   // 1.1 s: 0.1 s into the third iteration
        #expect(abs(layer.renderedProperties.position.x - 20) < 1e-9)
        t.step(8)    // 1.2333 s
        #expect(!done)
        t.step(1)    // 1.25 s
        #expect(done)
    }

    @Test func autoreversesDoublesTheActiveDuration() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let move = linearMove(1)
        move.autoreverses = true
        var done = false
        move.completion = { done = $0 }
        layer.add(move, forKey: nil)
        t.startFrame()
        t.step(90)   // 1.5 s: half way back
        #expect(abs(layer.renderedProperties.position.x - 50) < 1e-9)
        t.step(29)
        #expect(!done)
        t.step(1)
        #expect(done)
    }

    // MARK: Speed, offset, begin time, fill

    @Test func animationSpeedAndTimeOffsetShiftItsLocalTime() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let move = linearMove(1)
        move.speed = 2
        move.timeOffset = 0.5   // starts half way, then runs at twice the speed
        var done = false
        move.completion = { done = $0 }
        layer.add(move, forKey: nil)
        t.startFrame()
        #expect(abs(layer.renderedProperties.position.x - 50) < 1e-9)
        t.step(6)   // 0.1 s of layer time: 0.5 + 0.2
        #expect(abs(layer.renderedProperties.position.x - 70) < 1e-9)
        t.step(14)  // 1/3 s: 0.5 + 2/3 > 1
        #expect(done)
    }

    @Test func delayedAnimationToldToStartWhenItsBeginTimeComesAndFillsBackwardsMeanwhile() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.position.x = 7
        let recorder = Recorder(clock: t.clock)
        let move = linearMove(1)
        move.beginTime = layer.currentLocalTime + 0.5
        move.fillMode = .backwards
        move.delegate = recorder
        layer.add(move, forKey: nil)
        t.step(29)   // frame 29: 0.4833 s, before the begin time
        #expect(recorder.log.isEmpty)
        #expect(layer.renderedProperties.position.x == 0)   // the start, filled backwards
        t.step(1)    // frame 30: exactly 0.5 s
        #expect(recorder.log == ["start@30"])
        t.step(60)   // frame 90: 1.5 s, the end
        #expect(recorder.log == ["start@30", "stop(true)@90"])
        #expect(layer.renderedProperties.position.x == 7)
    }

    @Test func withoutBackwardsFillADelayedAnimationShowsTheModelUntilItBegins() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.position.x = 7
        let move = linearMove(1)
        move.beginTime = layer.currentLocalTime + 0.5
        layer.add(move, forKey: nil)
        t.step(10)
        #expect(layer.renderedProperties.position.x == 7)
    }

    // MARK: Stop callbacks

    @Test func retainedAnimationTellsItsStopOnceAndKeepsApplyingItsFill() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let recorder = Recorder(clock: t.clock)
        let move = linearMove(0.5)
        move.isRemovedOnCompletion = false
        move.fillMode = .forwards
        move.delegate = recorder
        layer.add(move, forKey: "kept")
        t.startFrame()     // frame 1: begins
        t.step(30)         // frame 31: 0.5 s
        #expect(recorder.log == ["start@1", "stop(true)@31"])
        t.step(30)
        #expect(layer.animation(forKey: "kept") != nil)
        #expect(layer.renderedProperties.position.x == 100)
        layer.removeAnimation(forKey: "kept")
        t.step()
        #expect(recorder.log == ["start@1", "stop(true)@31"])   // told once
    }

    @Test func removedAnimationTellsItsDelegateUnfinishedInTheNextFrame() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let recorder = Recorder(clock: t.clock)
        let move = linearMove(1)
        move.delegate = recorder
        layer.add(move, forKey: "m")
        t.startFrame()
        t.step(10)
        layer.removeAnimation(forKey: "m")
        #expect(recorder.log == ["start@1"])
        t.step()
        #expect(recorder.log == ["start@1", "stop(false)@12"])
    }

    // MARK: Transactions

    @Test func transactionCompletionWaitsForEveryAnimationAddedInTheTransaction() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        var completedAt: Int?
        Transaction.begin()
        Transaction.setCompletionBlock { completedAt = t.clock.frame }
        layer.add(linearMove(1), forKey: "explicit")
        layer.add(BasicAnimation(.opacity, from: 1, to: 0, duration: 0.5), forKey: "fade")
        Transaction.commit()
        #expect(completedAt == nil)          // not at commit
        t.startFrame()                       // frame 1: both begin
        t.step(30)
        #expect(completedAt == nil)          // the fade ended, the move runs
        t.step(30)                           // frame 61: 1 s
        #expect(completedAt == 61)
    }

    @Test func transactionCompletionWithNoAnimationRunsInTheNextFrameNotAtCommit() {
        let t = TestTree()
        var completed = false
        Transaction.begin()
        Transaction.setCompletionBlock { completed = true }
        Transaction.commit()
        #expect(!completed)
        t.step()
        #expect(completed)
    }

    @Test func nestedTransactionsAnimationsCountForTheOuterCompletion() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        Transaction.begin()
        Transaction.setCompletionBlock { log.append("outer@\(t.clock.frame)") }
        layer.add(BasicAnimation(.opacity, from: 1, to: 0, duration: 0.25), forKey: "fade")
        Transaction.begin()
        Transaction.setCompletionBlock { log.append("inner@\(t.clock.frame)") }
        layer.add(linearMove(0.5), forKey: "move")
        Transaction.commit()
        Transaction.commit()
        t.startFrame()
        t.step(30)
        #expect(log == ["inner@31", "outer@31"])
    }

    @Test func animationsAddedBeforeTheCompletionBlockWasSetDoNotDelayIt() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        var completedAt: Int?
        Transaction.begin()
        layer.add(linearMove(1), forKey: "before")
        Transaction.setCompletionBlock { completedAt = t.clock.frame }
        Transaction.commit()
        t.step()
        #expect(completedAt == 1)
    }
}
