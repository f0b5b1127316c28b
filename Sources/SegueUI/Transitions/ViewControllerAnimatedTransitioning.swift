import SegueAnimation

/// An animation controller (`UIViewControllerAnimatedTransitioning`): how long a transition takes and
/// what it animates.
///
/// Differs from UIKit: the optional members are requirements with defaults. `interruptibleAnimator(using:)`
/// comes in two spellings, both requirements: with an optional return (Segue's; the default returns nil,
/// "not implemented": the container uses ``animateTransition(using:)``) and with a non-optional return
/// (UIKit's Swift signature, as tutorials write it). A conforming type declares either; the container asks
/// the non-optional one, whose default forwards to the optional one. (With one requirement only, a
/// non-optional declaration would compile as an unrelated overload, silently shadowed by the default.)
@MainActor
public protocol ViewControllerAnimatedTransitioning: AnyObject {
    /// The duration, in seconds of animation time.
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double
    /// Adds the to view and animates; calls `completeTransition` when done.
    func animateTransition(using transitionContext: any ViewControllerContextTransitioning)
    /// The interruptible animator driving the transition (the same one for the whole transition), or nil.
    func interruptibleAnimator(using transitionContext: any ViewControllerContextTransitioning) -> (any ViewImplicitlyAnimating)?
    /// The interruptible animator, declared as UIKit's Swift signature does (non-optional).
    func interruptibleAnimator(using transitionContext: any ViewControllerContextTransitioning) -> any ViewImplicitlyAnimating
    /// Called last, after `completeTransition` has done its work.
    func animationEnded(_ transitionCompleted: Bool)
}

extension ViewControllerAnimatedTransitioning {
    /// Nil: no interruptible animator (the engine uses ``animateTransition(using:)``).
    public func interruptibleAnimator(using transitionContext: any ViewControllerContextTransitioning) -> (any ViewImplicitlyAnimating)? {
        nil
    }
    /// The optional declaration's answer, for code written against UIKit's non-optional signature.
    public func interruptibleAnimator(using transitionContext: any ViewControllerContextTransitioning) -> any ViewImplicitlyAnimating {
        let declared: (any ViewImplicitlyAnimating)? = interruptibleAnimator(using: transitionContext)
        return declared ?? NoInterruptibleAnimator()
    }
    /// Nothing.
    public func animationEnded(_ transitionCompleted: Bool) {}
}

extension ViewControllerAnimatedTransitioning {
    /// The interruptible animator the type declares in either spelling, or nil: what containers ask.
    func declaredInterruptibleAnimator(using transitionContext: any ViewControllerContextTransitioning)
        -> (any ViewImplicitlyAnimating)? {
        let animator: any ViewImplicitlyAnimating = interruptibleAnimator(using: transitionContext)
        return animator is NoInterruptibleAnimator ? nil : animator
    }
}

/// What the default non-optional ``ViewControllerAnimatedTransitioning/interruptibleAnimator(using:)``
/// returns when the animator declares neither spelling: "not implemented". Containers recognise it and
/// never use it; anything else that drives it fails loudly.
@MainActor
final class NoInterruptibleAnimator: ViewImplicitlyAnimating {
    private func unavailable(_ member: String) -> Never {
        preconditionFailure("the animator implements no interruptibleAnimator(using:); \(member) cannot be used")
    }
    var state: ViewAnimatingState { unavailable("state") }
    var isRunning: Bool { unavailable("isRunning") }
    var isReversed: Bool {
        get { unavailable("isReversed") }
        set { unavailable("isReversed") }
    }
    var fractionComplete: Double {
        get { unavailable("fractionComplete") }
        set { unavailable("fractionComplete") }
    }
    func startAnimation() { unavailable("startAnimation()") }
    func startAnimation(afterDelay delay: Double) { unavailable("startAnimation(afterDelay:)") }
    func pauseAnimation() { unavailable("pauseAnimation()") }
    func stopAnimation(_ withoutFinishing: Bool) { unavailable("stopAnimation(_:)") }
    func finishAnimation(at finalPosition: ViewAnimatingPosition) { unavailable("finishAnimation(at:)") }
}
