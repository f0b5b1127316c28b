import Foundation
import SegueAnimation

/// Recognizes a drag (`UIPanGestureRecognizer`): it begins once the pointer has moved more than
/// ``GestureSettings/slop`` from where it went down, reports `changed` on every move, and `ended` at
/// release with the release velocity from a ``VelocityTracker``.
///
/// Differs from UIKit:
/// - ``axis`` (our addition, default `.any`): a `.horizontal` pan fails when the first movement past the
///   slop is not mostly horizontal (|dx| > |dy|), a `.vertical` one likewise.
/// - One touch only (``minimumNumberOfTouches`` must be 1; ``maximumNumberOfTouches`` may be set, as
///   tutorials do, but one pointer is followed): a touchscreen's second finger is ignored (UIKit follows
///   the centroid of the fingers).
/// - A trackpad's two-finger scroll reaches it as a drag (``Touch/source`` `.trackpad`: the host moves a
///   pointer by the scroll's deltas), so a pan follows the fingers on a trackpad as on a screen.
/// - ``translation(in:)`` is measured from the pointer-down location, so it includes the slop (UIKit does
///   the same).
/// - ``releaseVelocity(in:)`` (our addition) is the release rule's velocity: the displacement over the
///   newest 50 ms, which Segue's built-in pops, tab swipes and sheet drags decide and spring with;
///   ``velocity(in:)`` stays the smoother least-squares estimate (UIKit's own estimator is private).
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// The direction a pan may start in.
    public enum Axis: Sendable, Hashable {
        /// Any direction; mostly horizontal (|dx| > |dy|); mostly vertical (|dy| > |dx|).
        case any, horizontal, vertical
    }

    /// The direction the pan may start in (default `.any`).
    public var axis = Axis.any
    /// The most touches the pan follows (UIKit's default: no limit). Segue delivers one pointer at a
    /// time, so any value of 1 or more behaves alike; tutorials set it to 1. Less than 1 fails loudly.
    public var maximumNumberOfTouches = Int.max {
        didSet { precondition(maximumNumberOfTouches >= 1, "maximumNumberOfTouches must be at least 1") }
    }
    /// The fewest touches the pan needs (1). Segue delivers one pointer at a time, so a pan needing more
    /// could never begin: any other value fails loudly.
    public var minimumNumberOfTouches = 1 {
        didSet { precondition(minimumNumberOfTouches == 1, "Segue's pans follow one touch: minimumNumberOfTouches must be 1") }
    }
    /// The origin of the translation, in window coordinates (the down location until ``setTranslation(_:in:)``).
    private var translationBase: CGPoint?
    private var tracker = VelocityTracker()
    private var finalVelocity: CGPoint?
    private var finalRuleVelocity: CGPoint?

    /// Records the down location and starts velocity tracking; fails at once if the down is not
    /// accepted (outside a screen-edge pan's strip).
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        guard translationBase == nil, let touch = touches.first else { return }
        translationBase = touch.windowLocation
        tracker = VelocityTracker(settings: settings)
        tracker.addSample(at: touch.timestamp, position: touch.windowLocation)
        if !acceptsDown(touch) { state = .failed }
    }

    /// Begins once the pointer is more than ``GestureSettings/slop`` from the down (or fails if ``axis``
    /// rules out the direction), then reports `.changed` on every move.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        super.touchesMoved(touches, with: event)
        guard let touch = touches.first, isFirstTouch(touch), let down = downLocationInWindow else { return }
        tracker.addSample(at: touch.timestamp, position: touch.windowLocation)
        switch state {
        case .possible:
            guard touch.windowLocation.distance(to: down) > settings.slop else { return }
            state = beginsMoving(by: delta(in: touch)) ? .began : .failed
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Ends with the release velocity if the pan began; fails if it had not.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        guard let touch = touches.first, isFirstTouch(touch) else { return }
        if touch.windowLocation != touch.previousWindowLocation {
            tracker.addSample(at: touch.timestamp, position: touch.windowLocation)
        }
        switch state {
        case .began, .changed:
            finalVelocity = tracker.releaseVelocity(at: touch.timestamp)
            finalRuleVelocity = tracker.releaseRuleVelocity(at: touch.timestamp, position: touch.windowLocation)
            state = .ended
        case .possible:
            state = .failed
        default:
            break
        }
    }

    /// Clears the translation, the velocity samples and the release velocity.
    open override func reset() {
        super.reset()
        translationBase = nil
        finalVelocity = nil
        finalRuleVelocity = nil
        downLocationInWindow = nil
        tracker.reset()
    }

    // MARK: Hooks for subclasses in this module

    /// The down location in window coordinates (kept for the direction test).
    var downLocationInWindow: CGPoint?

    /// Whether the pan may start from this down (the edge pan checks its strip). Default true.
    func acceptsDown(_ touch: Touch) -> Bool {
        downLocationInWindow = touch.windowLocation
        return true
    }

    /// The movement from the down location in the recognizer's view's coordinates.
    private func delta(in touch: Touch) -> CGPoint {
        let down = downLocationInWindow ?? touch.windowLocation
        guard let view else { return touch.windowLocation - down }
        return view.convert(touch.windowLocation, from: nil) - view.convert(down, from: nil)
    }

    /// Whether the first movement past the slop (`delta`, in the view's coordinates) begins the pan.
    func beginsMoving(by delta: CGPoint) -> Bool {
        switch axis {
        case .any: true
        case .horizontal: abs(delta.x) > abs(delta.y)
        case .vertical: abs(delta.y) > abs(delta.x)
        }
    }

    // MARK: Translation and velocity

    /// The pointer's movement since it went down (or since ``setTranslation(_:in:)``), in `view`'s
    /// coordinates (nil: the window's).
    public func translation(in view: View?) -> CGPoint {
        guard let base = translationBase, let touch = trackedTouches.first else { return .zero }
        guard let view else { return touch.windowLocation - base }
        return view.convert(touch.windowLocation, from: nil) - view.convert(base, from: nil)
    }

    /// Resets the translation so that it reads `translation` in `view`'s coordinates now.
    public func setTranslation(_ translation: CGPoint, in view: View?) {
        guard let touch = trackedTouches.first else { return }
        guard let view else {
            translationBase = touch.windowLocation - translation
            return
        }
        let baseInView = view.convert(touch.windowLocation, from: nil) - translation
        translationBase = view.convert(baseInView, to: nil)
    }

    /// The velocity in points per second, in `view`'s coordinates (nil: the window's): the tracker's
    /// estimate while dragging, the release velocity once ended. A least-squares quadratic through the last
    /// 100 ms (``VelocityTracker``): smooth, for an app's own use (a fling's deceleration); on a quick
    /// reversal it follows the turn further than ``releaseVelocity(in:)``, the measure Segue's built-in
    /// release rules use.
    public func velocity(in view: View?) -> CGPoint {
        converted(finalVelocity ?? tracker.velocity, in: view)
    }

    /// The release rule's velocity in points per second, in `view`'s coordinates (nil: the window's): the
    /// pointer's displacement over the newest window of at least 50 ms before the release, over its
    /// duration (``VelocityTracker/releaseRuleVelocity(at:position:)``; zero if the pointer had stopped);
    /// while dragging, the same measure at the newest sample. Segue's addition: the velocity the built-in
    /// pops, tab swipes, sheet drags and ready interaction controllers decide with (spec
    /// gestures-and-timing, "Release"), which a custom interaction controller can use the same way.
    public func releaseVelocity(in view: View?) -> CGPoint {
        converted(finalRuleVelocity ?? tracker.ruleVelocity, in: view)
    }

    /// A velocity in window coordinates, in `view`'s (nil: the window's).
    private func converted(_ v: CGPoint, in view: View?) -> CGPoint {
        guard let view, let touch = trackedTouches.first else { return v }
        let p = touch.windowLocation
        return view.convert(p + v, from: nil) - view.convert(p, from: nil)
    }
}
