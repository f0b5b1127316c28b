import SegueAnimation

extension TransitionEffect {
    /// Every effect Segue ships, each with its default parameters, in the order of
    /// ../shared/spec/effects.md: what `segue gallery` lists.
    public static var catalogue: [TransitionEffect] {
        planeEffects + depthEffects
    }
}
