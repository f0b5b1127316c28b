import Foundation
import SegueSDL

/// Runs monkey scripts in child processes (`segue monkey --replay FILE`), so that a run that crashes (a
/// failed precondition in the library: unbalanced appearance calls, an illegal transition move) is a
/// failure like a broken invariant: the parent sees it, finds the event it happens at, and shrinks it.
@MainActor
struct MonkeyChild {
    /// How a script ended in a child.
    enum Outcome: Equatable, CustomStringConvertible {
        case passed
        /// An invariant was broken: its rule, and the child's description of it.
        case violation(rule: String, description: String)
        /// The child died (a signal): the fatal error's message, when it printed one.
        case crashed(message: String)

        var description: String {
            switch self {
            case .passed: "every invariant held"
            case .violation(_, let description): description
            case .crashed(let message): "crash: \(message)"
            }
        }

        /// Whether `other` is the same failure, for the shrinker: the same rule, or a crash with the same
        /// message once the controllers named in it (`<DemoPage "One">`) are left out, up to its first
        /// parenthesis (``crashSignatureLength`` characters at most).
        func isSameFailure(as other: Outcome) -> Bool {
            switch (self, other) {
            case (.violation(let a, _), .violation(let b, _)): a == b
            case (.crashed(let a), .crashed(let b)): Self.signature(a) == Self.signature(b)
            default: false
            }
        }

        /// The characters of a crash message compared.
        static let crashSignatureLength = 120

        private static func signature(_ message: String) -> Substring {
            var kept = "", inName = false
            for c in message.prefix(while: { $0 != "(" }) {
                if c == "<" { inName = true } else if c == ">" { inName = false } else if !inName { kept.append(c) }
            }
            return Substring(kept.prefix(crashSignatureLength))
        }
    }

    /// The line a child prints before the rule of the violation it found (for the parent to read).
    static let rulePrefix = "rule: "
    /// The `segue` executable (this process's own).
    let executable: URL

    /// The app the children run scripts in.
    let scene: ReplayScene

    /// Children of the running executable, running scripts in `scene`.
    init(scene: ReplayScene = .demo) {
        executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        self.scene = scene
    }

    /// Runs `script` in a child and tells how it ended.
    func run(_ script: ReplayScript) throws -> Outcome {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("segue-monkey-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).json")
        try script.write(toFile: file.path)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["monkey", "--replay", file.path, "--scene", scene.rawValue]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"   // a crash's message, without a minute of backtrace
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            // Swift's messages for fatalError, precondition and assert, from the marker on (no file and line).
            let markers = ["Fatal error", "Precondition failed", "Assertion failed"]
            for line in errors.split(separator: "\n") {
                if let marker = markers.lazy.compactMap({ line.range(of: $0) }).first {
                    return .crashed(message: String(line[marker.lowerBound...]))
                }
            }
            return .crashed(message: "signal \(process.terminationStatus)")
        }
        if process.terminationStatus == 0 { return .passed }
        let lines = output.split(separator: "\n")
        guard let rule = lines.first(where: { $0.hasPrefix(Self.rulePrefix) }) else {
            return .crashed(message: "exit \(process.terminationStatus): \(errors.prefix(200))")
        }
        return .violation(rule: String(rule.dropFirst(Self.rulePrefix.count)), description: String(lines.first ?? ""))
    }

    /// Finds where `events` first fail like `failure` (the shortest failing prefix, by bisection, each
    /// prefix run with `settle` ms after its last event), then shrinks that prefix to a short list that
    /// fails the same way; the script of it, the index of the event the first failing prefix ends with,
    /// and the runs taken.
    func shrink(_ events: [ReplayEvent], failure: Outcome, settle: Double = ReplayScript.defaultTrailingDuration)
        throws -> (script: ReplayScript, outcome: Outcome, eventIndex: Int, runs: Int) {
        func script(_ list: [ReplayEvent]) -> ReplayScript { MonkeyEventGenerator.script(list, settle: settle) }
        var runs = 0
        var low = 0, high = events.count   // prefix(high) fails; prefix(low) is not known to
        while high - low > 1 {
            let mid = (low + high) / 2
            runs += 1
            if try run(script(Array(events.prefix(mid)))).isSameFailure(as: failure) { high = mid } else { low = mid }
        }
        var shrinker = MonkeyShrinker()
        let shrunk = try shrinker.shrink(Array(events.prefix(high))) { try run(script($0)).isSameFailure(as: failure) }
        let final = script(shrunk)
        return (final, try run(final), high - 1, runs + shrinker.runs)
    }
}
