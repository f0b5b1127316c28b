import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// One gesture of the iPhone's release table (spec gestures-and-timing), as a replay script of
/// `Resources/scripts/device/` (written by `scripts/make-device-scripts.py`), with what the device did: the
/// script's `device` field, which the replay format ignores.
struct DeviceGesture {
    /// What the iPhone 16 Pro (iOS 27, 402 x 874 pt) did, as the table gives it.
    struct Device {
        /// The table's description of the gesture.
        var gesture: String
        /// The top page's x at the lift, in widths (nil: no finger).
        var pageAtLift: Double?
        /// The release velocity by the rule's measure, in widths per second (nil: no finger).
        var releaseVelocity: Double?
        /// "pops" or "returns" (nil: no finger).
        var outcome: String?
        /// Milliseconds from the lift (or, with ``fromOnset``, from the onset of motion) until the page
        /// stays within 1 pt of its end.
        var settle: Double
        /// Whether ``settle`` counts from the onset of motion (a programmatic push or pop).
        var fromOnset: Bool
    }

    /// The script's file name without `.json`.
    var name: String
    var script: ReplayScript
    var device: Device

    /// Reads a script of `Resources/scripts/device/` and its `device` field.
    static func load(_ path: String) throws -> DeviceGesture {
        let script = try ReplayScript.load(contentsOfFile: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let d = root["device"] as? [String: Any], let gesture = d["gesture"] as? String,
              let settle = (d["settle"] as? NSNumber)?.doubleValue else {
            throw FidelityError("\(path): no \"device\" field with a gesture and a settle time")
        }
        let device = Device(gesture: gesture, pageAtLift: (d["pageAtLift"] as? NSNumber)?.doubleValue,
                            releaseVelocity: (d["releaseVelocity"] as? NSNumber)?.doubleValue,
                            outcome: d["outcome"] as? String, settle: settle, fromOnset: d["settleFrom"] as? String == "onset")
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return DeviceGesture(name: name, script: script, device: device)
    }

    /// Every script of `directory`, by name.
    static func loadAll(in directory: String) throws -> [DeviceGesture] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { try load((directory as NSString).appendingPathComponent($0)) }
    }
}

/// A bad device script or output path: one line, exit 2.
struct FidelityError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What Segue does with a device gesture, replayed in the demo app on the virtual 60 Hz clock.
struct FidelityMeasurement {
    /// The id of the page that moves: the pushed page (`tab0.page1`), popped or pushed.
    static let pageID = "tab0.page1"
    /// How close to its end the page must stay to count as settled, in points (the table's 1 pt).
    static let settleTolerance: CGFloat = 1

    /// The window's width, in points.
    var width: CGFloat
    /// The page's x at the lift, in widths (nil: no finger).
    var pageAtLift: Double?
    /// The release velocity by the rule's measure (``VelocityTracker/releaseRuleVelocity(at:position:)``), in
    /// widths per second (nil: no finger).
    var releaseVelocity: Double?
    /// "pops" or "returns" for an edge pan ("pushes" or "pops" without a finger).
    var outcome: String
    /// When the settle is counted from, in ms: the lift, or the frame the page first moved in.
    var start: Double
    /// Milliseconds from ``start`` to the first frame from which the page stays within 1 pt of its end.
    var settle: Double?
    /// The page's x in every frame (nil where it is not in the window), with the frame's time in ms.
    var series: [(time: Double, x: CGFloat?)]
    /// Where the page ends, in points.
    var end: CGFloat
    /// The finger's travel since the pop was recognized, `dx - popSlop` clamped to the width (the reported
    /// percent times the width), in every frame of the drag, with the frame's time in ms: the drawn page
    /// trails it through the tracking spring.
    var finger: [(time: Double, x: CGFloat)] = []
    /// Milliseconds from ``start`` until the release spring alone, started where and as fast as the page
    /// was drawn in the lift's frame, stays within 1 pt of the end on the same frames, drawn past the end
    /// where it swings there (as the iPhone draws it); Segue's page stops at its end instead (nil: no finger).
    var springSettle: Double?

