import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// Where views were drawn at every frame of a motion (``SegueTestHost/recordMotion(tracking:timeout:of:)``):
/// each frame's time and, by id, each view's presentation frame and opacity. Compared with a stored JSON
/// reference (``assertMotion(of:named:tolerance:record:fileID:filePath:function:line:column:)``), a change
/// of a spring, a curve or a duration fails with the frame, the view and the value that moved.
///
/// Values are rounded as the replay trace rounds them (frames to 2 decimals, opacity to 3), so a curve
/// reads back from its JSON exactly.
public struct MotionCurve: Sendable, Hashable {
    /// A view's place in one frame.
    public struct Placement: Sendable, Hashable {
        /// The bounding box of its presentation layer in window points.
        public var frame: CGRect
        /// Its effective presentation opacity.
        public var alpha: Double

        /// A placement (rounded as the trace rounds).
        public init(frame: CGRect, alpha: Double) {
            self.frame = CGRect(x: MotionCurve.round(frame.minX, 2), y: MotionCurve.round(frame.minY, 2),
                                width: MotionCurve.round(frame.width, 2), height: MotionCurve.round(frame.height, 2))
            self.alpha = MotionCurve.round(alpha, 3)
        }
    }

    /// One frame.
    public struct Sample: Sendable, Hashable {
        /// The frame's index from the start of the motion (0: the first frame recorded).
        public var frame: Int
        /// Its time from the start of the motion, in milliseconds (3 decimals).
        public var time: Double
        /// The views drawn, by id: the pages by their trace ids, and the views tracked.
        public var views: [String: Placement]

        /// A frame's sample.
        public init(frame: Int, time: Double, views: [String: Placement]) {
            self.frame = frame
            self.time = MotionCurve.round(time, 3)
            self.views = views
        }
    }

    /// The frames, in order.
    public var samples: [Sample]

    /// A curve of `samples`.
    public init(samples: [Sample]) { self.samples = samples }

    static func round(_ v: Double, _ decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        let r = (v * scale).rounded() / scale
        return r == 0 ? 0 : r   // no -0 in the file
    }

    // MARK: JSON

    /// The curve as JSON, one frame a line, keys sorted: `{"frames": [{"frame": 0, "time": 0, "views":
    /// {"Second": {"frame": [393, 0, 393, 852], "alpha": 1}}}, …]}`.
    public var jsonText: String {
        var lines = ["{\"frames\": ["]
        for (i, s) in samples.enumerated() {
            let views = s.views.keys.sorted().map { id in
                let p = s.views[id]!
                let f = p.frame
                return "\(Self.quoted(id)): {\"frame\": [\(Self.number(f.minX)), \(Self.number(f.minY)), \(Self.number(f.width)), \(Self.number(f.height))], \"alpha\": \(Self.number(p.alpha))}"
            }.joined(separator: ", ")
            let comma = i == samples.count - 1 ? "" : ","
            lines.append("  {\"frame\": \(s.frame), \"time\": \(Self.number(s.time)), \"views\": {\(views)}}\(comma)")
        }
        lines.append("]}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The curve in `jsonText` (as ``jsonText`` writes it); throws ``MotionCurveFormatError`` naming what
    /// is wrong.
    public init(jsonText: String) throws {
        guard let object = try? JSONSerialization.jsonObject(with: Data(jsonText.utf8)) as? [String: Any],
              let frames = object["frames"] as? [[String: Any]] else {
            throw MotionCurveFormatError("not a motion curve: expected {\"frames\": [...]}")
        }
        var samples: [Sample] = []
        for (i, f) in frames.enumerated() {
            guard let frame = f["frame"] as? Int, let time = f["time"] as? Double, let views = f["views"] as? [String: Any] else {
                throw MotionCurveFormatError("frame entry \(i): needs \"frame\", \"time\" and \"views\"")
            }
            var placements: [String: Placement] = [:]
            for (id, value) in views {
                guard let v = value as? [String: Any], let r = v["frame"] as? [Double], r.count == 4, let alpha = v["alpha"] as? Double else {
                    throw MotionCurveFormatError("frame entry \(i), view \"\(id)\": needs \"frame\" [x, y, w, h] and \"alpha\"")
                }
                placements[id] = Placement(frame: CGRect(x: r[0], y: r[1], width: r[2], height: r[3]), alpha: alpha)
            }
            samples.append(Sample(frame: frame, time: time, views: placements))
        }
        self.init(samples: samples)
    }

    static func number(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        var s = String(format: "%.3f", v)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    static func quoted(_ s: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [s], options: [.fragmentsAllowed])
        let text = String(decoding: data, as: UTF8.self)
        return String(text.dropFirst().dropLast())
    }
}

/// A motion curve file that cannot be read.
public struct MotionCurveFormatError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var description: String
    init(_ description: String) { self.description = description }
}

/// How far a motion curve may be from its reference and still match.
public struct MotionTolerance: Sendable, Hashable {
    /// The largest difference of a frame's x, y, width or height, in points.
    public var points: Double
    /// The largest difference of an opacity.
    public var opacity: Double

