import ArgumentParser

/// The `segue` command: the demo window, and (as they land) headless replay and benchmarks.
@main
struct SegueCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "iOS view-controller transitions, running for real on the Linux desktop.",
        version: version,
        subcommands: [PresentationBenchmarkCommand.self]
    )

    func run() throws {
        print("segue \(Self.version)")
        print(Self.helpMessage())
    }
}
