import ArgumentParser
import Foundation
import Glibc
import SegueSDL

/// `segue watch`: edit, save, see. Builds an app made with ``SegueApp`` (this package's example, or a
/// package of your own that depends on Segue), opens it, and on every save of a source file rebuilds it and
/// reopens it at the same moment: the input given so far is recorded (`--record`) and replayed on the
/// virtual clock (`--resume`) up to where it was left, so a pop dragged half way is half way again, with
/// the new code. A failed build is shown in the window (a banner, through `--status`) and on the terminal;
/// the app stays open. With `--replay SCRIPT --trace OUT` it opens no window: every build replays the
/// script headless and rewrites the trace (a display-free loop, and the way the tests check it).
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Rebuild an app on every save and reopen it at the same moment (input recorded and replayed).",
        discussion: """
            Watches the package's Sources, Examples and Tests folders and Package.swift (polled every 0.25 s). \
            In this package the default product is the slide-transition example; in your own package give \
            --product. The recorded session is in the state folder (--state, default a temporary folder): \
            session.json. Quit with Escape or by closing the window (watch ends with it) or Ctrl-C. If the app \
            crashes, watch waits for a save and reopens it at the moment it stopped, with the new code.
            """
    )

    @Option(help: ArgumentHelp("The package to build.", valueName: "dir"))
    var package: String = "."

    @Option(help: ArgumentHelp("The executable product to run; in Segue's own package, slide-transition if not given.", valueName: "name"))
    var product: String?

    @Option(help: ArgumentHelp("Where the session recording and the status file are kept; a new temporary folder if not given.", valueName: "dir"))
    var state: String?

    @Option(help: ArgumentHelp("Replay this script headless after every build instead of opening a window (with --trace).", valueName: "file"))
    var replay: String?

    @Option(help: ArgumentHelp("With --replay: the trace file each build's replay rewrites.", valueName: "file"))
    var trace: String?

    @Option(help: ArgumentHelp("Stop after this many builds; without it, watch runs until the app is closed or Ctrl-C.", valueName: "N"))
    var builds: Int?

    @Option(help: ArgumentHelp("The build configuration: debug or release.", valueName: "config"))
    var configuration: String = "debug"

    func validate() throws {
        guard (replay == nil) == (trace == nil) else { throw ValidationError("--replay and --trace go together") }
        guard ["debug", "release"].contains(configuration) else { throw ValidationError("--configuration must be debug or release") }
        if let builds, builds < 1 { throw ValidationError("--builds must be at least 1") }
    }

    func run() throws {
        let watcher: Watcher
        do {
            watcher = try Watcher(package: package, product: product, state: state, configuration: configuration)
        } catch {
            throw ReplayCommand.badInput(error)   // one line, exit status 2
        }
        try watcher.run(replay: replay.map { ($0, trace!) }, builds: builds)
    }
}

/// The loop of `segue watch`: build, run, watch the sources, rebuild, reopen.
final class Watcher {
    let package: URL
    let product: String
    let configuration: String
    let stateDirectory: URL
    var sessionFile: URL { stateDirectory.appendingPathComponent("session.json") }
    var resumeFile: URL { stateDirectory.appendingPathComponent("resume.json") }
    var statusFile: URL { stateDirectory.appendingPathComponent("status.txt") }
    /// Seconds between two looks at the sources.
    static let pollInterval = 0.25
    /// Lines of a failed build's errors shown in the window.
    static let errorLinesShown = 8

    init(package: String, product: String?, state: String?, configuration: String) throws {
        self.package = URL(fileURLWithPath: package).standardizedFileURL
        guard FileManager.default.fileExists(atPath: self.package.appendingPathComponent("Package.swift").path) else {
            throw WatchError("\(self.package.path) has no Package.swift")
        }
        if let product {
            self.product = product
        } else if let manifest = try? String(contentsOf: self.package.appendingPathComponent("Package.swift"), encoding: .utf8),
                  manifest.contains("\"slide-transition\"") {
            self.product = "slide-transition"
        } else {
            throw WatchError("\(self.package.path): give the executable product to run, --product NAME")
        }
        self.configuration = configuration
        stateDirectory = URL(fileURLWithPath: state ?? NSTemporaryDirectory() + "segue-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: sessionFile)
        try Data().write(to: statusFile)
    }

    /// The newest modification time of the watched files, and how many there are.
    func sourcesStamp() -> (Date, Int) {
        var newest = Date.distantPast, count = 0
        let manager = FileManager.default
        func look(_ url: URL) {
            guard let date = (try? manager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date else { return }
            newest = max(newest, date)
            count += 1
        }
        look(package.appendingPathComponent("Package.swift"))
        for folder in ["Sources", "Examples", "Tests"] {
            guard let walker = manager.enumerator(at: package.appendingPathComponent(folder), includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" { look(url) }
        }
        return (newest, count)
    }

    /// `swift build` of the product: nil when it built, else its error lines.
    func build() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "-c", configuration, "--product", product]
        process.currentDirectoryURL = package
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return "swift build could not start: \(error)" }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus != 0 else { return nil }
        let errors = output.split(separator: "\n").filter { $0.contains("error:") }
        return (errors.isEmpty ? output.split(separator: "\n").suffix(Self.errorLinesShown) : errors.prefix(Self.errorLinesShown))
            .joined(separator: "\n")
    }

