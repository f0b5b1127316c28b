import SegueAnimation

/// An interaction controller that owns a gesture and knows whether that gesture is driving a transition
/// now (VCTransitionsLibrary's `interactionInProgress`). The ready transitioning delegates that take a
/// ``TransitionEffect``-style animator hand such a controller to the container only while
/// ``interactionInProgress`` is true, so the same transition runs animated when started by a button and
/// interactive when started by the gesture.
///
/// Differs from UIKit: UIKit has no such protocol; its delegates decide by hand whether to return an
/// interaction controller. This is the one question they ask.
@MainActor
public protocol GestureDrivenInteraction: ViewControllerInteractiveTransitioning {
    /// Whether the controller's gesture has begun a transition that has not been let go yet.
    var interactionInProgress: Bool { get }
}
