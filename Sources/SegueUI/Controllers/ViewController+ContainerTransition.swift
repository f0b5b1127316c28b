import SegueAnimation

extension ViewController {
    /// Swaps two child controllers' views with an animation: the iOS 5 container API
    /// (`transition(from:to:duration:options:animations:completion:)`).
    ///
    /// Both controllers must already be children of the receiver (the caller calls
    /// `from.willMove(toParent: nil)` and `addChild(to)` before, and `to.didMove(toParent: self)` and
    /// `from.removeFromParent()` in the completion), and `from`'s view must be in a superview. This method
    /// adds `to`'s view above `from`'s in that superview, runs `animations` as an animation block of
    /// `duration` with the options' curve (and `.transitionCrossDissolve`, which fades `to` in over `from`),
    /// then removes `from`'s view and calls `completion` with whether the animations ran to their end. When
    /// the receiver forwards appearance automatically and the views are in a window, the appearance
    /// callbacks come in the spec's order: `from.viewWillDisappear`, `to.viewWillAppear` before,
    /// `from.viewDidDisappear`, `to.viewDidAppear` after (animated = `duration > 0`), then `completion`.
    ///
    /// Differs from UIKit: with a zero duration, or when the block changes nothing animatable, the
    /// completion runs before this method returns (UIKit waits for the next run-loop turn). The flip and
    /// curl transitions are not offered (asking for one fails loudly).
    public func transition(from fromViewController: ViewController, to toViewController: ViewController,
                           duration: Double, options: ViewAnimationOptions = [],
                           animations: (() -> Void)?, completion: ((Bool) -> Void)?) {
        precondition(fromViewController !== toViewController,
                     "transition(from:to:): the two controllers must differ")
        precondition(fromViewController.parent === self && toViewController.parent === self,
                     "transition(from:to:): both controllers must be children of \(type(of: self)) (call addChild first)")
        guard let fromView = fromViewController.viewIfLoaded, let container = fromView.superview else {
            preconditionFailure("transition(from:to:): the from controller's view must be in a superview")
        }
        let transition = options.transition
        precondition(transition == nil || transition == .crossDissolve,
                     "transition(from:to:): \(transition.map { "\($0)" } ?? "") is not offered; use .transitionCrossDissolve or animations")
        let animated = duration > 0
        let forwardsAppearance = shouldAutomaticallyForwardAppearanceMethods && container.window != nil
        if forwardsAppearance {
            fromViewController.beginAppearanceTransition(false, animated: animated)
            toViewController.beginAppearanceTransition(true, animated: animated)
        }
        let toView = toViewController.view!
        container.insertSubview(toView, aboveSubview: fromView)
        let dissolves = transition == .crossDissolve
        let fromAlpha = fromView.alpha
        let toAlpha = toView.alpha
        if dissolves { toView.alpha = 0 }
        ViewController.runAnimationBlock(duration: duration, options: options, animations: {
            animations?()
            if dissolves {
                toView.alpha = toAlpha
                fromView.alpha = 0
            }
        }, completion: { finished in
            fromView.removeFromSuperview()
            if dissolves { fromView.alpha = fromAlpha }
            if forwardsAppearance {
                fromViewController.endAppearanceTransition()
                toViewController.endAppearanceTransition()
            }
            completion?(finished)
        })
    }

    /// Runs `animations` as one animation block (what `View.animate(withDuration:delay:options:...)`
    /// does), or without animation for a zero duration; `completion` runs when every animation made has
    /// stopped.
    static func runAnimationBlock(duration: Double, options: ViewAnimationOptions,
                                  animations: () -> Void, completion: @escaping (Bool) -> Void) {
        guard duration > 0 else {
            Transaction.perform(capturing: nil, animations)
            completion(true)
            return
        }
        let template = AnimationTemplate(
            duration: duration, timing: .curve(options.timingFunction),
            repeatCount: options.contains(.repeat) ? .infinity : 0,
            autoreverses: options.contains(.autoreverse),
            beginsFromCurrentState: options.contains(.beginFromCurrentState))
        Transaction.perform(capturing: template, animations)
        template.onAllStopped(completion)
    }
}
