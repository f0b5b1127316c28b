import Foundation
import SegueAnimation

/// One pointer's contact with the window over a down...up sequence (`UITouch`).
///
/// Differs from UIKit: Segue tracks one pointer (mouse button 1, a trackpad's scroll, or a finger) and,
/// on a touchscreen, a second finger, which goes to the gesture recognizers only (a pinch), never to
/// views' `touchesBegan`; there is no force, radius or `tapCount` beyond 1. Locations are
/// converted through the views' model geometry (3D transforms included).
@MainActor
public final class Touch: Hashable {
    /// Where the touch is in its life.
    public enum Phase: Sendable, Hashable {
        /// UIKit's phases; Segue never sets `.stationary` (it tracks one pointer at a time).
        case began, moved, stationary, ended, cancelled
    }

    /// Where the touch is in its life.
    public internal(set) var phase: Phase
    /// Seconds, from the pointer event (not the frame clock).
    public internal(set) var timestamp: Double
    /// The view the pointer went down in (the hit-tested view).
    public internal(set) weak var view: View?
    /// The window the touch belongs to.
    public internal(set) weak var window: Window?
    /// The gesture recognizers receiving this touch.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The device behind the touch (Segue's addition): a mouse, a touchscreen finger, or a trackpad's
    /// two-finger scroll turned into a drag.
    public internal(set) var source: InputSource = .mouse
    /// The number of taps (always 1: multi-tap counting is not offered).
    public let tapCount = 1

    /// The location in window coordinates.
    var windowLocation: CGPoint
    /// The previous location in window coordinates.
    var previousWindowLocation: CGPoint

    init(location: CGPoint, timestamp: Double, window: Window) {
        phase = .began
        self.timestamp = timestamp
        self.window = window
        windowLocation = location
        previousWindowLocation = location
    }

    /// The location in `view`'s coordinates (nil: the window's).
    public func location(in view: View?) -> CGPoint {
        guard let view else { return windowLocation }
        return view.convert(windowLocation, from: nil)
    }

    /// The previous location in `view`'s coordinates (nil: the window's).
    public func previousLocation(in view: View?) -> CGPoint {
        guard let view else { return previousWindowLocation }
        return view.convert(previousWindowLocation, from: nil)
    }

    nonisolated public static func == (a: Touch, b: Touch) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
