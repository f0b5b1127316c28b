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
