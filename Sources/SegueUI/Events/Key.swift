/// A key, named as SDL's `SDL_GetKeyName` spells it ("Return", "Escape", "Backspace", "Left", "Right",
/// "P", "S", "Space"...).
public struct Key: Sendable, Hashable, CustomStringConvertible {
    /// The name as `SDL_GetKeyName` spells it (letters in upper case: "R"); matching is exact.
    public let name: String
    /// The key named `name` (SDL's spelling, case-sensitive).
    public init(_ name: String) { self.name = name }

    /// Return (Enter).
    public static let returnKey = Key("Return")
    /// Escape.
    public static let escape = Key("Escape")
    /// Backspace.
    public static let backspace = Key("Backspace")
    /// The left arrow.
    public static let left = Key("Left")
    /// The right arrow.
    public static let right = Key("Right")
    /// The up arrow.
    public static let up = Key("Up")
    /// The down arrow.
    public static let down = Key("Down")
    /// The space bar.
    public static let space = Key("Space")
    /// Tab.
    public static let tab = Key("Tab")
    /// Back (SDL's `AC Back`, the application-control key of keyboards with a Back key): the window pops
    /// its top page on it (``Window``). The host also reports the mouse's back button and Alt+Left as
    /// this key, as GNOME applications and browsers take them for Back.
    public static let back = Key("AC Back")

    /// The key's SDL name (`Return`, `Left`, `P`).
    public var description: String { name }
}
