extension ViewController {
    /// Whether a switch between two of this container's children (a push, a pop, a tab switch, a custom
    /// transition) begins their appearance callbacks: its view is in a window and the container is not
    /// disappearing itself.
    ///
    /// UIKit's rule is that a child's appearance follows its container's: a container whose own
    /// `viewWillDisappear` has run (a full-screen presentation is covering it) sends its children no
    /// `viewWillAppear` for a switch; the child it shows then appears with it when it appears again (and
    /// the child it leaves disappears with it). Segue's rule where UIKit documents none. Calling them anyway would begin a disappearance the
    /// container's own has already begun (unbalanced calls).
    var beginsChildSwitchAppearance: Bool {
        guard let view = viewIfLoaded, view.window != nil else { return false }
        return appearanceState != .disappearing
    }

    /// Begins the appearance callbacks of a switch from `from` to `to` when
    /// ``beginsChildSwitchAppearance``; returns whether it did (hand it to
    /// ``endChildSwitchAppearance(began:from:to:completed:)``).
    func beginChildSwitchAppearance(from: ViewController, to: ViewController, animated: Bool) -> Bool {
        guard beginsChildSwitchAppearance else { return false }
        from.beginAppearanceTransition(false, animated: animated)
        to.beginAppearanceTransition(true, animated: animated)
        return true
    }

    /// Ends the appearance of a switch from `from` to `to` (`completed`: `to` is shown now; else `from`
    /// is). The child left is disappeared; the child shown is appeared when the container is shown (or
    /// appearing) in a window, disappeared when it is disappearing or out of the window — whatever happened to the container meanwhile (a
    /// full-screen presentation began covering it, or one was cancelled). In the plain case these are
    /// UIKit's calls: completed, `from.end, to.end`; cancelled, `to.begin(false), to.end, from.begin(true),
    /// from.end`.
    func endChildSwitchAppearance(began: Bool, from: ViewController, to: ViewController, completed: Bool, animated: Bool = true) {
        // Not begun and not in a window: the container shows nothing, it calls nothing (as before a switch).
        guard began || viewIfLoaded?.window != nil else { return }
        let inWindow = viewIfLoaded?.window != nil
        let containerShown = began
            ? inWindow && appearanceState != .disappearing
            : inWindow && (appearanceState == .appeared || appearanceState == .appearing)
        let (shown, left) = completed ? (to, from) : (from, to)
        Self.settleAppearance(of: left, appeared: false, animated: animated)
        Self.settleAppearance(of: shown, appeared: containerShown, animated: animated)
    }

    /// Brings `child` to appeared or disappeared with the fewest balanced calls: nothing when it is there,
    /// an end when it is on its way, else a begin (reversing one in progress) and an end.
    private static func settleAppearance(of child: ViewController, appeared: Bool, animated: Bool) {
        switch (child.appearanceState, appeared) {
        case (.appeared, true), (.disappeared, false):
            return
        case (.appearing, true), (.disappearing, false):
            child.endAppearanceTransition()
        default:
            child.beginAppearanceTransition(appeared, animated: animated)
            child.endAppearanceTransition()
        }
    }
}
