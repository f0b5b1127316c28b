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
        try MainActor.assumeIsolated {
            do {
                try SDLWindowHost.runWindow(title: title, size: size, renderer: renderer, frameLimit: frames, makeScene: makeScene)
            } catch {
                throw fail(error)
            }
        }
    }
}

/// Writes an error to standard error and exits with status 1.
func fail(_ error: Error) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    return ExitCode(1)
}
