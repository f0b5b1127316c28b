/// Why a replay script cannot run: the file, where in it (the script as a whole, a top-level field, or an
/// event by its index in `events`, from 0) and what is wrong. Its ``description`` is the one line
/// `segue replay` prints before exiting with status 2.
public struct ReplayScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the script the problem is.
    public enum Location: Sendable, Hashable {
        /// The file itself (unreadable, not JSON, not an object).
        case file
        /// A top-level field (`size`, `duration`, `events`).
        case field(String)
        /// The event at this index of `events` (from 0).
        case event(Int)
    }

    /// The script's path, as given.
    public var file: String
    /// Where in the script.
    public var location: Location
    /// What is wrong, in a few words (one line).
    public var problem: String

    /// An error in `file` at `location`.
    public init(file: String, location: Location, problem: String) {
        self.file = file
        self.location = location
        self.problem = problem
    }

    /// `FILE: event 3: missing field "x"` (or `FILE: size: ...`, `FILE: ...`), always on one line.
    public var description: String {
        let place: String
        switch location {
        case .file: place = ""
        case .field(let name): place = "\(name): "
        case .event(let index): place = "event \(index): "
        }
        let line = "\(file): \(place)\(problem)"
        return line.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
