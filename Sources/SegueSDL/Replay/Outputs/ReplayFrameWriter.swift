import Dispatch
import Foundation
import SegueAnimation

/// Writes PNGs of a replay's frames (`--frames DIR --every N --scale S`): frames 0, N, 2N... drawn by the
/// CPU compositor (``HeadlessCompositor``, `S` pixels per point, 1 by default) at the window's size in that
/// frame, named `frame-00042.png` after the frame's index. In a replay the frame is the one render every
/// output reads (`ReplayRender`); on its own the writer renders it itself (``render(_:size:)``).
///
/// Fast enough for a replay many times faster than real time: a frame is encoded (`PNGEncoder`) and
/// written on another thread while the next frames render, and a frame the compositor did not redraw
/// (nothing changed since the last written frame) gets the last file's bytes again, unencoded. Every
/// written frame still gets its own complete file. ``finish()`` waits for the files and reports the
/// first that could not be written.
@MainActor
public final class ReplayFrameWriter: ReplayOutput {
    /// Digits of the frame index in a file name, zero-padded (the spec's `frame-00042.png`).
    public static let indexDigits = 5
    /// Frames encoded at once on other threads: one a core. Each holds a copy of its frame's pixels, so
    /// this also bounds the memory (~2 MB an 800x600 frame); saving waits while that many are under way.
    static let framesInFlight = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// The directory the PNGs go to.
    public let directory: String
    /// The interval between written frames, in frames.
    public let every: Int
    /// Pixels per point of the PNGs.
    public let scale: Double

    /// The render whose frames are saved: the writer's own (``render(_:size:)``), or a replay's, shared by
    /// every output.
    private let source: ReplayRender
    /// Whether ``source`` is the writer's own (it releases it).
    private let ownsSource: Bool
    /// The file of the last written frame: what an unchanged frame writes again.
    private var lastFile: EncodedFrame?
    /// Files encoding on other threads, oldest first.
    private var inFlight: [EncodedFrame] = []
    /// Pixel copies and row buffers of finished encodings, for the next frames.
    private let pixelBuffers = BufferPool(), rowBuffers = BufferPool()
    private let encoding = DispatchGroup()
    private let slots = DispatchSemaphore(value: framesInFlight)

    /// A writer into `directory` (created with its parents if missing) for every `every`th frame, at
    /// `scale` pixels per point. A directory that cannot be made throws a ``ReplayOutputError`` (bad
    /// input: `--frames`).
    public convenience init(directory: String, every: Int, scale: Double = 1) throws {
        try self.init(directory: directory, every: every, scale: scale, render: nil)
    }

