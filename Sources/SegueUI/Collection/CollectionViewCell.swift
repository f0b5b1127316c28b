import Foundation
import SegueAnimation

/// A reusable item view of a collection view (`UICollectionViewCell`): put your content in ``contentView``;
/// the collection view creates cells of a registered class, places them by their layout attributes, and
/// reuses those that scroll away (``prepareForReuse()`` runs before a cell is handed out again).
///
/// Differs from UIKit: no selected-background view; ``isSelected`` and ``isHighlighted`` are plain flags
/// the collection view sets (override their observers, or ``apply(_:)``, to show them).
@MainActor
open class CollectionViewCell: View {
    /// The view to add content to (fills the cell, resizing with it).
    public let contentView: View
    /// The identifier the cell was dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// A view behind the content (`backgroundView`): it fills the cell and resizes with it. Nil by default.
    open var backgroundView: View? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            guard let backgroundView else { return }
            backgroundView.frame = bounds
            backgroundView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            insertSubview(backgroundView, at: 0)
        }
    }
    /// Whether the cell's item is selected (set by the collection view).
    open var isSelected = false
    /// Whether the cell is pressed (Segue's collection view does not highlight: it stays false).
    open var isHighlighted = false

    /// A cell of `frame` with an empty content view. The collection view creates registered cells with this
    /// initializer, so a subclass that adds its own designated initializer must keep this one.
    public required override init(frame: CGRect) {
        contentView = View(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    /// Called before the cell is handed out again by `dequeueReusableCell(withReuseIdentifier:for:)`:
    /// reset per-item state here (call super; the default resets ``isSelected`` and ``isHighlighted``).
    open func prepareForReuse() {
        isSelected = false
        isHighlighted = false
    }

    /// Places the cell by `layoutAttributes` (centre, bounds size, alpha, transform, z-index, hidden).
    /// Override to read attributes of your own layout subclass (call super).
    open func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {
        center = layoutAttributes.center
        bounds = CGRect(origin: bounds.origin, size: layoutAttributes.size)
        alpha = layoutAttributes.alpha
        transform3D = layoutAttributes.transform3D
        layer.zPosition = CGFloat(layoutAttributes.zIndex)
        isHidden = layoutAttributes.isHidden
    }
}
