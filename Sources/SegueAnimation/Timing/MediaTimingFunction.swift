import Foundation

/// A timing curve that maps linear progress to eased progress (Core Animation's `CAMediaTimingFunction`):
/// a cubic Bézier from (0, 0) to (1, 1) whose two inner control points shape the pacing.
///
/// Differs from Core Animation:
/// - A value type; the named curves are static constants (`.easeInEaseOut`) as well as ``init(name:)``.
/// - It evaluates itself: ``value(at:)`` gives the eased progress and ``slope(at:)`` its derivative,
///   which Core Animation keeps private.
/// - The control points' x coordinates must lie in 0...1 (as CSS requires of `cubic-bezier()`), so the
///   curve is a function of x; other values stop the program instead of giving an undefined pacing. The
///   y coordinates are free, so a curve may overshoot.
///
/// Evaluation solves x(s) = progress for the Bézier parameter s by Newton's method from s = progress
/// (bisection when Newton stalls at a vertical tangent), on polynomial coefficients computed once in the
/// initializer. The struct holds plain numbers only, so copying it into the presentation pass costs
/// nothing, and evaluation allocates nothing: it runs for every animated layer every frame.
public struct MediaTimingFunction: Hashable, Sendable {
    /// The names of Core Animation's predefined curves (`CAMediaTimingFunctionName`).
    public enum Name: Sendable {
        /// Constant speed: control points (0, 0) and (1, 1).
        case linear
        /// Starts slowly: control points (0.42, 0) and (1, 1).
        case easeIn
        /// Ends slowly: control points (0, 0) and (0.58, 1).
        case easeOut
        /// Starts and ends slowly: control points (0.42, 0) and (0.58, 1).
        case easeInEaseOut
        /// Core Animation's default for implicit animations: control points (0.25, 0.1) and (0.25, 1),
        /// the same curve as CSS `ease`.
        case `default`
    }

    /// The first inner control point's x coordinate.
    public let c1x: Double
    /// The first inner control point's y coordinate.
    public let c1y: Double
    /// The second inner control point's x coordinate.
    public let c2x: Double
    /// The second inner control point's y coordinate.
    public let c2y: Double

