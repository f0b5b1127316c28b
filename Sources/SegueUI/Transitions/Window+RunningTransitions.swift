extension Window {
    /// Ends at once (``ContainerTransition/endAtOnce()``) every running transition whose container view
    /// is `view` or inside it: called as `view` leaves this window (removed from its superview, moved to
    /// another window, or the window's root controller replaced), while it is still in the window. Outside
    /// a window nothing animates and no finger reaches a view, so a transition left running there would
    /// freeze half way, and an interaction released later could not play on (it needs the window's time).
    /// A transition playing on its own completes; one a finger holds, or let go towards its start, is
    /// cancelled. Its completion runs in the callbacks phase, as at a normal end.
    func endTransitions(inside view: View) {
        guard !runningTransitions.isEmpty else { return }
        for transition in runningTransitions where transition.containerView.isDescendant(of: view) {
            transition.endAtOnce()
        }
    }
}
