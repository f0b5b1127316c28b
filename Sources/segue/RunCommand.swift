import ArgumentParser
import Foundation
import SegueSDL

/// `segue run` (the default): the demo app, a navigation stack of app-like pages.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the demo app: Return pushes a page, Backspace pops, drag from the left edge to scrub a pop, S slows animations down, H shows the HUD, M the model/presentation outlines, R records the input as a replay script, Escape quits."
    )

    @OptionGroup var options: WindowCommandOptions

    @Flag(help: reduceMotionHelp)
    var reduceMotion = false

    func run() throws {
        try options.runWindow(title: "segue") { host, size in
            let window = DemoWindow(clock: host.clock, size: size)
            window.isReduceMotionEnabled = reduceMotion
            window.statisticsSource = { host.statistics }
            window.rendererDescription = host.rendererName
            window.rasterCacheSource = { host.rasterCache.description }
            window.recordingDirectory = FileManager.default.currentDirectoryPath
            return window
        }
    }
}

/// `segue layers`: the animated layer scene (springs, 3D flip, circle reveal, text).
struct LayersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layers",
        abstract: "Open a window showing an animated layer scene (springs, 3D flip, circle reveal, text). S slows it down, Escape quits."
    )

    @OptionGroup var options: WindowCommandOptions

    func run() throws {
        try options.runWindow(title: "segue layers") { host, _ in
            DemoScene(clock: host.clock, statistics: { host.statistics }, rendererName: "\(host.rendererName), \(host.backEnd.reason)")
        }
    }
}
