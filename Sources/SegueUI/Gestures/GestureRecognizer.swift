import Foundation
import SegueAnimation

/// Turns a touch sequence into a gesture (`UIGestureRecognizer`): a state machine with target-actions.
///
/// States: `possible -> began -> changed* -> ended | cancelled` for continuous gestures,
/// `possible -> ended` (recognized) for discrete ones, or `possible -> failed`. Subclasses set ``state``
/// from the touch methods, as in UIKit; the window's arbitration decides whether leaving `.possible` is
/// allowed now, must wait for other recognizers to fail (``require(toFail:)``, the delegate), or fails.
///
/// Differs from UIKit:
/// - Target-action takes a method reference instead of a selector: `#selector(handlePan(_:))` becomes
///   `MyController.handlePan` (`PanGestureRecognizer(target: self, action: MyController.handlePan)`), or a
///   closure with `addAction(_:)`, which hands it the recognizer typed as its class. The target is held weakly.
/// - Actions are sent synchronously when the state changes to began, changed, ended or cancelled.
/// - ``delaysTouchesBegan`` holds the view's touches back until the recognizer fails, as in UIKit, but
///   they are let through at the next touch event after the failure (UIKit: at once); see
///   ``delaysTouchesEnded`` for the up.
/// - Illegal state changes (e.g. `possible -> changed`) fail loudly.
/// - The thresholds a recognizer uses are in ``settings`` (``GestureSettings``), which the app can change.
/// - Which recognizer gets a touch first is ``arenaPriority``, a property (UIKit decides it privately for
///   its screen-edge pans); the window's arbitration can be traced (``Window/gestureArenaTrace``).
@MainActor
open class GestureRecognizer {
    /// The recognizer's state (`UIGestureRecognizer.State`).
    public enum State: Sendable, Hashable, CustomStringConvertible {
        /// UIKit's states; see the type's notes for the legal changes.
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture was recognized (the same as `ended`).
        public static let recognized = State.ended

        /// The state's name (`possible`, `began`…).
        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }

    private struct Action {
        let target: () -> AnyObject?
        let hasTarget: Bool
        let perform: (GestureRecognizer) -> Void
    }

