import SegueAnimation

extension ViewController {
    /// Runs a transition between two of this container's children with the shared engine: any animator,
    /// animated or interactive (give an interaction controller, e.g. a ``PercentDrivenInteractiveTransition``
    /// driven by your own pan), with UIKit's appearance order, also when cancelled. Segue's addition: the
    /// public way for a container of your own to do what UIKit's containers do (UIKit leaves custom
    /// containers to build their own context, which works here too: a class of yours adopting
    /// ``ViewControllerContextTransitioning``, as the first seed article does — but a percent-driven
    /// interaction needs the engine's context).
    ///
    /// Both must be children (call `addChild` and `willMove(toParent: nil)` first, as for
    /// `transition(from:to:duration:options:animations:completion:)`); `from`'s view must be in
    /// `containerView`. The animator adds `to`'s view; at the end `from`'s view is removed (or, cancelled,
    /// `to`'s), the appearance callbacks end, then `completion` runs with whether it completed: finish the
    /// containment there (`didMove(toParent:)`, `removeFromParent()`). A transition asked for while one runs
    /// in the window (or waiting there) is queued and runs after it, by the window's one rule
    /// (``TransitionRequests``), as every container's requests do. Returns the transition (its coordinator)
    /// — nil when queued.
    @discardableResult
    public func transition(from fromViewController: ViewController, to toViewController: ViewController,
                           in containerView: View, animator: any ViewControllerAnimatedTransitioning,
                           interactionController: (any ViewControllerInteractiveTransitioning)? = nil,
                           completion: ((Bool) -> Void)? = nil) -> ContainerTransition? {
        var started: ContainerTransition?
        customTransitions.request(in: containerView) { [weak self] in
            started = self?.runCustomTransition(from: fromViewController, to: toViewController, in: containerView,
                                                animator: animator, interactionController: interactionController,
                                                completion: completion)
        }
        return started
    }

    private func runCustomTransition(from fromViewController: ViewController, to toViewController: ViewController,
                                     in containerView: View, animator: any ViewControllerAnimatedTransitioning,
                                     interactionController: (any ViewControllerInteractiveTransitioning)?,
                                     completion: ((Bool) -> Void)?) -> ContainerTransition {
        precondition(fromViewController.parent === self && toViewController.parent === self,
                     "transition(from:to:in:animator:): both controllers must be children of \(type(of: self))")
        var appearanceBegan = false
        var plan = TransitionLifecycle.Plan(
            kind: .custom, containerView: containerView, from: fromViewController, to: toViewController,
            fromView: fromViewController.view, toView: toViewController.view, animator: animator,
            interactionController: interactionController,
            frames: TransitionLifecycle.Plan.pageFrames(from: fromViewController, to: toViewController, in: containerView.bounds),
            coordinated: [self, fromViewController, toViewController],
            bookkeeping: { [weak self] completed in
                (completed ? fromViewController : toViewController).viewIfLoaded?.removeFromSuperview()
                self?.endChildSwitchAppearance(began: appearanceBegan, from: fromViewController, to: toViewController,
                                               completed: completed)
            })
        plan.willStart = { [weak self] in
            appearanceBegan = self?.beginChildSwitchAppearance(from: fromViewController, to: toViewController, animated: true) ?? false
        }
        plan.afterEnd = { completed in completion?(completed) }
        return customTransitions.run(plan)
    }
}
