import Foundation
import SegueAnimation

/// Writes a replay as an animated GIF (`--gif OUT.gif --every N --scale S`), in-process through giflib
/// (`GIFEncoder`): frames 0, N, 2N... drawn by the CPU compositor (``HeadlessCompositor``) at `S` pixels
/// per point, looping forever.
///
/// - Timing: frame `k` of the replay starts at `k / 60` s; in the GIF, an image shown from frame `k` starts
///   at ``centiseconds(atFrame:)``, `k * 100 / 60` hundredths rounded to the nearest, and lasts until the
///   next image's start. Delays therefore carry the rounding over (every frame at 60 Hz: 2, 1, 2, 2, 1,
///   2... hundredths; every 2nd: 3, 4, 3, 3, 4, 3...), no image starts more than half a hundredth off its
///   frame's time, and the whole GIF lasts exactly as long as the replay's written frames, rounded to a
///   hundredth.
/// - A written frame that shows nothing new (the compositor redrew nothing, or the pixels it redrew are
///   the same) adds no image: the previous image's delay grows by its time. Otherwise the image is the
///   smallest rectangle holding every changed pixel, with its own colour table (`GIFQuantizer`); the
///   rest of the screen keeps the earlier images.
/// - The logical screen is the largest window size of the script (its size, or `--size`, and every
///   `resize`) at the scale; a frame smaller than it is drawn at the top left, on black (`ReplayScreen`).
/// - Browsers show delays below 2 hundredths as 10 (a compatibility rule), so every frame at 60 Hz
///   (`--every 1`) plays slowly there; `--every 2` (30 fps) or more plays at the right speed everywhere.
@MainActor
public final class ReplayGIFWriter: ReplayOutput {
    /// The GIF file's path.
    public let path: String
    /// The interval between written frames, in frames.
    public let every: Int
    /// Pixels per point.
    public var scale: Double { screen.scale }
    /// The logical screen's width in pixels.
    public var pixelWidth: Int { screen.pixelWidth }
    /// The logical screen's height in pixels.
    public var pixelHeight: Int { screen.pixelHeight }

    private let screen: ReplayScreen
    private let encoder: GIFEncoder
    /// The last frame's pixels on the screen and the frame before's (premultiplied ARGB, one row a screen width).
    private var current: [UInt32], previous: [UInt32]
    /// The image waiting for its delay (known when the next image, or the end, comes) and its first frame.
    private var pending: (image: GIFImage, frame: Int)?
    /// The index of the last written frame.
    private var lastFrame: Int?

    /// The start of replay frame `index` in the GIF's time, in hundredths of a second: `index * 100 / 60`
    /// rounded to the nearest (never a tie: the fraction is 0, 1/3 or 2/3).
    public static func centiseconds(atFrame index: Int) -> Int {
        let perSecond = Int(ReplayTimeline.framesPerSecond)
        return (index * 100 + perSecond / 2) / perSecond
    }

    /// A writer of `path` (created or truncated at once) for every `every`th frame at `scale` pixels per
    /// point; the screen holds the largest of `windowSizes` (points). A file that cannot be created throws
    /// a ``ReplayOutputError`` (bad input: `--gif`).
    public convenience init(path: String, every: Int, scale: Double, windowSizes: [CGSize]) throws {
        try self.init(path: path, every: every, scale: scale, windowSizes: windowSizes, render: nil)
    }

    /// A writer that saves the frames of `render` (a replay's, shared by its outputs), or its own when nil.
    init(path: String, every: Int, scale: Double, windowSizes: [CGSize], render: ReplayRender?) throws {
        precondition(every >= 1, "A frame interval is at least 1 (ReplayOutputs.validate checks it)")
        screen = try ReplayScreen(scale: scale, windowSizes: windowSizes, render: render)
        do {
            encoder = try GIFEncoder(path: path, width: screen.pixelWidth, height: screen.pixelHeight)
        } catch {
            throw ReplayOutputError(option: "--gif", value: path, problem: "cannot be created (\(error.reason))")
        }
        self.path = path
        self.every = every
        current = screen.blankPixels()
        previous = current
    }

