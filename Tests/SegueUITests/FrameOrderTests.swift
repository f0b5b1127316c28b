import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// Regression tests for the probes of "One frame, one clock", each named after what it found, plus the
/// frame's phase order.
@MainActor
@Suite struct FrameOrderTests {
    func shownX(_ view: View) -> Double { view.layer.renderedProperties.position.x }

    @Test func frameRunsItsPhasesInOrder() {
        let h = Harness()
        var phases: [FramePhase] = []
        h.clock.advance()
        h.window.runFrame(input: [.key(KeyEvent(key: .space, timestamp: 0))], render: { _ in }) { phases.append($0) }
        #expect(phases == [.input, .queuedWork, .layout, .callbacks, .presentation, .render])
    }

    // Probe 1: completions used to run after the presentation pass and before the render.

    @Test func animationStartedFromACompletionIsNeverDrawnAtItsEndValueFirst() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))   // center.x 5
        var drawn: [Double] = []
        View.animate(withDuration: 0.5, options: .curveLinear, animations: { view.center.x = 105 }) { _ in
            View.animate(withDuration: 0.5, options: .curveLinear) { view.center.x = 205 }
        }
        s.startFrame()
        for _ in 0..<60 {
            s.step()
            drawn.append(shownX(view))
        }
        // Continuous and monotonic: never the second animation's end (205) before its start (105).
        for (a, b) in zip(drawn, drawn.dropFirst()) {
            #expect(b >= a - 1e-9)
            #expect(b - a <= 200.0 / 60 + 1e-9)
        }
        #expect(abs(drawn[29] - 105) < 1e-9)   // frame 30 of the run: the first ends, the second begins
        #expect(drawn.last == 205)
    }

    @Test func reversedRunRestoredInItsCompletionIsDrawnAtTheRestoredValueInThatFrame() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))   // center.x 5
        var completedAtFrame: Int?
        View.animate(withDuration: 0.5, options: [.curveLinear, .autoreverse], animations: { view.center.x = 105 }) { _ in
            view.center.x = 5   // the classic pattern: put the model back at the start
            completedAtFrame = s.clock.frame
        }
        s.startFrame()
        var drawn: [Double] = []
        for _ in 0..<70 {
            s.step()
            drawn.append(shownX(view))
        }
        #expect(completedAtFrame != nil)
        #expect(drawn.allSatisfy { $0 >= 5 - 1e-9 && $0 <= 105 + 1e-9 })   // never 5 - 100 = -95
        #expect(drawn.last == 5)
    }

    // Probe 2: ViewPropertyAnimator kept its own timeline.

    @Test func animatorUnderAFrozenContainerDoesNotMoveAndIsScrubbedByItsTimeOffset() {
        let s = AnimationTestScene()
        let container = s.addView(CGRect(x: 0, y: 0, width: 400, height: 400))
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        container.addSubview(view)
        container.layer.speed = 0
        container.layer.timeOffset = 0
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
        animator.startAnimation()
        s.startFrame()
        s.step(30)
        #expect(shownX(view) == 5)                 // frozen: half a second later, still at the start
        container.layer.timeOffset = 0.25
        s.step()
        #expect(abs(shownX(view) - 30) < 1e-9)     // scrubbed to a quarter
        #expect(abs(animator.fractionComplete - 0.25) < 1e-9)
        container.layer.timeOffset = 0.75
        s.step()
        #expect(abs(shownX(view) - 80) < 1e-9)
        #expect(animator.state == .active)         // a frozen animator never completes
    }

    @Test func frozenReversedContainerRunsItsAnimationsBackToTheStartAndEndsThem() {
        let s = AnimationTestScene()
        let container = s.addView(CGRect(x: 0, y: 0, width: 400, height: 400))
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        container.addSubview(view)
        container.layer.speed = 0
        var finished: Bool?
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.center.x = 105 }) { finished = $0 }
        s.startFrame()
        container.layer.timeOffset = 0.6       // scrubbed to 60 %
        s.step()
        #expect(abs(shownX(view) - 65) < 1e-9)
        // Cancel as a percent-driven transition does: run the container's time backwards from there.
        let local = container.layer.currentLocalTime
        container.layer.beginTime = s.tree.mediaTime   // from now
        container.layer.timeOffset = local
        container.layer.speed = -1
        s.step(18)   // 0.3 s back
        #expect(abs(shownX(view) - 35) < 1e-9)
        #expect(finished == nil)
        s.step(18)   // past the start
        #expect(finished == true)
        #expect(!view.layer.hasAnimations)
    }

    // Probe 3: a cancelled change could not be put back.

    @Test func cancelledBlocksViewsEndExactlyAtTheirStartValues() {
        let s = AnimationTestScene()
        let a = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = s.addView(CGRect(x: 0, y: 100, width: 10, height: 10))
        b.alpha = 0.4
        let record = Transaction.recordChanges {
            View.animate(withDuration: 1, usingSpringWithDamping: 0.6, initialSpringVelocity: 0) {
                a.center.x = 305
                a.transform3D = Transform3D(scaleX: 2, y: 2)
                b.alpha = 1
                b.center.y = 400
            }
            b.center.y = 500   // changed twice: the first old value is the start
        }
        #expect(record.changes.count == 4)
        s.startFrame()
        s.step(20)
        record.revert()
        s.step()
        #expect(a.center.x == 5 && a.layer.renderedProperties.position.x == 5)
        #expect(a.transform3D == .identity && a.layer.renderedProperties.transform == .identity)
        #expect(b.alpha == 0.4 && b.layer.renderedProperties.opacity == 0.4)
        #expect(b.center.y == 105 && b.layer.renderedProperties.position.y == 105)
        #expect(!a.layer.hasAnimations && !b.layer.hasAnimations)
    }

    @Test func changeRecordSettlesAtAnyFraction() {
        let s = AnimationTestScene()
        let a = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        let record = Transaction.recordChanges {
            View.animate(withDuration: 1) { a.center.x = 105 }
        }
        s.startFrame()
        record.settle(at: 0.25)
        s.step()
        #expect(a.center.x == 30 && a.layer.renderedProperties.position.x == 30)
        #expect(!a.layer.hasAnimations)
    }

    // Probe 4: Layer.add changed the caller's animation.

    @Test func layerAddLeavesTheCallersAnimationUnchanged() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        let fade = BasicAnimation(.opacity, from: 1, to: 0)
        view.layer.add(fade, forKey: "fade")
        #expect(fade.duration == 0 && fade.completion == nil)
        let template = AnimationTemplate(duration: 2, timing: .curve(.easeIn))
        let keyframes = KeyframeAnimation(.opacity)
        keyframes.values = [1, 0.5, 1]
        template.add(keyframes, to: view.layer, forKey: "k")
        #expect(keyframes.duration == 0 && keyframes.completion == nil && keyframes.fillMode == .removed)
    }

    // CGPoint 5: documented UIKit behaviours.

    @Test func animateWithZeroDurationAppliesAtOnceWithoutAnimatingAndStillCompletes() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        var finished: Bool?
        View.animate(withDuration: 0, animations: { view.center.x = 105 }) { finished = $0 }
        #expect(view.center.x == 105 && !view.layer.hasAnimations)
        #expect(finished == nil)   // never inside the call
        s.step()
        #expect(finished == true)
        #expect(shownX(view) == 105)
    }

    @Test func addAnimationsOnARunningAnimatorRunsOverTheRemainingTimeFromTheCurrentValues() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        let other = s.addView(CGRect(x: 0, y: 100, width: 10, height: 10))   // center (5, 105)
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
        var done: ViewAnimatingPosition?
        animator.addCompletion { done = $0 }
        animator.startAnimation()
        s.startFrame()
        s.step(30)   // half way
        animator.addAnimations { other.center.x = 205 }
        s.step()
        #expect(abs(other.layer.renderedProperties.position.x - 5) < 1e-9)   // starts where it is
        s.step(15)   // half of the remaining half
        #expect(abs(shownX(view) - 80) < 1e-9)
        #expect(abs(other.layer.renderedProperties.position.x - 105) < 1e-9)
        s.step(15)
        #expect(done == .end)
        #expect(other.center.x == 205 && other.layer.renderedProperties.position.x == 205)
    }

    @Test func animatorWithNothingToAnimateCompletesInTheNextFrameNotInsideStart() {
        let s = AnimationTestScene()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) {}
        var done: ViewAnimatingPosition?
        animator.addCompletion { done = $0 }
        animator.startAnimation()
        #expect(done == nil)
        s.step()
        #expect(done == .end)
    }

    @Test func animatorWhoseViewsAreInNoWindowFails() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                ViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }.startAnimation()
            }
        }
    }

    // Slow motion.

    @Test func oneSecondAnimationTakesTenSecondsInSlowMotion() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        s.rootView.isSlowAnimationsEnabled = true
        var finished = false
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.center.x = 105 }) { _ in finished = true }
        s.startFrame()
        s.step(300)   // 5 s of clock: half way
        #expect(abs(shownX(view) - 55) < 1e-9)
        s.step(299)
        #expect(!finished)
        s.step(1)     // 10 s
        #expect(finished)
    }

    @Test func togglingSlowMotionMidFlightKeepsTheOnScreenValueContinuous() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        View.animate(withDuration: 1, options: .curveLinear) { view.center.x = 105 }
        s.startFrame()
        s.step(30)
        #expect(abs(shownX(view) - 55) < 1e-9)
        s.rootView.isSlowAnimationsEnabled = true
        s.step()
        // One frame of animation time at a tenth of the speed: 1/600 s of a 100 pt per second move.
        #expect(abs(shownX(view) - (55 + 100.0 / 600)) < 1e-9)
        s.step(10)
        #expect(abs(shownX(view) - (55 + 100.0 * 11 / 600)) < 1e-9)
        s.rootView.isSlowAnimationsEnabled = false
        s.step()
        #expect(abs(shownX(view) - (55 + 100.0 * 11 / 600 + 100.0 / 60)) < 1e-9)
    }

    @Test func panVelocityIsTheSameAtEitherTimeScale() {
        func releaseVelocity(slow: Bool) -> Double {
            let h = Harness()
            h.window.isSlowAnimationsEnabled = slow
            let pan = PanGestureRecognizer()
            var velocity = 0.0
            pan.addAction { r in
                if r.state == .ended { velocity = r.velocity(in: nil).x }
            }
            h.window.addGestureRecognizer(pan)
            h.down(100, 300, at: 0)
            for i in 1...10 {
                h.move(100 + Double(i) * 10, 300, at: Double(i) / 60)
                h.frames(1)
            }
            h.up(200, 300, at: 10.0 / 60)
            return velocity
        }
        #expect(abs(releaseVelocity(slow: false) - 600) < 1e-6)
        #expect(abs(releaseVelocity(slow: true) - 600) < 1e-6)
    }
}
