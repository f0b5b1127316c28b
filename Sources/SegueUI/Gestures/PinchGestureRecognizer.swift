import Foundation
import SegueAnimation

/// Recognizes two touches moving apart or together (`UIPinchGestureRecognizer`): it begins once the
/// distance between them has changed by more than ``GestureSettings/slop`` from the distance when they
/// went down, reports `changed` on every move, and `ended` when a touch lifts. ``scale`` is the distance
/// now over the distance at the down (so, as in UIKit, it already differs from 1 when the pinch begins);
/// ``velocity`` is the scale's rate of change, in scale factor per second (negative while pinching in).
///
/// On a touchscreen (``Touch/source`` `.touch`) two real fingers pinch: the first finger's down waits
/// (`.possible`) for the second; the distance between the two is measured from the second's down, and
/// ``location(in:)`` is their centroid. The first finger moving more than the slop alone, or lifting,
/// before a second comes fails it. Either finger lifting ends the pinch.
///
/// Differs from UIKit — a mouse is one pointer, so its second touch is simulated, as the iOS Simulator
/// does with its Option key:
/// - The pointer must go down with one of ``simulatedTouchModifiers`` held (Ctrl or Alt by default). The
///   second touch is then the mirror image of the pointer about the centre of the recognizer's view's
///   bounds (the centre at the down): dragging towards the centre pinches in, away from it pinches out,
///   and ``location(in:)`` (the centroid of the two) is that centre. The Simulator mirrors about the
///   screen's centre; Segue uses the view's, since a page can sit anywhere in the window.
/// - A down without the modifier, or closer than ``minimumStartSeparation`` to the centre (the two
///   touches would start on top of each other and a scale could not be measured), fails at once, so the
///   pinch never delays another recognizer.
/// - Releasing the modifier mid-pinch lifts the simulated touch: the pinch ends there with its release
///   velocity (before it began: it fails). Pressing it after the down does not start one.
/// - Alt-drag is taken by many Linux window managers (to move windows), so Ctrl is the dependable one.
@MainActor
open class PinchGestureRecognizer: GestureRecognizer {
    /// The least distance, in points, between the two touches at the down for a pinch to be measured:
    /// 20 pt, about a fingertip's contact width (two real fingers cannot go down closer). Segue's rule.
    public static let minimumStartSeparation: CGFloat = 20

    /// The modifier keys, any one of which simulates the second touch while held ([.control, .alternate]).
    public var simulatedTouchModifiers: KeyModifierFlags = [.control, .alternate]

    /// The point the simulated second touch mirrors the pointer about (window coordinates), while a
    /// two-touch sequence is tracked.
    private var mirrorCentre: CGPoint?
    /// The two real fingers, while a touchscreen pinch is tracked.
    private var fingers: (Touch, Touch)?
    /// Where a touchscreen's first finger went down (window coordinates), while it waits for the second.
    private var firstFingerDown: CGPoint?
    /// The distance that reads as scale 1, in points: the distance at the down until ``scale`` is set.
    private var baseDistance: CGFloat = 0
    /// The distance at the down, in points (the slop is measured from it).
    private var downDistance: CGFloat = 0
    /// The distance now, in points.
    private var currentDistance: CGFloat = 0
    /// Samples the distance between the touches (as the x of a position) to estimate its speed.
    private var tracker = VelocityTracker()
    private var finalVelocity: CGFloat?
    private var finalRuleVelocity: CGFloat?

    /// The distance between the touches now over their distance at the down (1 before they move).
    /// Setting it makes the current distance read as the new value, as in UIKit (set it to 1 in each
    /// `changed` to get the change since the last one).
    public var scale: CGFloat {
        get { baseDistance > 0 ? currentDistance / baseDistance : 1 }
        set {
            precondition(newValue > 0, "PinchGestureRecognizer.scale must be positive (got \(newValue))")
            guard currentDistance > 0 else { return }
            baseDistance = currentDistance / newValue
        }
    }

    /// How fast ``scale`` changes, in scale factor per second: the estimate while pinching, the release
    /// velocity once ended (zero if the pointer had stopped, per ``GestureSettings/stopThreshold``).
    public var velocity: CGFloat {
        guard baseDistance > 0 else { return 0 }
        return (finalVelocity ?? tracker.velocity.x) / baseDistance
    }

    /// The release rule's velocity of ``scale``, in scale factor per second: the change of the distance
    /// between the touches over the newest window of at least 50 ms before the lift
    /// (``VelocityTracker/releaseRuleVelocity(at:position:)``; zero if the pointer had stopped); while
    /// pinching, the same measure at the newest sample. Segue's addition: what the ready pinch interaction
    /// decides with, as the pan's ``PanGestureRecognizer/releaseVelocity(in:)`` is for the built-in swipes.
    public var releaseVelocity: CGFloat {
        guard baseDistance > 0 else { return 0 }
        return (finalRuleVelocity ?? tracker.ruleVelocity.x) / baseDistance
    }

    /// Two while a pair (simulated or real) is tracked, else the pointer alone (or none).
    public override var numberOfTouches: Int { mirrorCentre != nil || fingers != nil ? 2 : super.numberOfTouches }

    /// The centroid of the two touches (the mirror centre), in `view`'s coordinates (nil: the window's).
    open override func location(in view: View?) -> CGPoint {
        if let (a, b) = fingers {
            let c = CGPoint(x: (a.windowLocation.x + b.windowLocation.x) / 2, y: (a.windowLocation.y + b.windowLocation.y) / 2)
            return view.map { $0.convert(c, from: nil) } ?? c
        }
        guard let centre = mirrorCentre else { return super.location(in: view) }
        guard let view else { return centre }
        return view.convert(centre, from: nil)
    }

