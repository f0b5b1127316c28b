/// Where the matched-geometry and zoom animators put the incoming page before they animate.
@MainActor
enum ContextPlacement {
    /// Puts the context's "to" view (if it has one) at its final frame in the container: above the "from"
    /// view for a forward transition, below it for a reversed one (a pop or a dismissal), or on top when
    /// the "from" view is not in the container. Returns the "to" view it placed.
    @discardableResult
    static func placeToView(in context: any ViewControllerContextTransitioning, reversed: Bool) -> View? {
        let container = context.containerView
        guard let toView = context.view(forKey: .to), let toVC = context.viewController(forKey: .to) else { return nil }
        let final = context.finalFrame(for: toVC)
        if final != .zero { toView.frame = final }
        if let fromView = context.view(forKey: .from), fromView.superview === container {
            if reversed { container.insertSubview(toView, belowSubview: fromView) } else { container.insertSubview(toView, aboveSubview: fromView) }
        } else if toView.superview !== container {
            container.addSubview(toView)
        }
        return toView
    }
}