    /// Replays `gesture` in the demo app and measures it.
    @MainActor static func measure(_ gesture: DeviceGesture) throws -> FidelityMeasurement {
        let script = gesture.script
        let driver = ReplayDriver(script: script)
        let window = DemoWindow(clock: driver.clock, size: script.size)
        var frames: [TraceFrame] = []
        var times: [Double] = []
        _ = try driver.run(window, afterFrame: { k in
            frames.append(window.traceSnapshot())
            times.append(ReplayTimeline.time(ofFrame: k))
        })
        let width = script.size.width
        let series = zip(times, frames).map { t, f in (time: t, x: f.views.first { $0.id == pageID }?.frame.minX) }
        let lift = script.events.last { if case .up = $0.kind { true } else { false } }
        let depth = frames.last?.stack?.count ?? 0
        let outcome: String
        let end: CGFloat
        let start: Double
        if let lift {
            outcome = depth == 1 ? "pops" : "returns"
            end = depth == 1 ? width : 0
            start = lift.time
        } else {
            // No finger: a programmatic push (the page ends at 0) or pop (it ends off to the right).
            let popped = script.events.contains { $0.kind == .key("Backspace") }
            outcome = popped ? "pops" : "pushes"
            end = popped ? width : 0
            // The onset of motion: the last frame, from the key's on, in which the page stood still before it
            // first moved (a pushed page appears at the right edge in the key's frame).
            let key = script.events.last?.time ?? 0
            var i = max(series.firstIndex { $0.time >= key } ?? 1, 1)
            while i < series.count, series[i].x == nil || series[i - 1].x == nil || series[i].x == series[i - 1].x { i += 1 }
            start = series[min(i, series.count) - 1].time
        }
        var settle: Double?
        for i in series.indices where series[i].time >= start {
            if series[i...].allSatisfy({ $0.x.map { abs($0 - end) <= settleTolerance } ?? true }) {
                settle = series[i].time - start
                break
            }
        }
        var pageAtLift: Double?, releaseVelocity: Double?
        var springSettle: Double?
        if let lift {
            pageAtLift = series.last { $0.time <= lift.time }?.x.map { Double($0 / width) }
            releaseVelocity = Double(ruleVelocity(of: script).x / width)
            springSettle = settleOfTheSpringAlone(series, lift: lift.time, end: end)
        }
        var m = FidelityMeasurement(width: width, pageAtLift: pageAtLift, releaseVelocity: releaseVelocity, outcome: outcome,
                                    start: start, settle: settle, series: series, end: end)
        m.springSettle = springSettle
        m.finger = fingerTravel(of: script, at: times, width: width)
        return m
    }

    /// ``springSettle``: the release spring run unclamped from the page's position and velocity (over the
    /// last frame) in the frame the lift was delivered in, sampled on the following 60 Hz frames.
    static func settleOfTheSpringAlone(_ series: [(time: Double, x: CGFloat?)], lift: Double, end: CGFloat) -> Double? {
        guard let i = series.firstIndex(where: { $0.time >= lift }), i > 1,
              let x0 = series[i - 1].x, let before = series[i - 2].x else { return nil }
        let dt = (series[i - 1].time - series[i - 2].time) / 1000
        let distance = Double(end - x0)
        guard abs(distance) > 1e-9, dt > 0 else { return series[i - 1].time - lift }
        let v0 = Double(x0 - before) / dt
        let sim = SpringSimulation(spring: TransitionSettings().releaseSpring, initialVelocity: v0 / distance)
        let base = series[i - 1].time
        var k = 0
        var lastOutside = 0
        while Double(k) / 60 < 3 {
            let x = Double(x0) + distance * sim.value(at: Double(k) / 60)
            if abs(x - Double(end)) > Double(settleTolerance) { lastOutside = k }
            k += 1
        }
        return base + Double(lastOutside + 1) * 1000 / 60 - lift
    }

    /// The finger's travel past the slop in each frame (``finger``), from the script's pointer events.
    static func fingerTravel(of script: ReplayScript, at times: [Double], width: CGFloat) -> [(time: Double, x: CGFloat)] {
        var down: CGFloat?, x: CGFloat?, lifted = false
        var events = script.events[...]
        var out: [(time: Double, x: CGFloat)] = []
        for t in times {
            while let e = events.first, e.time <= t {
                events = events.dropFirst()
                switch e.kind {
                case .down(let p): down = p.x; x = p.x
                case .move(let p): x = p.x
                case .up: lifted = true
                default: break
                }
            }
            guard !lifted, let down, let x else { continue }
            out.append((t, min(max(x - down - TransitionSettings.defaultPopSlop, 0), width)))
        }
        return out
    }

    /// The release rule's velocity of the script's pointer at its lift, from the same samples a pan's
    /// tracker gets (the down, each move, the lift), in points per second.
    static func ruleVelocity(of script: ReplayScript) -> CGPoint {
        var tracker = VelocityTracker()
        for event in script.events {
            switch event.kind {
            case .down(let p), .move(let p):
                tracker.addSample(at: event.time / 1000, position: p)
            case .up(let p):
                return tracker.releaseRuleVelocity(at: event.time / 1000, position: p)
            default:
                break
            }
        }
        return .zero
    }
}
