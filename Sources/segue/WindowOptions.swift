import ArgumentParser
import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

extension RendererChoice: ExpressibleByArgument {}

// `WIDTHxHEIGHT` in points; the parsing and the checks are SegueSDL's, shared with `SegueApp`.
extension WindowSize: ExpressibleByArgument {
    /// The size as it is typed, `1024x768` (the help's default; not the struct's Swift description).
    public var defaultValueDescription: String { "\(width)x\(height)" }
}

/// The help of the `--reduce-motion` flag of `run`, `gallery` and `replay`.
let reduceMotionHelp = ArgumentHelp("Start with Reduce Motion on: the stock transitions and the effects cross-fade instead of sliding, zooming or turning (as iOS with Reduce Motion); a drag or swipe still moves the page with the finger. A toggles it.")

/// The help of every `--renderer` option (ArgumentParser adds the values and the default).
let rendererHelp = "The back-end: automatic picks the GPU path on a real GPU, else the CPU compositor; software, opengl and opengles2 pick the GPU path's SDL driver."

/// The options every window command takes, and the run they share.
struct WindowCommandOptions: ParsableArguments {
    @Option(help: ArgumentHelp(rendererHelp))
    var renderer: RendererChoice = .automatic

    @Option(help: ArgumentHelp("The window size in points, WIDTHxHEIGHT (each side \(SDLWindowHost.windowSideRange.lowerBound)...\(SDLWindowHost.windowSideRange.upperBound)).", valueName: "WxH"))
    var size = WindowSize.defaultWindow

    @Option(help: ArgumentHelp("Quit after this many frames (for scripted runs); without it, run until Escape or the window is closed.", valueName: "N"))
    var frames: Int?

    /// Opens the window, runs the scene `makeScene` builds on the host's clock until it quits, and closes
    /// the window. SDL errors become exit status 1; an impossible size, exit status 2.
    func runWindow(title: String, makeScene: @MainActor (SDLWindowHost, CGSize) -> HostedScene) throws {
        let size: CGSize
        do {
            size = try self.size.validatedForWindow()
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        // No display and no video driver asked for: say how to see it, before SDL tries (and prints) its own.
        let environment = ProcessInfo.processInfo.environment
        if ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"].allSatisfy({ (environment[$0] ?? "").isEmpty }) {
            FileHandle.standardError.write(Data((noDisplayLine(command: title, why: "neither DISPLAY nor WAYLAND_DISPLAY is set") + "\n").utf8))
            throw ExitCode(1)
        }
        try MainActor.assumeIsolated {
            do {
                try SDLWindowHost.runWindow(title: title, size: size, renderer: renderer, frameLimit: frames, makeScene: makeScene)
            } catch let error as SDLWindowHost.HostError {
                switch error {
                case .noDisplay(let driver):
                    FileHandle.standardError.write(Data((noDisplayLine(command: title, why: "SDL found only its \"\(driver)\" video driver") + "\n").utf8))
                    throw ExitCode(1)
                case .noDisplayVariable:
                    FileHandle.standardError.write(Data((noDisplayLine(command: title, why: "neither DISPLAY nor WAYLAND_DISPLAY is set") + "\n").utf8))
                    throw ExitCode(1)
                default:
                    throw fail(error)
                }
            } catch {
                throw fail(error)
            }
        }
    }
}

/// The one line a window command prints when there is no display to open its window on (`why`): how to see
/// it anyway, headless as a GIF or under Xvfb. `command` is the window's title (`segue`, `segue gallery`, ...).
func noDisplayLine(command: String, why: String) -> String {
    let replay = command == "segue gallery"
        ? "segue replay --scene gallery Resources/scripts/gallery-more/gallery-tour.json --gif tour.gif"
        : "segue replay Resources/scripts/pop-scrubbed-caught-finished.json --gif pop.gif"
    return "error: no display to open a window on (\(why)); see it headless as a GIF with `\(replay)`, "
        + "or run the window under Xvfb: `xvfb-run -s '-screen 0 1280x1024x24' \(command)`"
}

/// Writes an error to standard error and exits with status 1.
func fail(_ error: Error) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    return ExitCode(1)
}
