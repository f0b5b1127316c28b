import Foundation
import Testing
@testable import SegueAnimation

/// The eased progress at `x` for the curve through (0,0), (c1x,c1y), (c2x,c2y), (1,1), computed
/// independently of `MediaTimingFunction`: bisection on the Bernstein form of x(s) down to the last bit
/// of s, then y(s). The end points are exact by definition (bisection never reaches s = 1 exactly, which
/// matters where the curve has a vertical tangent).
private func referenceValue(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = 0.5 * (lo + hi)
        if mid <= lo || mid >= hi { break }
        if bernstein(c1x, c2x, mid) < x { lo = mid } else { hi = mid }
    }
    return bernstein(c1y, c2y, 0.5 * (lo + hi))
}

private func referenceValue(_ f: MediaTimingFunction, at x: Double) -> Double {
    referenceValue(f.c1x, f.c1y, f.c2x, f.c2y, at: x)
}

@Suite struct MediaTimingFunctionTests {
    static let namedCurves: [(String, MediaTimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    @Test func linearIsTheIdentity() {
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(MediaTimingFunction.linear.value(at: x) == x)
            #expect(MediaTimingFunction.linear.slope(at: x) == 1)
        }
    }

    @Test func namedCurvesHaveCoreAnimationsControlPoints() {
        #expect(MediaTimingFunction(name: .linear) == MediaTimingFunction(controlPoints: 0, 0, 1, 1))
        #expect(MediaTimingFunction(name: .easeIn) == MediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
        #expect(MediaTimingFunction(name: .easeOut) == MediaTimingFunction(controlPoints: 0, 0, 0.58, 1))
        #expect(MediaTimingFunction(name: .easeInEaseOut) == MediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1))
        #expect(MediaTimingFunction(name: .default) == MediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1))
        let f = MediaTimingFunction.easeInEaseOut
        #expect(f.controlPoint(at: 0) == CGPoint(x: 0, y: 0))
        #expect(f.controlPoint(at: 1) == CGPoint(x: 0.42, y: 0))
        #expect(f.controlPoint(at: 2) == CGPoint(x: 0.58, y: 1))
        #expect(f.controlPoint(at: 3) == CGPoint(x: 1, y: 1))
    }

    @Test func easeInEaseOutPassesThroughTheMiddleBySymmetry() {
        #expect(abs(MediaTimingFunction.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-12)
    }

    @Test(arguments: namedCurves)
    func namedCurveMatchesBisectionReference(name: String, curve: MediaTimingFunction) {
        for x in [0.25, 0.5, 0.75] {
            #expect(abs(curve.value(at: x) - referenceValue(curve, at: x)) < 1e-12, "\(name) at \(x)")
        }
    }

    /// Values computed independently with 40-digit arithmetic (mpmath, bisection on x(s)).
    @Test func namedCurvesMatchLiteralValues() {
        let expected: [(MediaTimingFunction, [Double])] = [
            (.easeIn, [0.093464650718824859, 0.31535681257253930, 0.62186186917489020]),
            (.easeOut, [0.37813813082510980, 0.68464318742746070, 0.90653534928117514]),
            (.easeInEaseOut, [0.12916193104731981, 0.5, 0.87083806895268019]),
            // CSS `ease`: 0.8024033875848570 at 0.5.
            (.default, [0.40851059135539587, 0.80240338758485699, 0.96045897834897408]),
        ]
        for (curve, values) in expected {
            for (x, value) in zip([0.25, 0.5, 0.75], values) {
                #expect(abs(curve.value(at: x) - value) < 1e-12, "\(curve) at \(x)")
            }
        }
    }

    @Test func easeInMirrorsEaseOut() {
        for i in 0...50 {
            let x = Double(i) / 50
            let mirrored = 1 - MediaTimingFunction.easeOut.value(at: 1 - x)
            #expect(abs(MediaTimingFunction.easeIn.value(at: x) - mirrored) < 1e-12)
        }
    }

    @Test func arbitraryCurvesMatchReferenceOnADenseGrid() {
        let curves = [
            MediaTimingFunction.easeIn, .easeOut, .easeInEaseOut, .default,
            MediaTimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5),   // Overshoots both ways.
            MediaTimingFunction(controlPoints: 0, 1, 1, 0),            // Vertical tangents at both ends.
            MediaTimingFunction(controlPoints: 0.9, 0, 1, 0.1),        // Nearly flat, then nearly vertical.
            MediaTimingFunction(controlPoints: 0, 0, 0, 0),            // Both inner points at the origin: y = x.
        ]
        for curve in curves {
            var worst = 0.0
            for i in 0...2000 {
                let x = Double(i) / 2000
                worst = max(worst, abs(curve.value(at: x) - referenceValue(curve, at: x)))
            }
            #expect(worst < 1e-9, "\(curve): worst error \(worst)")
        }
    }

