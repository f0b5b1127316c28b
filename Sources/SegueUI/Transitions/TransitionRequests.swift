import SegueAnimation

/// The one queue of transition requests of a window: pushes, pops, tab selections, stack and tab
/// replacements, presentations, dismissals and custom containers' transitions
/// (``ViewController/transition(from:to:in:animator:interactionController:completion:)``), in whichever
/// container of the window they are asked. Owned by the ``Window`` (``Window/transitionRequests``); every
/// container asks through its ``TransitionLifecycle``.
///
/// The rule, the same for every container and every moment a request can be made:
/// - A request runs at once when no transition runs in the window and no earlier request waits there.
/// - Otherwise it waits at the end of the queue: a request made while a transition runs (a key pressed
///   during a pop), from an enclosing container's transition (a push while a tab switch moves the stack),
///   from inside a running animator, or while earlier requests wait.
/// - A transition stops counting as running once its container's bookkeeping is done, before its
///   coordinator's completion blocks, the completion of a present or dismiss, and `animationEnded(_:)`.
///   A request made from one of those runs at once if none waits (so its coordinator exists when the call
///   returns, as in UIKit), else behind the waiting ones: it never overtakes them.
/// - The waiting requests run in order, in the callbacks phase right after those completions; each one
///   that starts a transition makes the rest wait for it; one that starts none (an unanimated change, a
///   pop at the root) lets the next one run at once.
/// - A container in no window performs its requests at once (nothing animates there).
///
/// Nothing is dropped: a request runs exactly once, after every request made before it. Differs from
/// UIKit, which has no such queue (overlapping pushes there log "Unbalanced calls", overlapping
/// presentations are refused); Segue's containers queue instead, and do so in one order across the window.
@MainActor
public final class TransitionRequests {
    /// The transitions begun in the window whose bookkeeping has not run yet.
    public private(set) var running: [ContainerTransition] = []
    /// The requests waiting, oldest first.
    private var waiting: [() -> Void] = []
    /// The layer whose tree runs the queue's work (the window's).
    private weak var layer: Layer?
    /// Whether a drain is scheduled for the next callbacks phase.
    private var drainScheduled = false

    init(layer: Layer) {
        self.layer = layer
    }

    /// How many requests wait.
    public var waitingCount: Int { waiting.count }

    /// Whether a request made now would run at once: no transition runs and none waits.
    public var isIdle: Bool { running.isEmpty && waiting.isEmpty }

    /// Runs `request` now if the window is idle (returns true), else queues it (returns false).
    @discardableResult
    public func submit(_ request: @escaping () -> Void) -> Bool {
        guard isIdle else {
            waiting.append(request)
            return false
        }
        request()
        return true
    }

    /// `transition` was begun (it counts as running until ``ended(_:)``).
    func began(_ transition: ContainerTransition) {
        running.append(transition)
    }

    /// `transition`'s bookkeeping ran: the waiting requests run in the next callbacks phase (after its
    /// completion blocks).
    func ended(_ transition: ContainerTransition) {
        running.removeAll { $0 === transition }
        scheduleDrain()
    }

    private func scheduleDrain() {
        guard !waiting.isEmpty, !drainScheduled else { return }
        drainScheduled = true
        Transaction.enqueueCallback(for: layer) { [weak self] in
            guard let self else { return }
            self.drainScheduled = false
            self.drain()
        }
    }

    /// Runs waiting requests in order while no transition runs.
    private func drain() {
        while running.isEmpty, !waiting.isEmpty {
            waiting.removeFirst()()
        }
    }
}
