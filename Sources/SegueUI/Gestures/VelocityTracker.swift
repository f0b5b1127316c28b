import Foundation
import SegueAnimation

/// Estimates a pointer's velocity from timestamped positions, as Flutter's `VelocityTracker` does (UIKit's
/// estimator is private).
///
/// Rule (``GestureSettings``): a least-squares quadratic, per axis, through the samples of the last
/// ``GestureSettings/velocityHorizon`` seconds before the newest (at most
/// ``GestureSettings/velocityMaxSamples``), stopping at a gap longer than
/// ``GestureSettings/velocityMaxGap``; the velocity is the fit's slope at the newest sample. Fewer than
/// ``GestureSettings/velocityMinSamples`` samples: two give their displacement over their time apart (so a
/// pan has a direction at `began`, as UIKit's does: spec gestures-and-timing "Velocity tracker"), one gives
/// zero. At release, a pointer that has not moved for
/// longer than ``GestureSettings/stopThreshold`` has zero velocity. Magnitudes are clamped to
/// ``GestureSettings/maximumVelocity``. Constant motion gives its exact velocity.
///
/// The built-in release rules (the pops, tab swipes, sheet drags, the ready interaction controllers) do not
/// use this smooth estimate but ``releaseRuleVelocity(at:position:)``: the displacement over the newest
/// window of at least ``GestureSettings/releaseVelocityWindow`` (50 ms), the measure the iPhone's
/// thresholds were fitted with. On a quick reversal the quadratic fit follows the newest samples' turn and
/// overshoots (a finger taken to 260 pt and back to 200 pt in 0.1 s reads about -1.5 W/s where the rule's
/// measure reads -1.03 W/s, and the iPhone pops); on steady motion the two agree.
public struct VelocityTracker: Sendable {
    private struct Sample: Sendable {
        var time: Double
        var position: CGPoint
    }

    /// The rules in force.
    public var settings: GestureSettings
    private var samples: [Sample] = []
    /// The time of the newest sample that moved (or the first sample).
    private var lastMoveTime: Double?

    /// An empty tracker that decides with `settings`.
    public init(settings: GestureSettings = GestureSettings()) {
        self.settings = settings
    }

    /// Forgets every sample.
    public mutating func reset() {
        samples.removeAll()
        lastMoveTime = nil
    }

    /// Records the pointer at `position` at `time` (seconds, from the event).
    public mutating func addSample(at time: Double, position: CGPoint) {
        if let last = samples.last {
            if position != last.position { lastMoveTime = time }
        } else {
            lastMoveTime = time
        }
        samples.append(Sample(time: time, position: position))
        // Kept: the newest velocityMaxSamples (the fit's) and, further back, every sample down to the newest
        // one at least the fit's horizon or the release window older than the newest (the rule's start).
        let reach = max(settings.velocityHorizon, settings.releaseVelocityWindow)
        let keep = max(settings.velocityMaxSamples, 1)
        var drop = 0
        while samples.count - drop > keep, samples[drop + 1].time <= time - reach { drop += 1 }
        if drop > 0 { samples.removeFirst(drop) }
    }

    /// The velocity at the newest sample, in points per second.
    public var velocity: CGPoint {
        let history = fittedHistory()
        guard let newest = history.first, history.count >= 2 else { return .zero }
        if history.count < settings.velocityMinSamples {
            // Too few for the fit: the displacement of the last two over their time apart.
            let older = history[1]
            let dt = newest.time - older.time
            guard dt > 0 else { return .zero }
            return clamped(CGPoint(x: (newest.position.x - older.position.x) / dt,
                                   y: (newest.position.y - older.position.y) / dt))
        }
        let times = history.map { $0.time - newest.time }
        guard let vx = VelocityTracker.slopeOfQuadraticFit(times: times, values: history.map { Double($0.position.x) }),
              let vy = VelocityTracker.slopeOfQuadraticFit(times: times, values: history.map { Double($0.position.y) })
        else { return .zero }
        return clamped(CGPoint(x: vx, y: vy))
    }

    /// The velocity when the pointer is released at `time`: zero if it has not moved for longer than
    /// ``GestureSettings/stopThreshold``, else ``velocity``.
    public func releaseVelocity(at time: Double) -> CGPoint {
        guard let lastMoveTime, time - lastMoveTime <= settings.stopThreshold else { return .zero }
        return velocity
    }

