// UIKit's names for the gesture and modifier types the ready interaction controllers use. The
// interaction controllers themselves (SwipeInteractionController, VerticalSwipeInteractionController,
// PinchInteractionController) are Segue's own: UIKit has no ready ones, so they have no UIKit name.

public typealias UIPinchGestureRecognizer = PinchGestureRecognizer
public typealias UIKeyModifierFlags = KeyModifierFlags
