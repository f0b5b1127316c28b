import SegueAnimation

/// The base of Segue's stock effects (VCTransitionsLibrary's `ReversibleAnimationController`): one type
/// plays forwards for a push, a present or a move to a later tab, and backwards for a pop, a dismiss or a
/// move to an earlier tab. A subclass describes the forward direction only, in terms of two pages:
///
/// - the **front** page arrives on a forward transition (the pushed, presented or later page) and leaves
///   on a backward one;
/// - the **back** page is the one the front page covers (the page below, the presenter, the earlier tab).
///   It is `nil` when the container keeps it out of the transition (a presentation that leaves the
///   presenter's view where it is).
///
/// The subclass returns the two ends of its effect from ``stages(of:)``: what the pages look like at
/// progress 0 (front page not yet there) and at 1 (front page in place). The base puts the pages in the
/// container (front above back), applies the start without animation, animates to the end with one
/// ``View/animate(withDuration:delay:options:animations:completion:)`` over ``duration`` (backwards:
/// from the end to the start), so a percent-driven interaction scrubs every change, and completes the
/// transition. Explicit layer animations an effect adds (a mask's radius, keyframes) go through
/// ``EffectStage/animate(_:on:forKey:)``, which plays them backwards on a backward transition.
///
/// Whatever way the transition ends (finished, cancelled, caught and let go), nothing is left behind:
/// the temporary views and layers an effect adds through ``EffectStage`` are removed, and both pages get
/// back the alpha, transform, double-sidedness, mask, anchor point (the frame kept as it is then) and hidden flag they had before it.
///
/// Differs from UIKit: UIKit has no stock reversible base; this is Segue's, modelled on
/// VCTransitionsLibrary's. Effects are chosen through ``TransitionEffect``.
@MainActor
open class ReversibleTransitionAnimator: ViewControllerAnimatedTransitioning {
    /// The duration of an effect that does not choose its own, in seconds (our choice: near the stock
    /// push's settle and UIKit's 0.3–0.5 s animated transitions).
    public static let defaultDuration = 0.4

    /// How long the effect plays when not scrubbed, in seconds.
    public var duration: Double
    /// Whether this instance plays backwards (pop, dismiss, a move to an earlier tab).
    public var reverse: Bool
    /// The curve the effect plays along when not scrubbed (scrubbing follows the same curve in time, as
    /// Core Animation's scrubbed layer time does).
    public var curve: ViewAnimationOptions = [.curveEaseInOut]

    /// A new animator. `reverse` plays it backwards; ``TransitionEffect`` sets it from the operation.
    public init(duration: Double = ReversibleTransitionAnimator.defaultDuration, reverse: Bool = false) {
        self.duration = duration
        self.reverse = reverse
    }

