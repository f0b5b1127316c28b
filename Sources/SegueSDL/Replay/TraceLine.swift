import Foundation
import SegueAnimation

/// One line of the replay trace (JSON Lines), written by hand so two runs give the same bytes: the keys
/// in the spec's order (`frame`, `time`, `tab`, `stack`, `modal`, `transition` {`kind`, `interactive`,
/// `percent`, `phase`}, `views` {id: {`frame`, `alpha`}}, then `bar` {`bottom`, `largeTitle`, `title`} and
/// `scroll` {`y`, `top`} on frames that have them (issue 39), `log`), `", "` and `": "` between items as in
/// the spec's example, and every number rounded to a fixed number of decimals then printed in its
/// shortest form (`1016.667`, `44`, `-223.4`, never `-0` or an exponent):
///
/// ```
/// {"frame": 61, "time": 1016.667, "tab": 0, "stack": ["tab0.page0", "tab0.page1"], "modal": [], "transition": {"kind": "pop", "interactive": true, "percent": 0.069, "phase": "interacting"}, "views": {"tab0.page0": {"frame": [-223.4, 44, 800, 507], "alpha": 1}}, "log": []}
/// ```
public struct TraceLine: Sendable, Hashable {
    /// Decimals of `time` (milliseconds; the spec's "3 decimals").
    public static let timeDecimals = 3
    /// Decimals of a view's `frame` values (points; the spec's "2 decimals").
    public static let frameDecimals = 2
    /// Decimals of a transition's `percent` (the spec's example, `0.069`, has 3).
    public static let percentDecimals = 3
    /// Decimals of a view's `alpha` (Segue's choice, as `percent`: an 8-bit opacity step is 0.004).
    public static let alphaDecimals = 3

    /// The frame's index (`frame`), from 0.
    public var frame: Int
    /// The frame's time in milliseconds (`time`).
    public var time: Double
    /// The scene's state.
    public var snapshot: TraceFrame
    /// What happened during the frame (`log`).
    public var log: [String]

    /// The line for frame `frame` at `time` milliseconds.
    public init(frame: Int, time: Double, snapshot: TraceFrame, log: [String]) {
        self.frame = frame
        self.time = time
        self.snapshot = snapshot
        self.log = log
    }

    /// The JSON object, on one line, without the line feed. A duplicate view id or a number that is not
    /// finite is a programming error of the scene and stops the program.
    public var json: String {
        var out = "{\"frame\": \(frame), \"time\": \(Self.number(time, decimals: Self.timeDecimals))"
        out += ", \"tab\": " + (snapshot.tab.map { "\($0)" } ?? "null")
        out += ", \"stack\": " + (snapshot.stack.map(Self.strings) ?? "null")
        out += ", \"modal\": " + (snapshot.modal.map(Self.strings) ?? "null")
        out += ", \"transition\": "
        if let t = snapshot.transition {
            out += "{\"kind\": \(Self.string(t.kind.rawValue)), \"interactive\": \(t.interactive)"
                + ", \"percent\": \(Self.number(t.percent, decimals: Self.percentDecimals))"
                + ", \"phase\": \(Self.string(t.phase.rawValue))}"
        } else {
            out += "null"
        }
        out += ", \"views\": {"
        var seen = Set<String>()
        for (i, view) in snapshot.views.enumerated() {
            precondition(seen.insert(view.id).inserted, "Two views in one trace frame have the id \(view.id)")
            let f = view.frame
            let box = [f.minX, f.minY, f.width, f.height].map { Self.number($0, decimals: Self.frameDecimals) }
            out += (i == 0 ? "" : ", ") + Self.string(view.id) + ": {\"frame\": [" + box.joined(separator: ", ")
                + "], \"alpha\": " + Self.number(view.alpha, decimals: Self.alphaDecimals) + "}"
        }
        out += "}"
        if let bar = snapshot.bar {
            out += ", \"bar\": {\"bottom\": " + Self.number(bar.bottom, decimals: Self.frameDecimals)
                + ", \"largeTitle\": " + Self.number(bar.largeTitle, decimals: Self.alphaDecimals)
                + ", \"title\": " + Self.number(bar.title, decimals: Self.alphaDecimals) + "}"
        }
        if let scroll = snapshot.scroll {
            out += ", \"scroll\": {\"y\": " + Self.number(scroll.y, decimals: Self.frameDecimals)
                + ", \"top\": " + Self.number(scroll.top, decimals: Self.frameDecimals) + "}"
        }
        out += ", \"log\": " + Self.strings(log) + "}"
        return out
    }

    /// `value` rounded half away from zero to `decimals` places, in its shortest decimal form (no
    /// trailing zeros, no `-0`, no exponent), independent of locale.
    static func number(_ value: Double, decimals: Int) -> String {
        precondition(value.isFinite, "A trace number must be finite, got \(value)")
        precondition((0...6).contains(decimals), "A trace number has 0 to 6 decimals")
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * Double(scale)).rounded(.toNearestOrAwayFromZero)
        precondition(abs(scaled) < 9e15, "A trace number must be below 9e15 once scaled, got \(value)")
        let units = Int64(scaled)
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(scale)
        var fraction = magnitude % UInt64(scale)
        var digits = decimals
        while digits > 0 && fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var text = units < 0 ? "-\(whole)" : "\(whole)"
        if digits > 0 {
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func strings(_ items: [String]) -> String {
        "[" + items.map(string).joined(separator: ", ") + "]"
    }
}
