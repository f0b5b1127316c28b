/// `CACurrentMediaTime()`: the media time of the key window's layer tree, in seconds (0 when there is
/// no key window).
///
/// Segue has no global clock: each window's layer tree runs on the clock its host gives it (a
/// `VirtualClock` in tests), and its `LayerTree.mediaTime` is what `CACurrentMediaTime()` is to a Core
/// Animation layer tree. With several windows this reads the key window's (`Window.keyWindow`: the one
/// last made key with `makeKeyAndVisible()`, or else the first created), so the classic delay
/// `animation.beginTime = CACurrentMediaTime() + delay` is right for layers in that window; for a layer
/// in another window use that tree's time (`layer.tree?.mediaTime`), or Segue's
/// `layer.add(_:forKey:delay:)`, which needs no clock.
///
/// Differs from Core Animation: main-actor isolated, and not the host's uptime but the tree's time,
/// which a window's time scale (Slow Animations) slows down.
@MainActor
public func CACurrentMediaTime() -> CFTimeInterval {
    Window.keyWindow?.layerTree.mediaTime ?? 0
}
