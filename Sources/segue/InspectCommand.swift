import ArgumentParser
import Foundation
import SegueSDL

/// `segue inspect SCRIPT.json`: a window to scrub a replay script's run frame by frame (``InspectorWindow``).
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Open a replay script in a window with a timeline to scrub it frame by frame.",
        discussion: """
            The script runs on the virtual clock, as segue replay runs it: the frame shown at frame k is the \
            frame replay traces at k. The timeline shows the transitions as bars and the input events as \
            ticks; drag on it to scrub. Left/Right step one frame, Space plays or pauses, Up/Down pick the \
            speed (1, 0.25, 0.1), Home/End go to the first/last frame, a click on a page or sheet lists its \
            model and presentation values and its animations; Escape quits. A bad script exits 2 with one \
            line, as replay does.
            """
    )

    @Argument(help: ArgumentHelp("The replay script (JSON): size, duration, events.", valueName: "script.json"))
    var script: String

    @OptionGroup var options: WindowCommandOptions

    func run() throws {
        let parsed: ReplayScript
        do {
            parsed = try ReplayScript.load(contentsOfFile: script)
        } catch {
            throw ReplayCommand.badInput(error)
        }
        let (session, compositor): (InspectorSession, HeadlessCompositor)
        do {
            (session, compositor) = try MainActor.assumeIsolated {
                (try InspectorSession(script: parsed), try HeadlessCompositor(size: parsed.size))
            }
        } catch {
            throw fail(error)
        }
        try options.runWindow(title: "segue inspect") { host, size in
            InspectorWindow(clock: host.clock, size: size, session: session, compositor: compositor)
        }
    }
}
