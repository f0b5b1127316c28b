/// The modifier keys held when an event happened (`UIKeyModifierFlags`), e.g. on a pointer event
/// (``PointerEvent/modifierFlags``) and the touch event built from it (``Event/modifierFlags``).
///
/// The raw values are UIKit's. Differs from UIKit: there is no `.numericPad` (SDL reports no such state
/// for a pointer); `.command` is the "GUI" key of a PC keyboard (the Windows or Super key), as SDL names it.
/// Key events (``KeyEvent``) carry no modifier flags.
public struct KeyModifierFlags: OptionSet, Sendable, Hashable {
    /// The option set's bits.
    public let rawValue: Int
    /// An option set of these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock is on.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    /// A Shift key is held.
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    /// A Control (Ctrl) key is held.
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// An Alternate (Alt, Option) key is held.
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// A Command key (on a PC keyboard: the GUI, Windows or Super key) is held.
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
}
