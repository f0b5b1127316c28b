import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

@Suite struct VelocityTrackerTests {
    /// Samples every `interval` seconds moving by `velocity`.
    func track(_ velocity: CGPoint, samples: Int, interval: Double = 1.0 / 120, start: Double = 10) -> VelocityTracker {
        var tracker = VelocityTracker()
        for i in 0..<samples {
            let t = start + Double(i) * interval
            tracker.addSample(at: t, position: CGPoint(x: 50 + velocity.x * (t - start), y: 80 + velocity.y * (t - start)))
        }
        return tracker
    }

    @Test func constantMotionGivesTheExactVelocity() {
        let v = CGPoint(x: 640, y: -275)
        let tracker = track(v, samples: 30)
        #expect(isClose(tracker.velocity, v, tolerance: 1e-9))
        #expect(isClose(tracker.releaseVelocity(at: 10 + 29.0 / 120), v, tolerance: 1e-9))
    }

    @Test func constantMotionWithUnevenSpacingGivesTheExactVelocity() {
        var tracker = VelocityTracker()
        let times = [0.0, 0.007, 0.019, 0.024, 0.041, 0.05, 0.066]
        for t in times { tracker.addSample(at: t, position: CGPoint(x: 1000 * t, y: 20 - 300 * t)) }
        #expect(isClose(tracker.velocity, CGPoint(x: 1000, y: -300), tolerance: 1e-9))
    }

    @Test func pauseBeforeReleaseGivesZero() {
        let tracker = track(CGPoint(x: 800, y: 0), samples: 10)
        let last = 10 + 9.0 / 120
        #expect(tracker.releaseVelocity(at: last + GestureSettings.defaultStopThreshold + 0.001) == .zero)
        // Released just within the threshold, the motion still counts.
        #expect(isClose(tracker.releaseVelocity(at: last + GestureSettings.defaultStopThreshold - 0.001),
                        CGPoint(x: 800, y: 0), tolerance: 1e-9))
    }

    @Test func stationarySamplesBeforeReleaseGiveZero() {
        var tracker = track(CGPoint(x: 800, y: 0), samples: 10)
        let last = 10 + 9.0 / 120
        let p = CGPoint(x: 50 + 800 * 9.0 / 120, y: 80)
        for i in 1...8 { tracker.addSample(at: last + Double(i) / 120, position: p) }
        #expect(tracker.releaseVelocity(at: last + 8.0 / 120) == .zero)
    }

    @Test func oneSampleGivesZeroAndTwoGiveTheirDisplacementOverTheirTimeApart() {
        #expect(track(CGPoint(x: 500, y: 500), samples: 1).velocity == .zero)
        // Spec (gestures-and-timing, "Velocity tracker"): so a pan has a direction at `began`.
        let two = track(CGPoint(x: 500, y: -240), samples: 2)
        #expect(isClose(two.velocity, CGPoint(x: 500, y: -240), tolerance: 1e-9))
    }

    @Test func onlyTheLastHundredMillisecondsCount() {
        var tracker = VelocityTracker()
        // Fast motion first, then 100 pt/s for longer than the horizon.
        var x = 0.0
        var t = 0.0
        for _ in 0..<10 { tracker.addSample(at: t, position: CGPoint(x: x, y: 0)); t += 0.01; x += 50 }
        for _ in 0..<15 { tracker.addSample(at: t, position: CGPoint(x: x, y: 0)); t += 0.01; x += 1 }
        #expect(isClose(tracker.velocity.x, 100, tolerance: 1e-6))
    }

    @Test func aGapLongerThanTheLimitEndsTheHistory() {
        var tracker = VelocityTracker()
        // Three samples at 3000 pt/s, a gap, then three at 200 pt/s: only the last three are fitted.
        for i in 0..<3 { tracker.addSample(at: Double(i) * 0.01, position: CGPoint(x: Double(i) * 30, y: 0)) }
        let resume = 0.02 + GestureSettings.defaultVelocityMaxGap + 0.005
        for i in 0..<3 {
            tracker.addSample(at: resume + Double(i) * 0.01, position: CGPoint(x: 100 + Double(i) * 2, y: 0))
        }
        #expect(isClose(tracker.velocity.x, 200, tolerance: 1e-6))
    }

    @Test func velocityIsClampedToTheMaximum() {
        let tracker = track(CGPoint(x: 30000, y: 40000), samples: 10)
        let v = tracker.velocity
        #expect(isClose((v.x * v.x + v.y * v.y).squareRoot(), GestureSettings.defaultMaximumVelocity, tolerance: 1e-6))
        #expect(isClose(v.x / v.y, 0.75, tolerance: 1e-9))
    }

    @Test func quadraticMotionGivesTheSlopAtTheNewestSample() {
        var tracker = VelocityTracker()
        // x = 1000 t - 2000 t^2 over 60 ms: slope at t = 0.06 is 1000 - 4000 * 0.06 = 760.
        for i in 0...6 {
            let t = Double(i) * 0.01
            tracker.addSample(at: t, position: CGPoint(x: 1000 * t - 2000 * t * t, y: 0))
        }
        #expect(isClose(tracker.velocity.x, 760, tolerance: 1e-6))
    }
}

