import SegueAnimation

/// An animation controller (`UIViewControllerAnimatedTransitioning`): how long a transition takes and
/// what it animates.
///
/// Differs from UIKit: the optional members are requirements with defaults. ``interruptibleAnimator(using:)``
/// returns nil by default ("not implemented": the container uses ``animateTransition(using:)``); a
/// conforming type may declare it returning a non-optional animator, as tutorials do.
@MainActor
public protocol ViewControllerAnimatedTransitioning: AnyObject {
    /// The duration, in seconds of animation time.
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double
    /// Adds the to view and animates; calls `completeTransition` when done.
    func animateTransition(using transitionContext: any ViewControllerContextTransitioning)
    /// The interruptible animator driving the transition (the same one for the whole transition), or nil.
    func interruptibleAnimator(using transitionContext: any ViewControllerContextTransitioning) -> (any ViewImplicitlyAnimating)?
    /// Called last, after `completeTransition` has done its work.
    func animationEnded(_ transitionCompleted: Bool)
}

extension ViewControllerAnimatedTransitioning {
    public func interruptibleAnimator(using transitionContext: any ViewControllerContextTransitioning) -> (any ViewImplicitlyAnimating)? {
        nil
    }
    public func animationEnded(_ transitionCompleted: Bool) {}
}
