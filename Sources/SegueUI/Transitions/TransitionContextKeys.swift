/// Which controller of a transition (`UITransitionContextViewControllerKey`): `.from` leaves, `.to` arrives.
public enum TransitionContextViewControllerKey: Sendable, Hashable {
    case from, to
}

/// Which view of a transition (`UITransitionContextViewKey`): `.from` leaves, `.to` arrives.
public enum TransitionContextViewKey: Sendable, Hashable {
    case from, to
}
