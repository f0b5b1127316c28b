import Foundation
import SegueAnimation
import SegueUI

/// The push/pop animations the demo offers (keys 1–5), shown in the HUD. Each but the stock one is a
/// ``DemoTransitionAnimator``; all are interactive (the demo's navigation controllers let the edge pan
/// scrub any animator: ``SegueUI/NavigationController/edgePanDrivesCustomAnimators``).
enum DemoTransitionEffect: Int, CaseIterable, Sendable {
    case stock = 1, crossfade, zoom, flip, circleReveal

    var title: String {
        switch self {
        case .stock: "stock"
        case .crossfade: "crossfade"
        case .zoom: "zoom"
        case .flip: "flip"
        case .circleReveal: "circle reveal"
        }
    }

    /// The key that picks it (`1`...`5`).
    var key: Key { Key(String(rawValue)) }
}

/// One of the demo's effects, reversible: a push plays it forwards (the new page arrives), a pop backwards
/// (the top page leaves the way it came). Built from view animations and one explicit layer animation
/// (the reveal's circle), all in the transition's container, so a percent-driven interaction scrubs them;
/// a cancelled or finished transition leaves both pages at rest (opacity 1, identity transform, no mask).
@MainActor
final class DemoTransitionAnimator: ViewControllerAnimatedTransitioning {
    /// Seconds each effect takes when not scrubbed (our choice, near the stock push's 0.45 s settle that the
    /// pushpop bench measures as `nav_ms`).
    static let duration = 0.4
    /// The flip's perspective distance, in points (our choice: a visible depth for an 800-point page).
    static let perspectiveDistance = 900.0
    /// The zoom's scale of the page that is not in front (a fraction of its size).
    static let zoomScale = 0.85

    let effect: DemoTransitionEffect
    let operation: NavigationController.Operation

    init(effect: DemoTransitionEffect, operation: NavigationController.Operation) {
        self.effect = effect
        self.operation = operation
    }

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { Self.duration }

    func animateTransition(using context: any ViewControllerContextTransitioning) {
        guard let toVC = context.viewController(forKey: .to),
              let from = context.view(forKey: .from), let to = context.view(forKey: .to) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let container = context.containerView
        let push = operation == .push
        to.frame = context.finalFrame(for: toVC)
        // The page that moves is the pushed one (on top) or the popped one (on top, leaving).
        if push { container.addSubview(to) } else { container.insertSubview(to, belowSubview: from) }
        let moving = push ? to : from, staying = push ? from : to
        // Where the moving page is when it is off (its start on a push, its end on a pop).
        var offMoving: () -> Void = {}, onMoving: () -> Void = {}
        var offStaying: () -> Void = {}, onStaying: () -> Void = {}
        var mask: Layer?
        switch effect {
        case .stock, .crossfade:
            offMoving = { moving.alpha = 0 }
            onMoving = { moving.alpha = 1 }
        case .zoom:
            offMoving = { moving.alpha = 0; moving.transform3D = Transform3D(scaleX: Self.zoomScale, y: Self.zoomScale, z: 1) }
            onMoving = { moving.alpha = 1; moving.transform3D = .identity }
            offStaying = { staying.transform3D = .identity; staying.alpha = 1 }
            onStaying = { staying.transform3D = Transform3D(scaleX: 1 / Self.zoomScale, y: 1 / Self.zoomScale, z: 1); staying.alpha = 0.4 }
        case .flip:
            // The two pages are the faces of a card turned about its vertical axis: the back faces are not drawn.
            let perspective = Transform3D.perspective(distance: Self.perspectiveDistance)
            moving.layer.isDoubleSided = false
            staying.layer.isDoubleSided = false
            offMoving = { moving.transform3D = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0).concatenating(perspective) }
            onMoving = { moving.transform3D = Transform3D(rotationAngle: 0, x: 0, y: 1, z: 0).concatenating(perspective) }
            offStaying = { staying.transform3D = Transform3D(rotationAngle: 0, x: 0, y: 1, z: 0).concatenating(perspective) }
            onStaying = { staying.transform3D = Transform3D(rotationAngle: -.pi, x: 0, y: 1, z: 0).concatenating(perspective) }
        case .circleReveal:
            // The moving page is seen through a circle growing from its centre to cover its corners.
            let b = moving.bounds
            let radius = (b.width * b.width + b.height * b.height).squareRoot() / 2
            let circle = Layer()
            circle.backgroundColor = .black
            circle.position = CGPoint(x: b.midX, y: b.midY)
            let small = CGRect(x: 0, y: 0, width: 0, height: 0), large = CGRect(x: 0, y: 0, width: 2 * radius, height: 2 * radius)
            circle.bounds = push ? large : small
            circle.cornerRadius = push ? radius : 0
            moving.layer.mask = circle
            mask = circle
            let grow = BasicAnimation(.bounds, from: push ? small : large, to: push ? large : small, duration: Self.duration,
                                      timingFunction: MediaTimingFunction(name: .easeInEaseOut))
            let round = BasicAnimation(.cornerRadius, from: push ? 0 : radius, to: push ? radius : 0, duration: Self.duration,
                                       timingFunction: MediaTimingFunction(name: .easeInEaseOut))
            circle.add(grow, forKey: "grow")
            circle.add(round, forKey: "round")
            offStaying = { staying.alpha = 1 }
            onStaying = { staying.alpha = 0.6 }
        }
        // A push goes from (moving off, staying as it was) to (moving on, staying receded); a pop the other way.
        View.performWithoutAnimation {
            if push { offMoving(); offStaying() } else { onMoving(); onStaying() }
        }
        View.animate(withDuration: Self.duration, delay: 0, options: [.curveEaseInOut], animations: {
            if push { onMoving(); onStaying() } else { offMoving(); offStaying() }
        }, completion: { _ in
            let cancelled = context.transitionWasCancelled
            // Both pages at rest, whichever way it ended.
            for view in [from, to] {
                view.alpha = 1
                view.transform3D = .identity
                view.layer.isDoubleSided = true
            }
            if let mask, moving.layer.mask === mask { moving.layer.mask = nil }
            context.completeTransition(!cancelled)
        })
    }
}
