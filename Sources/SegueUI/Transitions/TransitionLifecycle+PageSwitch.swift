import SegueAnimation

extension TransitionLifecycle {
    /// Runs a switch between two pages of `container` (a push or pop, a tab change): builds the ``Plan``
    /// the navigation and tab bar controllers share and runs it. The from page leaves `containerView` from
    /// `fromFrame` and the to page arrives in it at `toFrame` (the frames the animator is told), both views
    /// are the animator's, `container` and both pages are coordinated by the transition, and the
    /// appearance callbacks of the switch begin right before the animator starts
    /// (`beginChildSwitchAppearance(from:to:animated:)`). `bookkeeping` is the container's
    /// work at the end, told whether the transition completed and whether the appearance callbacks began;
    /// `afterEnd` runs once the transition no longer counts as running (a delegate's `didShow`).
    @discardableResult
    func runPageSwitch(_ kind: ContainerTransition.Kind, of container: ViewController, in containerView: View,
                       from: ViewController, to: ViewController, fromFrame: CGRect, toFrame: CGRect,
                       animator: any ViewControllerAnimatedTransitioning,
                       interactionController: (any ViewControllerInteractiveTransitioning)?,
                       bookkeeping: @escaping (_ completed: Bool, _ appearanceBegan: Bool) -> Void,
                       afterEnd: @escaping (_ completed: Bool) -> Void) -> ContainerTransition {
        var appearanceBegan = false
        var plan = Plan(
            kind: kind, containerView: containerView, from: from, to: to, fromView: from.view, toView: to.view,
            animator: animator, interactionController: interactionController,
            frames: [(from, initial: fromFrame, final: .zero), (to, initial: .zero, final: toFrame)],
            coordinated: [container, from, to],
            bookkeeping: { completed in bookkeeping(completed, appearanceBegan) })
        plan.willStart = { [weak container] in
            appearanceBegan = container?.beginChildSwitchAppearance(from: from, to: to, animated: true) ?? false
        }
        plan.afterEnd = afterEnd
        return run(plan)
    }
}
