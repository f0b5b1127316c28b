import CSDL2

/// A failure reported by SDL, with SDL's own message (`SDL_GetError`).
public struct SDLError: Error, CustomStringConvertible {
    /// What Segue was doing.
    public let operation: String
    /// SDL's explanation.
    public let message: String

    /// Captures SDL's current error message for `operation`.
    public init(_ operation: String) {
        self.operation = operation
        self.message = String(cString: SDL_GetError())
    }

    /// A failure of `operation` with a message of Segue's own (tests simulate SDL's failures with it).
    init(_ operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    /// "<operation> failed: <SDL's message>".
    public var description: String { "\(operation) failed: \(message)" }
}