    /// A tolerance of `points` points and `opacity` of opacity.
    public init(points: Double = 0.1, opacity: Double = 0.01) {
        precondition(points.isFinite && points >= 0 && opacity.isFinite && opacity >= 0, "A motion tolerance is not negative")
        self.points = points
        self.opacity = opacity
    }

    /// The default: 0.1 pt and 0.01 of opacity. The curves are computed in double precision on the virtual
    /// clock, the same on every machine to far less than the file's rounding (0.01 pt, 0.001); the
    /// default absorbs that rounding and nothing a changed spring or duration would move.
    public static let `default` = MotionTolerance()
}

/// One value of a motion curve that differs from its reference beyond the tolerance.
public struct MotionDifference: Sendable, Hashable, CustomStringConvertible {
    /// The frame, counted from the start of the motion.
    public var frame: Int
    /// The frame's time from the start of the motion, in milliseconds (0 for a difference in length).
    public var time: Double
    /// The view's id.
    public var view: String
    /// The value: `x`, `y`, `width`, `height`, `alpha`; or `view` when the view is in only one of the two
    /// frames, or `frames` when the curves have different lengths.
    public var value: String
    /// The curve's value (nil: absent).
    public var actual: Double?
    /// The reference's value (nil: absent).
    public var reference: Double?

