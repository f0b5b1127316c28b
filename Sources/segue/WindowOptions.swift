import ArgumentParser
import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

extension RendererChoice: ExpressibleByArgument {}

// `WIDTHxHEIGHT` in points; the parsing and the checks are SegueSDL's, shared with `SegueApp`.
extension WindowSize: ExpressibleByArgument {}

/// The options every window command takes, and the run they share.
struct WindowCommandOptions: ParsableArguments {
    @Option(help: "The back-end: automatic (GPU path on a real GPU, else the CPU compositor), cpu, gpu, or the GPU path on an SDL driver: software, opengl, opengles2.")
    var renderer: RendererChoice = .automatic

    @Option(help: "The window size in points, WIDTHxHEIGHT.")
    var size = WindowSize.defaultWindow

    @Option(help: "Quit after this many frames (for scripted runs).")
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