/// The release rule's velocity (spec gestures-and-timing, "Release"): the displacement from the newest
/// sample at least 50 ms older than the last one to the last one, over their time apart.
@Suite struct ReleaseRuleVelocityTests {
    @Test func itIsTheDisplacementFromTheNewestSampleAtLeast50msOlder() {
        var tracker = VelocityTracker()
        // Every 10 ms: 0, 10, 30, 60, 100, 150 pt; released at 60 ms at 160 pt.
        for (i, x) in [0.0, 10, 30, 60, 100, 150].enumerated() { tracker.addSample(at: Double(i) * 0.01, position: CGPoint(x: x, y: 2 * x)) }
        tracker.addSample(at: 0.06, position: CGPoint(x: 160, y: 320))
        // The newest sample 50 ms or more before 60 ms is the one at 10 ms (10 pt): 150 pt over 50 ms.
        let v = tracker.releaseRuleVelocity(at: 0.06, position: CGPoint(x: 160, y: 320))
        #expect(abs(v.x - 3000) < 1e-9 && abs(v.y - 6000) < 1e-9)
        // The same at the newest sample while dragging.
        #expect(tracker.ruleVelocity == v)
    }

    @Test func aGestureShorterThanTheWindowCountsFromItsFirstSample() {
        var tracker = VelocityTracker()
        tracker.addSample(at: 1.0, position: CGPoint(x: 5, y: 0))
        tracker.addSample(at: 1.02, position: CGPoint(x: 45, y: 0))
        // Released 30 ms after the down, 100 pt on: 100 pt over 30 ms.
        let v = tracker.releaseRuleVelocity(at: 1.03, position: CGPoint(x: 105, y: 0))
        #expect(abs(v.x - 100 / 0.03) < 1e-6 && v.y == 0)
    }

    @Test func aPointerThatStoppedFor50msOrMoreHasNone() {
        var tracker = VelocityTracker()
        for i in 0..<10 { tracker.addSample(at: Double(i) / 120, position: CGPoint(x: 10 * Double(i), y: 0)) }
        let last = CGPoint(x: 90, y: 0)
        #expect(tracker.releaseRuleVelocity(at: 9.0 / 120 + 0.051, position: last) == .zero)
        #expect(tracker.releaseRuleVelocity(at: 9.0 / 120 + 0.049, position: last).x > 0)
    }

    @Test func itIsClampedToTheMaximum() {
        var tracker = VelocityTracker()
        tracker.addSample(at: 0, position: .zero)
        #expect(tracker.releaseRuleVelocity(at: 0.05, position: CGPoint(x: 1000, y: 0)) == CGPoint(x: GestureSettings.defaultMaximumVelocity, y: 0))
    }

    /// Dense input (a 1000 Hz mouse) keeps enough history for the window: 20 samples are only 20 ms.
    @Test func denseSamplesKeepTheWholeWindow() {
        var tracker = VelocityTracker()
        for i in 0...100 { tracker.addSample(at: Double(i) / 1000, position: CGPoint(x: Double(i * i) / 100, y: 0)) }
        // x = t² x 10^4 (t in s): from 50 ms (25 pt) to 100 ms (100 pt): 75 pt over 50 ms.
        let v = tracker.releaseRuleVelocity(at: 0.1, position: CGPoint(x: 100, y: 0))
        #expect(abs(v.x - 1500) < 1e-6)
    }

