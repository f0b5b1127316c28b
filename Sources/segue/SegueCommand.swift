import ArgumentParser
import SegueSDL

/// The `segue` command: the demo window (default), the controls demo, headless replay of a script, and the
/// renderer benchmarks.
@main
struct SegueCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "iOS view-controller transitions, running for real on the Linux desktop.",
        version: version,
        subcommands: [RunCommand.self, LayersCommand.self, ControlsCommand.self, GalleryCommand.self, ReplayCommand.self, InspectCommand.self, WatchCommand.self, MonkeyCommand.self, SoakCommand.self, FidelityCommand.self,
                      BenchCommand.self, PresentationBenchmarkCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// Installs SDL2_ttf's text measurements (every scene `segue` builds lays text out with them, drawn or
    /// not), then runs the command line.
    static func main() {
        MainActor.assumeIsolated { _ = SDLTextMeasurer.install() }
        main(nil)
    }
}
