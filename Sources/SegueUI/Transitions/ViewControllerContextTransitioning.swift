import SegueAnimation

/// What an animator is told about a transition (`UIViewControllerContextTransitioning`): the container
/// view, the controllers and views on each side, their frames, and how the transition ends.
///
/// Containers (navigation, tabs, modal presentation) make it; a custom container may adopt it itself
/// (its iOS 7-era members are enough: the later ones have defaults).
///
/// Differs from UIKit: the keys are Swift enums; ``completeTransition(_:)`` must be called exactly once
/// (a second call does nothing), also after a cancel.
@MainActor
public protocol ViewControllerContextTransitioning: AnyObject {
    /// The view the transition happens in; the animator adds the to view to it.
    var containerView: View { get }
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// Whether it is driven interactively now.
    var isInteractive: Bool { get }
    /// Whether it was cancelled (by an interaction controller).
    var transitionWasCancelled: Bool { get }
    /// The modal presentation style (`.fullScreen` for non-modal transitions).
    var presentationStyle: ModalPresentationStyle { get }
    /// Moves an interactive transition to `percentComplete` (clamped to 0...1).
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// Finishes an interactive transition.
    func finishInteractiveTransition()
    /// Cancels an interactive transition.
    func cancelInteractiveTransition()
    /// Makes a running transition interactive (iOS 10).
    func pauseInteractiveTransition()
    /// Must be called once when the animation is over; `didComplete` false for a cancelled transition.
    func completeTransition(_ didComplete: Bool)
    /// The controller on one side.
    func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController?
    /// The view on one side; nil means "do not touch it" (a presenter's view in a custom presentation).
    func view(forKey key: TransitionContextViewKey) -> View?
    /// The rotation of the transition (identity: Segue does not rotate).
    var targetTransform: CGAffineTransform { get }
    /// Where a controller's view starts (`.zero`: unknown).
    func initialFrame(for viewController: ViewController) -> CGRect
    /// Where a controller's view ends (`.zero`: unknown, or removed at the end for the from side).
    func finalFrame(for viewController: ViewController) -> CGRect
}

extension ViewControllerContextTransitioning {
    /// `.fullScreen`: a custom container's context is not a presentation.
    public var presentationStyle: ModalPresentationStyle { .fullScreen }
    /// Nothing: a custom container's context written for iOS 7 need not pause (UIKit's optional iOS 10 member).
    public func pauseInteractiveTransition() {}
    /// The view of the controller on that side (UIKit's iOS 8 member, derived for iOS 7-era contexts).
    public func view(forKey key: TransitionContextViewKey) -> View? {
        viewController(forKey: key == .from ? .from : .to)?.view
    }
    /// Identity: Segue does not rotate.
    public var targetTransform: CGAffineTransform { .identity }
}
