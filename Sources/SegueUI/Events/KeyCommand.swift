/// A key that triggers an action when pressed while its responder is in the chain (`UIKeyCommand`).
///
/// Differs from UIKit: the action is a closure, not a selector sent up the chain; there are no modifier
/// flags (Segue's ``KeyEvent`` has none). A port of `UIKeyCommand(input: UIKeyCommand.inputLeftArrow,
/// modifierFlags: [], action: #selector(previous))` is `KeyCommand(input: .left) { [unowned self] in
/// self.previous() }`. Auto-repeated presses trigger it again unless ``repeats`` is false.
@MainActor
public final class KeyCommand {
    /// The key that triggers the command.
    public let input: Key
    /// A title for menus and discoverability overlays.
    public var title: String?
    /// Whether the keyboard's auto-repeat triggers the command again (default true, as in UIKit).
    public var repeats: Bool
    /// What the command does.
    public let action: @MainActor () -> Void

    /// A command that runs `action` when `input` is pressed (and, if `repeats`, on auto-repeat).
    public init(input: Key, title: String? = nil, repeats: Bool = true, action: @escaping @MainActor () -> Void) {
        self.input = input
        self.title = title
        self.repeats = repeats
        self.action = action
    }

    /// Whether the command answers `event` (a press of its key).
    public func matches(_ event: KeyEvent) -> Bool {
        event.isDown && event.key == input && (repeats || !event.isRepeat)
    }
}
