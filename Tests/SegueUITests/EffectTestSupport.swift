import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The value at time fraction `t` of the cubic Bézier timing curve through (0, 0), (x1, y1), (x2, y2),
/// (1, 1), from its definition (CSS Easing Functions §2.2; `CAMediaTimingFunction`): the curve's
/// parameter is found where its x equals `t` (by bisection, x being monotonic), and its y there is the
/// value. Written here from the definition so that the expectations do not come from the code under test.
func cubicBezierValue(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at t: Double) -> Double {
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
func easeInEaseOut(_ t: Double) -> Double { cubicBezierValue(0.42, 0, 0.58, 1, at: t) }

/// Every view in `root`'s subtree, `root` first.
@MainActor
func allViews(in root: View) -> [View] {
    var result: [View] = []
    var stack = [root]
    while let view = stack.popLast() {
        result.append(view)
        stack += view.subviews.reversed()
    }
    return result
}

/// Every layer in `root`'s subtree (sublayers and masks), `root` first.
@MainActor
func allLayers(in root: Layer) -> [Layer] {
    var result: [Layer] = []
    var stack = [root]
    while let layer = stack.popLast() {
        result.append(layer)
        if let mask = layer.mask { stack.append(mask) }
        stack += layer.sublayers.reversed()
    }
    return result
}

/// What a transition effect must leave behind in `container` (a container's transition view or a
/// presentation's container view): exactly `pages` as its subviews, in that order; no layer in it that is
/// not a view's own (a temporary strip, a mask, a shadow layer); and every page and its subviews at rest:
/// alpha 1 (or as `restingAlpha` gives), identity transform, no mask, not hidden, anchor point at the
/// centre, z position 0 — unless the page had other values before (pass them in `expected`).
@MainActor
func checkEffectLeftNothing(in container: View, pages: [View], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(container.subviews.count == pages.count && zip(container.subviews, pages).allSatisfy { $0 === $1 },
            "the container holds \(container.subviews.map { $0.layer.name ?? "\(type(of: $0))" })",
            sourceLocation: sourceLocation)
    let viewLayers = Set(allViews(in: container).map { ObjectIdentifier($0.layer) })
    for layer in allLayers(in: container.layer) {
        #expect(viewLayers.contains(ObjectIdentifier(layer)), "a layer that is no view's is left: \(layer.name ?? "unnamed")",
                sourceLocation: sourceLocation)
    }
    for page in pages {
        for view in allViews(in: page) {
            #expect(view.alpha == 1, "alpha \(view.alpha)", sourceLocation: sourceLocation)
            #expect(view.transform3D == .identity, "transform \(view.transform3D)", sourceLocation: sourceLocation)
            #expect(view.layer.mask == nil, sourceLocation: sourceLocation)
            #expect(!view.isHidden, sourceLocation: sourceLocation)
            #expect(view.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5), sourceLocation: sourceLocation)
            #expect(view.layer.zPosition == 0, sourceLocation: sourceLocation)
        }
    }
}

/// A navigation controller delegate that hands out one effect's animators (forwards for a push,
/// backwards for a pop) and, when set, an interaction controller.
@MainActor
final class EffectNavigationDelegate: NavigationControllerDelegate {
    let effect: TransitionEffect
    var interaction: (any ViewControllerInteractiveTransitioning)?
    init(_ effect: TransitionEffect) { self.effect = effect }

    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        effect.animator(reverse: operation == .pop)
    }

    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? {
        interaction
    }
}
