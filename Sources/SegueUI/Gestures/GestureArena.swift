/// The arbitration among the gesture recognizers of one touch sequence (UIKit's private gesture
/// environment, in the small).
///
/// Rules:
/// - Recognizers get each touch in ``recognizers`` order: screen-edge pans first, then the recognizers
///   of the hit view and its ancestors from the hit view outwards. So an edge pan that can begin gets the
///   first pick and wins over a content pan under it (the content pan fails when the edge pan begins);
///   an edge pan that went down outside its strip fails on the down, and the content pan is not delayed.
/// - A recognizer may leave `.possible` unless its delegate or its view says no, or another recognizer
///   of the sequence has already recognized and the two may not recognize simultaneously.
/// - If it requires another to fail (``GestureRecognizer/require(toFail:)`` or the delegates), it waits
///   while that one is `.possible`, fails if it recognizes, and goes ahead when it fails.
/// - When one recognizes, every other `.possible` recognizer that may not recognize with it fails.
/// - When the sequence ends, recognizers still undecided fail, and all are reset.
@MainActor
final class GestureArena {
    enum Decision { case allow, wait, deny }

    let recognizers: [GestureRecognizer]
    /// Called when a recognizer that cancels touches in its view recognizes.
    private let cancelTouchesInView: () -> Void
    private var isResolving = false

    init(recognizers: [GestureRecognizer], cancelTouchesInView: @escaping () -> Void) {
        // Stable order: edge pans first.
        let edges = recognizers.filter { $0 is ScreenEdgePanGestureRecognizer }
        let others = recognizers.filter { !($0 is ScreenEdgePanGestureRecognizer) }
        self.recognizers = edges + others
        self.cancelTouchesInView = cancelTouchesInView
        for recognizer in self.recognizers { recognizer.arena = self }
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

    static func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    func decide(_ r: GestureRecognizer) -> Decision {
        if r.delegate?.gestureRecognizerShouldBegin(r) == false { return .deny }
        if let view = r.view, !view.gestureRecognizerShouldBegin(r) { return .deny }
        for other in recognizers where other !== r && other.hasRecognized && !GestureArena.simultaneous(r, other) {
            return .deny
        }
        var mustWait = false
        for other in recognizers where other !== r && r.requiresFailure(of: other) {
            switch other.state {
            case .possible: mustWait = true
            case .began, .changed, .ended: return .deny
            case .failed, .cancelled: continue
            }
        }
        return mustWait ? .wait : .allow
    }

    func recognizer(_ r: GestureRecognizer, didChangeFrom old: GestureRecognizer.State) {
        if old == .possible && r.hasRecognized {
            for other in recognizers where other !== r && other.state == .possible
                && !GestureArena.simultaneous(r, other) {
                other.apply(.failed)
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
                case .deny: r.apply(.failed); changed = true
                case .wait: break
                }
            }
        }
    }

    /// The touch sequence ended: undecided recognizers fail (waiting ones get a last chance), then all
    /// are reset.
    func finish() {
        for r in recognizers where r.state == .possible && r.pendingState == nil { r.apply(.failed) }
        resolvePending()
        for r in recognizers where r.state == .possible { r.apply(.failed) }
        for r in recognizers { r.resetForNextSequence() }
    }
}
