import Foundation
import SegueAnimation
import SegueUI

/// Runs your own app on Segue: the `main` of an app (`UIApplicationMain` for Segue). It reads the
/// command line (``SegueAppOptions``: `--renderer`, `--size`, `--slow`, `--replay SCRIPT` with `--trace`,
/// `--frames`, `--every`), makes the root view controller with your closure, and either opens a window
/// on it or replays a script headless on it, writing the trace of ``AppScene``.
///
/// ```swift
/// // main.swift
/// import SegueSDL
/// import SegueUIKit
///
/// SegueApp.run {
///     UINavigationController(rootViewController: MyFirstViewController())
/// }
/// ```
///
/// Exit status: 0 when the window was closed (or Escape pressed) or the script ran to its end; 1 when
/// the window could not be opened or the replay failed; 2 for bad input (an unknown option, an impossible
/// size, a bad script, an output that cannot be written), after one line on standard error, having
/// written nothing.
///
/// Differs from UIKit: there is no `UIApplication` or scene delegate; the closure is the whole launch, and
/// its controller becomes the `rootViewController` of a window Segue makes.
public enum SegueApp {
    /// The exit status for bad input (as `segue replay`'s).
    public static let badInputStatus: Int32 = 2
    /// The exit status when the window or the replay fails.
    public static let failureStatus: Int32 = 1

    /// Runs the app with the process's command line and exits with ``status(arguments:title:errorOutput:makeRootViewController:)``.
    /// `title` is the window's title (default: the executable's name).
    @MainActor
    public static func run(title: String? = nil,
                           makeRootViewController: @MainActor () -> ViewController) -> Never {
        let status = status(arguments: Array(CommandLine.arguments.dropFirst()), title: title,
                            makeRootViewController: makeRootViewController)
        exit(status)
    }

    /// Runs the app with `arguments` (no program name) and returns the exit status instead of exiting
    /// (for tests and for apps that do more after the window closes). Errors are written to `errorOutput`
    /// as one line each (default: standard error).
    @MainActor
    public static func status(arguments: [String], title: String? = nil,
                              errorOutput: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
                              makeRootViewController: @MainActor () -> ViewController) -> Int32 {
        SDLTextMeasurer.install()
        let program = title ?? programName
        let options: SegueAppOptions
        do {
            options = try SegueAppOptions.parse(arguments)
        } catch {
            errorOutput("error: \(error)\n")
            return badInputStatus
        }
        if options.showsHelp {
            print(SegueAppOptions.usage(program: program))
            return 0
        }
        if let replay = options.replay {
            return runReplay(replay, slowMotion: options.slowMotion, errorOutput: errorOutput,
                             makeRootViewController: makeRootViewController)
        }
        return runWindow(options, title: program, errorOutput: errorOutput, makeRootViewController: makeRootViewController)
    }

    /// The executable's file name (the window's default title).
    static var programName: String {
        CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "Segue"
    }

    @MainActor
    private static func runWindow(_ options: SegueAppOptions, title: String, errorOutput: (String) -> Void,
                                  makeRootViewController: @MainActor () -> ViewController) -> Int32 {
        var size: CGSize
        var resumed: ReplayScript?
        do {
            size = try windowSize(options.size)
            if let path = options.resume {
                let script = try ReplayScript.load(contentsOfFile: path)
                resumed = script
                // The window opens at the size the session ended at, so the host's first resize changes nothing.
                size = script.events.reversed().lazy.compactMap { event -> CGSize? in
                    if case .resize(let s) = event.kind { return s } else { return nil }
                }.first ?? script.size
            }
        } catch {
            errorOutput("error: \(error)\n")
            return badInputStatus
        }
        do {
            var failure: Error?
            try SDLWindowHost.runWindow(title: title, size: size, renderer: options.renderer) { host, size in
                guard let script = resumed else {
                    let scene = AppScene(clock: host.clock, size: size, rootViewController: makeRootViewController())
                    scene.window.isSlowAnimationsEnabled = options.slowMotion
                    scene.statusFile = options.statusFile
                    if let path = options.record { scene.startRecording(to: path) }
                    return scene
                }
                // Catch up: the recorded session on the virtual clock, frame by frame, nothing drawn; then live.
                let started = Date()
                let driver = ReplayDriver(script: script)
                let clock = ResumingClock(virtual: driver.clock, live: host.clock)
                let scene = AppScene(clock: clock, size: script.size, rootViewController: makeRootViewController())
                scene.window.isSlowAnimationsEnabled = options.slowMotion
                do {
                    while try driver.step(scene) != nil, !scene.wantsToQuit {}
                } catch {
                    failure = error
                }
                clock.goLive(frameDuration: 1 / ReplayTimeline.framesPerSecond)
                scene.statusFile = options.statusFile
                if let path = options.record { scene.startRecording(to: path, continuing: script) }
                // Written at once (not buffered): segue watch reads it through a pipe.
                FileHandle.standardOutput.write(Data(String(format: "segue: resumed %d frames (%.3f s of the session) in %.0f ms\n",
                                                            driver.nextFrame, driver.clock.now,
                                                            Date().timeIntervalSince(started) * 1000).utf8))
                return scene
            }
            if let failure { throw failure }
            return 0
        } catch {
            errorOutput("error: \(error)\n")
            return failureStatus
        }
    }

    /// The window size `--size` asks for (the default when nil), checked as `segue` checks it.
    static func windowSize(_ text: String?) throws -> CGSize {
        guard let text else { return try WindowSize.defaultWindow.validatedForWindow() }
        guard let parsed = WindowSize(argument: text) else {
            throw SegueAppOptionError("--size \(text): must be WIDTHxHEIGHT in points, e.g. 1024x768")
        }
        return try parsed.validatedForWindow()
    }

    @MainActor
    private static func runReplay(_ options: ReplayOptions, slowMotion: Bool, errorOutput: (String) -> Void,
                                  makeRootViewController: @MainActor () -> ViewController) -> Int32 {
        let prepared: ReplayOptions.Prepared
        do {
            prepared = try options.prepare()
        } catch {
            errorOutput("error: \(error)\n")
            return badInputStatus
        }
        do {
            _ = try ReplaySession.run(prepared.script, size: prepared.size, outputs: prepared.outputs,
                                      progress: ReplayProgress.standardErrorIfTerminal(
                                              traceOnStandardOutput: prepared.outputs.trace == .standardOutput)) { clock, size in
                let scene = AppScene(clock: clock, size: size, rootViewController: makeRootViewController())
                scene.window.isSlowAnimationsEnabled = slowMotion
                return scene
            }
            return 0
        } catch let error as ReplayOutputError {
            errorOutput("error: \(error)\n")   // an output that could not be made after all, before any frame ran
            return badInputStatus
        } catch {
            errorOutput("error: \(error)\n")
            return failureStatus
        }
    }
}
