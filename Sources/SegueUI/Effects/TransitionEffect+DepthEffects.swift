import SegueAnimation

extension TransitionEffect {
    /// The catalogue's 3D, snapshot and mask effects, one of each with its default parameters: cards,
    /// cube, flip, page curl, fold, portal, explode and circle reveal (for menus, galleries and tests
    /// that go through them all).
    ///
    /// Differs from UIKit: no counterpart.
    public static var depthEffects: [TransitionEffect] {
        [.cards, .cube(), .flip(), .pageCurl(), .fold(), .portal, .explode(), .circleReveal()]
    }
}