    /// For control points (1, 0) and (0, 1), x(s) − 1/2 = 4(s − 1/2)³ and y(s) = 3s² − 2s³: a vertical
    /// tangent at x = 1/2 where plain Newton iteration crawls. (Bisection on x(s) is no reference there:
    /// x(s) rounds to 1/2 for s within 2e-6 of 1/2.)
    @Test func verticalTangentInTheMiddleIsSolvedExactly() {
        let curve = MediaTimingFunction(controlPoints: 1, 0, 0, 1)
        for i in 0...2000 {
            let x = Double(i) / 2000
            let d = x - 0.5
            let s = 0.5 + cbrt(d / 4)
            let expected = 3 * s * s - 2 * s * s * s
            #expect(abs(curve.value(at: x) - expected) < 1e-9, "at \(x)")
        }
    }

    @Test func progressOutsideTheRunIsClamped() {
        let overshooting = MediaTimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5)
        for curve in [MediaTimingFunction.linear, .easeIn, .default, overshooting] {
            #expect(curve.value(at: -0.5) == 0)
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: 2) == 1)
        }
    }

    @Test func slopeMatchesFiniteDifferences() {
        let h = 1e-6
        for curve in [MediaTimingFunction.easeIn, .easeOut, .easeInEaseOut, .default] {
            for i in 1..<20 {
                let x = Double(i) / 20
                let difference = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
                #expect(abs(curve.slope(at: x) - difference) < 1e-6, "\(curve) at \(x)")
            }
        }
    }

    @Test func slopeAtTheEndsIsTheControlPointTangent() {
        // Slope at 0 is c1y/c1x, at 1 is (1 - c2y)/(1 - c2x).
        #expect(abs(MediaTimingFunction.default.slope(at: 0) - 0.1 / 0.25) < 1e-12)
        #expect(MediaTimingFunction.default.slope(at: 1) == 0)
        #expect(MediaTimingFunction.easeInEaseOut.slope(at: 0) == 0)
        // c1 = (0, 0): the tangent comes from the second derivatives, 3·c2y / (3·c2x) = 1 / 0.58.
        #expect(abs(MediaTimingFunction.easeOut.slope(at: 0) - 1 / 0.58) < 1e-12)
        // c1 = (0, 1): a vertical tangent.
        #expect(MediaTimingFunction(controlPoints: 0, 1, 1, 1).slope(at: 0) == .infinity)
    }

    @Test func curveSimulationRunsTheCurveOverItsDuration() {
        let simulation = CurveSimulation(function: .easeInEaseOut, duration: 0.4)
        #expect(simulation.value(at: -1) == 0)
        #expect(simulation.velocity(at: -1) == 0)
        #expect(simulation.value(at: 0) == 0)
        #expect(abs(simulation.value(at: 0.1) - MediaTimingFunction.easeInEaseOut.value(at: 0.25)) < 1e-15)
        #expect(abs(simulation.value(at: 0.2) - 0.5) < 1e-12)
        #expect(abs(simulation.velocity(at: 0.2) - MediaTimingFunction.easeInEaseOut.slope(at: 0.5) / 0.4) < 1e-12)
        #expect(!simulation.isDone(at: 0.399))
        #expect(simulation.isDone(at: 0.4))
        #expect(simulation.value(at: 0.4) == 1)
        #expect(simulation.value(at: 3) == 1)
        #expect(simulation.velocity(at: 0.4) == 0)
    }

    @Test func zeroDurationCurveIsDoneAtOnce() {
        let simulation = CurveSimulation(function: .default, duration: 0)
        #expect(simulation.isDone(at: 0))
        #expect(simulation.value(at: 0) == 1)
        #expect(simulation.velocity(at: 0) == 0)
    }
}
