import Foundation
import SegueAnimation

extension CollectionView {
    /// Follows the pan 1:1 (clamped at the ends), then decelerates from the release velocity.
    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopDeceleration()
            isDragging = true
            dragStartOffset = contentOffset
            fallthrough
        case .changed:
            let proposed = CGPoint(x: dragStartOffset.x, y: dragStartOffset.y - pan.translation(in: self).y)
            contentOffset = clamped(proposed, contentHeight: contentSize.height)
        case .ended:
            isDragging = false
            startDeceleration(velocity: -pan.velocity(in: self).y)
        case .cancelled, .failed:
            isDragging = false
        default:
            break
        }
    }

    /// Scrolls on from the content offset at `velocity` (points per second of offset), decaying at
    /// ``decelerationRate`` on the window's clock (``ScrollDecaySimulation``), until the flick is spent or
    /// it reaches an end (where it stops, clamped). Segue's addition (UIKit starts it only from a pan).
    public func startDeceleration(velocity: CGFloat) {
        stopDeceleration()
        let decay = ScrollDecaySimulation(velocity: Double(velocity), rate: decelerationRate)
        guard let tree = layer.tree, !decay.isDone(at: 0) else { return }
        let start = contentOffset
        let begin = tree.mediaTime
        let link = DisplayLink { [weak self] link in
            guard let self else { link.invalidate(); return }
            let t = link.timestamp - begin
            let proposed = CGPoint(x: start.x, y: start.y + CGFloat(decay.offset(at: t)))
            let offset = self.clamped(proposed, contentHeight: self.contentSize.height)
            self.contentOffset = offset
            if decay.isDone(at: t) || offset != proposed { self.stopDeceleration() }
        }
        deceleration = link
        link.add(to: tree)
    }

    /// Where ``scrollToItem(at:at:animated:)`` puts an item (`UICollectionView.ScrollPosition`).
    public struct ScrollPosition: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The item's top at the top of the visible area (below the adjusted top inset).
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item's centre at the centre of the visible area.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom at the bottom of the visible area.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the left: a horizontal position, which moves nothing in Segue's
        /// vertical collection views (see ``CollectionView/scrollToItem(at:at:animated:)``).
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item's centre at the horizontal centre: a horizontal position (see ``left``).
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the right: a horizontal position (see ``left``).
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// Scrolls so that the item at `indexPath` is at `position` (`scrollToItem(at:at:animated:)`), the
    /// offset kept within the scrollable range; the cells follow in the next layout pass (call
    /// `layoutIfNeeded()` to have them now).
    ///
    /// Differs from UIKit: Segue's collection views scroll vertically only, so only the vertical part of
    /// `position` (`.top`, `.centeredVertically`, `.bottom`) moves the content; a position with no
    /// vertical part (`.left`, `.centeredHorizontally`, `.right`, which place an item in a collection view
    /// scrolling sideways) leaves the offset as it is. An animated scroll is not offered yet: `animated`
    /// must be false (true fails loudly).
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        precondition(!animated, "CollectionView.scrollToItem(at:at:animated:): animated scrolling is not supported yet; pass false")
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else {
            preconditionFailure("CollectionView.scrollToItem(at:at:animated:): there is no item at \(indexPath)")
        }
        let inset = adjustedContentInset
        let visibleHeight = bounds.height - inset.top - inset.bottom
        let y: CGFloat
        if position.contains(.top) {
            y = frame.minY - inset.top
        } else if position.contains(.centeredVertically) {
            y = frame.midY - visibleHeight / 2 - inset.top
        } else if position.contains(.bottom) {
            y = frame.maxY - visibleHeight - inset.top
        } else {
            return
        }
        stopDeceleration()
        contentOffset = clamped(CGPoint(x: contentOffset.x, y: y), contentHeight: contentSize.height)
    }

    /// Stops a flick where it is.
    public func stopDeceleration() {
        deceleration?.invalidate()
        deceleration = nil
    }

    /// Stops any scrolling: the flick, and a pan in progress (cancelled).
    func stopScrolling() {
        stopDeceleration()
        if isDragging || panGestureRecognizer.state == .began || panGestureRecognizer.state == .changed {
            panGestureRecognizer.isEnabled = false
            panGestureRecognizer.isEnabled = isScrollEnabled
        }
        isDragging = false
    }
}
