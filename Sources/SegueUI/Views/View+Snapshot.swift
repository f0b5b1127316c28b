import Foundation
import SegueAnimation

extension View {
    /// A new view showing a picture of this view's subtree, the size of its bounds, at the origin
    /// (`snapshotView(afterScreenUpdates:)`).
    ///
    /// - `afterScreenUpdates: false` copies the subtree at once, as it is drawn at the time of the call
    ///   (each layer's presentation: an animation in flight shows where it is now; one added in this turn
    ///   and not begun yet shows its start). Hiding, moving or changing the source afterwards, even in
    ///   the same turn, does not reach the picture: the seed articles' animators snapshot a view and then
    ///   hide it or move it.
    /// - `afterScreenUpdates: true` pictures the source at the next render, with every change made
    ///   before it.
    ///
    /// Differs from UIKit: the copy is of layers, not of pixels (the renderer draws it into a texture the
    /// first time it is shown, then reuses it); UIKit may leave out changes made in the same turn with
    /// `false` ("might not include recent changes"), Segue's copy always includes the model changes made
    /// before the call without an animation. The picture's corner radius and clipping are the source's
    /// at the time of the call. The result is optional as in UIKit (where it is nil for a view that
    /// cannot be pictured); Segue can always picture a view, so it is never nil.
    public func snapshotView(afterScreenUpdates: Bool) -> View? {
        snapshot(afterScreenUpdates: afterScreenUpdates)
    }

    /// ``snapshotView(afterScreenUpdates:)`` without the optional, for Segue's own effects.
    func snapshot(afterScreenUpdates: Bool) -> View {
        let size = bounds.size
        let source = afterScreenUpdates ? layer : layer.copyAsDrawnNow()
        let snapshot = View(frame: CGRect(origin: .zero, size: size))
        snapshot.layer.contents = .snapshot(Snapshot(source: source, size: size))
        snapshot.layer.cornerRadius = source.cornerRadius
        snapshot.layer.masksToBounds = source.masksToBounds
        snapshot.accessibilityIdentifier = accessibilityIdentifier.map { "\($0).snapshot" }
        return snapshot
    }
}

extension Layer {
    /// A detached copy of this layer's subtree (``Layer/copyTree()``) whose model values are the
    /// presentation of each original layer now, with no animations: a still picture of what is drawn.
    fileprivate func copyAsDrawnNow() -> Layer {
        let copy = copyTree()
        // The copy's values are set without animation, also when the call is inside an animation block.
        Transaction.perform(capturing: nil) { copy.takePresentation(of: self) }
        return copy
    }

    /// Sets this copy's model to `original`'s presentation, through the subtree and the masks (the copy
    /// has `original`'s structure: it was made by `copyTree()`).
    private func takePresentation(of original: Layer) {
        let drawn = original.presentationValues()
        if model != drawn {
            setValue(drawn.bounds, for: .bounds)
            setValue(drawn.position, for: .position)
            setValue(drawn.anchorPoint, for: .anchorPoint)
            setValue(drawn.zPosition, for: .zPosition)
            setValue(drawn.transform, for: .transform)
            setValue(drawn.sublayerTransform, for: .sublayerTransform)
            setValue(drawn.opacity, for: .opacity)
            setValue(drawn.backgroundColor, for: .backgroundColor)
            setValue(drawn.cornerRadius, for: .cornerRadius)
            setValue(drawn.borderWidth, for: .borderWidth)
            setValue(drawn.borderColor, for: .borderColor)
            setValue(drawn.shadowColor, for: .shadowColor)
            setValue(drawn.shadowOpacity, for: .shadowOpacity)
            setValue(drawn.shadowRadius, for: .shadowRadius)
            setValue(drawn.shadowOffset, for: .shadowOffset)
            setValue(drawn.backdropBlurRadius, for: .backdropBlurRadius)
            setValue(drawn.contentBlurRadius, for: .contentBlurRadius)
            assert(model == drawn, "snapshotView: a LayerProperties field is not copied to the snapshot")
        }
        if let mask, let originalMask = original.mask { mask.takePresentation(of: originalMask) }
        for (sublayer, originalSublayer) in zip(sublayers, original.sublayers) {
            sublayer.takePresentation(of: originalSublayer)
        }
    }
}
