import ArgumentParser
import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

extension RendererChoice: ExpressibleByArgument {}

/// A window size argument, `WIDTHxHEIGHT` in points.
struct WindowSize: ExpressibleByArgument {
    let width: Int
    let height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        width = w
        height = h
    }

    var size: CGSize { CGSize(width: Double(width), height: Double(height)) }

    /// Fails with exit code 2 and a clear message when the size cannot be a window.
    func validated() throws -> CGSize {
        guard SDLWindowHost.windowSideRange.contains(width), SDLWindowHost.windowSideRange.contains(height) else {
            FileHandle.standardError.write(Data(("error: impossible window size \(width)x\(height): each side must be "
                + "between \(SDLWindowHost.windowSideRange.lowerBound) and \(SDLWindowHost.windowSideRange.upperBound) points\n").utf8))
            throw ExitCode(2)
        }
        return size
    }
}

/// The options every window command takes, and the run they share.
struct WindowCommandOptions: ParsableArguments {
    @Option(help: "The back-end: automatic (GPU path on a real GPU, else the CPU compositor), cpu, gpu, or the GPU path on an SDL driver: software, opengl, opengles2.")
    var renderer: RendererChoice = .automatic

    @Option(help: "The window size in points, WIDTHxHEIGHT.")
    var size = WindowSize(argument: "1024x768")!

    @Option(help: "Quit after this many frames (for scripted runs).")
    var frames: Int?

    /// Opens the window, runs the scene `makeScene` builds on the host's clock until it quits, and closes
    /// the window. SDL errors become exit status 1; an impossible size, exit status 2.
    func runWindow(title: String, makeScene: @MainActor (SDLWindowHost, CGSize) -> HostedScene) throws {
        let size = try size.validated()
        try MainActor.assumeIsolated {
            do {
                let host = try SDLWindowHost(title: title, size: size, renderer: renderer)
                defer { host.close() }
                try host.run(makeScene(host, size), frameLimit: frames)
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
