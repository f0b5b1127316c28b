import Foundation
import Testing
@testable import SegueAnimation

/// Integrates m·x'' + c·x' + k·x = 0 from x(0) = 1, x'(0) = −v0 with classical Runge-Kutta (RK4) and
/// returns (value, velocity) = (1 − x, −x') at each of `times` (ascending, multiples of `step`).
private func integrate(_ spring: Spring, initialVelocity v0: Double, times: [Double],
                       step h: Double = 1e-4) -> [(value: Double, velocity: Double)] {
    let m = spring.mass, c = spring.damping, k = spring.stiffness
    func acceleration(_ x: Double, _ v: Double) -> Double { -(c * v + k * x) / m }
    var x = 1.0, v = -v0, t = 0.0
    var samples: [(value: Double, velocity: Double)] = []
    for target in times {
        let steps = Int((target - t) / h + 0.5)
        for _ in 0..<steps {
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + 0.5 * h * k1v, k2v = acceleration(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
            let k3x = v + 0.5 * h * k2v, k3v = acceleration(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
            let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        t += Double(steps) * h
        samples.append((1 - x, -v))
    }
    return samples
}

@Suite struct SpringTests {
    static let cases: [(String, Spring, Double)] = [
        ("under-damped", Spring(mass: 1, stiffness: 100, damping: 10), 3),       // ζ = 0.5
        ("critically damped", Spring(mass: 2, stiffness: 50, damping: 20), -4),  // ζ = 20 / (2·√100) = 1
        ("over-damped", Spring(mass: 1, stiffness: 100, damping: 50), 5),        // ζ = 2.5
    ]

    @Test(arguments: cases)
    func closedFormMatchesNumericalIntegration(name: String, spring: Spring, initialVelocity: Double) {
        let simulation = SpringSimulation(spring: spring, initialVelocity: initialVelocity)
        let times = (0...40).map { Double($0) * 0.05 }
        for (time, sample) in zip(times, integrate(spring, initialVelocity: initialVelocity, times: times)) {
            #expect(abs(simulation.value(at: time) - sample.value) < 1e-6, "\(name) value at \(time)")
            #expect(abs(simulation.velocity(at: time) - sample.velocity) < 1e-6, "\(name) velocity at \(time)")
        }
    }

    @Test func dampingRatioPicksTheClosedForm() {
        #expect(Spring(mass: 1, stiffness: 100, damping: 10).dampingRatio == 0.5)
        #expect(Spring(mass: 2, stiffness: 50, damping: 20).dampingRatio == 1)
        #expect(Spring(mass: 1, stiffness: 100, damping: 50).dampingRatio == 2.5)
    }

    @Test func defaultsAreCoreAnimations() {
        let spring = Spring()
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10)
        #expect(spring.dampingRatio == 0.5)
        #expect(abs(spring.response - 2 * Double.pi / 10) < 1e-15)
    }

    @Test func dampingRatioAndResponseRoundTrip() {
        for (ratio, response, mass) in [(0.7, 0.4, 2.0), (1.0, 0.55, 1.0), (1.8, 1.2, 0.5), (0.15, 0.25, 3.0)] {
            let spring = Spring(dampingRatio: ratio, response: response, mass: mass)
            #expect(abs(spring.dampingRatio - ratio) < 1e-12)
            #expect(abs(spring.response - response) < 1e-12)
            #expect(spring.mass == mass)
        }
        // k = m·(2π/response)², c = 4π·ζ·m/response.
        let spring = Spring(dampingRatio: 0.5, response: 1, mass: 2)
        #expect(abs(spring.stiffness - 2 * 4 * Double.pi * Double.pi) < 1e-12)
        #expect(abs(spring.damping - 4 * Double.pi) < 1e-12)
    }

    @Test(arguments: cases)
    func settlingDurationBoundsTheMotion(name: String, spring: Spring, initialVelocity: Double) {
        let simulation = SpringSimulation(spring: spring, initialVelocity: initialVelocity)
        let settling = simulation.settlingDuration
        #expect(settling == spring.settlingDuration(initialVelocity: initialVelocity))
        #expect(settling > 0 && settling.isFinite)
        for i in 0...5000 {
            let time = settling + Double(i) * 1e-3
            #expect(abs(1 - simulation.value(at: time)) < Spring.defaultSettlingTolerance, "\(name) at \(time)")
        }
        #expect(!simulation.isDone(at: settling.nextDown))
        #expect(simulation.isDone(at: settling))
    }

    @Test(arguments: [-20.0, 0, 40])
    func settlingDurationBoundsTheMotionWhateverTheStartingVelocity(initialVelocity: Double) {
        for (name, spring, _) in Self.cases {
            let simulation = SpringSimulation(spring: spring, initialVelocity: initialVelocity)
            let settling = simulation.settlingDuration
            #expect(settling > 0 && settling.isFinite)
            let worst = (0...3000).map { abs(1 - simulation.value(at: settling + Double($0) * 1e-3)) }.max() ?? 1
            #expect(worst < Spring.defaultSettlingTolerance, "\(name) from \(initialVelocity)")
        }
    }

    /// The envelope estimate is late by less than half a period: within the last period before it the
    /// spring still swings out past the tolerance.
    @Test func underDampedSpringHasNotSettledBeforeItsSettlingDuration() {
        let spring = Spring()
        let simulation = SpringSimulation(spring: spring, initialVelocity: 3)
        let period = 2 * Double.pi / (10 * (1 - 0.25).squareRoot())   // ω_d = ω₀·√(1 − ζ²)
        let samples = (0..<1000).map { simulation.settlingDuration - period + Double($0) * period / 1000 }
        let largest = samples.map { abs(1 - simulation.value(at: $0)) }.max() ?? 0
        #expect(largest >= Spring.defaultSettlingTolerance)
    }

    /// At rest and critically damped, the displacement (1 + ω₀t)·e^(−ω₀t) is its own envelope, so the
    /// settling duration is exactly where it crosses the tolerance.
    @Test func criticallyDampedSettlingDurationIsExact() {
        let simulation = SpringSimulation(spring: Spring(dampingRatio: 1, response: 0.5))
        let settling = simulation.settlingDuration
        #expect(abs(1 - simulation.value(at: settling) - Spring.defaultSettlingTolerance) < 1e-12)
        #expect(abs(1 - simulation.value(at: settling * 0.999)) > Spring.defaultSettlingTolerance)
    }

    @Test(arguments: [0.3, 0.8, 1.0, 1.5])
    func fittingSettlesAtTheRequestedDuration(dampingRatio: Double) {
        for duration in [0.25, 0.5, 1.0] {
            let spring = Spring.fitting(dampingRatio: dampingRatio, duration: duration)
            #expect(spring.mass == 1)
            #expect(abs(spring.dampingRatio - dampingRatio) < 1e-12)
            #expect(abs(spring.settlingDuration() - duration) < 1e-9)
            let simulation = SpringSimulation(spring: spring)
            for i in 0...1000 {
                let time = duration + Double(i) * 1e-3
                #expect(abs(1 - simulation.value(at: time)) < Spring.defaultSettlingTolerance)
            }
        }
    }

    @Test func simulationStartsAtRestAtZeroWithItsVelocity() {
        let simulation = SpringSimulation(spring: Spring(), initialVelocity: 2.5)
        #expect(simulation.value(at: -1) == 0)
        #expect(simulation.velocity(at: -1) == 0)
        #expect(simulation.value(at: 0) == 0)
        #expect(abs(simulation.velocity(at: 0) - 2.5) < 1e-12)
        #expect(!simulation.isDone(at: 0))
    }

    @Test func underDampedSpringOvershoots() {
        let simulation = SpringSimulation(spring: Spring())
        let peak = (1...200).map { simulation.value(at: Double($0) * 0.005) }.max() ?? 0
        // First overshoot of a ζ = 0.5 spring at rest: e^(−πζ/√(1−ζ²)) ≈ 16.3 %.
        #expect(abs(peak - 1 - exp(-Double.pi * 0.5 / 0.75.squareRoot())) < 1e-4)
    }

    @Test func undampedSpringNeverSettles() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 0)
        #expect(spring.settlingDuration() == .infinity)
        let simulation = SpringSimulation(spring: spring)
        #expect(!simulation.isDone(at: 1e9))
        #expect(abs(simulation.value(at: Double.pi / 10) - 2) < 1e-12)   // Half a period: swung to 2.
    }

    /// Near ζ = 1 the under-damped form divides by a vanishing frequency and the over-damped one subtracts
    /// nearly equal roots; the motion must still be continuous through critical damping.
    @Test func motionIsContinuousThroughCriticalDamping() {
        let critical = Spring(dampingRatio: 1, response: 0.3)
        let reference = SpringSimulation(spring: critical, initialVelocity: 1)
        for offset in [-1e-7, -1e-12, 1e-12, 1e-7] {
            let nearby = SpringSimulation(spring: Spring(mass: critical.mass, stiffness: critical.stiffness,
                                                         damping: critical.damping * (1 + offset)),
                                          initialVelocity: 1)
            for i in 0...100 {
                let time = Double(i) * 0.01
                #expect(abs(nearby.value(at: time) - reference.value(at: time)) < 1e-6, "ζ = 1 + \(offset)")
                #expect(abs(nearby.velocity(at: time) - reference.velocity(at: time)) < 1e-5, "ζ = 1 + \(offset)")
            }
        }
    }
}
