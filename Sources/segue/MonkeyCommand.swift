import ArgumentParser
import Foundation
import SegueSDL

/// `segue monkey --seed S --events N [--seeds K] [--out FILE]`: the seeded monkey (issue 13). Runs N
/// random events per seed (seeds S, S+1, ... S+K-1) through the demo app headless, checking its
/// invariants after every frame. On a failure it prints the seed, the event index and the invariant,
/// shrinks the events to a short script that fails the same way, writes it in the replay format (to
/// `--out`, default `monkey-seed-S.json`) and exits 1. `--replay FILE` checks a script instead (a shrunk
/// one, to see whether it still fails).
struct MonkeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monkey",
        abstract: "Run seeded random input through the demo app (or the gallery), checking its invariants after every frame.",
        discussion: """
            Exit 0: no invariant broken. Exit 1: a failure; the shrunk script that reproduces it is \
            written (its path printed). Escape never quits a monkey run.
            """
    )

    /// The latest ``start``, in ms: a script's events must fit in 24 hours (``ReplayScript/maximumTime``),
    /// with an hour left for the seed's events.
    static let maximumStart = ReplayScript.maximumTime - 3_600_000

    /// The events of `seed`, ``start`` ms later.
    @MainActor
    private func generated(seed: UInt64) -> [ReplayEvent] {
        MonkeyEventGenerator.events(seed: seed, count: events, scene: scene).map { ReplayEvent(time: $0.time + start, kind: $0.kind) }
    }

    /// The exit status of a run that broke an invariant.
    static let failureStatus: Int32 = 1

    @Option(help: ArgumentHelp("The first seed.", valueName: "S"))
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Events per seed.", valueName: "N"))
    var events: Int = 2000

    @Option(help: ArgumentHelp("How many seeds to run, from --seed up.", valueName: "K"))
    var seeds: Int = 1

    @Option(help: ArgumentHelp("Where to write the shrunk script of a failure (default: monkey-seed-S.json).", valueName: "file"))
    var out: String?

    @Option(help: ArgumentHelp("Check this replay script instead of generating events.", valueName: "script.json"))
    var replay: String?

    @Option(help: ArgumentHelp("The app: demo (the demo app) or gallery (segue gallery: every effect, the photo grid, matched geometry).", valueName: "name"))
    var scene: ReplayScene = .demo

    @Option(help: ArgumentHelp("Start the generated events this many milliseconds into the run (the app and the monkey's fingers run from 0): --start 3600000 runs the seed an hour into app time.", valueName: "ms"))
    var start: Double = 0

    @Flag(help: "Go on to the next seed after a failure, without shrinking it (a survey of many seeds).")
    var keepGoing = false

    @Flag(help: "Print the script of --seed's --events (the replay format) instead of running it.")
    var printScript = false

    func validate() throws {
        guard events > 0, seeds > 0 else { throw ValidationError("--events and --seeds must be positive") }
        guard start.isFinite, start >= 0, start <= Self.maximumStart else {
            throw ValidationError("--start must be 0...\(Int(Self.maximumStart)) ms (a replay script's 24 hours less an hour for the events)")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            if let replay {
                let script: ReplayScript
                do { script = try ReplayScript.load(contentsOfFile: replay) } catch { throw ReplayCommand.badInput(error) }
                var frames = 0, atRest = 0
                if let failure = try Monkey.run(script, scene: scene, frames: &frames, framesAtRest: &atRest) {
                    print("\(replay): \(failure)")
                    print(MonkeyChild.rulePrefix + failure.violation.rule)
                    throw ExitCode(Self.failureStatus)
                }
                print("\(replay): \(frames) frames (\(atRest) at rest), every invariant held")
                return
            }
            if printScript {
                print(MonkeyEventGenerator.script(generated(seed: seed)).jsonText, terminator: "")
                return
            }
            var totalEvents = 0
            var failedSeeds: [UInt64] = []
            let start = Date()
            let child = MonkeyChild(scene: scene)
            for s in seed..<(seed + UInt64(seeds)) {
                let list = generated(seed: s)
                let seedStart = Date()
                // Each seed runs in a child: a crash in it is a failure to shrink, not the end of the monkey.
                let outcome = try child.run(MonkeyEventGenerator.script(list))
                guard outcome != .passed else {
                    totalEvents += list.count
                    print("seed \(s): \(list.count) events, every invariant held "
                          + "(\(String(format: "%.1f", Date().timeIntervalSince(seedStart))) s)")
                    continue
                }
                print("seed \(s) FAILED: \(outcome)")
                if keepGoing {
                    failedSeeds.append(s)
                    continue
                }
                try report(outcome, events: list, seed: s)
                throw ExitCode(Self.failureStatus)
            }
            print("\(seeds) seeds, \(totalEvents) events of passing seeds in "
                  + "\(String(format: "%.1f", Date().timeIntervalSince(start))) s: "
                  + (failedSeeds.isEmpty ? "no failure" : "\(failedSeeds.count) failed (\(failedSeeds.map(String.init).joined(separator: ", ")))"))
            if !failedSeeds.isEmpty { throw ExitCode(Self.failureStatus) }
        }
    }

    @MainActor
    private func report(_ outcome: MonkeyChild.Outcome, events list: [ReplayEvent], seed s: UInt64) throws {
        let path = out ?? "monkey-seed-\(s).json"
        let child = MonkeyChild(scene: scene)
        let shrunk = try child.shrink(list, failure: outcome)
        print("seed \(s): fails from event \(shrunk.eventIndex) (t = \(Int(list[shrunk.eventIndex].time)) ms) on")
        print("shrunk to \(shrunk.script.events.count) events in \(shrunk.runs) runs: \(shrunk.outcome)")
        do {
            try shrunk.script.write(toFile: path)
        } catch {
            throw ValidationError("cannot write \(path): \(error.localizedDescription)")
        }
        print("script: \(path)")
    }
}
