/// A touch event: the touches that changed at one instant (`UIEvent`).
///
/// Differs from UIKit: only touch events exist (key presses are ``KeyEvent``s), and an event holds at most
/// one touch.
@MainActor
public final class Event {
    /// Seconds, from the pointer event.
    public let timestamp: Double
    /// Every touch of the event.
    public let allTouches: Set<Touch>
    /// The modifier keys held when the pointer event behind it happened (UIKit's `modifierFlags`).
    public let modifierFlags: KeyModifierFlags

    init(timestamp: Double, touches: Set<Touch>, modifierFlags: KeyModifierFlags = []) {
        self.timestamp = timestamp
        allTouches = touches
        self.modifierFlags = modifierFlags
    }

    /// The touches of the event that belong to `view` (went down in it or in a subview).
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view.map { $0.isDescendant(of: view) } ?? false }
    }
}
