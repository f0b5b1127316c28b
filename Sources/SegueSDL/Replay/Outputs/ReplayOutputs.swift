import Foundation

/// Where a replay writes: the trace (`--trace`), the PNG frames (`--frames`), the animated GIF (`--gif`)
/// and WebP (`--webp`), all of every `--every`th frame at `--scale` pixels per point. Checked whole by
/// ``validate(windowSizes:)`` before anything runs, so bad options write nothing.
public struct ReplayOutputs: Sendable, Hashable {
    /// Where the trace goes.
    public enum TraceDestination: Sendable, Hashable {
        /// Standard output (`--trace -`).
        case standardOutput
        /// A file, created or truncated.
        case file(String)
    }

    /// The trace's destination, nil for no trace.
    public var trace: TraceDestination?
    /// The directory the PNG frames go to (created if missing), nil for no frames.
    public var framesDirectory: String?
    /// The animated GIF file (created or truncated), nil for none.
    public var gif: String?
    /// The animated WebP file (created or truncated), nil for none.
    public var webp: String?
    /// A PNG, GIF or WebP image of every `every`th frame (frames 0, every, 2·every...); at least 1.
    public var every: Int
    /// Pixels per point of the PNGs, the GIF and the WebP (1: one pixel a point; 0.5: half the size); above 0.
    public var scale: Double

    /// Outputs; by default none.
    public init(trace: TraceDestination? = nil, framesDirectory: String? = nil, gif: String? = nil, webp: String? = nil,
                every: Int = 1, scale: Double = 1) {
        self.trace = trace
        self.framesDirectory = framesDirectory
        self.gif = gif
        self.webp = webp
        self.every = every
        self.scale = scale
    }

    /// Checks, without writing anything, that `every` is at least 1; that `scale` is a number above 0 that
    /// makes every size of `windowSizes` (points) 1...``HeadlessRenderer/maximumPixelSide`` pixels a side;
    /// that the trace, GIF and WebP files can be created or overwritten (their directory exists and is writable;
    /// they are not directories); and that the frames directory is a writable directory or can be created
    /// (its nearest existing ancestor is a writable directory).
    public func validate(windowSizes: [CGSize] = []) throws(ReplayOutputError) {
        guard every >= 1 else {
            throw ReplayOutputError(option: "--every", value: "\(every)", problem: "must be at least 1")
        }
        guard scale.isFinite, scale > 0 else {
            throw ReplayOutputError(option: "--scale", value: "\(scale)", problem: "must be a number above 0, e.g. 0.5")
        }
        let sides = 1...HeadlessRenderer.maximumPixelSide
        for size in windowSizes {
            let pixels = ReplayScreen.pixelSize(of: size, scale: scale)
            guard sides.contains(pixels.width), sides.contains(pixels.height) else {
                throw ReplayOutputError(option: "--scale", value: "\(scale)",
                    problem: "\(Int(size.width))x\(Int(size.height)) points would be \(pixels.width)x\(pixels.height) pixels; "
                        + "each side must be \(sides.lowerBound)...\(sides.upperBound) pixels")
            }
        }
        if case .file(let path) = trace { try Self.checkFile(path, option: "--trace") }
        if let gif { try Self.checkFile(gif, option: "--gif") }
        if let webp {
            try Self.checkFile(webp, option: "--webp")
            for size in windowSizes {
                let pixels = ReplayScreen.pixelSize(of: size, scale: scale)
                guard max(pixels.width, pixels.height) <= WebPAnimationEncoder.maximumSide else {
                    throw ReplayOutputError(option: "--scale", value: "\(scale)",
                        problem: "\(Int(size.width))x\(Int(size.height)) points would be \(pixels.width)x\(pixels.height) pixels; "
                            + "a WebP is at most \(WebPAnimationEncoder.maximumSide) pixels a side")
                }
            }
        }
        if let path = framesDirectory {
            let fail = { (problem: String) in ReplayOutputError(option: "--frames", value: path, problem: problem) }
            var existing = path
            while Self.kind(of: existing) == nil {
                let up = Self.parent(of: existing)
                guard up != existing else { break }
                existing = up
            }
            guard Self.kind(of: existing) == .directory else {
                throw fail(existing == path ? "is not a directory" : "cannot be created: \(existing) is not a directory")
            }
            guard access(existing, W_OK | X_OK) == 0 else {
                throw fail(existing == path ? "is not writable" : "cannot be created: \(existing) is not writable")
            }
        }
    }

    /// Checks that the file `path` of `option` can be created or overwritten.
    private static func checkFile(_ path: String, option: String) throws(ReplayOutputError) {
        let fail = { (problem: String) in ReplayOutputError(option: option, value: path, problem: problem) }
        if let kind = kind(of: path) {
            guard kind == .file else { throw fail("is a directory, not a file") }
            guard access(path, W_OK) == 0 else { throw fail("is not writable") }
        } else {
            let parent = parent(of: path)
            switch self.kind(of: parent) {
            case .directory: break
            case .file: throw fail("cannot be created: \(parent) is not a directory")
            case nil: throw fail("cannot be created: \(parent) does not exist")
            }
            guard access(parent, W_OK | X_OK) == 0 else { throw fail("cannot be created: \(parent) is not writable") }
        }
    }

    private enum Kind { case file, directory }

    private static func kind(of path: String) -> Kind? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue ? .directory : .file
    }

    /// The directory holding `path` (`.` for a bare name; `/` for `/`).
    private static func parent(of path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        let parent = absolute.deletingLastPathComponent().path
        return parent.isEmpty ? "/" : parent
    }
}

/// A replay option that cannot work (exit status 2 in `segue replay`): the option, its value and why, on
/// one line.
public struct ReplayOutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The option (`--trace`, `--frames`, `--gif`, `--webp`, `--every`, `--scale`, `--size`).
    public var option: String
    /// Its value as given.
    public var value: String
    /// What is wrong.
    public var problem: String

    /// An error about `option` given `value`.
    public init(option: String, value: String, problem: String) {
        self.option = option
        self.value = value
        self.problem = problem
    }

    /// `--frames out/x: cannot create it: out is not writable`.
    public var description: String { "\(option) \(value): \(problem)" }
}
