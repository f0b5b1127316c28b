import Foundation
import SegueAnimation

/// Where and how a collection view shows one item (`UICollectionViewLayoutAttributes`): a layout makes
/// one per item; the collection view applies it to the item's cell (centre, bounds size, alpha,
/// transform, z-index, hidden).
///
/// Differs from UIKit: cells only (no supplementary or decoration views, so no `representedElementKind`);
/// ``zIndex`` becomes the cell layer's `zPosition`, which orders drawing among siblings as Core Animation
/// does. ``interpolated(to:fraction:)`` is Segue's: what ``CollectionViewTransitionLayout`` and the
/// layout-to-layout navigation interpolate with.
@MainActor
open class CollectionViewLayoutAttributes {
    /// The item these attributes place.
    public let indexPath: IndexPath
    /// The centre, in the collection view's content coordinates.
    public var center: CGPoint = .zero
    /// The size (the cell's bounds size).
    public var size: CGSize = .zero
    /// The opacity, 0...1 (default 1).
    public var alpha: CGFloat = 1
    /// The cell's transform about its centre (default identity).
    public var transform3D: Transform3D = .identity
    /// The drawing order among the cells (higher on top; default 0).
    public var zIndex = 0
    /// Whether the cell is hidden (default false).
    public var isHidden = false

    /// Attributes for the item at `indexPath`, with an empty frame.
    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
    }

    /// The frame: ``center`` and ``size`` (the untransformed rectangle, as UIKit's `frame` is when the
    /// transform is the identity). Setting it sets both.
    public var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// The bounds: origin zero, ``size``.
    public var bounds: CGRect { CGRect(origin: .zero, size: size) }

    /// The affine part of ``transform3D``.
    public var transform: CGAffineTransform {
        get { transform3D.affineTransform }
        set { transform3D = Transform3D(newValue) }
    }

    /// A copy (UIKit's `copy()`; layouts hand out copies so callers cannot change their cache).
    open func copy() -> Self {
        let copy = Self(forCellWith: indexPath)
        copy.center = center
        copy.size = size
        copy.alpha = alpha
        copy.transform3D = transform3D
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        return copy
    }

    /// The attributes `fraction` of the way from these to `other` (0: these, 1: `other`): centre, size,
    /// alpha and transform interpolated linearly (the transform by decomposition), the z-index and
    /// hidden flag of the nearer end. Segue's addition.
    public func interpolated(to other: CollectionViewLayoutAttributes, fraction: Double) -> CollectionViewLayoutAttributes {
        let result = CollectionViewLayoutAttributes(forCellWith: indexPath)
        result.center = CGPoint.interpolate(from: center, to: other.center, fraction: fraction)
        result.size = CGSize.interpolate(from: size, to: other.size, fraction: fraction)
        result.alpha = CGFloat.interpolate(from: alpha, to: other.alpha, fraction: fraction)
        result.transform3D = fraction == 0 ? transform3D : fraction == 1 ? other.transform3D
            : Transform3D.interpolate(from: transform3D, to: other.transform3D, fraction: fraction)
        result.zIndex = fraction < 0.5 ? zIndex : other.zIndex
        result.isHidden = fraction < 0.5 ? isHidden : other.isHidden
        return result
    }
}
