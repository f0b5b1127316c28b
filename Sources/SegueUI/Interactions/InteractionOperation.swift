import SegueAnimation

/// What a ready interaction controller whose gesture has one way to go does to the controller it is wired
/// to: the operation of ``PinchInteractionController`` (pinching in) and of
/// ``VerticalSwipeInteractionController`` (dragging down), which name it `Operation`.
/// ``SwipeInteractionController`` has an operation of its own, since its swipe has two directions (tabs,
/// and a custom action told the direction).
///
/// Segue's own (UIKit has no ready interaction controllers; VCTransitionsLibrary's
/// `CEInteractionOperation` is the swipe's).
public enum InteractionOperation {
    /// Pops its navigation controller (the controller itself, if it is one).
    case pop
    /// Dismisses it (it, or an ancestor, is presented).
    case dismiss
    /// Runs a custom container's action and returns the transition it started (with the interaction
    /// controller as its interaction controller), or nil.
    case custom(@MainActor () -> ContainerTransition?)
}

extension InteractionOperation {
    /// What the interaction's gesture asks the wired controller's container to do.
    @MainActor
    var action: InteractionAction {
        switch self {
        case .pop: .pop
        case .dismiss: .dismiss
        case .custom(let perform): .custom(perform)
        }
    }
}
