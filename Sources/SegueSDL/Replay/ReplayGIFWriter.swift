import Foundation
import SegueAnimation

/// Writes a replay as an animated GIF (`--gif OUT.gif --every N --scale S`), in-process through giflib
/// (``GIFEncoder``): frames 0, N, 2N... drawn by the CPU compositor (``HeadlessCompositor``) at `S` pixels
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
///   smallest rectangle holding every changed pixel, with its own colour table (``GIFQuantizer``); the
///   rest of the screen keeps the earlier images.
/// - The logical screen is the largest window size of the script (its size, or `--size`, and every
///   `resize`) at the scale; a frame smaller than it is drawn at the top left, on black.
/// - Browsers show delays below 2 hundredths as 10 (a compatibility rule), so every frame at 60 Hz
///   (`--every 1`) plays slowly there; `--every 2` (30 fps) or more plays at the right speed everywhere.
@MainActor
public final class ReplayGIFWriter {
    /// The opaque black around a frame smaller than the screen.
    static let background: UInt32 = 0xFF00_0000

    /// The GIF file's path.
    public let path: String
    /// The interval between written frames, in frames.
    public let every: Int
    /// Pixels per point.
    public let scale: Double
    /// The logical screen's size in pixels.
    public let pixelWidth: Int, pixelHeight: Int

    private let fonts: FontLocator.Fonts
    private let encoder: GIFEncoder
    private var compositor: HeadlessCompositor?
    /// Whether the compositor was made for the frame last rendered (every pixel of it is new).
    private var compositorIsNew = false
    /// The last frame's pixels on the screen and the frame before's (premultiplied ARGB, one row a screen width).
    private var current: [UInt32], previous: [UInt32]
    /// The compositor's last frame, copied (reused from frame to frame).
    private var frameBytes: [UInt8] = []
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
    public init(path: String, every: Int, scale: Double, windowSizes: [CGSize]) throws {
        precondition(every >= 1, "A frame interval is at least 1 (ReplayOutputs.validate checks it)")
        precondition(!windowSizes.isEmpty, "The window's size at least")
        fonts = try FontLocator().locate()
        let pixels = windowSizes.map { Self.pixelSize(of: $0, scale: scale) }
        pixelWidth = pixels.map(\.width).max()!
        pixelHeight = pixels.map(\.height).max()!
        do {
            encoder = try GIFEncoder(path: path, width: pixelWidth, height: pixelHeight)
        } catch {
            throw ReplayOutputError(option: "--gif", value: path, problem: "cannot be created (\(error.reason))")
        }
        self.path = path
        self.every = every
        self.scale = scale
        current = [UInt32](repeating: Self.background, count: pixelWidth * pixelHeight)
        previous = current
    }

    /// The pixels of `size` points at `scale`, as ``HeadlessCompositor`` rounds them.
    nonisolated static func pixelSize(of size: CGSize, scale: Double) -> (width: Int, height: Int) {
        (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
    }

    /// Images written to the file so far (the last one is written by ``finish()``).
    public var imageCount: Int { encoder.imageCount }

    /// Whether frame `index` is written.
    public func writes(frame index: Int) -> Bool { index % every == 0 }

    /// The render phase of a written frame: draws the tree at `size` points (a new compositor when the
    /// window was resized).
    public func render(_ tree: LayerTree, size: CGSize) throws {
        compositorIsNew = false
        if compositor?.size != size {
            compositor?.close()
            compositor = try HeadlessCompositor(size: size, scale: scale, fonts: fonts)
            compositorIsNew = true
        }
        try compositor!.render(tree)
    }

    /// Adds the frame last drawn by ``render(_:size:)`` as frame `index`: a new image of what changed, or,
    /// when nothing did, more time for the previous image.
    public func save(frame index: Int) throws {
        guard let compositor else { preconditionFailure("save(frame:) before render(_:size:)") }
        precondition(lastFrame.map { index > $0 } ?? true, "Frames in order")
        defer { lastFrame = index }
        if pending != nil, !compositorIsNew, compositor.lastDamage.isEmpty { return }
        swap(&current, &previous)
        copyFrame(of: compositor)
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
        compositor?.close()
        compositor = nil
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

    /// Copies the compositor's frame into `current` at the top left; black around it.
    private func copyFrame(of compositor: HeadlessCompositor) {
        let width = min(compositor.pixelWidth, pixelWidth), height = min(compositor.pixelHeight, pixelHeight)
        compositor.copyPixels(into: &frameBytes)
        let stride = compositor.pixelStride
        current.withUnsafeMutableBufferPointer { screen in
            frameBytes.withUnsafeBytes { source in
                for row in 0..<pixelHeight {
                    let line = screen.baseAddress! + row * pixelWidth
                    guard row < height else {
                        line.update(repeating: Self.background, count: pixelWidth)
                        continue
                    }
                    UnsafeMutableRawPointer(line).copyMemory(from: source.baseAddress! + row * stride, byteCount: width * 4)
                    if width < pixelWidth { (line + width).update(repeating: Self.background, count: pixelWidth - width) }
                }
            }
        }
    }

    /// The smallest rectangle holding every pixel that differs between `current` and `previous`, nil if none.
    private func changedRectangle() -> (x: Int, y: Int, width: Int, height: Int)? {
        current.withUnsafeBufferPointer { now in
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
