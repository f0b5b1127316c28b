/// The arbitration among the gesture recognizers of one touch sequence (UIKit's private gesture
/// environment, in the small).
///
/// Rules:
/// - Recognizers get each touch in ``recognizers`` order: by ``GestureRecognizer/arenaPriority``, higher
///   first, and within a level from the hit view outwards. So an edge pan (priority high by default)
///   that can begin gets the first pick and wins over a content pan under it (the content pan fails when
///   the edge pan begins); an edge pan that went down outside its strip fails on the down, and the
///   content pan is not delayed. Any recognizer given the high priority (a full-width pop pan) wins the
///   same way.
/// - A recognizer may leave `.possible` unless its delegate or its view says no, or another recognizer
///   of the sequence has already recognized and the two may not recognize simultaneously.
/// - If it requires another to fail (``GestureRecognizer/require(toFail:)`` or the delegates), it waits
///   while that one is `.possible`, fails if it recognizes, and goes ahead when it fails.
/// - When one recognizes, every other `.possible` recognizer that may not recognize with it fails.
/// - When the sequence ends, recognizers still undecided fail, and all are reset.
///
/// Each decision goes to `trace` (the window's ``Window/gestureArenaTrace``) when there is one.
@MainActor
final class GestureArena {
    enum Decision { case allow, wait(for: GestureRecognizer), deny(GestureArenaDecision.Reason) }

    /// Reports a decision (nil: no tracing).
    typealias Trace = @MainActor (GestureArenaDecision) -> Void

    let recognizers: [GestureRecognizer]
    /// Called when a recognizer that cancels touches in its view recognizes.
    private let cancelTouchesInView: () -> Void
    private let trace: Trace?
    private var isResolving = false
    /// True while the touch's cancel is delivered: failures and cancels then have that reason.
    private var isCancellingTouch = false
    /// The recognizers whose actions run now, innermost last (an action may change another's state).
    private var sendingActions: [GestureRecognizer] = []
    /// Each interactive transition a recognizer's actions moved in this sequence, with those recognizers.
    private var drivers: [(transition: WeakTransition, recognizers: [GestureRecognizer])] = []

    /// A transition held weakly (it ends, and goes, while the sequence may go on).
    struct WeakTransition {
        weak var transition: ContainerTransition?
    }

    /// An arena for `recognizers`, given from the hit view outwards; they are ordered by priority.
    init(recognizers: [GestureRecognizer], trace: Trace? = nil, cancelTouchesInView: @escaping () -> Void) {
        // Stable order: higher priority first, then nearer the hit view first.
        let ordered = recognizers.enumerated().sorted { a, b in
            a.element.arenaPriority != b.element.arenaPriority
                ? a.element.arenaPriority > b.element.arenaPriority
                : a.offset < b.offset
        }.map(\.element)
        self.recognizers = ordered
        self.cancelTouchesInView = cancelTouchesInView
        self.trace = trace
        for recognizer in ordered { recognizer.arena = self }
        guard let trace else { return }
        for (rank, r) in ordered.enumerated() {
            trace(GestureArenaDecision(recognizer: r, kind: .joined(rank: rank, priority: r.arenaPriority)))
            // The recognizers nearer the hit view that this one's priority put behind it.
            let nearer = recognizers.prefix { $0 !== r }
            let overtaken = nearer.filter { n in ordered.firstIndex { $0 === n }! > rank }
            if !overtaken.isEmpty {
                trace(GestureArenaDecision(recognizer: r, kind: .tookPrecedence(over: Array(overtaken))))
            }
        }
    }

    /// The recognizers that still take touches.
    var interested: [GestureRecognizer] {
        recognizers.filter { r in
            switch r.state {
            case .possible, .began, .changed: r.isEnabled
            default: false
            }
        }
    }

    /// Delivers one phase of the touch to the recognizers that still take it, in order.
    func deliver(_ phase: Touch.Phase, _ touches: Set<Touch>, with event: Event) {
        isCancellingTouch = phase == .cancelled
        defer { isCancellingTouch = false }
        for r in interested {
            switch phase {
            case .began: r.touchesBegan(touches, with: event)
            case .moved, .stationary: r.touchesMoved(touches, with: event)
            case .ended: r.touchesEnded(touches, with: event)
            case .cancelled: r.touchesCancelled(touches, with: event)
            }
        }
    }

    // MARK: Who drives what

    /// Runs `send` (`r`'s actions) with `r` as the recognizer whose actions run.
    func sendingActions(of r: GestureRecognizer, _ send: () -> Void) {
        sendingActions.append(r)
        defer { sendingActions.removeLast() }
        send()
    }

