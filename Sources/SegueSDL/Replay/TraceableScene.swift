import SegueUI

/// A scene `segue replay` can trace: after each frame the driver asks it for the frame's state and for
/// what happened during the frame, and writes one line of the trace (``TraceLine``).
///
/// `Sendable` costs a scene nothing: a main-actor class (a `Window` subclass) is sendable; it
/// lets the replay hand the scene between its phases without the compiler suspecting a race.
@MainActor
public protocol TraceableScene: HostedScene, Sendable {
    /// The state of the frame just run (called after the frame function, so presentation values are the
    /// ones drawn in it).
    func traceSnapshot() -> TraceFrame
    /// What happened since the last call, in order (the trace's `log`: `tab0.page1.viewWillAppear`,
    /// `transition.begin:push`...), and forgets it. Called once after each frame; what happened before
    /// frame 0 (building the scene) is in frame 0's log.
    func drainLog() -> [String]
}
