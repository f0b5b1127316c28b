import ArgumentParser
import Foundation
import SegueSDL
import SegueUI

/// `segue gallery`: every transition effect in each container (``GalleryWindow``).
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Open the effects gallery: choose an effect (click, Up/Down or E), Return pushes with it, Backspace pops, Space plays it there and back, a drag from the left edge scrubs the pop, Left/Right switch tabs with it, P presents a sheet with it, S slows everything down, H shows the HUD, Escape dismisses or quits.",
        discussion: "`segue replay --scene gallery SCRIPT` replays a script in the gallery headless."
    )

    @OptionGroup var options: WindowCommandOptions

    @Flag(help: reduceMotionHelp)
    var reduceMotion = false

    @Flag(help: "Print the effects, one per line in the gallery's order, and exit (no window): the name, a tab, the duration in seconds.")
    var list = false

    func run() throws {
        if list {
            let lines = MainActor.assumeIsolated {
                TransitionEffect.catalogue.map { "\($0.name)\t\($0.animator(reverse: false).transitionDuration(using: nil))" }
            }
            print(lines.joined(separator: "\n"))
            return
        }
        try options.runWindow(title: "segue gallery") { host, size in
            let window = GalleryWindow(clock: host.clock, size: size)
            window.isReduceMotionEnabled = reduceMotion
            window.statisticsSource = { host.statistics }
            window.rendererDescription = host.rendererName
            window.rasterCacheSource = { host.rasterCache.description }
            return window
        }
    }
}