    /// The release rule's velocity, in points per second (spec gestures-and-timing, "Release"): the
    /// displacement from the newest sample at least ``GestureSettings/releaseVelocityWindow`` older than the
    /// release to the release (`position` at `time`, the last sample), over their time apart; from the oldest
    /// sample when none is that old (a gesture shorter than the window). Zero if the pointer has not moved for
    /// longer than ``GestureSettings/stopThreshold``; clamped to ``GestureSettings/maximumVelocity``.
    /// Every built-in release decision and release spring uses this one function.
    public func releaseRuleVelocity(at time: Double, position: CGPoint) -> CGPoint {
        var moved = lastMoveTime
        if let last = samples.last, position != last.position { moved = time }
        guard let moved, time - moved <= settings.stopThreshold else { return .zero }
        // A nanosecond's slack: sample times are sums and differences of seconds in binary.
        let cutoff = time - settings.releaseVelocityWindow + Self.timeSlack
        guard let start = samples.last(where: { $0.time <= cutoff }) ?? samples.first, time > start.time else { return .zero }
        let dt = time - start.time
        return clamped(CGPoint(x: (position.x - start.position.x) / dt, y: (position.y - start.position.y) / dt))
    }

    /// The release rule's measure at the newest sample (``releaseRuleVelocity(at:position:)`` as if the
    /// pointer were released there), in points per second; zero with no sample.
    public var ruleVelocity: CGPoint {
        guard let newest = samples.last else { return .zero }
        return releaseRuleVelocity(at: newest.time, position: newest.position)
    }

    /// How far apart, in seconds, two sample times may be and still count as the same time.
    static let timeSlack = 1e-9

    /// The samples that take part in the fit, newest first.
    private func fittedHistory() -> [Sample] {
        guard let newest = samples.last else { return [] }
        var history: [Sample] = []
        var previous = newest
        for sample in samples.reversed() {
            if newest.time - sample.time > settings.velocityHorizon { break }
            if previous.time - sample.time > settings.velocityMaxGap { break }
            history.append(sample)
            previous = sample
            if history.count == settings.velocityMaxSamples { break }
        }
        return history
    }

    private func clamped(_ v: CGPoint) -> CGPoint {
        let magnitude = (v.x * v.x + v.y * v.y).squareRoot()
        guard magnitude > settings.maximumVelocity else { return v }
        return v * (settings.maximumVelocity / magnitude)
    }

    /// The slope at t = 0 of the least-squares quadratic through (times, values), by a QR decomposition
    /// (modified Gram-Schmidt), or nil when the times do not determine a quadratic.
    static func slopeOfQuadraticFit(times: [Double], values: [Double]) -> Double? {
        let m = times.count
        let n = 3
        guard m >= n else { return nil }
        var a = [[Double]](repeating: [Double](repeating: 1, count: m), count: n)
        for j in 1..<n {
            for i in 0..<m { a[j][i] = a[j - 1][i] * times[i] }
        }
        func dot(_ u: [Double], _ v: [Double]) -> Double {
            var s = 0.0
            for i in 0..<u.count { s += u[i] * v[i] }
            return s
        }
        var q = a
        var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for j in 0..<n {
            for h in 0..<j {
                let d = dot(q[j], q[h])
                for i in 0..<m { q[j][i] -= d * q[h][i] }
            }
            let norm = dot(q[j], q[j]).squareRoot()
            let scale = dot(a[j], a[j]).squareRoot()
            // Columns that are (nearly) combinations of the previous ones: too few distinct times.
            guard scale > 0, norm > scale * VelocityTracker.degenerateColumnRatio else { return nil }
            for i in 0..<m { q[j][i] /= norm }
            for h in j..<n { r[j][h] = dot(q[j], a[h]) }
        }
        var b = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var s = dot(q[i], values)
            for j in (i + 1)..<n { s -= r[i][j] * b[j] }
            b[i] = s / r[i][i]
        }
        return b[1]
    }

    /// A fitted column whose part independent of the previous ones is below this fraction of its length
    /// marks a degenerate fit (numerical tolerance, not a behaviour rule).
    static let degenerateColumnRatio = 1e-9
}
