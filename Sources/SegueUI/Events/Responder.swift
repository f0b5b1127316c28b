import SegueAnimation

/// An object that can receive touches and key presses and pass them on along the responder chain
/// (`UIResponder`).
///
/// Differs from UIKit:
/// - Key presses arrive one ``KeyEvent`` at a time in ``pressesBegan(_:)``/``pressesEnded(_:)``, not as a
///   set of `UIPress` objects; ``keyCommands`` are matched on the key alone (Segue's key events carry no
///   modifier flags).
/// - The first responder is kept by the ``Window`` the responder is in; a responder outside a window cannot
///   become first responder.
@MainActor
open class Responder {
    /// The key commands registered with ``addKeyCommand(_:)``.
    private var registeredKeyCommands: [KeyCommand] = []

    /// A responder with no key commands.
    public init() {}

    /// The next responder in the chain: a view's view controller (for a controller's root view) or its
    /// superview; a controller's view's superview. Nil ends the chain (UIKit continues to the application).
    open var next: Responder? { nil }

    /// The window this responder is in, if any (where its first-responder status is kept).
    var responderWindow: Window? { nil }

    // MARK: First responder

    /// Whether the responder accepts first-responder status (default false, as in UIKit).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the responder is its window's first responder.
    public var isFirstResponder: Bool {
        guard let window = responderWindow else { return false }
        return window.firstResponder === self
    }

    /// Makes the responder its window's first responder, the start of the chain for key presses. Returns
    /// false if it cannot become first responder or is not in a window.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = responderWindow else { return false }
        window.firstResponder = self
        return true
    }

    /// Gives up first-responder status. Returns true (a responder that is not first responder stays so).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        if let window = responderWindow, window.firstResponder === self { window.firstResponder = nil }
        return true
    }

    // MARK: Touches

    /// A pointer went down on this responder. The default passes it on to ``next``.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesBegan(touches, with: event)
    }

    /// The pointer moved. The default passes it on to ``next``.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesMoved(touches, with: event)
    }

    /// The pointer went up. The default passes it on to ``next``.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesEnded(touches, with: event)
    }

    /// The pointer was taken away (a gesture recognizer took it, focus was lost). The default passes it on.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Keys

    /// The key commands this responder answers (`UIResponder.keyCommands`): by default the ones added
    /// with ``addKeyCommand(_:)``. Override to compute them.
    open var keyCommands: [KeyCommand] { registeredKeyCommands }

    /// Registers a key command on this responder.
    public func addKeyCommand(_ command: KeyCommand) {
        registeredKeyCommands.append(command)
    }

    /// Removes a key command added with ``addKeyCommand(_:)``.
    public func removeKeyCommand(_ command: KeyCommand) {
        registeredKeyCommands.removeAll { $0 === command }
    }

    /// A key went down and no key command along the chain took it. The default passes it on to ``next``.
    open func pressesBegan(_ event: KeyEvent) {
        next?.pressesBegan(event)
    }

    /// A key went up. The default passes it on to ``next``.
    open func pressesEnded(_ event: KeyEvent) {
        next?.pressesEnded(event)
    }
}
