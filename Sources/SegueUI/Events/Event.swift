/// A touch event: the touches that changed at one instant (`UIEvent`).
///
/// Differs from UIKit: only touch events exist (key presses are ``KeyEvent``s), and an event holds at most
/// one touch.
@MainActor
public final class Event {
    /// Seconds, from the pointer event.
    public let timestamp: Double
    /// Every touch of the event: optional as in UIKit (`event.allTouches?.first`), never nil here (an
    /// event with no touches has an empty set).
    public var allTouches: Set<Touch>? { touches }
    /// Every touch of the event.
    private let touches: Set<Touch>
    /// The modifier keys held when the pointer event behind it happened (UIKit's `modifierFlags`).
    public let modifierFlags: KeyModifierFlags

    init(timestamp: Double, touches: Set<Touch>, modifierFlags: KeyModifierFlags = []) {
        self.timestamp = timestamp
        self.touches = touches
        self.modifierFlags = modifierFlags
    }

    /// The touches of the event that belong to `view` (went down in it or in a subview).
    public func touches(for view: View) -> Set<Touch> {
        touches.filter { $0.view.map { $0.isDescendant(of: view) } ?? false }
    }
}
