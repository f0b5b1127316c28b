import SegueAnimation

/// What the coordinator reports about a running transition (`UIViewControllerTransitionCoordinatorContext`).
@MainActor
public protocol ViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var presentationStyle: ModalPresentationStyle { get }
    /// Whether the transition started interactive (never changes).
    var initiallyInteractive: Bool { get }
    /// Whether it is interactive now.
    var isInteractive: Bool { get }
    /// Whether an interactive transition was cancelled (false for non-interactive ones).
    var isCancelled: Bool { get }
    /// Whether the transition is driven by an interruptible animator.
    var isInterruptible: Bool { get }
    /// The duration, in seconds.
    var transitionDuration: Double { get }
    /// The progress now, 0...1 (live while finishing or cancelling).
    var percentComplete: CGFloat { get }
    /// The completion speed used after a finish or cancel.
    var completionVelocity: CGFloat { get }
    /// The completion curve used after a finish or cancel.
    var completionCurve: ViewAnimationCurve { get }
    func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController?
    func view(forKey key: TransitionContextViewKey) -> View?
    var containerView: View { get }
    var targetTransform: CGAffineTransform { get }
}

/// The running transition's coordinator (`UIViewControllerTransitionCoordinator`), from a controller's
/// ``ViewController/transitionCoordinator`` while a transition runs.
///
/// Differs from UIKit: a block given after the transition started joins it where it is (its animations
/// are placed as if they had started with the transition, so they are at the transition's progress).
@MainActor
public protocol ViewControllerTransitionCoordinator: ViewControllerTransitionCoordinatorContext {
    /// Runs `animation` in the same animation pass as the transition (scrubbed with it when
    /// interactive), and `completion` after it; returns true.
    @discardableResult
    func animate(alongsideTransition animation: ((any ViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any ViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// The same for a view outside the container (its layer time is driven with the container's).
    @discardableResult
    func animateAlongsideTransition(in view: View?,
                                    animation: ((any ViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any ViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// Calls `handler` at every change between interactive and not.
    func notifyWhenInteractionChanges(_ handler: @escaping (any ViewControllerTransitionCoordinatorContext) -> Void)
}
