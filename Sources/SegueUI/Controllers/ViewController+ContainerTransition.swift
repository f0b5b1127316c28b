import SegueAnimation

extension ViewController {
    /// The body of ``ViewController/transition(from:to:duration:options:animations:completion:)``.
    func performChildTransition(from fromViewController: ViewController, to toViewController: ViewController,
                                duration: Double, options: ViewAnimationOptions,
                                animations: (() -> Void)?, completion: ((Bool) -> Void)?) {
        precondition(fromViewController !== toViewController,
                     "transition(from:to:): the two controllers must differ")
        precondition(fromViewController.parent === self && toViewController.parent === self,
                     "transition(from:to:): both controllers must be children of \(type(of: self)) (call addChild first)")
        guard let fromView = fromViewController.viewIfLoaded, let container = fromView.superview else {
            preconditionFailure("transition(from:to:): the from controller's view must be in a superview")
        }
        let toView = toViewController.view!
        let animated = duration > 0
        let forwardsAppearance = shouldAutomaticallyForwardAppearanceMethods && container.window != nil
        if forwardsAppearance {
            fromViewController.beginAppearanceTransition(false, animated: animated)
            toViewController.beginAppearanceTransition(true, animated: animated)
        }
        var pending = 0
        var allFinished = true
        let finish: (Bool) -> Void = { finished in
            pending -= 1
            allFinished = allFinished && finished
            guard pending == 0 else { return }
            fromView.removeFromSuperview()
            if forwardsAppearance {
                fromViewController.endAppearanceTransition()
                toViewController.endAppearanceTransition()
            }
            // Never inside the call that started it: an unanimated swap completes in the next frame.
            if let completion {
                let finishedAll = allFinished
                if animated { completion(finishedAll) } else { Transaction.enqueueCallback(for: container.layer) { completion(finishedAll) } }
            }
        }
        guard animated else {
            container.insertSubview(toView, aboveSubview: fromView)
            pending = 1
            View.performWithoutAnimation { animations?() }
            finish(true)
            return
        }
        pending = options.transition == nil ? 1 : 2
        if options.transition != nil {
            // The legacy transition puts the to view in the from view's place and plays between them.
            View.transition(from: fromView, to: toView, duration: duration, options: options, completion: finish)
        } else {
            container.insertSubview(toView, aboveSubview: fromView)
        }
        View.animate(withDuration: duration, options: options, animations: { animations?() }, completion: finish)
    }
}