    /// `transition` was moved (``ContainerTransition/updateInteractiveTransition(_:)``): by the recognizer
    /// whose actions run now, if any.
    func transitionMoved(_ transition: ContainerTransition) {
        guard let r = sendingActions.last else { return }
        if let i = drivers.firstIndex(where: { $0.transition.transition === transition }) {
            if !drivers[i].recognizers.contains(where: { $0 === r }) { drivers[i].recognizers.append(r) }
        } else {
            drivers.append((WeakTransition(transition: transition), [r]))
        }
    }

    /// `r` no longer drives what it moved: another recognizer took its transition over (a pinch continuing a
    /// caught zoom). Until it moves a transition again.
    func stopsDriving(_ r: GestureRecognizer) {
        for i in drivers.indices { drivers[i].recognizers.removeAll { $0 === r } }
    }

    /// The running transitions recognizers of this sequence moved, each with those of them still active
    /// (`.began` or `.changed`).
    var activeDrivers: [(transition: ContainerTransition, recognizers: [GestureRecognizer])] {
        drivers.compactMap { entry in
            guard let t = entry.transition.transition, t.phase != .ended else { return nil }
            let active = entry.recognizers.filter { $0.state == .began || $0.state == .changed }
            return active.isEmpty ? nil : (t, active)
        }
    }

    static func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    func decide(_ r: GestureRecognizer) -> Decision {
        if r.delegate?.gestureRecognizerShouldBegin(r) == false { return .deny(.delegateDeclined) }
        if let view = r.view, !view.gestureRecognizerShouldBegin(r) { return .deny(.viewDeclined) }
        for other in recognizers where other !== r && other.hasRecognized && !GestureArena.simultaneous(r, other) {
            return .deny(.excluded(by: other))
        }
        var awaited: GestureRecognizer?
        for other in recognizers where other !== r && r.requiresFailure(of: other) {
            switch other.state {
            case .possible: awaited = awaited ?? other
            case .began, .changed, .ended: return .deny(.requiredToFail(other))
            case .failed, .cancelled: continue
            }
        }
        if let awaited { return .wait(for: awaited) }
        return .allow
    }

    /// `r` asks to leave `.possible` for `new` (`.began` or `.ended`): it does, waits, or fails.
    func arbitrate(_ r: GestureRecognizer, wantsToBecome new: GestureRecognizer.State) {
        switch decide(r) {
        case .allow:
            r.apply(new)
        case .wait(let other):
            let alreadyWaiting = r.pendingState != nil
            r.pendingState = new
            if !alreadyWaiting { trace?(GestureArenaDecision(recognizer: r, kind: .waiting(for: other))) }
        case .deny(let reason):
            r.apply(.failed, reason: reason)
        }
    }

    func recognizer(_ r: GestureRecognizer, didChangeFrom old: GestureRecognizer.State,
                    reason: GestureArenaDecision.Reason?) {
        if let trace {
            let cause = reason ?? (isCancellingTouch ? .touchCancelled : .ownRule)
            switch r.state {
            case .began, .ended:
                if old == .possible { trace(GestureArenaDecision(recognizer: r, kind: .recognized(r.state))) }
            case .failed:
                trace(GestureArenaDecision(recognizer: r, kind: .failed(cause)))
            case .cancelled:
                trace(GestureArenaDecision(recognizer: r, kind: .cancelled(cause)))
            default:
                break
            }
        }
        if old == .possible && r.hasRecognized {
            for other in recognizers where other !== r && other.state == .possible
                && !GestureArena.simultaneous(r, other) {
                other.apply(.failed, reason: .excluded(by: r))
            }
            if r.cancelsTouchesInView { cancelTouchesInView() }
        }
        if r.state == .failed || r.state == .cancelled { resolvePending() }
    }

    /// Lets waiting recognizers go ahead (or fail) once what they waited for is decided.
    private func resolvePending() {
        guard !isResolving else { return }
        isResolving = true
        defer { isResolving = false }
        var changed = true
        while changed {
            changed = false
            for r in recognizers where r.state == .possible {
                guard let pending = r.pendingState else { continue }
                switch decide(r) {
                case .allow: r.apply(pending); changed = true
                case .deny(let reason): r.apply(.failed, reason: reason); changed = true
                case .wait: break
                }
            }
        }
    }

    /// The touch sequence ended: undecided recognizers fail (waiting ones get a last chance), then all
    /// are reset.
    func finish() {
        for r in recognizers where r.state == .possible && r.pendingState == nil {
            r.apply(.failed, reason: .sequenceEnded)
        }
        resolvePending()
        for r in recognizers where r.state == .possible { r.apply(.failed, reason: .sequenceEnded) }
        for r in recognizers { r.resetForNextSequence() }
    }
}
