import SegueAnimation

/// The stock push and pop (`UINavigationController`'s own): the arriving page slides in from the
/// trailing edge over the leaving one, which moves a third as far (parallax) under a black dimming, with a
/// soft shadow on the top page's leading edge. Not interactive, it runs on a critically damped spring
/// that starts fast (``TransitionSettings/initialVelocity``); scrubbed, it is linear in the progress, so
/// the top page tracks the finger exactly.
@MainActor
public final class NavigationTransitionAnimator: ViewControllerAnimatedTransitioning {
    /// Push or pop.
    public let operation: NavigationController.Operation
    /// The numbers it moves with.
    public let settings: TransitionSettings

    /// The dimming and shadow views of the run in progress (removed when it ends, or when the transition is
    /// animated again after a catch).
    private var chrome: [View] = []

    /// The stock push or pop (`operation` may not be `.none`) with `settings`' numbers.
    public init(operation: NavigationController.Operation, settings: TransitionSettings = TransitionSettings()) {
        precondition(operation != .none, "NavigationTransitionAnimator: the operation must be push or pop")
        self.operation = operation
        self.settings = settings
    }

    /// The spring's settling time (the same scrubbed, so progress maps to the same time).
    /// Removes the dimming and the shadow (when the run is cut short by a catch).
    func removeChrome() {
        for view in chrome { view.removeFromSuperview() }
        chrome.removeAll()
    }

    /// The spring's settling time, in seconds (the same when scrubbed, so progress maps to the same time).
    public func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        settings.springDuration
    }

    /// Slides the pages with the parallax, the dimming and the edge shadow: on the critically damped spring
    /// on its own, linear while an interaction scrubs it.
    public func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
              let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to) else {
            preconditionFailure("NavigationTransitionAnimator needs both views")
        }
        let width = container.bounds.width
        let push = operation == .push
        let final = transitionContext.finalFrame(for: toVC)
        let end = final == .zero ? container.bounds : final
        let start = transitionContext.initialFrame(for: fromVC) == .zero ? container.bounds
            : transitionContext.initialFrame(for: fromVC)
        let top = push ? toView : fromView
        let lower = push ? fromView : toView
        for view in chrome { view.removeFromSuperview() }
        // The lower page at rest under a pushed page: a parallax step to the left, dimmed; the top page off to
        // the right. Each page moves sideways from or to its own resting frame (a page under the bar and one
        // below it, or a large title's page and an inline one, rest at different heights).
        let lowerRest = push ? start : end
        let topRest = push ? end : start
        let lowerAway = lowerRest.offsetBy(dx: -settings.parallax * width, dy: 0)
        let topAway = topRest.offsetBy(dx: width, dy: 0)
        View.performWithoutAnimation {
            toView.frame = push ? topAway : lowerAway
            fromView.frame = start
            if push { container.addSubview(toView) } else { container.insertSubview(toView, belowSubview: fromView) }
        }
        let dimming = View(frame: lower.frame)
        dimming.backgroundColor = .black
        dimming.alpha = push ? 0 : settings.dimmingAlpha
        dimming.isUserInteractionEnabled = false
        container.insertSubview(dimming, aboveSubview: lower)
        let shadow = EdgeShadowView(width: settings.edgeShadowWidth, height: top.frame.height)
        shadow.frame.origin = CGPoint(x: top.frame.minX - settings.edgeShadowWidth, y: top.frame.minY)
        container.insertSubview(shadow, belowSubview: top)
        chrome = [dimming, shadow]

        let changes = {
            if push {
                toView.frame = end
                fromView.frame = lowerAway
                dimming.frame = lowerAway
                dimming.alpha = self.settings.dimmingAlpha
                shadow.frame.origin.x = end.minX - self.settings.edgeShadowWidth
            } else {
                fromView.frame = topAway
                toView.frame = end
                dimming.frame = end
                dimming.alpha = 0
                shadow.frame.origin.x = topAway.minX - self.settings.edgeShadowWidth
            }
        }
        let finish: (Bool) -> Void = { [weak self] finished in
            // Animations removed before their end (the transition was caught and animated again) end nothing.
            guard finished else { return }
            dimming.removeFromSuperview()
            shadow.removeFromSuperview()
            self?.chrome.removeAll { $0 === dimming || $0 === shadow }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        let duration = transitionDuration(using: transitionContext)
        // What the coordinator's alongside blocks (the navigation bar) move with: the same motion.
        if let engine = transitionContext as? ContainerTransition {
            engine.alongsideTiming = transitionContext.isInteractive
                ? .curve(.linear) : .spring(settings.spring, initialVelocity: settings.initialVelocity)
        }
        if transitionContext.isInteractive {
            View.animate(withDuration: duration, delay: 0, options: [.curveLinear], animations: changes, completion: finish)
        } else {
            // The spring starts at `initialVelocity` widths per second: in units of the whole move (one width
            // for the top page), that is the same number.
            let template = AnimationTemplate(duration: duration,
                                             timing: .spring(settings.spring, initialVelocity: settings.initialVelocity))
            Transaction.perform(capturing: template, changes)
            template.onAllStopped(finish)
        }
    }
}

/// The soft shadow a top page casts on its leading edge: a strip that is transparent itself and draws
/// only its blurred shadow.
@MainActor
final class EdgeShadowView: View {
    /// The shadow's opacity (a light iOS-like edge).
    static let shadowOpacity: Float = 0.25

    init(width: CGFloat, height: CGFloat) {
        super.init(frame: CGRect(x: 0, y: 0, width: width, height: height))
        isUserInteractionEnabled = false
        layer.backgroundColor = Color.black.withAlphaComponent(0.001)
        layer.shadowColor = .black
        layer.shadowOpacity = Self.shadowOpacity
        layer.shadowRadius = width / 2
        layer.shadowOffset = CGSize(width: width / 2, height: 0)
    }
}
