import Foundation
import SegueAnimation

/// Writes PNGs of a replay's frames (`--frames DIR --every N`): frames 0, N, 2N... drawn by the CPU
/// compositor (``HeadlessCompositor``, one pixel per point) at the window's size in that frame, named
/// `frame-00042.png` after the frame's index.
@MainActor
public final class ReplayFrameWriter {
    /// Digits of the frame index in a file name, zero-padded (the spec's `frame-00042.png`).
    public static let indexDigits = 5
    /// Pixels per point of the PNGs.
    static let scale = 1.0

    /// The directory the PNGs go to.
    public let directory: String
    /// The interval between written frames, in frames.
    public let every: Int

    private let fonts: FontLocator.Fonts
    private var compositor: HeadlessCompositor?

    /// A writer into `directory` (created with its parents if missing) for every `every`th frame. A
    /// directory that cannot be made throws a ``ReplayOutputError`` (bad input: `--frames`).
    public init(directory: String, every: Int) throws {
        precondition(every >= 1, "A frame interval is at least 1 (ReplayOutputs.validate checks it)")
        fonts = try FontLocator().locate()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ReplayOutputError(option: "--frames", value: directory, problem: "cannot be created (\(posixReason(error)))")
        }
        self.directory = directory
        self.every = every
    }

    /// The file name of frame `index`: `frame-00042.png`.
    public static func fileName(forFrame index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, indexDigits - digits.count)) + digits + ".png"
    }

    /// Whether frame `index` is written.
    public func writes(frame index: Int) -> Bool { index % every == 0 }

    /// The render phase of a written frame: draws the tree at `size` points (a new compositor when the
    /// window was resized).
    public func render(_ tree: LayerTree, size: CGSize) throws {
        if compositor?.size != size {
            compositor?.close()
            compositor = try HeadlessCompositor(size: size, scale: Self.scale, fonts: fonts)
        }
        try compositor!.render(tree)
    }

    /// Saves the frame last drawn by ``render(_:size:)`` as frame `index`'s PNG.
    public func save(frame index: Int) throws {
        guard let compositor else { preconditionFailure("save(frame:) before render(_:size:)") }
        try compositor.savePNG(to: (directory as NSString).appendingPathComponent(Self.fileName(forFrame: index)))
    }

    /// Releases the compositor.
    public func close() {
        compositor?.close()
        compositor = nil
    }
}

/// The POSIX reason under a Foundation file error ("Permission denied"), else its description, on one line.
func posixReason(_ error: Error) -> String {
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error {
        let posix = underlying as NSError
        if posix.domain == NSPOSIXErrorDomain, let message = strerror(Int32(posix.code)) { return String(cString: message) }
    }
    return ns.localizedDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
}