    /// The built executable.
    var executable: URL {
        package.appendingPathComponent(".build/\(configuration)/\(product)")
    }

    func setStatus(_ text: String) {
        try? Data(text.utf8).write(to: statusFile, options: .atomic)
    }

    func log(_ text: String) { say("segue watch: \(text)") }

    /// A line on standard output, at once.
    func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

    /// Builds and runs until the app is closed (or `builds` builds were made).
    func run(replay: (script: String, trace: String)?, builds: Int?) throws {
        var stamp = sourcesStamp()
        log("watching \(stamp.1) files of \(package.path); state in \(stateDirectory.path)")
        var app: Process?
        var buildCount = 0
        var changedAt = Date()
        var waitingForResume = false
        var appOutput: Pipe?
        defer { app?.terminate() }
        while true {
            // Build (first round, and after each change).
            setStatus("building \(product)…")
            let started = Date()
            let errors = build()
            buildCount += 1
            if let errors {
                log("build failed (\(String(format: "%.1f", Date().timeIntervalSince(started))) s):\n\(errors)")
                setStatus("build failed — fix and save; the app keeps running\n\(errors)")
                if app == nil && replay == nil && buildCount == 1 { log("nothing to open yet: waiting for a save") }
            } else {
                log(String(format: "built in %.1f s", Date().timeIntervalSince(started)))
                setStatus("")
                if let replay {
                    try runReplay(replay)
                    log(String(format: "replayed; trace written %.2f s after the save", Date().timeIntervalSince(changedAt)))
                } else {
                    if let running = app, running.isRunning {
                        running.terminate()
                        running.waitUntilExit()
                    }
                    var arguments = ["--record", sessionFile.path, "--status", statusFile.path]
                    if FileManager.default.fileExists(atPath: sessionFile.path) {
                        try? FileManager.default.removeItem(at: resumeFile)
                        try FileManager.default.copyItem(at: sessionFile, to: resumeFile)
                        arguments += ["--resume", resumeFile.path]
                    }
                    let process = Process()
                    process.executableURL = executable
                    process.arguments = arguments
                    process.currentDirectoryURL = package
                    let pipe = Pipe()
                    process.standardOutput = pipe
                    try process.run()
                    app = process
                    appOutput = pipe
                    waitingForResume = arguments.contains("--resume")
                }
            }
            if let builds, buildCount >= builds { return }
            // Wait for a save (or for the app to end).
            while true {
                Thread.sleep(forTimeInterval: Self.pollInterval)
                // The app's output: passed on, and read for the line that says it has caught up.
                if let pipe = appOutput {
                    let data = pipe.fileHandleForReading.availableDataNonBlocking()
                    if !data.isEmpty, let text = String(data: data, encoding: .utf8) {
                        for line in text.split(separator: "\n") {
                            if waitingForResume, line.contains("segue: resumed") {
                                log(line + String(format: "; the window is back %.2f s after the save",
                                                  Date().timeIntervalSince(changedAt)))
                                waitingForResume = false
                            } else {
                                say(String(line))
                            }
                        }
                    }
                }
                if replay == nil, let running = app, !running.isRunning {
                    app = nil
                    if running.terminationReason == .exit && running.terminationStatus == 0 {
                        log("the app was closed; watch ends")
                        return
                    }
                    // A crash (a failed precondition, a fatalError of the app's own): the session so far is
                    // kept, so the next build reopens at the moment it crashed, with the fix.
                    let how = running.terminationReason == .uncaughtSignal ? "signal \(running.terminationStatus)"
                        : "status \(running.terminationStatus)"
                    log("the app stopped (\(how)); fix the code and save: it reopens where it stopped")
                    waitingForResume = false
                }
                let now = sourcesStamp()
                if now.0 != stamp.0 || now.1 != stamp.1 {
                    stamp = now
                    changedAt = Date()
                    log("a source changed: rebuilding")
                    break
                }
            }
        }
    }

    /// The headless loop's step: the built app replays the script and writes the trace.
    func runReplay(_ replay: (script: String, trace: String)) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--replay", replay.script, "--trace", replay.trace]
        process.currentDirectoryURL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { log("the replay exited with status \(process.terminationStatus)") }
    }
}

extension FileHandle {
    /// What can be read now without waiting (empty when nothing is there).
    func availableDataNonBlocking() -> Data {
        let fd = fileDescriptor
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            data.append(buffer, count: n)
        }
        return data
    }
}

/// A package `segue watch` cannot work on (exit status 2 after one line).
struct WatchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
