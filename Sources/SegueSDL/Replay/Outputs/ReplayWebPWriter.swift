import Foundation
import SegueAnimation

/// Writes a replay as an animated WebP (`--webp OUT.webp --every N --scale S`), in-process through
/// libwebp's animation encoder (`WebPAnimationEncoder`, lossless): frames 0, N, 2N... drawn by the CPU
/// compositor at `S` pixels per point (on the same screen as the GIF: `ReplayScreen`), looping forever.
///
/// Frame `k` starts at ``milliseconds(atFrame:)``, `k * 1000 / 60` ms rounded to the nearest, so durations
/// carry the rounding over (every frame: 17, 17, 16, 17, 17, 16... ms) and the whole lasts as long as the
/// written frames. A frame the compositor did not redraw is not added (the previous one lasts longer);
/// the encoder also merges frames whose pixels did not change, and stores only the rectangle that did.
/// The file is created (empty) when the writer is made and written whole by ``finish()``.
@MainActor
public final class ReplayWebPWriter: ReplayOutput {
    /// The WebP file's path.
    public let path: String
    /// The interval between written frames, in frames.
    public let every: Int

    private let screen: ReplayScreen
    private let encoder: WebPAnimationEncoder
    private var pixels: [UInt32]
    /// The index of the last written frame.
    private var lastFrame: Int?

    /// The start of replay frame `index` in milliseconds: `index * 1000 / 60` rounded to the nearest (never
    /// a tie: the fraction is 0, 1/3 or 2/3).
    public static func milliseconds(atFrame index: Int) -> Int {
        let perSecond = Int(ReplayTimeline.framesPerSecond)
        return (index * 1000 + perSecond / 2) / perSecond
    }

    /// A writer of `path` (created or truncated at once) for every `every`th frame at `scale` pixels per
    /// point; the image holds the largest of `windowSizes` (points). A file that cannot be created throws
    /// a ``ReplayOutputError`` (bad input: `--webp`).
    public convenience init(path: String, every: Int, scale: Double, windowSizes: [CGSize]) throws {
        try self.init(path: path, every: every, scale: scale, windowSizes: windowSizes, render: nil)
    }

    /// A writer that saves the frames of `render` (a replay's, shared by its outputs), or its own when nil.
    init(path: String, every: Int, scale: Double, windowSizes: [CGSize], render: ReplayRender?) throws {
        precondition(every >= 1, "A frame interval is at least 1 (ReplayOutputs.validate checks it)")
        screen = try ReplayScreen(scale: scale, windowSizes: windowSizes, render: render)
        do {
            encoder = try WebPAnimationEncoder(width: screen.pixelWidth, height: screen.pixelHeight)
        } catch {
            throw ReplayOutputError(option: "--webp", value: path, problem: error.reason)
        }
        try Self.write([], to: path)
        self.path = path
        self.every = every
        pixels = screen.blankPixels()
    }

    /// Frames given to the encoder so far.
    public var frameCount: Int { encoder.frameCount }

    /// Whether frame `index` is written.
    public func writes(frame index: Int) -> Bool { index % every == 0 }

    /// The render phase of a written frame: draws the tree at `size` points.
    public func render(_ tree: LayerTree, size: CGSize) throws {
        try screen.source.render(tree, size: size)
    }

    /// Adds the frame last drawn by ``render(_:size:)`` as frame `index` (nothing when it did not change).
    public func save(frame index: Int) throws {
        precondition(lastFrame.map { index > $0 } ?? true, "Frames in order")
        defer { lastFrame = index }
        if lastFrame != nil, screen.source.changedNothing { return }
        screen.copyFrame(into: &pixels)
        let width = screen.pixelWidth
        do {
            try pixels.withUnsafeBufferPointer {
                try encoder.add(argb: $0.baseAddress!, stride: width * 4, at: Self.milliseconds(atFrame: index))
            }
        } catch let error as WebPEncoderError {
            throw ReplayOutputError(option: "--webp", value: path, problem: error.reason)
        }
    }

    /// Ends the last frame with the last written frame's time and writes the file.
    public func finish() throws {
        guard let lastFrame else { return }
        let bytes: [UInt8]
        do {
            bytes = try encoder.finish(at: Self.milliseconds(atFrame: lastFrame + every))
        } catch {
            throw ReplayOutputError(option: "--webp", value: path, problem: error.reason)
        }
        try Self.write(bytes, to: path)
    }

    /// Releases the compositor.
    public func close() {
        screen.close()
    }

    private static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw ReplayOutputError(option: "--webp", value: path, problem: "cannot be written (\(posixReason(error)))")
        }
    }
}
