import Foundation
import SegueAnimation
import Testing
@testable import SegueSDL

/// A seeded generator (SplitMix64), so that a fuzz failure is reproduced by its seed and index.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A fuzzer over the replay script parser (issue 13, "Bad input"): random bytes, truncations of valid
/// scripts, wrong types, huge numbers, NaN and the infinities, negative and out-of-order times, unknown
/// keys, sizes at and past each limit. Every input either parses (and then runs its first frames) or
/// throws the one-line error of the replay spec; none crashes.
@MainActor
@Suite struct ReplayScriptFuzzTests {
    /// The fuzzer's seed (fixed: CI runs the same inputs every time).
    static let seed: UInt64 = 13
    /// Random inputs generated per kind of mutation.
    static let inputsPerKind = 400
    /// The frames a parsed script runs (100 ms at 60 Hz, the start of every script).
    static let framesRun = 6

    static let valid = """
        {"size": [800, 600], "duration": 900, "events": [{"t": 0, "type": "key", "key": "Return"}, \
        {"t": 100, "type": "down", "x": 5, "y": 300}, {"t": 116, "type": "move", "x": 60, "y": 300}, \
        {"t": 133, "type": "up", "x": 60, "y": 300}, {"t": 200, "type": "resize", "width": 640, "height": 480}, \
        {"t": 300, "type": "focusLost"}, {"t": 310, "type": "focusGained"}, {"t": 320, "type": "cancel", "x": 1, "y": 2}]}
        """

    /// Values of every wrong kind and at every edge.
    static let oddValues = ["null", "true", "\"x\"", "[]", "{}", "-1", "0", "1e308", "-1e308", "1e999", "NaN", "Infinity",
                            "-Infinity", "199", "200", "8192", "8193", "2147483648", "-2147483649", "0.5", "\"\"",
                            "[200, 200]", "[8192, 8192]", "[8193, 600]", "[199, 600]", "[800]", "[800, 600, 1]",
                            "[\"800\", 600]", "[1e999, 600]"]
    static let keys = ["size", "duration", "events", "t", "type", "x", "y", "key", "width", "height", "unknown", ""]

    /// Outcome counts.
    struct Tally { var parsed = 0, rejected = 0 }

    /// Parses `text`; on success runs its first frames in a window; on failure checks the one line.
    func check(_ data: Data, _ tally: inout Tally, _ label: @autoclosure () -> String) throws {
        do {
            let script = try ReplayScript(parsing: data, file: "fuzz.json")
            tally.parsed += 1
            let first = ReplayScript(size: script.size, duration: min(script.duration, 100),
                                     events: script.events.filter { $0.time <= 100 })
            let driver = ReplayDriver(script: first)
            let scene = ReplayTestWindow(clock: driver.clock, size: first.size)
            _ = try driver.run(scene)
            #expect(driver.clock.frame <= Self.framesRun + 1, "\(label())")
        } catch let error as ReplayScriptError {
            tally.rejected += 1
            let line = error.description
            #expect(!line.isEmpty && !line.contains("\n") && line.hasPrefix("fuzz.json: "), "\(label()): \(line)")
        }
    }

    @Test func everyInputParsesAndRunsOrThrowsTheOneLineError() throws {
        var rng = SplitMix64(seed: Self.seed)
        var tally = Tally()
        let valid = Array(Self.valid.utf8)
        // Random bytes, and random bytes in JSON's alphabet.
        let alphabet = Array("{}[]\",:0123456789.-eE truefalsnul\"tyxkeysizeduration".utf8)
        for i in 0..<Self.inputsPerKind {
            let n = Int.random(in: 0...200, using: &rng)
            let bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            try check(Data(bytes), &tally, "random bytes \(i)")
            let json = (0..<n).map { _ in alphabet.randomElement(using: &rng)! }
            try check(Data(json), &tally, "random JSON-ish \(i)")
        }
        // Every truncation of the valid script.
        for k in 0...valid.count { try check(Data(valid.prefix(k)), &tally, "truncated at \(k)") }
        // A value replaced by an odd one, at a random key.
        for i in 0..<Self.inputsPerKind {
            let key = Self.keys.randomElement(using: &rng)!, value = Self.oddValues.randomElement(using: &rng)!
            var text = Self.valid
            let pattern = "\"\(key)\": "
            if let range = text.range(of: pattern) {
                let end = text[range.upperBound...].firstIndex { $0 == "," || $0 == "}" } ?? text.endIndex
                text.replaceSubrange(range.upperBound..<end, with: value)
            } else {
                text = text.replacingOccurrences(of: "{\"size\"", with: "{\"\(key)\": \(value), \"size\"")
            }
            try check(Data(text.utf8), &tally, "\(key) = \(value) (\(i))")
        }
        // Times negative, huge and out of order; sizes at and past each limit in resize events.
        for t in ["-1", "-0.001", "0", "1e12", "1e308", "NaN", "Infinity"] {
            try check(Data(#"{"events": [{"t": 50, "type": "focusLost"}, {"t": \#(t), "type": "focusGained"}]}"#.utf8), &tally, "t \(t)")
        }
        for side in ["199", "200", "8192", "8193", "0", "-200", "1e9"] {
            try check(Data(#"{"events": [{"t": 0, "type": "resize", "width": \#(side), "height": 600}]}"#.utf8), &tally, "width \(side)")
            try check(Data(#"{"size": [800, \#(side)], "duration": 50, "events": []}"#.utf8), &tally, "size height \(side)")
        }
        for d in ["-1", "0", "1e999", "1e12"] {
            try check(Data(#"{"duration": \#(d), "events": []}"#.utf8), &tally, "duration \(d)")
        }
        let total = tally.parsed + tally.rejected
        // The run's figures, for the record (the article Reliability): inputs, parsed, rejected.
        print("replay parser fuzz (seed \(Self.seed)): \(total) inputs, \(tally.parsed) parsed and ran, \(tally.rejected) rejected with one line, 0 crashes")
        #expect(total == 2 * Self.inputsPerKind + (valid.count + 1) + Self.inputsPerKind + 7 + 14 + 4)
        #expect(tally.parsed > 0 && tally.rejected > 0)
    }
}
