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
    /// in this container is queued and runs after it. Returns the transition (its coordinator) — nil when
    /// queued.
    @discardableResult
    public func transition(from fromViewController: ViewController, to toViewController: ViewController,
                           in containerView: View, animator: any ViewControllerAnimatedTransitioning,
                           interactionController: (any ViewControllerInteractiveTransitioning)? = nil,
                           completion: ((Bool) -> Void)? = nil) -> ContainerTransition? {
        if let running = customTransition, running.phase != .ended {
            customTransitionQueue.append { [weak self] in
                self?.transition(from: fromViewController, to: toViewController, in: containerView, animator: animator,
                                 interactionController: interactionController, completion: completion)
            }
            return nil
        }
        precondition(fromViewController.parent === self && toViewController.parent === self,
                     "transition(from:to:in:animator:): both controllers must be children of \(type(of: self))")
        let bounds = containerView.bounds
        var appearanceBegan = false
        let t = ContainerTransition(
            kind: .custom, containerView: containerView, from: fromViewController, to: toViewController,
            fromView: fromViewController.view, toView: toViewController.view, isAnimated: true, animator: animator,
            interactionController: interactionController,
            frames: [(fromViewController, initial: bounds, final: .zero), (toViewController, initial: .zero, final: bounds)],
            bookkeeping: { [weak self] completed in
                (completed ? fromViewController : toViewController).viewIfLoaded?.removeFromSuperview()
                self?.endChildSwitchAppearance(began: appearanceBegan, from: fromViewController, to: toViewController,
                                               completed: completed)
                for c in [self, fromViewController, toViewController] where c?.ownTransitionCoordinator?.phase == .ended {
                    c?.ownTransitionCoordinator = nil
                }
                completion?(completed)
                self?.runNextCustomTransition()
            })
        customTransition = t
        for c in [self, fromViewController, toViewController] { c.ownTransitionCoordinator = t }
        Transaction.enqueueCallback { [weak self] in
            appearanceBegan = self?.beginChildSwitchAppearance(from: fromViewController, to: toViewController, animated: true) ?? false
            t.start()
        }
        return t
    }

    private func runNextCustomTransition() {
        guard !customTransitionQueue.isEmpty else { return }
        Transaction.enqueueCallback { [weak self] in
            guard let self, !self.customTransitionQueue.isEmpty else { return }
            self.customTransitionQueue.removeFirst()()
        }
    }
}
