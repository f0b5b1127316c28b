import Foundation
import SegueTestSupport
import SegueAnimation
import SegueUI
import Testing
@testable import segue

/// The built `segue` executable: beside the test bundle in the build directory (`swift build
/// --build-tests` and `swift test` build both).
private func segueExecutable() throws -> URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
        let candidate = directory.appendingPathComponent("segue")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "segue beside \(Bundle.main.bundleURL.path)"])
}

/// Runs `segue` with `arguments` in `directory`; its status, standard output and standard error.
private func runSegue(_ arguments: [String], in directory: String,
                      environment extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = try segueExecutable()
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    // No display is needed: replay opens no window.
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    environment.merge(extra) { $1 }
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

private func temporaryDirectory() throws -> String {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("segue-replay-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite(.serialized) struct ReplayCommandTests {
    static let script = """
        {"size": [800, 600], "duration": 500, "events": [{"t": 100, "type": "key", "key": "Return"}]}
        """

    @Test func aGoodScriptExitsZeroWithATraceLinePerFrameAndThePNGsAsked() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: directory + "/drag.json"))
        let run = try runSegue(["replay", "drag.json", "--trace", "out.jsonl", "--frames", "png", "--every", "10"], in: directory)
        #expect(run.status == 0)
        #expect(run.err == "")
        let trace = try String(contentsOfFile: directory + "/out.jsonl", encoding: .utf8)
        let lines = trace.split(separator: "\n")
        #expect(lines.count == 31)   // frames 0...30 (500 ms)
        #expect(lines[0] == #"{"frame": 0, "time": 0, "tab": 0, "stack": ["tab0.page0"], "modal": [], "transition": null, "views": {"tab0.page0": {"frame": [0, 44, 800, 507], "alpha": 1}}, "log": ["tab0.page0.viewWillAppear", "tab0.page0.viewDidAppear"]}"#)
        // Return at 100 ms: the push begins in frame 6, the new page at the trailing edge (x = 800).
        #expect(lines[6] == #"{"frame": 6, "time": 100, "tab": 0, "stack": ["tab0.page0", "tab0.page1"], "modal": [], "transition": {"kind": "push", "interactive": false, "percent": 0, "phase": "animating"}, "views": {"tab0.page0": {"frame": [0, 44, 800, 507], "alpha": 1}, "tab0.page1": {"frame": [800, 44, 800, 507], "alpha": 1}}, "log": ["tab0.page1.willMoveToParent", "transition.begin:push", "tab0.page0.viewWillDisappear", "tab0.page1.viewWillAppear"]}"#)
        #expect(lines[7].contains(#""phase": "animating""#) && !lines[7].contains(#""tab0.page1": {"frame": [800,"#))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/png").sorted()
                == ["frame-00000.png", "frame-00010.png", "frame-00020.png", "frame-00030.png"])

        let toStandardOutput = try runSegue(["replay", "drag.json", "--trace", "-"], in: directory)
        #expect(toStandardOutput.status == 0)
        #expect(toStandardOutput.out == trace)
    }

    @Test func aBadScriptExitsTwoWithOneLineNamingFileAndEventAndWritesNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"{"events": [{"t": 0, "type": "key", "key": "Return"}, {"t": 10, "type": "down", "x": 5}]}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/bad.json"))
        let run = try runSegue(["replay", "bad.json", "--trace", "out.jsonl", "--frames", "png"], in: directory)
        #expect(run.status == 2)
        #expect(run.err == "error: bad.json: event 1: missing field \"y\" (a down event needs it)\n")
        #expect(run.out == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["bad.json"])
    }

    /// Touch events (issue #38): a bad one exits 2 with one line, writing nothing; so does a touch outside
    /// the window that `--size` gives instead of the script's, and a script of touches writes the same trace
    /// on every run.
    @Test func badTouchEventsExitTwoWithOneLineAndATouchScriptTracesTheSameEveryRun() throws {
        let touches = #"{"t": 1000, "type": "touchDown", "id": 1, "x": 700.5, "y": 300}, {"t": 1030, "type": "touchMove", "id": 1, "x": 650.25, "y": 300}"#
        let cases: [(String, [String], String)] = [
            (#"{"events": [{"t": 10, "type": "touchMove", "id": 1, "x": 7, "y": 8}]}"#, [],
             "error: bad.json: event 0: touchMove of finger 1, which is not down (a touchDown of it must come first)\n"),
            (#"{"events": [{"t": 10, "type": "touchDown", "id": -1, "x": 7, "y": 8}]}"#, [],
             "error: bad.json: event 0: field \"id\" must be a finger number, a whole number from 0 to 9, got -1\n"),
            (#"{"events": [\#(touches)]}"#, ["--size", "600x400"],
             "error: bad.json: event 0: field \"x\" must be a number of points inside the window, from 0 to 600 (its width at this event), got 700.5\n"),
        ]
        for (json, options, expected) in cases {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try Data(json.utf8).write(to: URL(fileURLWithPath: directory + "/bad.json"))
            let run = try runSegue(["replay", "bad.json", "--trace", "out.jsonl"] + options, in: directory)
            #expect(run.status == 2, "\(json)")
            #expect(run.err == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["bad.json"])
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"{"events": [{"t": 0, "type": "key", "key": "Return"}, \#(touches.replacingOccurrences(of: "700.5", with: "5.5"))]}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/touch.json"))
        let first = try runSegue(["replay", "touch.json", "--trace", "-"], in: directory)
        let second = try runSegue(["replay", "touch.json", "--trace", "-", "--size", "800x600"], in: directory)
        #expect(first.status == 0 && first.err == "" && first.out.contains(#""interactive": true"#))
        #expect(second.out == first.out)
    }

    /// Spec replay-and-trace: a point must be a finite number; NaN and Infinity (which JSON cannot hold but
    /// some tools write) and a point beyond SDL's 32-bit coordinates exit 2 with one line, writing nothing.
    @Test func nonFiniteAndOutOfRangePointsExitTwoWithOneLineAndWriteNothing() throws {
        let cases = [
            ("NaN", "error: bad.json: invalid JSON: NaN is not a JSON number (a script's numbers must be finite) at line 1, column 86\n"),
            ("Infinity", "error: bad.json: invalid JSON: Infinity is not a JSON number (a script's numbers must be finite) at line 1, column 86\n"),
            ("1e308", "error: bad.json: event 1: field \"x\" must be a finite number of points from -2147483648 to 2147483647, got 1e+308\n"),
        ]
        for (x, expected) in cases {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try Data(#"{"events": [{"t": 0, "type": "key", "key": "Return"}, {"t": 10, "type": "down", "x": \#(x), "y": 5.5}]}"#.utf8)
                .write(to: URL(fileURLWithPath: directory + "/bad.json"))
            let run = try runSegue(["replay", "bad.json", "--trace", "out.jsonl", "--frames", "png", "--gif", "a.gif"], in: directory)
            #expect(run.status == 2, "\(x)")
            #expect(run.err == expected)
            #expect(run.out == "")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["bad.json"])
        }
    }

    /// A script of fractional points (a touch on a 3x screen) replays: the page follows the exact points.
    @Test func aFractionalScriptsTraceFollowsTheExactPoints() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("""
            {"size": [800, 600], "duration": 1100, "events": [{"t": 0, "type": "key", "key": "Return"},
             {"t": 1000, "type": "down", "x": 1.3333333333333333, "y": 300.6666666666667},
             {"t": 1016.6666666666666, "type": "move", "x": 40.333333333333336, "y": 301},
             {"t": 1033.3333333333333, "type": "move", "x": 61.666666666666664, "y": 301.3333333333333}]}
            """.utf8).write(to: URL(fileURLWithPath: directory + "/thirds.json"))
        let run = try runSegue(["replay", "thirds.json", "--trace", "-"], in: directory)
        #expect(run.status == 0)
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == 67)
        // Frame 62 (the pan began in frame 61, the pop in its callbacks): the page at
        // 61.667 - 1.333 - 14 = 46.33 points (2 decimals), the pop's percent 46.33 / 800.
        #expect(lines[62].contains(#""tab0.page1": {"frame": [46.33, 44, 800, 507], "alpha": 1}"#))
        #expect(lines[62].contains(#""percent": 0.058"#))
    }

    /// `segue fidelity`: the device table replayed, a row per script, the plot written; a directory
    /// without scripts exits 2 with one line.
    @Test func fidelityPrintsARowPerDeviceScriptAndDrawsThePlot() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scripts = FileManager.default.currentDirectoryPath + "/Resources/scripts/device"
        let run = try runSegue(["fidelity", "--scripts", scripts, "--plot", "plot.png", "--sheet-plot", "sheet.png"], in: directory)
        #expect(run.status == 0)
        #expect(run.err == "")
        let rows = run.out.split(separator: "\n")
        // The pages' table (a header, 12 gestures), then the sheet's (a title, a header, the device, 5 moves).
        #expect(rows.count == 2 + 12 + 3 + 1 + 5)
        #expect(rows.contains { $0.hasPrefix("| to 260 pt, back to 200 in 0.1 s (`flick-back-to-200`) | 0.508 W | -1.03 | pops | 370 ms | ") })
        #expect(rows.contains { $0.hasPrefix("| present (D, to medium) | 459 pt | 0.277 | 0.571 | 0.886 | 0.976 | ") })
        for name in ["plot.png", "sheet.png"] {
            let png = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name)")
        }
        let empty = try runSegue(["fidelity", "--scripts", directory, "--plot", "other.png"], in: directory)
        #expect(empty.status == 2)
        #expect(empty.err == "error: \(directory): no .json scripts\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/other.png"))
    }

    @Test func badOptionsExitTwoWithOneLineAndWriteNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: directory + "/drag.json"))
        let cases: [([String], String)] = [
            (["--size", "100x600"], "error: --size 100x600: each side must be 200...8192 points\n"),
            (["--size", "big"], "error: --size big: must be WIDTHxHEIGHT in points, e.g. 800x600\n"),
            (["--frames", "drag.json/png"], "error: --frames drag.json/png: cannot be created: \(directory)/drag.json is not a directory\n"),
            (["--frames", "png", "--every", "0"], "error: --every 0: must be at least 1\n"),
            (["--trace", "no/such/out.jsonl"], "error: --trace no/such/out.jsonl: cannot be created: \(directory)/no/such does not exist\n"),
        ]
        for (options, message) in cases {
            let run = try runSegue(["replay", "drag.json", "--trace", "out.jsonl"] + options, in: directory)
            #expect(run.status == 2, "\(options)")
            #expect(run.err == message)
        }
        let missing = try runSegue(["replay", "missing.json"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.err == "error: missing.json: cannot read the file (No such file or directory)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["drag.json"])
    }

    @Test func moreBadOptionsExitTwoWithOneLineNamingTheOptionAndWriteNothing() throws {
        let directory = try temporaryDirectory()
        defer {
            chmod(directory + "/locked", 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: directory + "/drag.json"))
        // A folder nobody may write into (ignored by root, which may write anywhere: then skipped).
        try FileManager.default.createDirectory(atPath: directory + "/locked", withIntermediateDirectories: false)
        chmod(directory + "/locked", 0o555)
        let lockedIsWritable = access(directory + "/locked", W_OK) == 0
        var cases: [([String], String)] = [
            (["--size", "8193x600"], "--size"), (["--size", "199x600"], "--size"), (["--size", "0x0"], "--size"),
            (["--size", "-800x600"], "--size"), (["--size", "800x"], "--size"), (["--size", "1e9x600"], "--size"),
            (["--size", "800.5x600"], "--size"),
            (["--frames", "png", "--every", "0"], "--every"), (["--frames", "png", "--every", "-1"], "--every"),
            (["--frames", "drag.json"], "--frames"),
        ]
        if !lockedIsWritable { cases.append((["--frames", "locked/png"], "--frames")) }
        for (options, option) in cases {
            let run = try runSegue(["replay", "drag.json", "--trace", "out.jsonl"] + options, in: directory)
            #expect(run.status == 2, "\(options)")
            #expect(run.err.hasPrefix("error: ") && run.err.filter { $0 == "\n" }.count == 1, "\(options): \(run.err)")
            #expect(run.err.contains(option), "\(options): \(run.err)")
            #expect(run.out == "", "\(options)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["drag.json", "locked"], "\(options)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/locked") == [], "\(options)")
        }
        #expect(try String(contentsOfFile: directory + "/drag.json", encoding: .utf8) == Self.script)
    }

    /// `--gif --every 2 --scale 0.5`: the screen at half size, an image per written frame that changed
    /// (none while nothing moves), each starting at its frame's time rounded to a hundredth, the whole as
    /// long as the replay, looping; the bar's colours those the demo gives it, before and after the push.
    @Test @MainActor func aGIFHasTheScaledScreenAnImagePerChangedFrameTheDelaysAndTheLoop() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = #"{"size": [800, 600], "duration": 1500, "events": [{"t": 100, "type": "key", "key": "Return"}]}"#
        try Data(script.utf8).write(to: URL(fileURLWithPath: directory + "/push.json"))
        let run = try runSegue(["replay", "push.json", "--gif", "push.gif", "--webp", "push.webp", "--every", "2",
                                "--scale", "0.5", "--trace", "out.jsonl"], in: directory)
        #expect(run.status == 0)
        #expect(run.err == "")
        let gif = try DecodedGIF(path: directory + "/push.gif")
        #expect((gif.width, gif.height) == (400, 300))
        #expect(gif.loopCount == 0)
        let first: [Int] = [gif.images[0].left, gif.images[0].top, gif.images[0].width, gif.images[0].height]
        #expect(first == [0, 0, 400, 300])

        // Frames 0...90 (1.5 s), every 2nd written: 0, 2, ... 90, the last lasting to frame 92 (153.33 hundredths).
        let starts = gif.images.indices.map { i in gif.images[..<i].reduce(0) { $0 + $1.delay } }
        #expect(starts.last! + gif.images.last!.delay == 153)
        let frameStarts = [Int: Int](uniqueKeysWithValues: stride(from: 0, through: 90, by: 2).map { (($0 * 100 + 30) / 60, $0) })
        let imageFrames = starts.compactMap { frameStarts[$0] }
        #expect(imageFrames.count == starts.count, "every image starts at a written frame's rounded time: \(starts)")
        // Nothing moves before the push begins (frame 6) nor after it finishes: the images are frame 0, then
        // written frames from 6 up to the finish, each one changing.
        let trace = try String(contentsOfFile: directory + "/out.jsonl", encoding: .utf8).split(separator: "\n")
        let finish = try #require(trace.firstIndex { $0.contains("transition.finish:push") })
        #expect(imageFrames.first == 0 && imageFrames.dropFirst().first == 6)
        #expect(imageFrames.last! <= finish)
        let everyWrittenFrameOfThePush: [Int] = Array(stride(from: 6, through: imageFrames.last!, by: 2))
        #expect(imageFrames.count >= 10)
        #expect(Array(imageFrames.dropFirst()) == everyWrittenFrameOfThePush)

        // The bar: the default colour on the root page, the pushed page's tint at the end (x 700, y 8 points).
        func rgb(_ color: Color) -> [Int] { [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) } }
        func pixel(_ screen: [UInt32]) -> [Int] {
            let v = screen[4 * 400 + 350]
            return [Int(v >> 16), Int((v >> 8) & 0xFF), Int(v & 0xFF)]
        }
        let tint = Color.interpolate(from: .white, to: DemoPage.stackColors[0], fraction: DemoPage.barTintStrength)
        #expect(rgb(tint) != rgb(NavigationBar.defaultBarColor))
        for (screen, expected) in [(gif.screen(after: 0), rgb(NavigationBar.defaultBarColor)),
                                   (gif.screen(after: gif.images.count - 1), rgb(tint))] {
            #expect(zip(pixel(screen), expected).allSatisfy { abs($0 - $1) <= 1 }, "\(pixel(screen)) vs \(expected)")
        }

        // The WebP: the same screen and frames, each ending where the next starts, in milliseconds; lossless.
        let webp = try DecodedWebP(path: directory + "/push.webp")
        #expect((webp.width, webp.height) == (400, 300))
        #expect(webp.loopCount == 0)
        #expect(webp.frames.map(\.end) == Array(imageFrames.dropFirst()).map { ($0 * 1000 + 30) / 60 } + [(92 * 1000 + 30) / 60])
        for (screen, expected) in [(webp.frames[0].pixels, rgb(NavigationBar.defaultBarColor)), (webp.frames.last!.pixels, rgb(tint))] {
            #expect(zip(pixel(screen), expected).allSatisfy { abs($0 - $1) <= 1 }, "\(pixel(screen)) vs \(expected)")
        }
    }

    @Test func badGIFAndScaleOptionsExitTwoWithOneLineAndWriteNothing() throws {
        let directory = try temporaryDirectory()
        defer {
            chmod(directory + "/locked", 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: directory + "/drag.json"))
        try FileManager.default.createDirectory(atPath: directory + "/locked", withIntermediateDirectories: false)
        chmod(directory + "/locked", 0o555)
        var cases: [([String], String)] = [
            (["--gif", "locked"], "error: --gif locked: is a directory, not a file\n"),
            (["--gif", "no/such/out.gif"], "error: --gif no/such/out.gif: cannot be created: \(directory)/no/such does not exist\n"),
            (["--gif", "drag.json/out.gif"], "error: --gif drag.json/out.gif: cannot be created: \(directory)/drag.json is not a directory\n"),
            (["--gif", "out.gif", "--scale", "0"], "error: --scale 0: must be a number above 0, e.g. 0.5\n"),
            (["--gif", "out.gif", "--scale", "-0.5"], "error: --scale -0.5: must be a number above 0, e.g. 0.5\n"),
            (["--gif", "out.gif", "--scale", "nan"], "error: --scale nan: must be a number above 0, e.g. 0.5\n"),
            (["--gif", "out.gif", "--scale", "inf"], "error: --scale inf: must be a number above 0, e.g. 0.5\n"),
            (["--gif", "out.gif", "--scale", "half"], "error: --scale half: must be a number above 0, e.g. 0.5\n"),
            (["--gif", "out.gif", "--scale", "1e9"],
             "error: --scale 1e9: 800x600 points would be 800000000000x600000000000 pixels; each side must be 1...16384 pixels\n"),
            (["--frames", "png", "--scale", "30"],
             "error: --scale 30: 800x600 points would be 24000x18000 pixels; each side must be 1...16384 pixels\n"),
            (["--gif", "out.gif", "--every", "0"], "error: --every 0: must be at least 1\n"),
            (["--webp", "locked"], "error: --webp locked: is a directory, not a file\n"),
            (["--webp", "no/such/out.webp"], "error: --webp no/such/out.webp: cannot be created: \(directory)/no/such does not exist\n"),
            (["--webp", "out.webp", "--size", "8192x600", "--scale", "2"],
             "error: --scale 2: 8192x600 points would be 16384x1200 pixels; a WebP is at most 16383 pixels a side\n"),
        ]
        // A folder nobody may write into (ignored by root, which may write anywhere: then skipped).
        if access(directory + "/locked", W_OK) != 0 {
            cases.append((["--gif", "locked/out.gif"], "error: --gif locked/out.gif: cannot be created: \(directory)/locked is not writable\n"))
        }
        for (options, message) in cases {
            let run = try runSegue(["replay", "drag.json", "--trace", "out.jsonl"] + options, in: directory)
            #expect(run.status == 2, "\(options)")
            #expect(run.err == message)
            #expect(run.out == "")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["drag.json", "locked"], "\(options)")
        }
    }

    /// A font that cannot be used is bad input when frames are asked for: exit 2, one line, nothing
    /// written (before, the PNGs of the first frames were written and the run failed at the first text).
    @Test func anUnusableFontExitsTwoWithOneLineAndWritesNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: directory + "/drag.json"))
        for font in [directory + "/drag.json", directory + "/missing.ttf"] {
            let run = try runSegue(["replay", "drag.json", "--trace", "out.jsonl", "--frames", "png"], in: directory,
                                   environment: ["SEGUE_FONT": font])
            #expect(run.status == 2)
            #expect(run.err == "error: No usable font (DejaVu Sans) was found. Tried: SEGUE_FONT=\(font) (not a readable "
                    + "TrueType or OpenType file). Install fonts-dejavu-core or set SEGUE_FONT to a .ttf file.\n")
            #expect(run.out == "")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["drag.json"])
        }
        // A trace alone draws no text: it runs.
        let traceOnly = try runSegue(["replay", "drag.json", "--trace", "out.jsonl"], in: directory,
                                     environment: ["SEGUE_FONT": directory + "/missing.ttf"])
        #expect(traceOnly.status == 0)
    }

    /// The same on the GPU path (SDL's software renderer): its textures at rest come back to what the
    /// first screen draws.
    @Test func aSmallSoakOnTheGPUPathLeavesItsTexturesAsAtTheStart() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try runSegue(["soak", "--push-pops", "20", "--present-dismisses", "2", "--tab-swipes", "2", "--renderer", "gpu"],
                               in: directory)
        #expect(run.status == 0)
        let lines = run.out.split(separator: "\n").map(String.init)
        let caches = try #require(lines.first { $0.hasPrefix("GPU path (SDL software renderer) caches at rest: ") })
        // "at the start X, after 24 cycles X, at the end X": three equal sizes.
        let sizes = caches.split(separator: "), ").count
        #expect(sizes >= 3)
        let start = caches.range(of: "at the start ")!.upperBound, after = caches.range(of: ", after ")!.lowerBound
        let first = String(caches[start..<after])
        #expect(caches.hasSuffix("at the end \(first)"))
        #expect(first.contains("rasterized 1"))
        #expect(lines.contains("controllers that left: 22, freed 22, alive 0"))
        #expect(lines.last == "ok")
    }

    /// `segue watch` and `segue inspect` refuse what they cannot work on with one line and exit 2.
    @Test func watchAndInspectRefuseBadInputWithOneLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let noPackage = try runSegue(["watch", "--package", directory + "/none"], in: directory)
        #expect(noPackage.status == 2)
        #expect(noPackage.err == "error: \(directory)/none has no Package.swift\n")
        try Data("// swift-tools-version:6.0\n".utf8).write(to: URL(fileURLWithPath: directory + "/Package.swift"))
        let noProduct = try runSegue(["watch", "--package", directory], in: directory)
        #expect(noProduct.status == 2)
        #expect(noProduct.err == "error: \(directory): give the executable product to run, --product NAME\n")
        try Data(#"{"events": [{"t": 5, "type": "zap"}]}"#.utf8).write(to: URL(fileURLWithPath: directory + "/bad.json"))
        let badScript = try runSegue(["inspect", "bad.json"], in: directory)
        #expect(badScript.status == 2)
        #expect(badScript.err.hasPrefix("error: bad.json: event 0: unknown event type \"zap\"") && badScript.err.filter { $0 == "\n" }.count == 1)
    }

    @Test func aSmallSoakFreesEveryControllerAndViewThatLeftAndLeavesTheStoreCachesAndBarsIdle() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try runSegue(["soak", "--push-pops", "100", "--present-dismisses", "10", "--tab-swipes", "10"], in: directory)
        #expect(run.status == 0)
        #expect(run.err == "")
        let lines = run.out.split(separator: "\n").map(String.init)
        // 100 pages and 10 sheets left, each with six views (the page, a swatch, a card and its three labels).
        #expect(lines.contains("controllers that left: 110, freed 110, alive 0"))
        #expect(lines.contains("views that left: 660, freed 660, alive 0"))
        #expect(lines.contains("animation store (entries): idle before 1, idle after 1"))
        // At rest on the first tab's root, what one frame of it draws: its card (one rasterized picture, its
        // labels inside it), its swatch's shadow mask and the texts drawn outside the card; the same at the
        // start, after 100 cycles and at the end.
        let rest = "4 pictures (bitmaps 0, snapshots 0, rasterized 1, shadows 1, texts 2, offscreen 0), 0.1 MB"
        #expect(lines.contains("CPU compositor caches at rest: at the start \(rest), after 100 cycles \(rest), at the end \(rest)"))
        #expect(lines.contains("navigation bars (views, 2 each at rest: tint and content): 2, 2, 2"))
        #expect(lines.last == "ok")
    }
}
