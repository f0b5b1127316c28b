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