    /// The location of touch `index` (0: the pointer, 1: the simulated touch), in `view`'s coordinates
    /// (nil: the window's); UIKit's `location(ofTouch:in:)`.
    public func location(ofTouch index: Int, in view: View?) -> CGPoint {
        precondition(index >= 0 && index < numberOfTouches,
                     "PinchGestureRecognizer.location(ofTouch:in:): no touch \(index) (\(numberOfTouches) touches)")
        if let (a, b) = fingers { return (index == 0 ? a : b).location(in: view) }
        guard let pointer = trackedTouches.last?.windowLocation else { return .zero }
        var p = pointer
        if index == 1, let c = mirrorCentre { p = CGPoint(x: 2 * c.x - pointer.x, y: 2 * c.y - pointer.y) }
        guard let view else { return p }
        return view.convert(p, from: nil)
    }

    /// Starts the simulated pair if a modifier is held and the pointer is far enough from the centre;
    /// fails at once otherwise.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        guard mirrorCentre == nil, fingers == nil, let touch = touches.first else { return }
        if touch.source == .touch {
            beginFingers(with: touch)
            return
        }
        guard !event.modifierFlags.isDisjoint(with: simulatedTouchModifiers), let view else {
            state = .failed
            return
        }
        let b = view.bounds
        let centre = view.convert(CGPoint(x: b.midX, y: b.midY), to: nil)
        let distance = 2 * touch.windowLocation.distance(to: centre)
        guard distance >= Self.minimumStartSeparation else {
            state = .failed
            return
        }
        mirrorCentre = centre
        startMeasuring(from: distance, at: touch.timestamp)
    }

    /// Begins once the distance has changed by more than the slop, then reports `.changed`; a move with
    /// the modifier released lifts the simulated touch (the pinch ends, or fails if it had not begun).
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        super.touchesMoved(touches, with: event)
        if fingers != nil || firstFingerDown != nil {
            fingersMoved(touches)
            return
        }
        guard let centre = mirrorCentre, let touch = touches.first else { return }
        guard !event.modifierFlags.isDisjoint(with: simulatedTouchModifiers) else {
            secondTouchLifted(at: touch.timestamp)
            return
        }
        currentDistance = 2 * touch.windowLocation.distance(to: centre)
        tracker.addSample(at: touch.timestamp, position: CGPoint(x: currentDistance, y: 0))
        advance()
    }

    /// Ends with the release velocity if the pinch began; fails if it had not.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        if let (a, b) = fingers, let touch = touches.first {
            updateDistance(a.windowLocation.distance(to: b.windowLocation), at: touch.timestamp)
            secondTouchLifted(at: touch.timestamp)
            return
        }
        if firstFingerDown != nil {
            state = .failed
            return
        }
        guard let centre = mirrorCentre, let touch = touches.first else { return }
        let distance = 2 * touch.windowLocation.distance(to: centre)
        if distance != currentDistance {
            currentDistance = distance
            tracker.addSample(at: touch.timestamp, position: CGPoint(x: distance, y: 0))
        }
        secondTouchLifted(at: touch.timestamp)
    }

    /// A touchscreen finger went down: the first waits for a second; the second starts the pair.
    private func beginFingers(with touch: Touch) {
        guard let first = firstFingerDown.flatMap({ _ in trackedTouches.first }), first !== touch else {
            firstFingerDown = touch.windowLocation
            return
        }
        let distance = first.windowLocation.distance(to: touch.windowLocation)
        guard distance >= Self.minimumStartSeparation else {
            state = .failed
            return
        }
        fingers = (first, touch)
        firstFingerDown = nil
        startMeasuring(from: distance, at: touch.timestamp)
    }

    /// A finger moved: alone, it fails the pinch past the slop; in a pair, the distance is measured.
    private func fingersMoved(_ touches: Set<Touch>) {
        guard let touch = touches.first else { return }
        guard let (a, b) = fingers else {
            if let down = firstFingerDown, touch.windowLocation.distance(to: down) > settings.slop { state = .failed }
            return
        }
        updateDistance(a.windowLocation.distance(to: b.windowLocation), at: touch.timestamp)
        advance()
    }

    private func updateDistance(_ distance: CGFloat, at time: Double) {
        guard distance != currentDistance else { return }
        currentDistance = distance
        tracker.addSample(at: time, position: CGPoint(x: distance, y: 0))
    }

    private func secondTouchLifted(at time: Double) {
        switch state {
        case .began, .changed:
            finalVelocity = tracker.releaseVelocity(at: time).x
            finalRuleVelocity = tracker.releaseRuleVelocity(at: time, position: CGPoint(x: currentDistance, y: 0)).x
            state = .ended
        case .possible:
            state = .failed
        default:
            break
        }
    }

    /// Forgets the pair, the scale and the velocity samples.
    open override func reset() {
        super.reset()
        mirrorCentre = nil
        fingers = nil
        firstFingerDown = nil
        baseDistance = 0
        downDistance = 0
        currentDistance = 0
        finalVelocity = nil
        finalRuleVelocity = nil
        tracker.reset()
    }

    /// After a move: begins once the fingers' distance changed by more than the slop, then changes.
    private func advance() {
        switch state {
        case .possible:
            if abs(currentDistance - downDistance) > settings.slop { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// The fingers are `distance` apart at `timestamp`: the scale and the velocity count from there.
    private func startMeasuring(from distance: CGFloat, at timestamp: Double) {
        downDistance = distance
        baseDistance = distance
        currentDistance = distance
        tracker = VelocityTracker(settings: settings)
        tracker.addSample(at: timestamp, position: CGPoint(x: distance, y: 0))
    }
}