    /// The spec's flick back: a finger taken to 260 pt and back to 200 pt in 0.1 s on a 402 pt screen, its
    /// stroke back easing out (Resources/scripts/device/flick-back-to-200.json, 120 Hz, thirds of a point).
    /// The rule reads -1.03 W/s, under the 1.06 flick threshold: the position decides (the iPhone pops).
    @Test func theSpecsFlickBackIsUnderTheFlickThresholdByTheRulesMeasure() {
        let width = 402.0
        // The last 15 samples of the script, 1000/120 ms apart, the lift at 1600 ms.
        let xs: [Double] = [259.3333333333333, 259.6666666666667, 260, 252.33333333333334, 245.33333333333334, 238.66666666666666,
                            232.33333333333334, 226.33333333333334, 220.66666666666666, 215.66666666666666, 211, 207, 204,
                            201.33333333333334, 200]
        var tracker = VelocityTracker()
        let t0 = 1.6 - Double(xs.count - 1) / 120
        for (i, x) in xs.enumerated() { tracker.addSample(at: t0 + Double(i) / 120, position: CGPoint(x: x, y: 437)) }
        let rule = tracker.releaseRuleVelocity(at: 1.6, position: CGPoint(x: 200, y: 437)).x / width
        #expect(abs(rule - -1.03) < 0.005)
        #expect(abs(rule) < TransitionSettings.defaultFlickVelocity)
    }
}

/// The springs of iOS 27 (spec gestures-and-timing, "iOS 27's own tuning") and the edge-flick boost.
@Suite struct ReleaseSpringTests {
    @Test func theReleaseAndTrackingSpringsAreTheDevicesOwn() {
        let s = TransitionSettings()
        #expect(abs(s.releaseSpring.dampingRatio - 0.85) < 1e-12)
        #expect(abs(s.releaseSpring.response - 0.3) < 1e-12)
        #expect(abs((s.trackingSpring?.dampingRatio ?? 0) - 0.85) < 1e-12)
        #expect(abs((s.trackingSpring?.response ?? 0) - 0.08) < 1e-12)
        var immediate = s
        immediate.tracksImmediately = true
        #expect(immediate.trackingSpring == nil)
    }

    @Test func aFlickOfAtLeastOneAndAHalfWidthsPerSecondTowardsTheEndIsBoostedFourAndAQuarterTimes() {
        let s = TransitionSettings()
        #expect(abs(s.handedOverVelocity(pageVelocity: 0.5, releaseVelocity: 2, finishes: true) - 2.125) < 1e-12)
        #expect(abs(s.handedOverVelocity(pageVelocity: 0.5, releaseVelocity: 1.5, finishes: true) - 2.125) < 1e-12)
        // The device's fastest release (1.49 W/s) is not boosted.
        #expect(s.handedOverVelocity(pageVelocity: 0.5, releaseVelocity: 1.49, finishes: true) == 0.5)
        // Away from the decided end: no boost; back towards the start when cancelling: boosted.
        #expect(s.handedOverVelocity(pageVelocity: 0.5, releaseVelocity: -2, finishes: true) == 0.5)
        #expect(abs(s.handedOverVelocity(pageVelocity: -0.5, releaseVelocity: -2, finishes: false) - -2.125) < 1e-12)
    }
}

/// The tracking spring as a value (``SpringTracker``): the closed form, retargeted without restarting.
@Suite struct SpringTrackerTests {
    @Test func aStepIsTheSpringsExactMotionAndTwoHalfStepsEqualOneStep() {
        // From rest 100 below the target, response 0.08 s, damping 0.85, 1/60 s:
        // w = 2pi/0.08 = 78.5398, wd = w*sqrt(1-0.85^2) = 41.3738, y(t) = -100 e^(-zw t)(cos wd t + zw/wd sin wd t).
        var one = SpringTracker(spring: Spring(dampingRatio: 0.85, response: 0.08), position: 0, target: 100)
        one.advance(by: 1.0 / 60)
        #expect(abs(one.position - 40.8996) < 1e-3)
        #expect(abs(one.velocity - 3117.685) < 1e-2)
        var two = SpringTracker(spring: Spring(dampingRatio: 0.85, response: 0.08), position: 0, target: 100)
        two.advance(by: 1.0 / 120)
        two.advance(by: 1.0 / 120)
        #expect(abs(two.position - one.position) < 1e-9 && abs(two.velocity - one.velocity) < 1e-7)
    }

    @Test func aMovingValueKeepsItsVelocityWhenTheTargetMoves() {
        var t = SpringTracker(spring: Spring(dampingRatio: 0.85, response: 0.08), position: 0, velocity: 600, target: 0)
        t.advance(by: 0)
        #expect(t.position == 0 && t.velocity == 600)
        t.target = 50
        t.advance(by: 1.0 / 60)
        // y0 = -50, v0 = 600: y(t) = e^(-zw t)(y0 cos wd t + (v0 + zw y0)/wd sin wd t).
        #expect(abs(t.position - 23.4823) < 1e-3)
    }
}
