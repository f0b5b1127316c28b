/// A key press or release.
public struct KeyEvent: Sendable, Hashable {
    /// The key pressed or released.
    public var key: Key
    /// True for a press, false for a release.
    public var isDown: Bool
    /// True when the press is the keyboard's auto-repeat.
    public var isRepeat: Bool
    /// Seconds, from the event itself.
    public var timestamp: Double
    /// What sent it: the keyboard, or the mouse's back button (reported as the key ``Key/back``).
    public var source: InputSource

    /// A key event; by default a press from the keyboard that is not an auto-repeat.
    public init(key: Key, isDown: Bool = true, isRepeat: Bool = false, timestamp: Double, source: InputSource = .keyboard) {
        self.key = key
        self.isDown = isDown
        self.isRepeat = isRepeat
        self.timestamp = timestamp
        self.source = source
    }
}
