import Foundation
import SegueAnimation

extension View {
    /// A new view showing a picture of this view's subtree, the size of its bounds, at the origin
    /// (`snapshotView(afterScreenUpdates:)`).
    ///
    /// Differs from UIKit: the picture is always taken at the next render (the renderer fills the
    /// snapshot contents the first time it draws them), so `afterScreenUpdates` makes no difference: the
    /// source's state at that frame is what shows, and later changes do not.
    public func snapshotView(afterScreenUpdates: Bool) -> View {
        let size = bounds.size
        let snapshot = View(frame: CGRect(origin: .zero, size: size))
        snapshot.layer.contents = .snapshot(Snapshot(source: layer, size: size))
        snapshot.layer.cornerRadius = layer.cornerRadius
        snapshot.layer.masksToBounds = layer.masksToBounds
        snapshot.accessibilityIdentifier = accessibilityIdentifier.map { "\($0).snapshot" }
        return snapshot
    }
}
