import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// The transition running in the host's window, as the replay trace reports it.
public typealias TransitionState = TraceTransition

extension SegueTestHost {
    /// The navigation controller's running transition after the last frame (kind, percent, phase,
    /// interactivity, as the trace's `transition`), nil when none runs. The host follows the first
    /// navigation controller from the root (`AppScene`).
    public var transition: TransitionState? { trace.last?.snapshot.transition }

    /// Where `view` was drawn in the last frame: the bounding box of its presentation layer in window
    /// points (the trace's `frame`); nil when it is not in the window.
    public func presentationFrame(of view: View) -> CGRect? {
        TraceView.placement(of: view, in: window, values: { $0.renderedProperties })?.frame
    }

    /// How opaque `view` was drawn in the last frame: its presentation opacity times its ancestors' (0
    /// when it or one is hidden); nil when it is not in the window.
    public func opacity(of view: View) -> Double? {
        TraceView.placement(of: view, in: window, values: { $0.renderedProperties })?.opacity
    }

    /// The pages the last frame drew, by their trace ids (a page's unique title, else its type and index
    /// in the stack), back to front.
    public var views: [TraceView] { trace.last?.snapshot.views ?? [] }

    /// What happened so far, in order: the appearance callbacks of the pages (`Second.viewWillAppear`) and
    /// the transitions' `transition.begin:push`, `transition.finish:push`, `transition.cancel:pop`
    /// (the trace's `log`, all frames together).
    public var log: [String] { trace.flatMap(\.log) }

    /// The log of the frames after frame `index`.
    public func log(after index: Int) -> [String] { trace.filter { $0.frame > index }.flatMap(\.log) }

    /// The replay trace of the frames so far (spec replay-and-trace.md, "Trace"): one JSON line per frame,
    /// as `segue replay --trace` writes for the same input.
    public var traceText: String { trace.map { $0.json + "\n" }.joined() }
}