    /// A writer that saves the frames of `render` (a replay's, shared by its outputs), or its own when nil.
    init(directory: String, every: Int, scale: Double, render: ReplayRender?) throws {
        precondition(every >= 1, "A frame interval is at least 1 (ReplayOutputs.validate checks it)")
        source = try render ?? ReplayRender(scale: scale)
        ownsSource = render == nil
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ReplayOutputError(option: "--frames", value: directory, problem: "cannot be created (\(posixReason(error)))")
        }
        self.directory = directory
        self.every = every
        self.scale = scale
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
        try source.render(tree, size: size)
    }

    /// Saves the frame last drawn by ``render(_:size:)`` as frame `index`'s PNG: encoded and written on
    /// another thread, or, when the compositor redrew nothing, the last written frame's bytes again.
    /// Throws the error of an earlier frame's file that could not be written.
    public func save(frame index: Int) throws {
        let compositor = source.frame
        let path = (directory as NSString).appendingPathComponent(Self.fileName(forFrame: index))
        try collectFinished()
        if let lastFile, source.changedNothing {
            // Written on another thread too, once the file it repeats is encoded (creating a file costs
            // more than a frame that did not change should take here).
            let file = EncodedFrame()
            encoding.enter()
            lastFile.whenFinished { [encoding] result in
                DispatchQueue.global(qos: .userInitiated).async {
                    file.finish(result.flatMap { bytes in Result { try Self.write(bytes, to: path); return bytes } })
                    encoding.leave()
                }
            }
            inFlight.append(file)
            return
        }
        let file = EncodedFrame()
        let (width, height, stride) = (compositor.pixelWidth, compositor.pixelHeight, compositor.pixelStride)
        slots.wait()
        var pixels = pixelBuffers.take()
        compositor.copyPixels(into: &pixels)
        DispatchQueue.global(qos: .userInitiated).async(group: encoding) { [slots, pixelBuffers, rowBuffers, pixels] in
            defer { slots.signal() }
            var rows = rowBuffers.take()
            let bytes = pixels.withUnsafeBytes {
                PNGEncoder.encode(argb: $0.baseAddress!, width: width, height: height, stride: stride, scratch: &rows)
            }
            pixelBuffers.give(pixels)
            rowBuffers.give(rows)
            file.finish(Result { try Self.write(bytes, to: path); return bytes })
        }
        inFlight.append(file)
        lastFile = file
    }

    /// Waits for every frame's file, then reports the first that could not be written.
    public func finish() throws {
        encoding.wait()
        try collectFinished()
    }

    /// Waits for the files under way and releases the compositor. Errors are ``finish()``'s to report.
    public func close() {
        encoding.wait()
        if ownsSource { source.close() }
    }

    /// Forgets the files finished since the last call; throws the first one's error.
    private func collectFinished() throws {
        while let first = inFlight.first, let result = first.result {
            inFlight.removeFirst()
            _ = try result.get()
        }
    }

    /// Writes a file (created or replaced); a failure is a ``ReplayOutputError`` of `--frames`.
    ///
    /// Plain POSIX `open`/`write`/`close`: Foundation's `Data.write(to:)` also syncs every file to the disk
    /// (`fsync`), which made the frames of a replay wait for the disk (a profile of `segue replay --frames`:
    /// 7% of the CPU in `fsync`, and the main thread, which writes the unchanged frames, blocked in it).
    nonisolated static func write(_ bytes: [UInt8], to path: String) throws {
        func failure(_ code: Int32) -> ReplayOutputError {
            ReplayOutputError(option: "--frames", value: path, problem: "cannot be written (\(String(cString: strerror(code))))")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(errno) }
        var written = 0
        let writeError: Int32? = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += n
            }
            return nil
        }
        if let writeError {
            Glibc.close(fd)
            throw failure(writeError)
        }
        guard Glibc.close(fd) == 0 else { throw failure(errno) }
    }
}

/// Byte buffers handed between the main thread and the encoders, so that frames reuse memory.
/// Sendable by its lock.
final class BufferPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [[UInt8]] = []

    /// A buffer from the pool (any size), or an empty one.
    func take() -> [UInt8] { lock.withLock { free.popLast() } ?? [] }

    /// Returns a buffer to the pool.
    func give(_ buffer: [UInt8]) { lock.withLock { free.append(buffer) } }
}

/// A frame's PNG being encoded and written on another thread: its bytes once written, or the error.
/// Sendable by its lock: the outcome and the waiting actions are only read and written under it.
final class EncodedFrame: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: Result<[UInt8], any Error>?
    private var waiters: [@Sendable (Result<[UInt8], any Error>) -> Void] = []

    /// The bytes written, or why not; nil while under way.
    var result: Result<[UInt8], any Error>? { lock.withLock { outcome } }

    /// Records the outcome (once), then runs what waited for it.
    func finish(_ result: Result<[UInt8], any Error>) {
        let waiting = lock.withLock {
            outcome = result
            defer { waiters.removeAll() }
            return waiters
        }
        for action in waiting { action(result) }
    }

    /// Runs `action` with the outcome once there is one: at once (on this thread) if there is already.
    func whenFinished(_ action: @escaping @Sendable (Result<[UInt8], any Error>) -> Void) {
        let now: Result<[UInt8], any Error>? = lock.withLock {
            if outcome == nil { waiters.append(action) }
            return outcome
        }
        if let now { action(now) }
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