    /// Images written to the file so far (the last one is written by ``finish()``).
    public var imageCount: Int { encoder.imageCount }

    /// Whether frame `index` is written.
    public func writes(frame index: Int) -> Bool { index % every == 0 }

    /// The render phase of a written frame: draws the tree at `size` points (a new compositor when the
    /// window was resized).
    public func render(_ tree: LayerTree, size: CGSize) throws {
        try screen.source.render(tree, size: size)
    }

    /// Adds the frame last drawn by ``render(_:size:)`` as frame `index`: a new image of what changed, or,
    /// when nothing did, more time for the previous image.
    public func save(frame index: Int) throws {
        precondition(lastFrame.map { index > $0 } ?? true, "Frames in order")
        defer { lastFrame = index }
        if pending != nil, screen.source.changedNothing { return }
        swap(&current, &previous)
        screen.copyFrame(into: &current)
        let changed = pending == nil ? (0, 0, pixelWidth, pixelHeight) : changedRectangle()
        guard let (x, y, width, height) = changed else { return }
        let image = current.withUnsafeBufferPointer {
            GIFQuantizer.image(of: $0.baseAddress!, rowLength: pixelWidth, x: x, y: y, width: width, height: height)
        }
        try flushPending(until: index, shown: previous)
        pending = (image, index)
    }

    /// Writes the last image (lasting until the end of the last written frame) and closes the file.
    public func finish() throws {
        if let lastFrame { try flushPending(until: lastFrame + every, shown: current) }
        do {
            try encoder.close()
        } catch {
            throw ReplayOutputError(option: "--gif", value: path, problem: "cannot be written (\(error.reason))")
        }
    }

    /// Releases the compositor.
    public func close() {
        screen.close()
    }
    /// Writes the pending image with the delay up to frame `end`'s start. A delay too long for one image
    /// (over 655.35 s) goes on in one-pixel images that repeat the top-left pixel of `shown`, the screen
    /// the pending image makes.
    private func flushPending(until end: Int, shown: [UInt32]) throws {
        guard let (image, frame) = pending else { return }
        pending = nil
        var delay = Self.centiseconds(atFrame: end) - Self.centiseconds(atFrame: frame)
        try add(image, delay: min(delay, GIFEncoder.maximumDelay))
        delay -= GIFEncoder.maximumDelay
        if delay > 0 {
            let topLeft = shown.withUnsafeBufferPointer {
                GIFQuantizer.image(of: $0.baseAddress!, rowLength: pixelWidth, x: 0, y: 0, width: 1, height: 1)
            }
            while delay > 0 {
                try add(topLeft, delay: min(delay, GIFEncoder.maximumDelay))
                delay -= GIFEncoder.maximumDelay
            }
        }
    }

    private func add(_ image: GIFImage, delay: Int) throws {
        do {
            try encoder.add(image, delay: delay)
        } catch {
            throw ReplayOutputError(option: "--gif", value: path, problem: "cannot be written (\(error.reason))")
        }
    }

    /// The smallest rectangle holding every pixel that differs between `current` and `previous`, nil if none.
    private func changedRectangle() -> (x: Int, y: Int, width: Int, height: Int)? {
        let (pixelWidth, pixelHeight) = (screen.pixelWidth, screen.pixelHeight)
        return current.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                let rowBytes = pixelWidth * 4
                func rowDiffers(_ row: Int) -> Bool {
                    memcmp(now.baseAddress! + row * pixelWidth, before.baseAddress! + row * pixelWidth, rowBytes) != 0
                }
                guard let top = (0..<pixelHeight).first(where: rowDiffers) else { return nil }
                let bottom = (top..<pixelHeight).last(where: rowDiffers)!
                var left = pixelWidth, right = -1
                for row in top...bottom {
                    let a = now.baseAddress! + row * pixelWidth, b = before.baseAddress! + row * pixelWidth
                    var x = 0
                    while x < left, a[x] == b[x] { x += 1 }
                    if x < left { left = x }
                    var r = pixelWidth - 1
                    while r > right, a[r] == b[r] { r -= 1 }
                    if r > right { right = r }
                }
                return (left, top, right - left + 1, bottom - top + 1)
            }
        }
    }
}
