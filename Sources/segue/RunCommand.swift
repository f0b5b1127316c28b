import ArgumentParser
import SegueSDL

/// `segue run` (the default): the demo window with the animated layer scene.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open a window showing an animated layer scene (springs, 3D flip, circle reveal, text). Escape quits."
    )

    @OptionGroup var options: WindowCommandOptions

    func run() throws {
        try options.runWindow(title: "segue") { host, _ in
            DemoScene(clock: host.clock, statistics: { host.statistics }, rendererName: "\(host.rendererName), \(host.backEnd.reason)")
        }
    }
}
