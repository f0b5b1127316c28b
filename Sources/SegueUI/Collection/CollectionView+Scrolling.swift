import Foundation
import SegueAnimation

extension CollectionView {
    /// Follows the pan 1:1 along the scrolling axis once it has gone ``scrollSlop`` points, from there (the
    /// slop is not scrolled, as in UIKit, so the content does not jump), clamped at the ends, then
    /// decelerates from the release velocity, or (``isPagingEnabled``) settles on a page.
    /// A drag that pulls a vertical list past its top edge and goes on down is handed over, mid-drag, to
    /// what takes it (``scrollEdgeHandover``: the sheet the list is in), which follows it to its end.
    func handlePan(_ pan: PanGestureRecognizer) {
        let sideways = scrollsHorizontally
        if let handover = activeScrollEdgeHandover, pan.state != .began {
            if pan.state != .changed {
                isDragging = false
                activeScrollEdgeHandover = nil
            }
            handover.followHandover(of: pan, state: pan.state == .failed ? .cancelled : pan.state, origin: .zero)
            return
        }
        switch pan.state {
        case .began:
            stopDeceleration()
            isDragging = true
            activeScrollEdgeHandover = nil
            dragStartOffset = contentOffset
            scrollStartTranslation = nil
            fallthrough
        case .changed:
            let travelled = pan.translation(in: self)
            if scrollStartTranslation == nil {
                // The content waits until the drag has gone the scroll slop, then follows from there.
                guard (travelled.x * travelled.x + travelled.y * travelled.y).squareRoot() > Self.scrollSlop else { return }
                scrollStartTranslation = travelled
            }
            let start = scrollStartTranslation ?? .zero
            let t = travelled - start
            let proposed = sideways ? CGPoint(x: dragStartOffset.x - t.x, y: dragStartOffset.y)
                                    : CGPoint(x: dragStartOffset.x, y: dragStartOffset.y - t.y)
            contentOffset = clampedAlongAxis(proposed)
            if !sideways, proposed.y < minimumOffsetY, let handover = scrollEdgeHandover,
               handover.takesHandover(from: self) {
                // The content reached its top when the finger had gone this far from its down (window
                // points): the slop, then the content's distance to its top.
                let reachedTop = (start.y + dragStartOffset.y - minimumOffsetY)
                    * (pan.translation(in: nil).y / max(travelled.y, 1e-9))
                activeScrollEdgeHandover = handover
                handover.followHandover(of: pan, state: .began, origin: CGPoint(x: 0, y: reachedTop))
            }
        case .ended:
            isDragging = false
            let v = pan.velocity(in: self)
            // A drag that never went the scroll slop moved nothing and flings nothing.
            let velocity = scrollStartTranslation == nil ? 0 : -(sideways ? v.x : v.y)
            if isPagingEnabled {
                settleOnPage(velocity: velocity)
            } else if !sideways, let bar = enclosingNavigationBar,
                      let target = bar.restingOffset(of: self, for: contentOffset.y + projectedTravel(velocity: velocity)) {
                // A large title left partly under the bar snaps out or under (NavigationBar).
                settle(toOffset: target, velocity: velocity, spring: NavigationBar.largeTitleSnapSpring(velocity: Double(velocity)))
            } else {
                startDeceleration(velocity: velocity)
            }
        case .cancelled, .failed:
            isDragging = false
            if isPagingEnabled { settleOnPage(velocity: 0) }
        default:
            break
        }
    }

    /// The release speed past which a paging drag moves to the next page whatever its distance, in points
    /// per second (Segue's choice: a flick a finger makes without meaning to is slower).
    public static let pagingFlickVelocity: CGFloat = 300
    /// The response of the spring that brings a paging release to its page, in seconds (critically damped;
    /// Segue's choice, close to UIKit's paging, which Apple does not document).
    public static let pagingResponse: Double = 0.3

    /// The page a paging drag that began at ``dragStartOffset`` lets go to at `velocity` (points per second
    /// of offset along the axis): the page in the flick's direction when it is fast enough, else the nearest;
    /// at most one page from where the drag began.
    func targetPageOffset(velocity: CGFloat) -> CGFloat {
        let sideways = scrollsHorizontally
        let page = max(sideways ? bounds.width : bounds.height, 1)
        let now = sideways ? contentOffset.x : contentOffset.y
        let start = ((sideways ? dragStartOffset.x : dragStartOffset.y) / page).rounded()
        var target = (now / page).rounded()
        if velocity > Self.pagingFlickVelocity { target = (now / page).rounded(.up) }
        if velocity < -Self.pagingFlickVelocity { target = (now / page).rounded(.down) }
        target = min(max(target, start - 1), start + 1)
        let offset = target * page
        let range = sideways ? (minimumOffsetX, maximumOffsetX(contentWidth: contentSize.width))
                             : (minimumOffsetY, maximumOffsetY(contentHeight: contentSize.height))
        return min(max(offset, range.0), range.1)
    }

    /// Brings the content to the page ``targetPageOffset(velocity:)`` chooses on a critically damped spring
    /// (``pagingResponse``) that starts at the release velocity, on the window's clock.
    func settleOnPage(velocity: CGFloat) {
        settle(toOffset: targetPageOffset(velocity: velocity), velocity: velocity)
    }

