import Foundation
import SegueAnimation

/// One input event of a replay script, at its time.
public struct ReplayEvent: Sendable, Hashable {
    /// What happens, with its data.
    public enum Kind: Sendable, Hashable {
        /// The left mouse button goes down at a point (window points, any finite value: fractions too).
        case down(CGPoint)
        /// The mouse moves to a point, with the left button held if a `down` is pending (else a hover).
        case move(CGPoint)
        /// The left mouse button is released at a point.
        case up(CGPoint)
        /// The pointer is taken away at a point: the button is released outside the window, which SDL
        /// reports as a motion with the button up; the translator cancels the pointer (recognizers go to
        /// `.cancelled`).
        case cancel(CGPoint)
        /// A key press and its release, by SDL's key name (`SDL_GetKeyName`'s spelling: "Return", "P").
        case key(String)
        /// The window is resized to a size in points.
        case resize(CGSize)
        /// The window loses the focus (an active pointer is cancelled).
        case focusLost
        /// The window gets the focus back.
        case focusGained
        /// A trackpad's (or a wheel's) scroll: SDL's precise deltas (`preciseX`, `preciseY`, units of SDL's
        /// scroll, floats in SDL's event) in the natural direction, the fingers': `dx` positive when they
        /// move right, `dy` positive when they move down the window (towards the user); and the pointer's
        /// position (window points), nil for the window's centre. Whole-number deltas are a wheel's clicks
        /// (never a swipe: ``TrackpadSwipe/isWheelClick(preciseX:preciseY:)``).
        case wheel(dx: Double, dy: Double, at: CGPoint?)
        /// A touchscreen's finger `id` (a small number naming the finger within the script, from 0: see
        /// ``ReplayScript/fingerIDRange``) touches the screen at a point (window points, fractions kept,
        /// inside the window). Fingers are independent: a second finger down while the first is is a
        /// pinch's other finger, as on a touchscreen (``InputTranslator``).
        case touchDown(id: Int, at: CGPoint)
        /// Finger `id`, down, moves to a point (window points, inside the window).
        case touchMove(id: Int, at: CGPoint)
        /// Finger `id`, down, lifts at a point (window points, inside the window).
        case touchUp(id: Int, at: CGPoint)
    }

    /// The pointer's point of a `down`, `move`, `up` or `cancel`, a finger's of a `touchDown`,
    /// `touchMove` or `touchUp`, or a `wheel`'s given position (window points, fractions kept); nil for
    /// other events.
    public var pointerLocation: CGPoint? {
        switch kind {
        case .down(let p), .move(let p), .up(let p), .cancel(let p): p
        case .touchDown(_, let p), .touchMove(_, let p), .touchUp(_, let p): p
        case .wheel(_, _, let p): p
        case .key, .resize, .focusLost, .focusGained: nil
        }
    }

    /// When, in milliseconds from the start of the replay; also the event's timestamp (for velocities).
    public var time: Double
    /// What happens.
    public var kind: Kind

    /// An event of `kind` at `time` milliseconds.
    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
