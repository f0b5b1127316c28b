import Foundation
import SegueAnimation
import SegueUI

/// A whole `segue replay` run: a ``ReplayDriver`` on a ``TraceableScene``, writing the trace (one
/// ``TraceLine`` per frame), the PNG frames and the animated GIF and WebP the ``ReplayOutputs`` ask for:
/// each written frame is rendered once (`ReplayRender`) and saved by every output (`ReplayOutput`).
@MainActor
public enum ReplaySession {
    /// Checks `outputs`, builds the scene with `makeScene` (on the driver's clock, at the window's size:
    /// `size` when given, else the script's), runs the script to its end (or until the scene quits) and
    /// writes the outputs. Nothing is written when `outputs` are invalid (``ReplayOutputError``, also
    /// thrown when the frames directory or the trace file cannot be made after all, before any frame
    /// runs: a check by permissions cannot see everything, e.g. for root). `progress`, when given, is
    /// told of every frame (and finished at the end).
    public static func run<Scene: TraceableScene>(
        _ script: ReplayScript, size: CGSize? = nil, outputs: ReplayOutputs, progress: ReplayProgress? = nil,
        makeScene: @MainActor (VirtualClock, CGSize) throws -> Scene
    ) throws -> ReplayDriver.Outcome {
        let windowSizes = script.windowSizes(initial: size)
        try outputs.validate(windowSizes: windowSizes)
        SDLTextMeasurer.install()
        let driver = ReplayDriver(script: script, size: size)
        // One render a written frame, read by every output (they all write every `every`th frame at one scale).
        let writesImages = outputs.framesDirectory != nil || outputs.gif != nil || outputs.webp != nil
        let render = writesImages ? try ReplayRender(scale: outputs.scale) : nil
        defer { render?.close() }
        var writers: [any ReplayOutput] = []
        defer { for writer in writers { writer.close() } }
        if let directory = outputs.framesDirectory {
            writers.append(try ReplayFrameWriter(directory: directory, every: outputs.every, scale: outputs.scale, render: render))
        }
        if let path = outputs.gif {
            writers.append(try ReplayGIFWriter(path: path, every: outputs.every, scale: outputs.scale, windowSizes: windowSizes,
                                               render: render))
        }
        if let path = outputs.webp {
            writers.append(try ReplayWebPWriter(path: path, every: outputs.every, scale: outputs.scale, windowSizes: windowSizes,
                                                render: render))
        }
        defer { progress?.finish() }
        let scene = try makeScene(driver.clock, driver.windowSize)
        let trace = try outputs.trace.map(TraceWriter.init)
        let outcome = try driver.run(scene, render: { tree, frame in
            if let render, writers.contains(where: { $0.writes(frame: frame) }) {
                try render.render(tree, size: driver.windowSize)
            }
        }, afterFrame: { frame in
            for writer in writers where writer.writes(frame: frame) { try writer.save(frame: frame) }
            progress?.update(frame: frame, lastFrame: driver.lastFrame)
            // The log is drained every frame, traced or not, so it always holds this frame's entries.
            let log = scene.drainLog()
            if let trace {
                let line = TraceLine(frame: frame, time: ReplayTimeline.time(ofFrame: frame),
                                     snapshot: scene.traceSnapshot(), log: log)
                try trace.write(line.json)
            }
        })
        for writer in writers { try writer.finish() }
        return outcome
    }
}

/// Writes trace lines to a file (created or truncated) or to standard output.
@MainActor
final class TraceWriter {
    private let handle: FileHandle

    init(_ destination: ReplayOutputs.TraceDestination) throws {
        switch destination {
        case .standardOutput:
            handle = FileHandle.standardOutput
        case .file(let path):
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: path) else {
                throw ReplayOutputError(option: "--trace", value: path, problem: "cannot be created")
            }
            self.handle = handle
        }
    }

    /// Writes `line` and a line feed.
    func write(_ line: String) throws {
        try handle.write(contentsOf: Data((line + "\n").utf8))
    }
}