    /// How far a flick at `velocity` (points per second of offset) would carry the content before it is
    /// spent, unclamped.
    func projectedTravel(velocity: CGFloat) -> CGFloat {
        let decay = ScrollDecaySimulation(velocity: Double(velocity), rate: decelerationRate)
        var t = 0.0
        while !decay.isDone(at: t), t < 30 { t += 0.25 }
        return CGFloat(decay.offset(at: t))
    }

    /// Brings the content to `target` along the scrolling axis on `spring` (default: critically damped,
    /// ``pagingResponse``) that starts at `velocity`, on the window's clock.
    func settle(toOffset target: CGFloat, velocity: CGFloat,
                spring: Spring = Spring(dampingRatio: 1, response: CollectionView.pagingResponse)) {
        stopDeceleration()
        let sideways = scrollsHorizontally
        let from = sideways ? contentOffset.x : contentOffset.y
        guard let tree = layer.tree, from != target else { return }
        let distance = Double(target - from)
        let simulation = SpringSimulation(spring: spring, initialVelocity: Double(velocity) / distance)
        let begin = tree.mediaTime
        let link = DisplayLink { [weak self] link in
            guard let self else { link.invalidate(); return }
            let t = link.timestamp - begin
            let done = simulation.isDone(at: t)
            let p = done ? 1 : simulation.value(at: t)
            let value = from + CGFloat(distance * p)
            self.contentOffset = sideways ? CGPoint(x: value, y: self.contentOffset.y) : CGPoint(x: self.contentOffset.x, y: value)
            if done { self.stopDeceleration() }
        }
        deceleration = link
        link.add(to: tree)
    }

    /// Scrolls on from the content offset at `velocity` (points per second of offset, along the scrolling
    /// axis), decaying at ``decelerationRate`` on the window's clock (``ScrollDecaySimulation``), until the
    /// flick is spent or it reaches an end (where it stops, clamped). Segue's addition (UIKit starts it only
    /// from a pan).
    public func startDeceleration(velocity: CGFloat) {
        stopDeceleration()
        let decay = ScrollDecaySimulation(velocity: Double(velocity), rate: decelerationRate)
        guard let tree = layer.tree, !decay.isDone(at: 0) else { return }
        let start = contentOffset
        let sideways = scrollsHorizontally
        let begin = tree.mediaTime
        let link = DisplayLink { [weak self] link in
            guard let self else { link.invalidate(); return }
            let t = link.timestamp - begin
            let travel = CGFloat(decay.offset(at: t))
            let proposed = sideways ? CGPoint(x: start.x + travel, y: start.y) : CGPoint(x: start.x, y: start.y + travel)
            let offset = self.clampedAlongAxis(proposed)
            self.contentOffset = offset
            if decay.isDone(at: t) || offset != proposed { self.stopDeceleration() }
        }
        deceleration = link
        link.add(to: tree)
    }

    /// Where ``scrollToItem(at:at:animated:)`` puts an item (`UICollectionView.ScrollPosition`).
    public struct ScrollPosition: OptionSet, Sendable, Hashable {
        /// The option set's bits.
        public let rawValue: UInt
        /// An option set of these bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The item's top at the top of the visible area (below the adjusted top inset).
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item's centre at the centre of the visible area.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom at the bottom of the visible area.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the left of the visible area: a horizontal position, for a collection
        /// view scrolling sideways (it moves nothing in a vertical one).
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
    /// The part of `position` along the scrolling axis moves the content (`.top`, `.centeredVertically`,
    /// `.bottom` for a vertical layout; `.left`, `.centeredHorizontally`, `.right` for a horizontal one); a
    /// position with no part along it leaves the offset as it is, as in UIKit. Differs from UIKit: an
    /// animated scroll is not offered yet: `animated` must be false (true fails loudly).
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        precondition(!animated, "CollectionView.scrollToItem(at:at:animated:): animated scrolling is not supported yet; pass false")
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else {
            preconditionFailure("CollectionView.scrollToItem(at:at:animated:): there is no item at \(indexPath)")
        }
        let inset = adjustedContentInset
        let sideways = scrollsHorizontally
        // Along the scrolling axis: the positions that apply, the visible length and the leading inset.
        let (start, centre, end): (ScrollPosition, ScrollPosition, ScrollPosition) =
            sideways ? (.left, .centeredHorizontally, .right) : (.top, .centeredVertically, .bottom)
        let visible = sideways ? bounds.width - inset.left - inset.right : bounds.height - inset.top - inset.bottom
        let leading = sideways ? inset.left : inset.top
        let (minEdge, mid, maxEdge) = sideways ? (frame.minX, frame.midX, frame.maxX) : (frame.minY, frame.midY, frame.maxY)
        let offset: CGFloat
        if position.contains(start) {
            offset = minEdge - leading
        } else if position.contains(centre) {
            offset = mid - visible / 2 - leading
        } else if position.contains(end) {
            offset = maxEdge - visible - leading
        } else {
            return
        }
        stopDeceleration()
        contentOffset = clampedAlongAxis(sideways ? CGPoint(x: offset, y: contentOffset.y) : CGPoint(x: contentOffset.x, y: offset))
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
