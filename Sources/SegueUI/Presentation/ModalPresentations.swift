import SegueAnimation

/// The modal presentations of one window: the presentation or dismissal running now, the requests
/// waiting behind it, and an observer of their transitions. Owned by the ``Window``
/// (``Window/modalPresentations``); ``ViewController/present(_:animated:completion:)`` and
/// ``ViewController/dismiss(animated:completion:)`` go through it.
///
/// No UIKit counterpart (UIKit keeps this in its private presentation machinery; it ignores a present
/// asked for during another with a log line, where Segue queues it).
@MainActor
public final class ModalPresentations {
    /// The presentation or dismissal running now, if any.
    public internal(set) var currentTransition: ContainerTransition?
    /// Told when a presentation or dismissal begins (right before its appearance callbacks) and when it
    /// ends, finished or cancelled (right after its bookkeeping). Segue's addition, for tools (the replay
    /// trace, a HUD).
    public var transitionObserver: ((ContainerTransition, ContainerTransition.Event) -> Void)?
    private var queued: [() -> Void] = []

    init() {}

    /// Runs `request` now, or after the running transition (and the requests before it) when one runs.
    func perform(_ request: @escaping () -> Void) {
        if currentTransition != nil || !queued.isEmpty {
            queued.append(request)
        } else {
            request()
        }
    }

    /// The running transition ended: the next queued request runs after its completion blocks.
    func transitionEnded() {
        currentTransition = nil
        guard !queued.isEmpty else { return }
        Transaction.enqueueCallback { [weak self] in self?.runQueued() }
    }

    private func runQueued() {
        // Requests that start no transition (a dismissal with nothing presented) let the next one run too.
        while currentTransition == nil, !queued.isEmpty { queued.removeFirst()() }
    }
}
