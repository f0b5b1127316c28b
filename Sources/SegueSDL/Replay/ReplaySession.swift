import Foundation
import SegueAnimation
import SegueUI

/// A whole `segue replay` run: a ``ReplayDriver`` on a ``TraceableScene``, writing the trace (one
/// ``TraceLine`` per frame), the PNG frames and the animated GIF and WebP the ``ReplayOutputs`` ask for.
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
        let driver = ReplayDriver(script: script, size: size)
        let frames = try outputs.framesDirectory.map {
            try ReplayFrameWriter(directory: $0, every: outputs.every, scale: outputs.scale)
        }
        defer { frames?.close() }
        // Each writer has its compositor: PNGs with a GIF or a WebP draw each frame more than once (simple; rare).
        let gif = try outputs.gif.map {
            try ReplayGIFWriter(path: $0, every: outputs.every, scale: outputs.scale, windowSizes: windowSizes)
        }
        defer { gif?.close() }
        let webp = try outputs.webp.map {
            try ReplayWebPWriter(path: $0, every: outputs.every, scale: outputs.scale, windowSizes: windowSizes)
        }
        defer { webp?.close() }
        defer { progress?.finish() }
        let scene = try makeScene(driver.clock, driver.windowSize)
        let trace = try outputs.trace.map(TraceWriter.init)
        let outcome = try driver.run(scene, render: { tree, frame in
            if let frames, frames.writes(frame: frame) { try frames.render(tree, size: driver.windowSize) }
            if let gif, gif.writes(frame: frame) { try gif.render(tree, size: driver.windowSize) }
            if let webp, webp.writes(frame: frame) { try webp.render(tree, size: driver.windowSize) }
        }, afterFrame: { frame in
            if let frames, frames.writes(frame: frame) { try frames.save(frame: frame) }
            if let gif, gif.writes(frame: frame) { try gif.save(frame: frame) }
            if let webp, webp.writes(frame: frame) { try webp.save(frame: frame) }
            progress?.update(frame: frame, lastFrame: driver.lastFrame)
            // The log is drained every frame, traced or not, so it always holds this frame's entries.
            let log = scene.drainLog()
            if let trace {
                let line = TraceLine(frame: frame, time: ReplayTimeline.time(ofFrame: frame),
                                     snapshot: scene.traceSnapshot(), log: log)
                try trace.write(line.json)
            }
        })
        try frames?.finish()
        try gif?.finish()
        try webp?.finish()
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
