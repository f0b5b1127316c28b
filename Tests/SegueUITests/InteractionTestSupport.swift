import Testing
@testable import SegueAnimation
@testable import SegueUI

/// A custom animator written for the interaction tests (not a stock one): the to view waits below at its
/// final frame and the from view fades out, linearly, so a scrubbed from view's opacity is exactly
/// `1 - p`. Works for a push, pop, tab switch and dismissal (the to view may be nil: a dismissal that
/// keeps the presenter's view).
@MainActor
final class FadeOutAnimator: ViewControllerAnimatedTransitioning {
    static let duration = 0.4
    private(set) var ran = 0

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { Self.duration }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        ran += 1
        let container = transitionContext.containerView
        let from = transitionContext.view(forKey: .from)!
        if let to = transitionContext.view(forKey: .to), let toVC = transitionContext.viewController(forKey: .to) {
            View.performWithoutAnimation {
                let final = transitionContext.finalFrame(for: toVC)
                to.frame = final == .zero ? container.bounds : final
                container.insertSubview(to, belowSubview: from)
            }
        }
        View.animate(withDuration: Self.duration, delay: 0, options: [.curveLinear], animations: {
            from.alpha = 0
        }, completion: { _ in
            let completed = !transitionContext.transitionWasCancelled
            // The page may be shown again later (a tab, a page pushed again): it leaves opaque.
            if completed { View.performWithoutAnimation { from.alpha = 1 } }
            transitionContext.completeTransition(completed)
        })
    }
}

/// The delegate an app writes to adopt a ready interaction controller: it gives an animator
/// (`makeAnimator`; nil: the container's stock one) and hands over `interaction` only while its gesture
/// drives a transition — the one line the controllers' documentation shows.
@MainActor
final class AdoptingDelegate: NavigationControllerDelegate, TabBarControllerDelegate, ViewControllerTransitioningDelegate {
    var makeAnimator: () -> (any ViewControllerAnimatedTransitioning)? = { nil }
    var interaction: (any GestureDrivenInteraction)?
    /// How many times a container asked for an interaction controller.
    private(set) var asked = 0

    private func handOver() -> (any ViewControllerInteractiveTransitioning)? {
        asked += 1
        guard let interaction else { return nil }
        return interaction.interactionInProgress ? interaction : nil
    }

    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        makeAnimator()
    }
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? { handOver() }

    func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
                          to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        if let animator = makeAnimator() { return animator }
        let tabs = tabBarController.viewControllers ?? []
        let forward = (tabs.firstIndex { $0 === toVC } ?? 0) > (tabs.firstIndex { $0 === fromVC } ?? 0)
        return TabSlideTransitionAnimator(direction: forward ? .forward : .backward)
    }
    func tabBarController(_ tabBarController: TabBarController,
                          interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? { handOver() }

    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        makeAnimator()
    }
    func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? { handOver() }
}

/// A view that records the touches it gets (to show a gesture that did not begin took nothing away).
@MainActor
final class TouchRecordingView: View {
    var phases: [String] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { phases.append("began") }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { phases.append("moved") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { phases.append("ended") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { phases.append("cancelled") }
}

extension Harness {
    /// A drag: down at `start`, then a move to each point one frame (1/60 s) apart from time `t0`, each
    /// followed by a frame; then, if `release`, up at the last point `hold` seconds after the last move
    /// (holding still longer than the stop threshold makes the release velocity zero). Returns the time
    /// of the last move.
    @discardableResult
    func drag(from start: CGPoint, through points: [CGPoint], t0: Double = 10, release: Bool = true, hold: Double = 0.2,
              modifierFlags: KeyModifierFlags = []) -> Double {
        window.handle(.pointer(PointerEvent(phase: .down, location: start, timestamp: t0, modifierFlags: modifierFlags)))
        var t = t0
        for p in points {
            t += 1.0 / 60
            window.handle(.pointer(PointerEvent(phase: .moved, location: p, timestamp: t, modifierFlags: modifierFlags)))
            frames(1)
        }
        if release, let last = points.last {
            window.handle(.pointer(PointerEvent(phase: .up, location: last, timestamp: t + hold, modifierFlags: modifierFlags)))
        }
        return t
    }

    /// A vertical drag at x = 200, a sheet's: down at `y0`, one move a frame to each y from `t0`, and (when
    /// `hold` is given) up at the last y `hold` seconds after the last move.
    func dragSheet(from y0: CGFloat, to ys: [CGFloat], t0: Double = 10, hold: Double? = 0.1) {
        drag(from: CGPoint(x: 200, y: y0), through: ys.map { CGPoint(x: 200, y: $0) }, t0: t0,
             release: hold != nil, hold: hold ?? 0)
    }

    /// Sends a pointer cancel (the window lost the pointer) at `location`.
    func cancelPointer(at location: CGPoint, at t: Double) {
        window.handle(.pointer(PointerEvent(phase: .cancelled, location: location, timestamp: t)))
    }

    /// Runs frames until `running()` is false (at most `limit`), then one more.
    func settle(limit: Int = 240, while running: () -> Bool) {
        for _ in 0..<limit where running() { frames(1) }
        frames(1)
    }

    /// Runs frames until no presentation or dismissal runs in the window (at most `limit`), then `extra` more.
    func settlePresentations(limit: Int = 240, then extra: Int = 1) {
        for _ in 0..<limit where window.modalPresentations.currentTransition != nil { frames(1) }
        frames(extra)
    }
}