    // Power-basis coefficients: x(s) = ((ax·s + bx)·s + cx)·s, and the same for y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    /// The curve is the diagonal y = x (both control points on it), so evaluation is the identity.
    private let isLinear: Bool
    /// A curve with control points (0, 0), (c1x, c1y), (c2x, c2y), (1, 1)
    /// (`CAMediaTimingFunction(controlPoints:)`).
    ///
    /// - Precondition: `c1x` and `c2x` are in 0...1 and all four values are finite.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        precondition((0...1).contains(c1x) && (0...1).contains(c2x),
                     "MediaTimingFunction control point x coordinates must be in 0...1, got \(c1x) and \(c2x)")
        precondition(c1y.isFinite && c2y.isFinite,
                     "MediaTimingFunction control point y coordinates must be finite, got \(c1y) and \(c2y)")
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
        // B(s) = 3(1-s)²s·P1 + 3(1-s)s²·P2 + s³ (P0 = 0, P3 = 1), expanded in powers of s.
        cx = 3 * c1x
        bx = 3 * (c2x - c1x) - cx
        ax = 1 - cx - bx
        cy = 3 * c1y
        by = 3 * (c2y - c1y) - cy
        ay = 1 - cy - by
        isLinear = c1x == c1y && c2x == c2y
    }

    /// Curves are equal when their control points are.
    public static func == (lhs: MediaTimingFunction, rhs: MediaTimingFunction) -> Bool {
        lhs.c1x == rhs.c1x && lhs.c1y == rhs.c1y && lhs.c2x == rhs.c2x && lhs.c2y == rhs.c2y
    }

    /// Hashes the control points.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x); hasher.combine(c1y); hasher.combine(c2x); hasher.combine(c2y)
    }

    /// One of Core Animation's predefined curves (`CAMediaTimingFunction(name:)`).
    public init(name: Name) {
        switch name {
        case .linear: self = .linear
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .easeInEaseOut: self = .easeInEaseOut
        case .default: self = .default
        }
    }

    /// Constant speed (`CAMediaTimingFunctionName.linear`).
    public static let linear = MediaTimingFunction(controlPoints: 0, 0, 1, 1)
    /// Starts slowly (`CAMediaTimingFunctionName.easeIn`).
    public static let easeIn = MediaTimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// Ends slowly (`CAMediaTimingFunctionName.easeOut`).
    public static let easeOut = MediaTimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// Starts and ends slowly (`CAMediaTimingFunctionName.easeInEaseOut`), UIKit's default for
    /// `UIView.animate`.
    public static let easeInEaseOut = MediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// Core Animation's default curve for implicit animations (`CAMediaTimingFunctionName.default`);
    /// the same as CSS `ease`.
    public static let `default` = MediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The control point at `index`: 0 is (0, 0), 1 and 2 the inner points, 3 is (1, 1)
    /// (`CAMediaTimingFunction.getControlPoint(at:values:)`, returning a point instead of filling a buffer).
    ///
    /// - Precondition: `index` is in 0...3.
    public func controlPoint(at index: Int) -> CGPoint {
        switch index {
        case 0: return .zero
        case 1: return CGPoint(x: c1x, y: c1y)
        case 2: return CGPoint(x: c2x, y: c2y)
        case 3: return CGPoint(x: 1, y: 1)
        default: preconditionFailure("MediaTimingFunction control point index must be in 0...3, got \(index)")
        }
    }

    /// The eased progress at linear progress `x`; `x` is clamped to 0...1, so the result is exactly 0 at
    /// and before the start and exactly 1 at and after the end. Between them it may leave 0...1 when a
    /// control point's y does.
    public func value(at x: Double) -> Double {
        if isLinear { return min(max(x, 0), 1) }
        if !(x > 0) { return 0 }   // Also catches NaN.
        if x >= 1 { return 1 }
        let s = parameter(forX: x)
        return ((ay * s + by) * s + cy) * s
    }

    /// The slope d(value)/dx of the curve at linear progress `x` (clamped to 0...1): the eased speed
    /// relative to constant speed. Infinite where the curve has a vertical tangent (an inner control point
    /// straight above or below an end point, such as (0, 1)).
    public func slope(at x: Double) -> Double {
        if isLinear { return 1 }
        let clamped = x.isNaN ? 0 : min(max(x, 0), 1)
        let s = clamped == 0 ? 0 : clamped == 1 ? 1 : parameter(forX: clamped)
        // dy/dx = y'(s) / x'(s), from the Bernstein form of the derivatives, which is exact at the end
        // points (3·c1 at s = 0, 3·(1 − c2) at s = 1). Where x'(s) vanishes (at an end point whose
        // neighbouring control point shares its x, or at an inflection of a curve such as (1, 0, 0, 1)),
        // take the limit with the next derivatives (l'Hôpital).
        let r = 1 - s
        let dx = 3 * r * r * c1x + 6 * r * s * (c2x - c1x) + 3 * s * s * (1 - c2x)
        let dy = 3 * r * r * c1y + 6 * r * s * (c2y - c1y) + 3 * s * s * (1 - c2y)
        if dx != 0 { return dy / dx }
        if dy != 0 { return dy > 0 ? .infinity : -.infinity }
        let ddx = 6 * r * (c2x - 2 * c1x) + 6 * s * (1 - 2 * c2x + c1x)
        let ddy = 6 * r * (c2y - 2 * c1y) + 6 * s * (1 - 2 * c2y + c1y)
        if ddx != 0 { return ddy / ddx }
        if ddy != 0 { return ddy > 0 ? .infinity : -.infinity }
        // Third derivatives 6·ay / 6·ax (ax ≠ 0: with x' = x'' = x''' = 0, x(s) would be constant).
        return ay / ax
    }

    /// Newton steps tried before the solver falls back to bisection (unitless). From s = x the named
    /// curves reach the tolerance in three to five steps (WebKit's UnitBezier makes the same choice of
    /// first guess and allows 8); curves with a vertical tangent fall back to bisection.
    private static let newtonIterations = 8

    /// Below this slope dx/ds (unitless) a Newton step would fly off: the solver bisects instead.
    private static let flatSlope = 1e-9

    /// Bisection steps of the fallback (unitless): 2^-48 < 1e-14 of the parameter range.
    private static let bisectionIterations = 48

    /// The solver stops when x(s) is this close to the requested progress (unitless). The eased progress
    /// is then off by the curve's slope times this: under 1e-11 for the named curves, far inside the
    /// 1e-6 the spec asks for, while sparing the presentation pass the last, useless Newton step.
    private static let progressTolerance = 1e-12

    /// The Bézier parameter s with x(s) = `x`, for `x` strictly inside 0...1, starting from s = x (the
    /// curve's parameter is close to its x for every curve whose x control points are not extreme).
    @inline(__always)
    private func parameter(forX x: Double) -> Double {
        Self.parameter(forX: x, guess: x, ax: ax, bx: bx, cx: cx)
    }

    /// The Bézier parameter s in 0...1 with x(s) = ((ax·s + bx)·s + cx)·s = `x`, for `x` strictly
    /// inside 0...1: Newton's method from `guess`, and bisection if Newton does not settle (a vertical
    /// tangent, x'(s) = 0, where it crawls). x(s) is non-decreasing on 0...1 (x control points in 0...1)
    /// with x(0) = 0 < x < 1 = x(1), so bisection on 0...1 always finds the root.
    @inline(__always)
    private static func parameter(forX x: Double, guess: Double, ax: Double, bx: Double, cx: Double) -> Double {
        var s = guess
        for _ in 0..<newtonIterations {
            let error = ((ax * s + bx) * s + cx) * s - x
            if abs(error) <= progressTolerance { return s }
            let derivative = (3 * ax * s + 2 * bx) * s + cx
            if abs(derivative) < flatSlope { break }
            s -= error / derivative
        }
        var lo = 0.0, hi = 1.0
        s = 0.5
        for _ in 0..<bisectionIterations {
            let error = ((ax * s + bx) * s + cx) * s - x
            if abs(error) <= progressTolerance { return s }
            if error < 0 { lo = s } else { hi = s }
            s = 0.5 * (lo + hi)
        }
        return s
    }
}

