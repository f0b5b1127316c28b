import ArgumentParser
import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// `segue replay SCRIPT.json`: runs the app headless on the virtual 60 Hz clock, fed by the script's
/// input, and writes the frame trace, PNG frames and an animated GIF or WebP (spec: replay-and-trace.md). Bad input (the script,
/// or an option) exits with status 2 after one line on standard error, having written nothing.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a script of input headless (no window) and write the frame trace, PNG frames and an animated GIF or WebP.",
        discussion: """
            Runs the demo app (three tabs of navigation stacks; Return pushes, Backspace pops, Left/Right \
            switch tabs, P presents a sheet, Escape dismisses it) on the virtual 60 Hz clock. The trace \
            has the selected tab, its stack, the sheets, the running transition, the pages' and sheets' \
            frames and the appearance callbacks of each frame (see the article Replay and traces: scripts/docs.sh). \
            Escape with no sheet quits the app, which ends the replay early (exit 0). Bad input (the \
            script, an option, no usable font for --frames, --gif or --webp) exits 2 with one line and writes \
            nothing. A replay that takes over a second shows a progress bar on standard error when it is \
            a terminal (not with --trace - on a terminal).
            """
    )

    /// The exit status for bad input (the spec's 2).
    static let badInputStatus: Int32 = 2

    @Argument(help: ArgumentHelp("The script (JSON): size, duration, events.", valueName: "script.json"))
    var script: String

    @Option(help: ArgumentHelp("Write the trace (one JSON object per frame) to this file; - for standard output.", valueName: "file|-"))
    var trace: String?

    @Option(help: ArgumentHelp("Write a PNG of every Nth frame (see --every) into this directory, named frame-00042.png.", valueName: "dir"))
    var frames: String?

    @Option(help: ArgumentHelp(
        "Write an animated GIF of every Nth frame (see --every), looping forever.",
        discussion: "Each image lasts its frames' time in hundredths of a second, the rounding carried over; "
            + "unchanged frames lengthen the previous image. Browsers show delays under 2 hundredths as 10: "
            + "use --every 2 or more."))
    var gif: String?

    @Option(help: "Write an animated WebP (lossless) of every Nth frame (see --every), looping forever.")
    var webp: String?

    // Unconditional: a negative value (`--every -1`, `--size -800x600`) is the option's value, checked
    // and refused with the one-line error and exit 2, not taken for an unknown flag (a usage error, 64).
    @Option(parsing: .unconditional, help: ArgumentHelp("With --frames, --gif or --webp: the interval between frames written (1: every frame).", valueName: "N"))
    var every: String = ReplayOptions.defaultEvery

    @Option(parsing: .unconditional, help: ArgumentHelp("With --frames, --gif or --webp: pixels per point, e.g. 0.5 for half size.", valueName: "S"))
    var scale: String = ReplayOptions.defaultScale

    @Option(parsing: .unconditional, help: ArgumentHelp("The window size in points, WIDTHxHEIGHT; without it, the script's size (800x600 if it gives none).", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("The app to replay the script in: demo (the demo app of the spec) or gallery (segue gallery).", valueName: "name"))
    var scene: ReplayScene = .demo

    @Flag(help: reduceMotionHelp)
    var reduceMotion = false

    func run() throws {
        let prepared: ReplayOptions.Prepared
        do {
            prepared = try ReplayOptions(script: script, trace: trace, frames: frames, gif: gif, webp: webp, every: every,
                                         scale: scale,
                                         size: size).prepare()
        } catch {
            throw Self.badInput(error)
        }
        try MainActor.assumeIsolated {
            do {
                let progress = ReplayProgress.standardErrorIfTerminal(traceOnStandardOutput: prepared.outputs.trace == .standardOutput)
                switch scene {
                case .demo:
                    _ = try ReplaySession.run(prepared.script, size: prepared.size, outputs: prepared.outputs, progress: progress) {
                        let window = DemoWindow(clock: $0, size: $1)
                        window.isReduceMotionEnabled = reduceMotion
                        return window
                    }
                case .gallery:
                    _ = try ReplaySession.run(prepared.script, size: prepared.size, outputs: prepared.outputs, progress: progress) {
                        let window = GalleryWindow(clock: $0, size: $1)
                        window.isReduceMotionEnabled = reduceMotion
                        return window
                    }
                }
            } catch let error as ReplayOutputError {
                throw Self.badInput(error)   // an output that could not be made after all, before any frame ran
            } catch {
                throw fail(error)
            }
        }
    }

    /// Writes the one line for bad input and gives the exit status 2.
    static func badInput(_ error: Error) -> ExitCode {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        return ExitCode(badInputStatus)
    }
}

/// The apps `segue replay --scene` can run.
enum ReplayScene: String, CaseIterable, ExpressibleByArgument {
    /// The demo app of replay-and-trace.md (the default: scripts written for the spec run unchanged).
    case demo
    /// The effects gallery (`segue gallery`).
    case gallery
}
