import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// What `segue inspect` shows, without the window: a replay script run on the virtual clock to any frame,
/// the timeline of the whole run (its transitions as bars, its input events as ticks), and the model and
/// presentation values of a page or sheet at the frame shown.
///
/// Going to frame `k` runs the script's frames up to `k` without drawing them (forwards from where the run
/// is; backwards by starting again from frame 0): the state at `k` is exactly what `segue replay` traces
/// at `k`, because it is the same frames of the same driver.
@MainActor
final class InspectorSession {
    /// A transition's span on the timeline.
    struct Bar: Equatable {
        var kind: String
        var interactive: Bool
        /// The first and last frame it ran in.
        var frames: ClosedRange<Int>
    }

    /// A page's or sheet's values at the frame shown.
    struct Details: Equatable {
        struct Values: Equatable {
            var frame: CGRect
            var position: CGPoint
            var transform: Transform3D
            var opacity: Double
        }
        struct RunningAnimation: Equatable {
            var key: String
            /// Seconds into the animation (its layer's local time minus its begin time) and its duration.
            var localTime: Double
            var duration: Double
        }
        var id: String
        var model: Values
        var presentation: Values
        var animations: [RunningAnimation]

        /// The side panel's lines.
        var lines: [String] {
            func values(_ v: Values) -> [String] {
                [String(format: "  frame %.1f, %.1f, %.1f x %.1f", v.frame.minX, v.frame.minY, v.frame.width, v.frame.height),
                 String(format: "  position %.1f, %.1f", v.position.x, v.position.y),
                 "  transform " + (v.transform == .identity ? "identity" : String(format: "tx %.1f ty %.1f sx %.3f",
                                                                                 v.transform.m41, v.transform.m42, v.transform.m11)),
                 String(format: "  opacity %.3f", v.opacity)]
            }
            var lines = [id, "model"] + values(model) + ["presentation"] + values(presentation)
            lines.append(animations.isEmpty ? "no animation" : "animations")
            for a in animations { lines.append(String(format: "  %@ %.3f s of %.3f s", a.key, a.localTime, a.duration)) }
            return lines
        }
    }

    let script: ReplayScript
    /// The last frame of the run.
    let lastFrame: Int
    /// The transitions of the whole run, in order.
    private(set) var bars: [Bar] = []
    /// The frame each input event is delivered before (the timeline's ticks).
    private(set) var eventFrames: [Int] = []

    private var driver: ReplayDriver
    private(set) var window: DemoWindow
    /// The frame shown (the last that ran), -1 before the first.
    private(set) var frame = -1
    /// How many frames were run to reach the frames asked for (re-runs included): the cost of seeking.
    private(set) var framesRun = 0

    init(script: ReplayScript) throws {
        self.script = script
        lastFrame = ReplayTimeline.lastFrame(within: script.duration)
        (driver, window) = Self.start(script)
        eventFrames = script.events.map { ReplayTimeline.firstFrame(atOrAfter: $0.time) }
        try survey()
        try seek(to: 0)
    }

    private static func start(_ script: ReplayScript) -> (ReplayDriver, DemoWindow) {
        let driver = ReplayDriver(script: script)
        let window = DemoWindow(clock: driver.clock, size: script.size)
        window.quitsOnEscape = false   // the whole script is inspected, as replay would run it
        return (driver, window)
    }

    /// Runs the whole script once for the timeline, then starts again.
    private func survey() throws {
        var open: Bar?
        while let k = try driver.step(window) {
            let t = window.traceSnapshot().transition
            if let t, open?.kind == t.kind.rawValue, let o = open, o.frames.upperBound == k - 1 {
                open = Bar(kind: o.kind, interactive: o.interactive || t.interactive, frames: o.frames.lowerBound...k)
            } else {
                if let o = open { bars.append(o) }
                open = t.map { Bar(kind: $0.kind.rawValue, interactive: $0.interactive, frames: k...k) }
            }
        }
        if let o = open { bars.append(o) }
        (driver, window) = Self.start(script)
    }

    /// Runs the script to frame `target` (clamped to the run), without drawing the frames in between.
    func seek(to target: Int) throws {
        let target = min(max(target, 0), lastFrame)
        if target < frame {
            (driver, window) = Self.start(script)
            frame = -1
        }
        while frame < target, let k = try driver.step(window) {
            frame = k
            framesRun += 1
        }
    }

    /// The trace line of the frame shown, as `segue replay --trace` writes it (without the log: the
    /// callbacks of a frame are drained by whoever reads them first).
    var traceSnapshot: TraceFrame { window.traceSnapshot() }

    /// The page or sheet drawn at `point` (window points of the app), front-most first; nil for none.
    func page(at point: CGPoint) -> String? {
        traceSnapshot.views.last { $0.frame.contains(point) }?.id
    }

    /// The values of the page or sheet `id` at the frame shown (nil when it is not in the window).
    func details(of id: String) -> Details? {
        guard let view = window.view(ofPage: id) else { return nil }
        let layer = view.layer
        func values(_ p: LayerProperties, frame: CGRect?) -> Details.Values {
            Details.Values(frame: frame ?? p.frame, position: p.position, transform: p.transform, opacity: Double(p.opacity))
        }
        let shown = traceSnapshot.views.first { $0.id == id }?.frame
        let animations = (layer.animationKeys() ?? []).compactMap { key -> Details.RunningAnimation? in
            guard let a = layer.animation(forKey: key), let time = layer.activeTime(ofAnimationForKey: key) else { return nil }
            // Animations added without a key get a private one: name them by their property.
            let name = key.hasPrefix("\u{1}") ? (a.animatedPropertyName ?? "animation") : key
            return Details.RunningAnimation(key: name, localTime: time, duration: a.timing.duration)
        }
        return Details(id: id, model: values(layer.model, frame: view.modelFrame(in: window)),
                       presentation: values(layer.renderedProperties, frame: shown), animations: animations)
    }
}
