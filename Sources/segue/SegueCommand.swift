import ArgumentParser
import SegueSDL

/// The `segue` command: the demo window (default), and its subcommands grouped by what a user wants of them:
/// see it (the windows), record it (headless replay, the inspector), test it (the monkey, the soak, the
/// iPhone's gestures) and measure it (the benchmarks).
@main
struct SegueCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "iOS view-controller transitions, running for real on the Linux desktop.",
        discussion: "With no subcommand, segue opens the demo app (segue run). Without a display, see it headless: segue replay Resources/scripts/pop-scrubbed-caught-finished.json --gif pop.gif",
        version: version,
        groupedSubcommands: [
            CommandGroup(name: "See it", subcommands: [RunCommand.self, GalleryCommand.self, LayersCommand.self, ControlsCommand.self, WatchCommand.self]),
            CommandGroup(name: "Record it", subcommands: [ReplayCommand.self, InspectCommand.self]),
            CommandGroup(name: "Test it", subcommands: [MonkeyCommand.self, SoakCommand.self, FidelityCommand.self]),
            CommandGroup(name: "Measure it", subcommands: [BenchCommand.self, PresentationBenchmarkCommand.self]),
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Installs SDL2_ttf's text measurements (every scene `segue` builds lays text out with them, drawn or
    /// not), then runs the command line.
    static func main() {
        MainActor.assumeIsolated { _ = SDLTextMeasurer.install() }
        main(nil)
    }
}