    /// The ``duration`` given at init, in seconds, whatever the context.
    open func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        duration
    }

    /// Cleans up a run that its container ended without letting its animations end (a caught push that
    /// the navigation controller completes at once to turn it into a pop): nothing is left behind
    /// whichever way a transition ends. Subclasses that override it must call `super`.
    open func animationEnded(_ transitionCompleted: Bool) {
        runningStage?.cleanUp()
        runningStage = nil
    }

    /// Describes the effect, forwards: the pages' look at progress 0 and at progress 1. Called once per
    /// transition, after both pages are in the container at their final frames with their values as they
    /// were before the transition. Subclasses must override it; the base fails loudly.
    open func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        preconditionFailure("\(type(of: self)) must override stages(of:)")
    }

    /// The stage of the run in progress. A transition caught while it animates on its own is run again
    /// (``ContainerTransition/takeOver(with:at:)``): the first run's stage is cleaned up when the second
    /// begins, and the first run's animations, which end unfinished, complete nothing.
    private var runningStage: EffectStage?

    /// Runs the effect: the pages at their look at progress 0, animated to their look at 1 (backwards when
    /// ``reverse``), linear while an interaction scrubs it; final, subclasses describe the effect instead.
    public final func animateTransition(using context: any ViewControllerContextTransitioning) {
        runningStage?.cleanUp()
        runningStage = nil
        let forward = !reverse
        guard let front = context.view(forKey: forward ? .to : .from),
              let frontController = context.viewController(forKey: forward ? .to : .from) else {
            preconditionFailure("\(type(of: self)) needs the arriving or leaving page's view")
        }
        let container = context.containerView
        let back = context.view(forKey: forward ? .from : .to)
        let backController = context.viewController(forKey: forward ? .from : .to)
        // The page that arrives is put at its final frame; the front page is always above the back page.
        View.performWithoutAnimation {
            if let toController = context.viewController(forKey: .to), let to = context.view(forKey: .to) {
                let final = context.finalFrame(for: toController)
                to.frame = final == .zero ? container.bounds : final
            }
            if front.superview !== container { container.addSubview(front) }
            if let back, back.superview !== container { container.insertSubview(back, belowSubview: front) }
            if let back, let backIndex = container.subviews.firstIndex(where: { $0 === back }),
               let frontIndex = container.subviews.firstIndex(where: { $0 === front }), backIndex > frontIndex {
                container.insertSubview(back, belowSubview: front)
            }
        }
        let stage = EffectStage(context: context, front: front, back: back, frontController: frontController,
                                backController: backController, reverse: reverse, duration: duration)
        runningStage = stage
        let (start, end) = stages(of: stage)
        View.performWithoutAnimation(reverse ? end : start)
        View.animate(withDuration: duration, delay: 0, options: curve, animations: reverse ? start : end,
                     completion: { [weak self] finished in
            // Animations removed before their end (the transition was caught and run again) end nothing.
            guard finished, let self, self.runningStage === stage else { return }
            self.runningStage = nil
            stage.cleanUp()
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// What an effect works with during one transition (``ReversibleTransitionAnimator/stages(of:)``): the two
/// pages, the container, and the means to add temporary views, masks and layer animations that are gone
/// when the transition ends.
///
/// Differs from UIKit: Segue's own type (UIKit effects work on the context directly).
@MainActor
public final class EffectStage {
    /// The transition's context.
    public let context: any ViewControllerContextTransitioning
    /// The page that arrives on a forward transition (and leaves on a backward one).
    public let front: View
    /// The page the front page covers, or `nil` when the container keeps it out of the transition.
    public let back: View?
    /// The front page's controller.
    public let frontController: ViewController
    /// The back page's controller.
    public let backController: ViewController?
    /// Whether the transition plays backwards.
    public let reverse: Bool
    /// The effect's duration, in seconds.
    public let duration: Double

    /// The transition's container view.
    public var container: View { context.containerView }

    private var temporaryViews: [View] = []
    private var maskedViews: [View] = []
    private var hiddenViews: [(view: View, wasHidden: Bool)] = []
    private var saved: [(view: View, alpha: CGFloat, transform: Transform3D, doubleSided: Bool,
                         anchor: CGPoint, hidden: Bool, zPosition: CGFloat)] = []

    init(context: any ViewControllerContextTransitioning, front: View, back: View?, frontController: ViewController,
         backController: ViewController?, reverse: Bool, duration: Double) {
        self.context = context
        self.front = front
        self.back = back
        self.frontController = frontController
        self.backController = backController
        self.reverse = reverse
        self.duration = duration
        for page in [front] + (back.map { [$0] } ?? []) { remember(page) }
    }

    /// Records a view's look so that it is put back when the transition ends (the two pages are
    /// recorded already). Call it before changing any other pre-existing view.
    public func remember(_ view: View) {
        guard !saved.contains(where: { $0.view === view }) else { return }
        saved.append((view, view.alpha, view.transform3D, view.layer.isDoubleSided, view.layer.anchorPoint,
                      view.isHidden, view.layer.zPosition))
    }

    /// Adds a view for the effect's duration (a snapshot, a strip, a tile, a shadow): in the container
    /// above everything, or above `sibling`. It is removed when the transition ends.
    public func addTemporary(_ view: View, above sibling: View? = nil) {
        View.performWithoutAnimation {
            if let sibling, sibling.superview === container {
                container.insertSubview(view, aboveSubview: sibling)
            } else {
                container.addSubview(view)
            }
        }
        temporaryViews.append(view)
    }

    /// Hides a view for the effect's duration (a page replaced by its snapshots); its hidden flag is put
    /// back when the transition ends.
    public func hide(_ view: View) {
        if !hiddenViews.contains(where: { $0.view === view }) { hiddenViews.append((view, view.isHidden)) }
        View.performWithoutAnimation { view.isHidden = true }
    }

    /// Sets `mask` as `view`'s layer mask for the effect's duration.
    public func setMask(_ mask: Layer, on view: View) {
        view.layer.mask = mask
        maskedViews.append(view)
    }

    /// Adds an explicit layer animation written forwards (its `fromValue` at progress 0, `toValue` at 1);
    /// on a backward transition its values are swapped, so it plays from the end to the start. The model
    /// value is set to where the animation ends, as Core Animation code does.
    public func animate<Value: Interpolatable>(_ animation: BasicAnimation<Value>, on layer: Layer, forKey key: String) {
        let played = animation.copy()
        if reverse { swap(&played.fromValue, &played.toValue) }
        played.duration = duration
        if let end = played.toValue { layer.setValue(end, for: played.property) }
        layer.add(played, forKey: key)
    }

    /// Removes what the effect added and puts back what it changed. The base calls it once, before
    /// `completeTransition`.
    func cleanUp() {
        View.performWithoutAnimation {
            for view in temporaryViews { view.removeFromSuperview() }
            for view in maskedViews { view.layer.mask = nil }
            for (view, wasHidden) in hiddenViews { view.isHidden = wasHidden }
            for entry in saved {
                entry.view.alpha = entry.alpha
                entry.view.transform3D = entry.transform
                entry.view.layer.isDoubleSided = entry.doubleSided
                // The anchor point goes back with the frame kept where it is now: the position saved at the
                // start may be stale (the container laid the page out again meanwhile, after a resize).
                let layer = entry.view.layer
                if layer.anchorPoint != entry.anchor {
                    let size = layer.bounds.size
                    layer.position = CGPoint(x: layer.position.x + (entry.anchor.x - layer.anchorPoint.x) * size.width,
                                             y: layer.position.y + (entry.anchor.y - layer.anchorPoint.y) * size.height)
                    layer.anchorPoint = entry.anchor
                }
                entry.view.layer.zPosition = entry.zPosition
                entry.view.isHidden = entry.hidden
            }
        }
        temporaryViews.removeAll()
        maskedViews.removeAll()
        hiddenViews.removeAll()
    }
}
