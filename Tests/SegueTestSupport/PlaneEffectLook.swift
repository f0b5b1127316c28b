import Foundation

/// (SegueTestSupport: shared by the UI tests and the pixel tests of the planar effects.)
/// What each planar effect's geometry says the two pages look like, written from the effects' definitions
/// (spec/effects.md and the animators' documentation: how far each page travels, to what scale, at what
/// alpha), not from their code, so that tests compare the code with the definition.
///
/// Offsets are translations from a page's resting frame, in points; scales are about the page's centre.
/// The look is given at the curve's value `v` (0: the front page not yet there, 1: in place); a backward
/// transition at progress p shows the look at v = 1 - curve(p).
public struct PlaneEffectLook: Sendable {
    public var frontOffset = CGPoint.zero
    public var frontScale = 1.0
    public var frontAlpha = 1.0
    public var backOffset = CGPoint.zero
    public var backScale = 1.0
    public var backAlpha = 1.0
    /// The alpha of a black dimming the effect draws over the back page (and moving with it), nil: none.
    public var dimming: Double?
    /// Whether the back page is drawn above the front page.
    public var backOnTop = false
    /// The width of a soft shadow the effect draws just left of the front page, in points (0: none).
    public var frontShadowWidth = 0.0

    /// iOS's parallax of the page under a push: 0.3 of the width.
    public static let parallax = 0.3
    /// iOS's dimming of the page under a push: black at 0.1.
    public static let pushDimming = 0.1
    /// The soft shadow on a pushed page's leading edge, about 9 pt on iOS.
    public static let pushShadowWidth = 9.0
    /// The sheet's dimming: black at 0.4 (UIKit's dimming view behind sheets).
    public static let sheetDimming = 0.4

    /// The translation that takes `frame` just outside `bounds` moving left, right, up or down.
    public static func left(_ frame: CGRect, _ bounds: CGRect) -> CGPoint { CGPoint(x: bounds.minX - frame.maxX, y: 0) }
    public static func right(_ frame: CGRect, _ bounds: CGRect) -> CGPoint { CGPoint(x: bounds.maxX - frame.minX, y: 0) }
    public static func up(_ frame: CGRect, _ bounds: CGRect) -> CGPoint { CGPoint(x: 0, y: bounds.minY - frame.maxY) }
    public static func down(_ frame: CGRect, _ bounds: CGRect) -> CGPoint { CGPoint(x: 0, y: bounds.maxY - frame.minY) }

    /// The look of the effect named `name` (its ``name`` in the catalogue's default instance) at curve
    /// value `v`, with the pages resting at `front` and `back` in a container of `bounds`; nil for a name
    /// this table does not know. `backInTransition` false: the container keeps the back page out (a
    /// presentation that leaves the presenter where it is).
    public static func of(_ name: String, at v: Double, front: CGRect, back: CGRect, bounds: CGRect,
                          backInTransition: Bool = true, effectDims: Bool = true) -> PlaneEffectLook? {
        func scaled(_ p: CGPoint, _ k: Double) -> CGPoint { CGPoint(x: p.x * k, y: p.y * k) }
        var look = PlaneEffectLook()
        switch name {
        case "system push":
            look.frontOffset = scaled(right(front, bounds), 1 - v)
            look.backOffset = backInTransition ? scaled(left(back, bounds), parallax * v) : .zero
            look.dimming = pushDimming * v
            look.frontShadowWidth = pushShadowWidth
        case "slide left":
            look.frontOffset = scaled(right(front, bounds), 1 - v)
            look.backOffset = backInTransition ? scaled(left(back, bounds), v) : .zero
        case "cover left":
            look.frontOffset = scaled(right(front, bounds), 1 - v)
        case "uncover left":
            if backInTransition {
                look.backOffset = scaled(left(back, bounds), v)
                look.backOnTop = true
            } else {
                look.frontAlpha = v
            }
        case "push left":
            look.frontOffset = scaled(right(front, bounds), 1 - v)
            look.backOffset = backInTransition ? scaled(left(back, bounds), parallax * v) : .zero
        case "pull right":
            look.frontOffset = scaled(left(front, bounds), parallax * (1 - v))
            if backInTransition {
                look.backOffset = scaled(right(back, bounds), v)
                look.backOnTop = true
            } else {
                look.frontAlpha = v
            }
        case "crossfade":
            look.frontAlpha = v
        case "zoom":
            look.frontScale = 0.5 + 0.5 * v   // from half size
            look.frontAlpha = v
        case "zoom out":
            look.frontAlpha = v
            if backInTransition {
                look.backScale = 1 - 0.2 * v   // to 0.8
                look.backAlpha = 1 - v
            }
        case "zoom slide left":
            look.frontOffset = scaled(right(front, bounds), 1 - v)
            look.frontScale = 0.8 + 0.2 * v
            if backInTransition {
                look.backOffset = scaled(left(back, bounds), v)
                look.backScale = 1 - 0.2 * v
            }
        case "cover vertical":
            look.frontOffset = scaled(down(front, bounds), 1 - v)
        case "sheet":
            look.frontOffset = scaled(down(front, bounds), 1 - v)
            look.dimming = effectDims ? sheetDimming * v : nil
        case "scale-in card":
            look.frontScale = 0.1 + 0.9 * v   // the seed's CGAffineTransformMakeScale(0.1, 0.1) to identity
        default:
            return nil
        }
        return look
    }
}

/// The value at time fraction `t` of the cubic Bézier timing curve through (0, 0), (x1, y1), (x2, y2),
/// (1, 1), from its definition (CSS Easing Functions §2.2; `CAMediaTimingFunction`): the curve's parameter
/// is found where its x equals `t` (by bisection, x being monotonic), and its y there is the value.
public func cubicBezierValue(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at t: Double) -> Double {
    func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    guard t > 0 else { return 0 }
    guard t < 1 else { return 1 }
    var lo = 0.0, hi = 1.0
    for _ in 0..<80 {
        let mid = (lo + hi) / 2
        if coordinate(x1, x2, mid) < t { lo = mid } else { hi = mid }
    }
    return coordinate(y1, y2, (lo + hi) / 2)
}

/// Ease-in-ease-out (`.curveEaseInOut`, control points (0.42, 0) and (0.58, 1)) at time fraction `t`.
public func easeInEaseOut(_ t: Double) -> Double { cubicBezierValue(0.42, 0, 0.58, 1, at: t) }
