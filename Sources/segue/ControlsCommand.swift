import ArgumentParser
import SegueSDL
import SegueUI

/// `segue controls`: the controls demo page (labels, buttons, a panel to drag and fling) in a window.
struct ControlsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "controls",
        abstract: "Open a window with the controls demo: click the buttons, drag and fling the panel. Escape quits."
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
                let host = try SDLWindowHost(title: "segue controls", size: size, renderer: renderer)
                defer { host.close() }
                let window = Window(clock: host.clock, size: size)
                window.rootViewController = ControlsDemoViewController()
                try host.run(window, frameLimit: frames)
            } catch {
                throw fail(error)
            }
        }
    }
}