    private var actions: [Action] = []
    private var storedState = State.possible
    private var failureRequirements: [() -> GestureRecognizer?] = []

    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// Decides how the recognizer competes with others.
    open weak var delegate: GestureRecognizerDelegate?
    /// Whether the recognizer receives touches. Turning it off while a gesture is in progress cancels it.
    open var isEnabled = true {
        didSet {
            // Disabling ends a gesture in progress; outside a touch sequence there is nothing to end (and the
            // recognizer must stay possible for the next one).
            guard !isEnabled, arena != nil else { return }
            switch storedState {
            case .began, .changed: apply(.cancelled, reason: .disabled)
            case .possible: apply(.failed, reason: .disabled)
            default: break
            }
        }
    }
    /// A name for debugging, shown in arbitration traces (UIKit's `name`).
    open var name: String?
    /// How early the recognizer gets each touch in the window's arbitration: higher priorities first,
    /// then, within a level, from the hit view outwards; the first to recognize makes the others it may
    /// not recognize with fail. Default ``GestureArenaPriority/normal`` (a screen-edge pan's is
    /// ``GestureArenaPriority/high``). Read when a touch goes down.
    ///
    /// Segue's own (UIKit gives its edge pans precedence privately): give a full-width pop pan `.high`
    /// and it wins over a pan in the page's content, as the edge pan does.
    public var arenaPriority = GestureArenaPriority.normal
    /// Whether recognizing takes the touch away from the view (it gets `touchesCancelled`). Default true.
    open var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan`/`touchesMoved` wait while this recognizer is undecided
    /// (`.possible`): if it recognizes (and cancels touches in the view), the view never sees the touch;
    /// if it fails, the held touches reach the view, in order, at the next touch event (the up at the
    /// latest). Default false, as in UIKit.
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits for the recognizers to see the up first (default true, as in
    /// UIKit): a recognizer that recognizes on the up (a tap) then takes the touch, and the view gets
    /// `touchesCancelled` instead. False: when no recognizer of the touch that is still deciding wants the
    /// wait, the view gets `touchesEnded` before the recognizers see the up. Differs from UIKit: Segue's
    /// recognizers decide on the up itself (no double-tap timer), so the wait is never longer than that.
    open var delaysTouchesEnded = true
    /// The thresholds the recognizer decides with.
    public var settings = GestureSettings()
    /// The touches being tracked.
    public private(set) var trackedTouches: [Touch] = []
    /// The recognition that waits for other recognizers to fail (the state stays `.possible` meanwhile).
    var pendingState: State?
    /// The arbitration of the current touch sequence, set by the window.
    weak var arena: GestureArena?

    /// A recognizer with no actions: add them with `addTarget(_:action:)` or `addAction(_:)`.
    public required init() {}

    /// Adds an action that calls `perform` with this recognizer while `target` lives (the typed
    /// `addTarget(_:action:)` of ``TargetActionSender`` builds on it).
    func appendTargetAction(target: AnyObject, perform: @escaping @MainActor (GestureRecognizer) -> Void) {
        weak let weakTarget = target
        actions.append(Action(target: { weakTarget }, hasTarget: true, perform: { recognizer in
            guard weakTarget != nil else { return }
            perform(recognizer)
        }))
    }

    /// Adds an action with no target, calling `perform` with this recognizer (the typed `addAction(_:)`
    /// of ``TargetActionSender`` builds on it).
    func appendAction(_ perform: @escaping @MainActor (GestureRecognizer) -> Void) {
        actions.append(Action(target: { nil }, hasTarget: false, perform: perform))
    }

    /// Removes the actions of `target` (nil: every action).
    open func removeTarget(_ target: AnyObject?) {
        guard let target else { actions.removeAll(); return }
        actions.removeAll { $0.hasTarget && ($0.target() === target || $0.target() == nil) }
    }

    // MARK: State

    /// The current state. Subclasses set it from the touch methods; leaving `.possible` goes through the
    /// window's arbitration (it may wait or fail instead).
    open var state: State {
        get { storedState }
        set { request(newValue) }
    }

    private func request(_ new: State) {
        let old = storedState
        switch (old, new) {
        case (.possible, .began), (.possible, .ended):
            guard let arena else { apply(new); return }
            arena.arbitrate(self, wantsToBecome: new)
        case (.possible, .failed), (.began, .changed), (.changed, .changed),
             (.began, .ended), (.changed, .ended), (.began, .cancelled), (.changed, .cancelled):
            apply(new)
        case (.possible, .possible):
            pendingState = nil
        case (.failed, .failed):
            // Failing again (its own rule after the arena failed it) changes nothing.
            return
        default:
            preconditionFailure("\(type(of: self)): illegal state change \(old) -> \(new)")
        }
    }

    /// Sets the state without arbitration and sends the actions; `reason` says why a failure or a cancel
    /// happened (nil: the recognizer's own touch handling, or the touch's cancel) for the arena's trace.
    func apply(_ new: State, reason: GestureArenaDecision.Reason? = nil) {
        let old = storedState
        storedState = new
        pendingState = nil
        switch new {
        case .began, .changed, .ended, .cancelled:
            let send = { [self] in for action in actions { action.perform(self) } }
            if let arena { arena.sendingActions(of: self, send) } else { send() }
        case .possible, .failed:
            break
        }
        arena?.recognizer(self, didChangeFrom: old, reason: reason)
    }

    /// Whether the recognizer has recognized (is active or ended) in the current sequence.
    var hasRecognized: Bool { storedState == .began || storedState == .changed || storedState == .ended }

    /// Back to `.possible` after a touch sequence; calls ``reset()``.
    func resetForNextSequence() {
        storedState = .possible
        pendingState = nil
        trackedTouches.removeAll()
        arena = nil
        reset()
    }

    /// Override to clear per-gesture state (call super). Called after every touch sequence.
    open func reset() {}

    // MARK: Failure requirements

    /// Makes this recognizer wait for `other` to fail before it recognizes; if `other` recognizes, this one
    /// fails.
    open func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "A gesture recognizer cannot require itself to fail")
        weak let weakOther = other
        failureRequirements.append { weakOther }
    }

    /// Whether this recognizer and `other` may both be recognized in one touch sequence: either one's
    /// delegate says so (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`), as the window's
    /// arbitration asks. Segue's own (UIKit asks the delegates privately).
    public func mayRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        GestureArena.simultaneous(self, other)
    }

    /// Whether this recognizer must wait for `other` to fail (``require(toFail:)`` or either delegate).
    func requiresFailure(of other: GestureRecognizer) -> Bool {
        if failureRequirements.contains(where: { $0() === other }) { return true }
        if delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true { return true }
        if other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true { return true }
        return false
    }

    // MARK: Touches (override; call super)

    /// Touches went down.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches where !trackedTouches.contains(touch) { trackedTouches.append(touch) }
    }

    /// Touches moved.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

    /// Touches went up.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}

    /// Touches were cancelled: by default an active gesture is cancelled and a possible one fails.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .began, .changed: state = .cancelled
        case .possible: state = .failed
        default: break
        }
    }

    // MARK: Location

    /// The number of touches being tracked.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The location of the gesture (its first touch) in `view`'s coordinates (nil: the window's).
    open func location(in view: View?) -> CGPoint {
        trackedTouches.first?.location(in: view) ?? .zero
    }

    /// Whether `touch` is the first one of the sequence (a touchscreen's second finger is not): the
    /// single-touch recognizers (pans, taps) follow it and ignore the other.
    func isFirstTouch(_ touch: Touch) -> Bool { trackedTouches.first === touch }
}
