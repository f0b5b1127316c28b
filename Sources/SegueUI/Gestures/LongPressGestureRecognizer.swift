import Foundation
import SegueAnimation

/// Recognizes a press held in place (`UILongPressGestureRecognizer`). Continuous: it begins once the
/// touch has been down for ``minimumPressDuration`` without moving more than ``allowableMovement`` from
/// where it went down, reports `changed` on every move after that (it may then move anywhere), and
/// `ended` when the touch lifts. Lifting or moving too far before it began fails it. With a
/// ``minimumPressDuration`` of 0 it begins on the touch down itself (Apple's PhotoTransitioning sample
/// catches a photo in flight this way).
///
/// Differs from UIKit:
/// - Time is the window's clock, counted in its frames (one time model, no timer of its own): the press
///   begins in the callbacks phase of the first frame at least ``minimumPressDuration`` after the frame
///   in which the touch went down, so on a 60 Hz clock a 0.5 s press begins 30 frames after the down.
///   Slow animations do not slow it (it reads the clock, not the animation time).
/// - One touch (``numberOfTouchesRequired`` must be 1) and no preceding taps (`numberOfTapsRequired` is
///   not offered): Segue follows one pointer.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    /// UIKit's default minimum press duration, in seconds (0.5 s, its documented default).
    public static let defaultMinimumPressDuration = 0.5
    /// UIKit's default allowable movement, in points (10 pt, its documented default).
    public static let defaultAllowableMovement: CGFloat = 10
    /// Slack in comparing clock times, in seconds: frame times are sums of fractions that are not exact
    /// (frame 30 minus frame 0 at 60 Hz need not be exactly 0.5).
    static let clockTolerance = 1e-9

    /// How long the touch must be held before the gesture begins, in seconds (default 0.5; 0 begins on
    /// the down).
    open var minimumPressDuration = LongPressGestureRecognizer.defaultMinimumPressDuration {
        didSet {
            precondition(minimumPressDuration >= 0 && minimumPressDuration.isFinite,
                         "LongPressGestureRecognizer.minimumPressDuration must be a finite, non-negative number of seconds")
        }
    }
    /// How far the touch may move before the gesture begins, in points (default 10); past it the gesture
    /// fails. Once begun, the touch may move anywhere.
    open var allowableMovement = LongPressGestureRecognizer.defaultAllowableMovement
    /// The number of touches that must be held (1). Segue delivers one pointer at a time, so a press needing
    /// more could never begin: any other value fails loudly.
    open var numberOfTouchesRequired = 1 {
        didSet {
            precondition(numberOfTouchesRequired == 1,
                         "Segue follows one touch: LongPressGestureRecognizer.numberOfTouchesRequired must be 1")
        }
    }

    /// Where the touch went down, in window coordinates.
    private var downLocation: CGPoint?
    /// The clock time of the frame the touch went down in.
    private var pressStart: Double?
    /// Counts the press's time on the window's frames while it waits to begin.
    private var timer: DisplayLink?

    /// Records where and when the touch went down; begins at once for a minimum duration of 0, else waits
    /// for the duration on the window's clock.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        guard downLocation == nil, let touch = touches.first else { return }
        downLocation = touch.windowLocation
        guard minimumPressDuration > 0 else {
            state = .began
            return
        }
        guard let tree = view?.layer.tree else {
            // Nowhere to count time: the press can never last long enough.
            state = .failed
            return
        }
        pressStart = tree.clock.now
        let link = DisplayLink { [weak self, weak tree] link in
            guard let self, let tree else { link.invalidate(); return }
            self.pressTimeElapsed(now: tree.clock.now)
        }
        link.add(to: tree)
        timer = link
    }

    /// Begins once the touch has been held long enough (the timer's frame callback).
    private func pressTimeElapsed(now: Double) {
        guard let start = pressStart, state == .possible else { stopTimer(); return }
        guard now - start >= minimumPressDuration - Self.clockTolerance else { return }
        stopTimer()
        state = .began
    }

    /// Before the gesture began: fails past ``allowableMovement``. After: reports `.changed`.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        super.touchesMoved(touches, with: event)
        guard let touch = touches.first, let down = downLocation else { return }
        switch state {
        case .possible:
            if touch.windowLocation.distance(to: down) > allowableMovement {
                stopTimer()
                state = .failed
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Ends the gesture if it began; fails it if the touch lifted too soon.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        stopTimer()
        switch state {
        case .began, .changed: state = .ended
        case .possible: state = .failed
        default: break
        }
    }

    /// Cancels an active gesture, fails a waiting one.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        stopTimer()
        super.touchesCancelled(touches, with: event)
    }

    /// Forgets the touch and stops counting.
    open override func reset() {
        super.reset()
        stopTimer()
        downLocation = nil
    }

    private func stopTimer() {
        timer?.invalidate()
        timer = nil
        pressStart = nil
    }
}