    /// One sentence for a failure message: the frame, its time, the view, the value, both numbers and
    /// by how much they differ (in points, except for `alpha`).
    public var description: String {
        switch value {
        case "frames":
            return "the motion has \(Int(actual ?? 0)) frames, the reference \(Int(reference ?? 0))"
        case "view":
            return "frame \(frame) (\(MotionCurve.number(time)) ms): view \"\(view)\" is "
                + (actual == nil ? "missing (the reference has it)" : "drawn (the reference does not have it)")
        default:
            let a = actual ?? .nan, r = reference ?? .nan
            let unit = value == "alpha" ? "" : " pt"
            return "frame \(frame) (\(MotionCurve.number(time)) ms): \"\(view)\" \(value) is \(MotionCurve.number(a)), "
                + "the reference \(MotionCurve.number(r)) (off by \(MotionCurve.number(abs(a - r)))\(unit))"
        }
    }
}

/// The differences of `curve` from `reference` beyond `tolerance`, frame by frame, in order (empty:
/// they match).
public func compare(_ curve: MotionCurve, with reference: MotionCurve, tolerance: MotionTolerance = .default) -> [MotionDifference] {
    var differences: [MotionDifference] = []
    if curve.samples.count != reference.samples.count {
        differences.append(MotionDifference(frame: min(curve.samples.count, reference.samples.count), time: 0, view: "",
                                            value: "frames", actual: Double(curve.samples.count),
                                            reference: Double(reference.samples.count)))
    }
    for (a, r) in zip(curve.samples, reference.samples) {
        for id in Set(a.views.keys).union(r.views.keys).sorted() {
            guard let p = a.views[id], let q = r.views[id] else {
                differences.append(MotionDifference(frame: r.frame, time: r.time, view: id, value: "view",
                                                    actual: a.views[id] == nil ? nil : 1, reference: r.views[id] == nil ? nil : 1))
                continue
            }
            let values: [(String, Double, Double, Double)] = [
                ("x", p.frame.minX, q.frame.minX, tolerance.points), ("y", p.frame.minY, q.frame.minY, tolerance.points),
                ("width", p.frame.width, q.frame.width, tolerance.points), ("height", p.frame.height, q.frame.height, tolerance.points),
                ("alpha", p.alpha, q.alpha, tolerance.opacity),
            ]
            for (name, x, y, allowed) in values where abs(x - y) > allowed + 1e-9 {
                differences.append(MotionDifference(frame: r.frame, time: r.time, view: id, value: name, actual: x, reference: y))
            }
        }
    }
    return differences
}

/// The most differences a failure message lists (the count says how many more).
let listedMotionDifferences = 10

/// Checks `curve` against the reference `name` in `store` (`<name>.motion.json`) within `tolerance`
/// and says what it came to, recording no test failure. Record mode writes the reference; a failure
/// writes the curve made to `<name>.actual.motion.json` in the artifacts directory and lists the first
/// differences: the frame, its time, the view, the value and by how much.
public func verifyMotion(of curve: MotionCurve, named name: String, tolerance: MotionTolerance = .default,
                         record: Bool? = nil, store: SnapshotStore) -> SnapshotOutcome {
    let reference = store.referencePath(name, "motion.json")
    do {
        if record ?? SnapshotStore.isRecording() {
            try FileManager.default.createDirectory(atPath: store.referenceDirectory, withIntermediateDirectories: true)
            try Data(curve.jsonText.utf8).write(to: URL(fileURLWithPath: reference))
            return .recorded(path: reference)
        }
        let actualPath = store.artifactPath(name, "actual", "motion.json")
        func writeActual() throws {
            try FileManager.default.createDirectory(atPath: store.artifactsDirectory, withIntermediateDirectories: true)
            try Data(curve.jsonText.utf8).write(to: URL(fileURLWithPath: actualPath))
        }
        guard FileManager.default.fileExists(atPath: reference) else {
            try writeActual()
            return .failed(message: "No reference motion curve at \(reference): \(SnapshotStore.howToRecord). The curve made is at \(actualPath).")
        }
        let stored: MotionCurve
        do {
            stored = try MotionCurve(jsonText: String(contentsOfFile: reference, encoding: .utf8))
        } catch {
            return .failed(message: "\(reference): \(error)")
        }
        let differences = compare(curve, with: stored, tolerance: tolerance)
        if differences.isEmpty { return .matched }
        try writeActual()
        var lines = ["Motion \"\(name)\" differs from its reference \(reference) (tolerance \(MotionCurve.number(tolerance.points)) pt, opacity \(MotionCurve.number(tolerance.opacity))):"]
        lines += differences.prefix(listedMotionDifferences).map { "- \($0)" }
        if differences.count > listedMotionDifferences {
            lines.append("… and \(differences.count - listedMotionDifferences) more differences")
        }
        lines.append("The curve made is at \(actualPath). If the change is intended, \(SnapshotStore.howToRecord).")
        return .failed(message: lines.joined(separator: "\n"))
    } catch {
        return .failed(message: "Motion \"\(name)\": \(error)")
    }
}

/// Asserts that `curve` matches the reference `<name>.motion.json` (default name: the test function's)
/// stored next to the test file (``SnapshotStore``) within `tolerance`; a failure lists the frames and
/// values that differ. `record: true` (or `SEGUE_RECORD_SNAPSHOTS=1`) writes the reference and fails.
@MainActor
public func assertMotion(of curve: MotionCurve, named name: String? = nil, tolerance: MotionTolerance = .default,
                         record: Bool? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                         function: String = #function, line: UInt = #line, column: UInt = #column) {
    let outcome = verifyMotion(of: curve, named: name ?? SnapshotStore.name(ofTest: function), tolerance: tolerance,
                               record: record, store: SnapshotStore(filePath: "\(filePath)"))
    report(outcome, filePath: filePath, line: line, column: column, fileID: fileID)
}

extension SegueTestHost {
    /// Runs `action`, then frames until the window is idle, and returns every frame's placement of the
    /// pages (by their trace ids) and of the `tracking` views (by the names given) as a ``MotionCurve``:
    /// frame 0 is the first frame `action` runs. A view not in the window in a frame is absent from it.
    public func recordMotion(tracking views: [String: View] = [:], timeout: TimeInterval = SegueTestHost.defaultTimeout,
                             of action: () throws -> Void) throws -> MotionCurve {
        let first = frame + 1
        var samples: [MotionCurve.Sample] = []
        try recordingFrames({ index in
            var placements: [String: MotionCurve.Placement] = [:]
            for view in self.views { placements[view.id] = MotionCurve.Placement(frame: view.frame, alpha: view.alpha) }
            for (name, view) in views {
                if let p = TraceView.placement(of: view, in: self.window, values: { $0.renderedProperties }) {
                    placements[name] = MotionCurve.Placement(frame: p.frame, alpha: p.opacity)
                }
            }
            samples.append(MotionCurve.Sample(frame: index - first,
                                              time: ReplayTimeline.time(ofFrame: index) - ReplayTimeline.time(ofFrame: first),
                                              views: placements))
        }) {
            try action()
            try runUntilIdle(timeout: timeout)
        }
        return MotionCurve(samples: samples)
    }
}
