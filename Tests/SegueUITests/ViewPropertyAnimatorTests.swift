import Foundation
import Testing
import SegueAnimation
@testable import SegueUI

@MainActor
@Suite struct ViewPropertyAnimatorTests {
    /// A scene with one view at x = 0 (center 5) and a linear 1 s animator moving it to center 105.
    func setUp(curve: ViewAnimationCurve = .linear) -> (AnimationTestScene, View, ViewPropertyAnimator) {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        let animator = ViewPropertyAnimator(duration: 1, curve: curve) { view.center.x = 105 }
        return (s, view, animator)
    }

    func shownX(_ view: View) -> Double { view.layer.renderedProperties.position.x }

    @Test func runsToTheEndAndCompletesOnceWithTheEndPosition() {
        let (s, view, animator) = setUp(curve: .easeInOut)
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive && !animator.isRunning)
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        s.startFrame()
        s.step(15)
        #expect(abs(animator.fractionComplete - 0.25) < 1e-9)
        #expect(abs(shownX(view) - (5 + 100 * MediaTimingFunction.easeInEaseOut.value(at: 0.25))) < 1e-9)
        s.step(45)
        #expect(positions == [.end])
        #expect(animator.state == .inactive && !animator.isRunning)
        #expect(view.center.x == 105 && shownX(view) == 105)
        #expect(!view.layer.hasAnimations)
    }

    @Test func pausedAnimatorScrubsLinearlyAndResumesWithoutAJump() {
        let (s, view, animator) = setUp(curve: .easeIn)
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        animator.fractionComplete = 0.5
        s.step()
        #expect(abs(shownX(view) - 55) < 1e-9)  // linear scrubbing, whatever the curve
        animator.scrubsLinearly = false
        animator.fractionComplete = 0.5
        s.step()
        #expect(abs(shownX(view) - (5 + 100 * MediaTimingFunction.easeIn.value(at: 0.5))) < 1e-9)
        animator.scrubsLinearly = true
        animator.fractionComplete = 0.6
        s.step()
        animator.startAnimation()
        s.step()  // the frame it resumes: still where it was
        #expect(abs(shownX(view) - 65) < 1e-9)
        s.step(24)  // 0.4 s of remaining 0.4 s
        #expect(animator.state == .inactive)
        #expect(shownX(view) == 105)
    }

    @Test func reversingMidFlightRunsBackAlongTheCurveAndRestoresTheStart() {
        let (s, view, animator) = setUp()
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        s.startFrame()
        s.step(30)
        #expect(abs(shownX(view) - 55) < 1e-9)
        animator.isReversed = true
        s.step()
        #expect(abs(shownX(view) - 55) < 1e-9)
        s.step(15)
        #expect(abs(shownX(view) - 30) < 1e-9)
        s.step(15)
        #expect(positions == [.start])
        #expect(view.center.x == 5 && shownX(view) == 5)
    }

    @Test func continueWithNewTimingStartsFromWhatIsShown() {
        let (s, view, animator) = setUp()
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        s.step()
        animator.continueAnimation(withTimingParameters: CubicTimingParameters(animationCurve: .easeOut), durationFactor: 2)
        s.step()
        #expect(abs(shownX(view) - 55) < 1e-9)
        // The rest (half) takes 2 x 1 s x 0.5 = 1 s along ease-out.
        s.step(30)
        #expect(abs(shownX(view) - (55 + 50 * MediaTimingFunction.easeOut.value(at: 0.5))) < 1e-9)
        s.step(30)
        #expect(animator.state == .inactive)
    }

    @Test func stopWithoutFinishingKeepsWhatIsShownAndRunsNoCompletion() {
        let (s, view, animator) = setUp()
        var ran = false
        animator.addCompletion { _ in ran = true }
        animator.startAnimation()
        s.startFrame()
        s.step(15)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive)
        #expect(abs(view.center.x - 30) < 1e-9)
        s.step()
        #expect(abs(shownX(view) - 30) < 1e-9)
        #expect(!ran && !view.layer.hasAnimations)
    }

    @Test func stoppedAnimatorFinishesAtTheChosenPosition() {
        for (position, x) in [(ViewAnimatingPosition.start, 5.0), (.current, 30.0), (.end, 105.0)] {
            let (s, view, animator) = setUp()
            var got: [ViewAnimatingPosition] = []
            animator.addCompletion { got.append($0) }
            animator.startAnimation()
            s.startFrame()
            s.step(15)
            animator.stopAnimation(false)
            #expect(animator.state == .stopped && !animator.isRunning)
            s.step(30)
            #expect(abs(shownX(view) - 30) < 1e-9)  // frozen while stopped
            animator.finishAnimation(at: position)
            #expect(got == [position])
            #expect(animator.state == .inactive)
            #expect(abs(view.center.x - x) < 1e-9)
        }
    }

    @Test func pausesOnCompletionHoldsAtTheEndWithoutCompleting() {
        let (s, view, animator) = setUp()
        var ran = false
        animator.addCompletion { _ in ran = true }
        animator.pausesOnCompletion = true
        animator.startAnimation()
        s.startFrame()
        s.step(70)
        #expect(!ran)
        #expect(animator.state == .active && !animator.isRunning)
        #expect(animator.fractionComplete == 1 && shownX(view) == 105)
        // Still scrubbable back.
        animator.fractionComplete = 0.5
        s.step()
        #expect(abs(shownX(view) - 55) < 1e-9)
    }

    @Test func completionOrderFollowsRegistration() {
        let (s, _, animator) = setUp()
        var log: [Int] = []
        animator.addCompletion { _ in log.append(1) }
        animator.addCompletion { _ in log.append(2) }
        animator.startAnimation()
        s.startFrame()
        s.step(60)
        #expect(log == [1, 2])
    }

    @Test func springAnimatorEndsExactlyAtTheTarget() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        let animator = ViewPropertyAnimator(duration: 0.5, dampingRatio: 0.5) { view.center.x = 105 }
        var overshoot = 0.0
        animator.startAnimation()
        s.startFrame()
        for _ in 0..<30 {
            s.step()
            overshoot = max(overshoot, view.layer.renderedProperties.position.x - 105)
        }
        #expect(overshoot > 1)
        #expect(animator.state == .inactive)
        #expect(view.layer.renderedProperties.position.x == 105)
    }

    // Misuse fails loudly, as UIKit raises.

    @Test func startingAStoppedAnimatorFails() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, animator) = ViewPropertyAnimatorTests().setUp()
                animator.startAnimation()
                animator.stopAnimation(false)
                animator.startAnimation()
            }
        }
    }

    @Test func finishingAnAnimatorThatIsNotStoppedFails() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, animator) = ViewPropertyAnimatorTests().setUp()
                animator.startAnimation()
                animator.finishAnimation(at: .end)
            }
        }
    }

    @Test func pausingAnUninterruptibleAnimatorFails() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, animator) = ViewPropertyAnimatorTests().setUp()
                animator.isInterruptible = false
                animator.startAnimation()
                animator.pauseAnimation()
            }
        }
    }

    @Test func stoppingAnInactiveAnimatorFails() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, animator) = ViewPropertyAnimatorTests().setUp()
                animator.stopAnimation(true)
            }
        }
    }
}
