import Testing
import SegueTestSupport
@testable import SegueAnimation
@testable import SegueUI

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
/// presentation's container view): exactly `chrome` (a presentation controller's dimming, not checked
/// further) then `pages` as its subviews, in that order; no layer in it that is
/// not a view's own (a temporary strip, a mask, a shadow layer); and every page and its subviews at rest:
/// alpha 1, identity transform, no mask, not hidden, anchor point at the
/// centre, z position 0.
@MainActor
func checkEffectLeftNothing(in container: View, pages: [View], chrome: [View] = [],
                            sourceLocation: SourceLocation = #_sourceLocation) {
    let expected = chrome + pages
    #expect(container.subviews.count == expected.count && zip(container.subviews, expected).allSatisfy { $0 === $1 },
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

/// The window holds exactly `views`, in that order: nothing an effect added is left at its top level.
@MainActor
func checkWindowHolds(_ window: Window, _ views: [View], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(window.subviews.count == views.count && zip(window.subviews, views).allSatisfy { $0 === $1 },
            "the window holds \(window.subviews.map { $0.layer.name ?? "\(type(of: $0))" })", sourceLocation: sourceLocation)
}

/// A percent-driven interaction that tests drive by hand, saying that its (imaginary) gesture drives a
/// transition while ``interactionInProgress`` is set: what a swipe or pinch controller does.
@MainActor
final class ScriptedGestureInteraction: PercentDrivenInteractiveTransition, GestureDrivenInteraction {
    var interactionInProgress = false
}
