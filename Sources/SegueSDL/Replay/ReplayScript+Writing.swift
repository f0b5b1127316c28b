import Foundation
import SegueAnimation

extension ReplayScript {
    /// The script in the replay format (spec: replay-and-trace.md, "Script"), one event a line, which
    /// ``init(parsing:file:)`` reads back to an equal script: what a tool writes for `segue replay` or a
    /// regression test (the monkey's shrunk scripts). Numbers are written whole when they are whole, else in
    /// the shortest form that reads back to the same value (a recorded finger's `98.76536178588867`).
    public var jsonText: String {
        var lines = ["{", "  \"size\": [\(Self.number(size.width)), \(Self.number(size.height))],",
                     "  \"duration\": \(Self.number(duration)),", "  \"events\": ["]
        for (i, event) in events.enumerated() {
            let comma = i == events.count - 1 ? "" : ","
            lines.append("    {\"t\": \(Self.number(event.time)), " + Self.fields(event.kind) + "}" + comma)
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes ``jsonText`` to `path`, atomically (a reader, such as `segue watch` resuming a session, never
    /// sees half a file).
    public func write(toFile path: String) throws {
        try Data(jsonText.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func fields(_ kind: ReplayEvent.Kind) -> String {
        func pointer(_ type: String, _ p: CGPoint) -> String { "\"type\": \"\(type)\", \"x\": \(number(p.x)), \"y\": \(number(p.y))" }
        func touch(_ type: String, _ id: Int, _ p: CGPoint) -> String {
            "\"type\": \"\(type)\", \"id\": \(id), \"x\": \(number(p.x)), \"y\": \(number(p.y))"
        }
        switch kind {
        case .down(let p): return pointer("down", p)
        case .move(let p): return pointer("move", p)
        case .up(let p): return pointer("up", p)
        case .cancel(let p): return pointer("cancel", p)
        case .key(let name):
            let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"type\": \"key\", \"key\": \"\(escaped)\""
        case .resize(let s): return "\"type\": \"resize\", \"width\": \(number(s.width)), \"height\": \(number(s.height))"
        case .focusLost: return "\"type\": \"focusLost\""
        case .focusGained: return "\"type\": \"focusGained\""
        case .wheel(let dx, let dy, let p):
            let position = p.map { ", \"x\": \(number($0.x)), \"y\": \(number($0.y))" } ?? ""
            return "\"type\": \"wheel\", \"dx\": \(number(dx)), \"dy\": \(number(dy))" + position
        case .touchDown(let id, let p): return touch("touchDown", id, p)
        case .touchMove(let id, let p): return touch("touchMove", id, p)
        case .touchUp(let id, let p): return touch("touchUp", id, p)
        }
    }

    private static func number(_ value: CGFloat) -> String { number(Double(value)) }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
