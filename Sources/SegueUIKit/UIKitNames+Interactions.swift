// UIKit's names for the gesture and modifier types the ready interaction controllers use. The
// interaction controllers themselves (SwipeInteractionController, VerticalSwipeInteractionController,
// PinchInteractionController) are Segue's own: UIKit has no ready ones, so they have no UIKit name.

/// Segue's `PinchGestureRecognizer`: recognizes two touches moving apart or together.
public typealias UIPinchGestureRecognizer = PinchGestureRecognizer
/// Segue's `KeyModifierFlags`: the modifier keys held when an event happened.
public typealias UIKeyModifierFlags = KeyModifierFlags
