import SegueAnimation

/// The modal presentations of one window: the presentation or dismissal running now and an observer of
/// their transitions (their ``TransitionLifecycle``). Owned by the ``Window``
/// (``Window/modalPresentations``); ``ViewController/present(_:animated:completion:)`` and
/// ``ViewController/dismiss(animated:completion:)`` go through it, and their requests wait in the window's
/// one queue (``Window/transitionRequests``) as every container's do.
///
/// No UIKit counterpart (UIKit keeps this in its private presentation machinery; it ignores a present
/// asked for during another with a log line, where Segue queues it).
@MainActor
public final class ModalPresentations: TransitionLifecycleOwner {
    /// The lifecycle every presentation and dismissal of the window runs through.
    public let lifecycle = TransitionLifecycle()

    init() {}
}
