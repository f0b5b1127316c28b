import SegueAnimation

extension TransitionEffect {
    /// One instance, with its default parameters, of each planar effect (the effects that move, scale and
    /// fade pages in the plane: no perspective, no snapshots), in the order of the catalogue
    /// (spec/effects.md): for a gallery and for tests that run every effect.
    ///
    /// Differs from UIKit: Segue's own list.
    public static var planeEffects: [TransitionEffect] {
        [.systemPush(), .slide(), .cover(), .uncover(), .push(), .pull(), .crossfade,
         .zoom(), .zoomOut(), .zoomSlide(), .coverVertical, .sheet(), .scaleInCard()]
    }
}
