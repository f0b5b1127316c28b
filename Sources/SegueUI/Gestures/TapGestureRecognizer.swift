import Foundation
import SegueAnimation

/// Recognizes a single tap: down and up without moving more than
/// ``GestureSettings/tapAllowableMovement`` (`UITapGestureRecognizer`). Discrete: `possible -> ended`.
///
/// Differs from UIKit: only single taps with one touch (`numberOfTapsRequired` and
/// `numberOfTouchesRequired` are 1); there is no maximum press duration.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    private var downLocation: CGPoint?

    /// Records where the pointer went down.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        guard downLocation == nil, let touch = touches.first else { return }
        downLocation = touch.windowLocation
    }

    /// Fails once the pointer is more than ``GestureSettings/tapAllowableMovement`` from the down.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        super.touchesMoved(touches, with: event)
        guard state == .possible, let down = downLocation, let touch = touches.first, isFirstTouch(touch) else { return }
        if touch.windowLocation.distance(to: down) > settings.tapAllowableMovement { state = .failed }
    }

    /// Recognizes (`.ended`) if released within ``GestureSettings/tapAllowableMovement`` of the down, else
    /// fails.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        guard state == .possible, let down = downLocation, let touch = touches.first, isFirstTouch(touch) else { return }
        state = touch.windowLocation.distance(to: down) > settings.tapAllowableMovement ? .failed : .ended
    }

    /// Forgets the down location.
    open override func reset() {
        super.reset()
        downLocation = nil
    }
}
