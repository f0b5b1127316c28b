import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

@MainActor
@Suite struct SpringTimingParametersTests {
    let s = AnimationTestScene()

    @Test func aSpringGivenByItsConstantsRunsForItsSettlingDurationWhateverTheAnimatorsDuration() {
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        let parameters = SpringTimingParameters(mass: 4.5, stiffness: 1300, damping: 95, initialVelocity: .zero)
        let spring = Spring(mass: 4.5, stiffness: 1300, damping: 95)
        let settling = spring.settlingDuration()
        #expect(parameters.implicitDuration == settling)
        #expect(abs(parameters.dampingRatio - 95 / (2 * (4.5 * 1300).squareRoot())) < 1e-12)
        // Apple's PhotoTransitioning spring settles in about 0.68 s (0.1 % of the distance).
        #expect(settling > 0.6 && settling < 0.75)
        let animator = ViewPropertyAnimator(duration: 0.8, timingParameters: parameters)
        animator.addAnimations { view.center.x = 105 }
        var ended: ViewAnimatingPosition?
        animator.addCompletion { ended = $0 }
        animator.startAnimation()
        #expect(animator.duration == 0.8)
        s.startFrame()
        s.step(6)   // 0.1 s: the physical spring's value at 0.1 s
        let value = SpringSimulation(spring: spring, initialVelocity: 0).value(at: 0.1)
        #expect(abs(view.layer.renderedProperties.position.x - (5 + 100 * value)) < 1e-9)
        let frames = Int((settling * 60).rounded(.up))
        s.step(frames - 6 - 1)
        #expect(ended == nil)
        s.step(1)
        #expect(ended == .end && view.center.x == 105)
    }

    @Test func aVectorVelocityGivesItsDx() {
        let p = SpringTimingParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: CGVector(dx: 2, dy: 7))
        #expect(p.initialVelocity == 2)
        #expect(p.implicitDuration == Spring(mass: 1, stiffness: 100, damping: 20).settlingDuration(initialVelocity: 2))
        let ratio = SpringTimingParameters(dampingRatio: 0.5, initialVelocity: CGVector(dx: 3, dy: 1))
        #expect(ratio.initialVelocity == 3 && ratio.implicitDuration == nil)
    }
}
