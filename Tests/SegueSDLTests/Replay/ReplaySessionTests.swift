import Foundation
import SegueAnimation
import SegueUI
import Testing
@testable import SegueSDL

/// Runs `json` with the test window and returns the trace's lines.
@MainActor
private func traceLines(_ json: String, size: CGSize? = nil, framesDirectory: String? = nil, every: Int = 1) throws -> [String] {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = (directory as NSString).appendingPathComponent("trace.jsonl")
    _ = try ReplaySession.run(try script(json), size: size,
                              outputs: ReplayOutputs(trace: .file(path), framesDirectory: framesDirectory, every: every)) {
        ReplayTestWindow(clock: $0, size: $1)
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasSuffix("\n"))
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

/// The width and height in a PNG's header.
private func pngSize(_ path: String) throws -> (Int, Int) {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    func be32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}

@Suite(.serialized) @MainActor
struct ReplaySessionTests {
    static let slideScript = #"{"size": [400, 300], "duration": 600, "events": [{"t": 0, "type": "key", "key": "Return"}]}"#

    @Test func theTraceHasOneLinePerFrameAndAKnownFrameExactly() throws {
        let lines = try traceLines(Self.slideScript)
        #expect(lines.count == 37)   // frames 0...36 (600 ms)
        #expect(lines[0] == #"{"frame": 0, "time": 0, "tab": null, "stack": null, "modal": null, "transition": null, "#
                + #""views": {"test.page": {"frame": [0, 0, 400, 300], "alpha": 1}, "test.box": {"frame": [100, 100, 50, 50], "alpha": 1}}, "#
                + #""log": ["test.box.slide"]}"#)
        // Return at 0 ms starts a linear 0.5 s slide of 200 pt: at frame 15 (250 ms) the box is half way.
        #expect(lines[15] == #"{"frame": 15, "time": 250, "tab": null, "stack": null, "modal": null, "transition": null, "#
                + #""views": {"test.page": {"frame": [0, 0, 400, 300], "alpha": 1}, "test.box": {"frame": [200, 100, 50, 50], "alpha": 1}}, "#
                + #""log": []}"#)
        #expect(lines[1].contains(#""time": 16.667"#))
        #expect(lines[36].contains(#""test.box": {"frame": [300, 100, 50, 50]"#))
    }

    @Test func twoRunsOfOneScriptGiveByteIdenticalTraces() throws {
        let pan = """
            {"duration": 1500, "events": [{"t": 0, "type": "key", "key": "Return"},
             {"t": 600, "type": "down", "x": 310, "y": 120}, {"t": 633, "type": "move", "x": 330, "y": 125},
             {"t": 650, "type": "move", "x": 360, "y": 140}, {"t": 700, "type": "up", "x": 380, "y": 150},
             {"t": 800, "type": "resize", "width": 1024, "height": 768}, {"t": 900, "type": "key", "key": "Return"}]}
            """
        let first = try traceLines(pan), second = try traceLines(pan)
        #expect(first.count == 91)
        #expect(first == second)
    }

    @Test func framesArePNGsOfEveryNthFrameNamedAfterTheirIndexAtTheScriptsSize() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let frames = (directory as NSString).appendingPathComponent("new/frames")
        _ = try traceLines(Self.slideScript, framesDirectory: frames, every: 10)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        #expect(names == ["frame-00000.png", "frame-00010.png", "frame-00020.png", "frame-00030.png"])
        for name in names {
            let size = try pngSize((frames as NSString).appendingPathComponent(name))
            #expect(size == (400, 300))
        }
    }

    @Test func everyFrameGetsItsOwnFileAndAnUnchangedFrameTheSameBytes() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The box slides for 500 ms (frames 0...30) and then stays: frames 30...48 are one picture.
        _ = try traceLines(#"{"size": [400, 300], "duration": 800, "events": [{"t": 0, "type": "key", "key": "Return"}]}"#,
                           framesDirectory: directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == (0...48).map(ReplayFrameWriter.fileName(forFrame:)))
        func bytes(_ frame: Int) throws -> Data {
            try Data(contentsOf: URL(fileURLWithPath: (directory as NSString).appendingPathComponent(ReplayFrameWriter.fileName(forFrame: frame))))
        }
        #expect(try bytes(10) != bytes(20))
        #expect(try bytes(30) == bytes(31))
        #expect(try bytes(30) == bytes(48))
        #expect(try pngSize((directory as NSString).appendingPathComponent("frame-00048.png")) == (400, 300))
    }

    @Test func theSizeOptionOverridesTheScriptsSizeForTraceAndFrames() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let lines = try traceLines(#"{"size": [400, 300], "duration": 0}"#, size: CGSize(width: 640, height: 360),
                                   framesDirectory: directory)
        #expect(lines.count == 1)
        #expect(lines[0].contains(#""test.page": {"frame": [0, 0, 640, 360]"#))
        #expect(try pngSize((directory as NSString).appendingPathComponent("frame-00000.png")) == (640, 360))
    }

    @Test func aFrameAfterAResizeIsDrawnAtTheNewSize() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try traceLines(#"{"size": [400, 300], "events": [{"t": 10, "type": "resize", "width": 500, "height": 250}], "duration": 20}"#,
                           framesDirectory: directory)
        #expect(try pngSize((directory as NSString).appendingPathComponent("frame-00000.png")) == (400, 300))
        #expect(try pngSize((directory as NSString).appendingPathComponent("frame-00001.png")) == (500, 250))
    }

    @Test func badOutputsAreRefusedBeforeAnythingIsWritten() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = (directory as NSString).appendingPathComponent("file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let trace = (directory as NSString).appendingPathComponent("trace.jsonl")
        let cases: [(ReplayOutputs, String)] = [
            (ReplayOutputs(trace: .file(trace), framesDirectory: file + "/frames"),
             "--frames \(file)/frames: cannot be created: \(file) is not a directory"),
            (ReplayOutputs(trace: .file(trace), framesDirectory: file), "--frames \(file): is not a directory"),
            (ReplayOutputs(trace: .file(directory + "/missing/trace.jsonl")),
             "--trace \(directory)/missing/trace.jsonl: cannot be created: \(directory)/missing does not exist"),
            (ReplayOutputs(trace: .file(directory)), "--trace \(directory): is a directory, not a file"),
            (ReplayOutputs(trace: .file(trace), framesDirectory: directory + "/f", every: 0), "--every 0: must be at least 1"),
        ]
        for (outputs, message) in cases {
            #expect(throws: ReplayOutputError.self) {
                try ReplaySession.run(try script(Self.slideScript), outputs: outputs) { ReplayTestWindow(clock: $0, size: $1) }
            }
            do { try outputs.validate() } catch { #expect(error.description == message) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["file"])
    }
}
