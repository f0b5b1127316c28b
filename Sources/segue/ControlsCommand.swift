import ArgumentParser
import SegueSDL
import SegueUI

/// `segue controls`: the controls demo page (labels, buttons, a panel to drag and fling) in a window.
struct ControlsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "controls",
        abstract: "Open a window with the controls demo: click the buttons, drag and fling the panel. Escape quits."
    )

    @OptionGroup var options: WindowCommandOptions

    func run() throws {
        try options.runWindow(title: "segue controls") { host, size in
            let window = Window(clock: host.clock, size: size)
            window.rootViewController = ControlsDemoViewController()
            return window
        }
    }
}
