import Foundation

/// Where a replay writes: the trace (`--trace`), the PNG frames (`--frames`, every `--every`th). Checked
/// whole by ``validate()`` before anything runs, so bad options write nothing.
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
    /// A PNG of every `every`th frame (frames 0, every, 2·every...); at least 1.
    public var every: Int

    /// Outputs; by default none.
    public init(trace: TraceDestination? = nil, framesDirectory: String? = nil, every: Int = 1) {
        self.trace = trace
        self.framesDirectory = framesDirectory
        self.every = every
    }

    /// Checks, without writing anything, that `every` is at least 1, that the trace file can be created
    /// or overwritten (its directory exists and is writable; it is not a directory), and that the frames
    /// directory is a writable directory or can be created (its nearest existing ancestor is a writable
    /// directory).
    public func validate() throws(ReplayOutputError) {
        guard every >= 1 else {
            throw ReplayOutputError(option: "--every", value: "\(every)", problem: "must be at least 1")
        }
        if case .file(let path) = trace {
            let fail = { (problem: String) in ReplayOutputError(option: "--trace", value: path, problem: problem) }
            if let kind = Self.kind(of: path) {
                guard kind == .file else { throw fail("is a directory, not a file") }
                guard access(path, W_OK) == 0 else { throw fail("is not writable") }
            } else {
                let parent = Self.parent(of: path)
                switch Self.kind(of: parent) {
                case .directory: break
                case .file: throw fail("cannot be created: \(parent) is not a directory")
                case nil: throw fail("cannot be created: \(parent) does not exist")
                }
                guard access(parent, W_OK | X_OK) == 0 else { throw fail("cannot be created: \(parent) is not writable") }
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
    /// The option (`--trace`, `--frames`, `--every`, `--size`).
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
