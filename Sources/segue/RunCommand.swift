import ArgumentParser
import SegueSDL

/// `segue run` (the default): the demo window with the animated layer scene.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open a window showing an animated layer scene (springs, 3D flip, circle reveal, text). Escape quits."
    )

    @Option(help: "The renderer: automatic, software, opengl or opengles2.")
    var renderer: RendererChoice = .automatic

    @Option(help: "The window size in points, WIDTHxHEIGHT.")
    var size = WindowSize(argument: "1024x768")!

    @Option(help: "Quit after this many frames (for scripted runs).")
    var frames: Int?

    func run() throws {
        let size = try size.validated()
        try MainActor.assumeIsolated {
            do {
                let host = try SDLWindowHost(title: "segue", size: size, renderer: renderer)
                defer { host.close() }
                let scene = DemoScene(clock: host.clock, statistics: { host.statistics }, rendererName: host.rendererName)
                try host.run(scene, frameLimit: frames)
            } catch {
                throw fail(error)
            }
        }
    }
}
