import Foundation
import SegueAnimation

/// Edges of a rectangle (`UIRectEdge`).
public struct RectEdge: OptionSet, Sendable, Hashable {
    /// The option set's bits.
    public let rawValue: UInt
    /// An option set of these bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top edge.
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = RectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge (`UIScreenEdgePanGestureRecognizer`): it begins only if the pointer went
/// down within ``GestureSettings/edgeWidth`` of one of ``edges`` and then moved more than
/// ``GestureSettings/slop`` mostly away from that edge (for `.left`: |dx| > |dy| and dx > 0). A down
/// outside the strip fails at once; a first movement along the edge or towards it fails.
///
/// Differs from UIKit: the edges are those of the recognizer's view's bounds, not of the screen (a page
/// container can sit anywhere in the window); the strip width is a setting (UIKit's is private). A
/// trackpad's two-finger swipe (``Touch/source`` `.trackpad`) has no edge to start from: it is taken from
/// anywhere in the view, as from each of ``edges`` (its direction then decides), as libadwaita's
/// navigation view pops on a two-finger swipe anywhere over the page. Its
/// ``GestureRecognizer/arenaPriority`` is ``GestureArenaPriority/high`` by default, so it gets the first
/// pick among a touch's recognizers (UIKit gives edge pans precedence privately); another recognizer
/// given the same priority competes with it on equal terms.
@MainActor
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges the pan may start from (default `.left`, the leading edge).
    public var edges: RectEdge = .left

    /// An edge pan with no actions, at ``GestureArenaPriority/high``.
    public required init() {
        super.init()
        arenaPriority = .high
    }
    /// The edges whose strip the pointer went down in.
    private var startEdges: RectEdge = []

    override func acceptsDown(_ touch: Touch) -> Bool {
        _ = super.acceptsDown(touch)
        guard let view else { return false }
        if touch.source == .trackpad {
            startEdges = edges
            return !edges.isEmpty
        }
        let p = touch.location(in: view)
        let b = view.bounds
        let w = settings.edgeWidth
        var hit: RectEdge = []
        if edges.contains(.left), p.x >= b.minX, p.x - b.minX <= w { hit.insert(.left) }
        if edges.contains(.right), p.x <= b.maxX, b.maxX - p.x <= w { hit.insert(.right) }
        if edges.contains(.top), p.y >= b.minY, p.y - b.minY <= w { hit.insert(.top) }
        if edges.contains(.bottom), p.y <= b.maxY, b.maxY - p.y <= w { hit.insert(.bottom) }
        startEdges = hit
        return !hit.isEmpty
    }

    override func beginsMoving(by d: CGPoint) -> Bool {
        let horizontal = abs(d.x) > abs(d.y)
        let vertical = abs(d.y) > abs(d.x)
        return (startEdges.contains(.left) && horizontal && d.x > 0)
            || (startEdges.contains(.right) && horizontal && d.x < 0)
            || (startEdges.contains(.top) && vertical && d.y > 0)
            || (startEdges.contains(.bottom) && vertical && d.y < 0)
    }

    /// Also forgets which edge the pointer went down at.
    open override func reset() {
        super.reset()
        startEdges = []
    }
}
