import SegueAnimation

/// A view that tracks a touch and sends actions for control events (`UIControl`).
///
/// Differs from UIKit:
/// - Actions are closures or method references, not selectors: `addTarget(self, action:
///   MyController.increment, for: .touchUpInside)` where `increment(_ sender: Control)`, or
///   `addAction({ _ in ... }, for: .touchUpInside)`. Targets are held weakly.
/// - "Inside" means inside the bounds exactly (UIKit extends it by about 70 pt while tracking).
/// - The control consumes its touches: they do not travel up the responder chain.
@MainActor
open class Control: View {
    /// Control events (`UIControl.Event`).
    public struct Events: OptionSet, Sendable, Hashable {
        /// The option set's bits.
        public let rawValue: UInt
        /// An option set of these bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The pointer went down in an enabled control.
        public static let touchDown = Events(rawValue: 1 << 0)
        /// The tracked pointer moved inside the bounds (exactly the bounds, no margin).
        public static let touchDragInside = Events(rawValue: 1 << 2)
        /// The tracked pointer moved outside the bounds (UIKit allows a margin of about 70 pt; Segue none).
        public static let touchDragOutside = Events(rawValue: 1 << 3)
        /// The pointer was released inside the bounds.
        public static let touchUpInside = Events(rawValue: 1 << 6)
        /// The pointer was released outside the bounds.
        public static let touchUpOutside = Events(rawValue: 1 << 7)
        /// The tracked touch was cancelled (a recognizer took it, focus was lost, or the pointer was cancelled).
        public static let touchCancel = Events(rawValue: 1 << 8)
        /// The control's value changed; sent by subclasses (no stock Segue control sends it yet).
        public static let valueChanged = Events(rawValue: 1 << 12)
        /// The control's main action (a button's is touch-up-inside).
        public static let primaryActionTriggered = Events(rawValue: 1 << 13)
    }

    /// The state a control shows (`UIControl.State`).
    public struct State: OptionSet, Sendable, Hashable {
        /// The option set's bits.
        public let rawValue: UInt
        /// An option set of these bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Enabled, not highlighted, not selected: the empty set.
        public static let normal: State = []
        /// Pressed with the pointer inside (``isHighlighted``).
        public static let highlighted = State(rawValue: 1 << 0)
        /// Not enabled (``isEnabled`` is false).
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected (``isSelected``).
        public static let selected = State(rawValue: 1 << 2)
    }

    private struct Action {
        let events: Events
        let target: () -> AnyObject?
        let hasTarget: Bool
        let perform: (Control) -> Void
    }

    private var actions: [Action] = []

    /// Whether the control is pressed with the pointer inside it.
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    /// Whether the control responds to touches (default true).
    public var isEnabled = true { didSet { if isEnabled != oldValue { stateDidChange() } } }
    /// Whether the control is selected.
    public var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }
    /// Whether a touch is being tracked.
    public private(set) var isTracking = false
    /// The event whose touches the control is handling while it sends actions.
    private var currentEvent: Event?

    /// The current state.
    public var state: State {
        var s: State = .normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// Called when ``state`` changes; subclasses update their look (call super).
    open func stateDidChange() {}

    // MARK: Actions

    /// Adds an action for `events` that calls `perform` with this control while `target` lives (the typed
    /// `addTarget(_:action:for:)` of ``TargetActionSender`` builds on it).
    func appendTargetAction(target: AnyObject, for events: Events, perform: @escaping @MainActor (Control, Event) -> Void) {
        weak let weakTarget = target
        actions.append(Action(events: events, target: { weakTarget }, hasTarget: true) { control in
            guard weakTarget != nil else { return }
            perform(control, control.currentEvent ?? Event(timestamp: control.window?.layerTree.mediaTime ?? 0, touches: []))
        })
    }

    /// Calls `handler` for `events`.
    public func addAction(_ handler: @escaping @MainActor (Control) -> Void, for events: Events) {
        actions.append(Action(events: events, target: { nil }, hasTarget: false, perform: handler))
    }

    /// Removes `target`'s actions for `events`.
    public func removeTarget(_ target: AnyObject?, for events: Events) {
        actions.removeAll { action in
            action.events.isSubset(of: events) && (target == nil || (action.hasTarget && action.target() === target))
        }
    }

    /// Sends the actions registered for any of `events`.
    public func sendActions(for events: Events) {
        for action in actions where !action.events.isDisjoint(with: events) { action.perform(self) }
    }

    /// Sends the actions for `events` while handling `event` (what actions taking the event receive).
    private func sendActions(for events: Events, handling event: Event?) {
        currentEvent = event
        defer { currentEvent = nil }
        sendActions(for: events)
    }

    // MARK: Tracking

    /// If enabled, starts tracking, highlights and sends `.touchDown`. Does not call super: the touch
    /// stops here.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard isEnabled, !touches.isEmpty else { return }
        isTracking = true
        isHighlighted = true
        sendActions(for: .touchDown, handling: event)
    }

    /// Highlights while the pointer is inside the bounds and sends `.touchDragInside` or `.touchDragOutside`.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard isTracking, let touch = touches.first else { return }
        let inside = point(inside: touch.location(in: self), with: event)
        isHighlighted = inside
        sendActions(for: inside ? .touchDragInside : .touchDragOutside, handling: event)
    }

    /// Stops tracking and sends `.touchUpInside` and `.primaryActionTriggered` when released inside the
    /// bounds, else `.touchUpOutside`.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard isTracking, let touch = touches.first else { return }
        isTracking = false
        isHighlighted = false
        if point(inside: touch.location(in: self), with: event) {
            sendActions(for: [.touchUpInside, .primaryActionTriggered], handling: event)
        } else {
            sendActions(for: .touchUpOutside, handling: event)
        }
    }

    /// Stops tracking, removes the highlight and sends `.touchCancel`.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard isTracking else { return }
        isTracking = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }
}