/// A timing curve run over a duration, as a ``Simulation``: the pacing of a `CABasicAnimation` with a
/// `timingFunction`.
///
/// Differs from Core Animation: curves and springs share the ``Simulation`` time model, so a curve
/// reports a velocity and an end like a spring does.
public struct CurveSimulation: Simulation {
    /// The pacing curve.
    public let function: MediaTimingFunction
    /// The time the curve takes to go from 0 to 1, in seconds.
    public let duration: Double

    /// A curve run over `duration` seconds. A duration of 0 jumps to the end at once (value 1 from time 0).
    ///
    /// - Precondition: `duration` is finite and not negative.
    public init(function: MediaTimingFunction, duration: Double) {
        precondition(duration >= 0 && duration.isFinite,
                     "CurveSimulation duration must be finite and not negative, got \(duration)")
        self.function = function
        self.duration = duration
    }

    /// The eased progress: 0 before time 0, 1 from `duration` on.
    public func value(at time: Double) -> Double {
        if time < 0 { return 0 }
        if time >= duration { return 1 }
        return function.value(at: time / duration)
    }

    /// The rate of change of progress, per second: the curve's slope over the duration inside the run,
    /// 0 before and after it.
    public func velocity(at time: Double) -> Double {
        guard time >= 0, time < duration else { return 0 }
        return function.slope(at: time / duration) / duration
    }

    /// Whether `time` has reached `duration`.
    public func isDone(at time: Double) -> Bool {
        time >= duration
    }
}
