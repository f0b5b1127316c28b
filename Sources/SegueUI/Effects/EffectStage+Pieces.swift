import SegueAnimation

extension EffectStage {
    /// Cuts `page` into pieces (fold strips, portal halves, explode tiles): one temporary view per rect
    /// of `rects` (in the page's bounds coordinates), placed where that part of the page is, showing the
    /// page's picture clipped to it. The pieces are added above everything in the container, in order,
    /// and removed when the transition ends. Each piece is a clipping view holding the whole picture,
    /// offset so that its part shows; all pieces share one snapshot, so the renderer draws the page once.
    ///
    /// The picture is taken now, after laying the page out (a page just put in the container has not had
    /// its first layout pass yet), as ``View/snapshotView(afterScreenUpdates:)`` with `false` does: later
    /// changes to the page (hiding it, turning it) do not reach the pieces. The page itself is not hidden;
    /// call ``hide(_:)`` for that.
    ///
    /// Differs from UIKit: UIKit code calls `resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)`
    /// once per piece; here one picture is shared.
    public func addPieces(of page: View, rects: [CGRect]) -> [View] {
        page.layoutIfNeeded()
        let picture = page.snapshot(afterScreenUpdates: false)
        let origin = page.frame.origin
        return rects.map { rect in
            let piece = View(frame: rect.offsetBy(dx: origin.x, dy: origin.y))
            piece.clipsToBounds = true
            piece.isUserInteractionEnabled = false
            let content = View(frame: CGRect(x: -rect.minX, y: -rect.minY, width: picture.bounds.width,
                                             height: picture.bounds.height))
            content.layer.contents = picture.layer.contents
            content.layer.cornerRadius = picture.layer.cornerRadius
            piece.addSubview(content)
            addTemporary(piece)
            return piece
        }
    }

    /// A black view over `view` (same frame), for the effect's duration, whose ``View/alpha`` the effect
    /// sets to darken what it covers as it turns away from the light. It starts transparent. With
    /// `inside: true` it is a subview of `view` (a temporary view, such as a piece, which it then turns
    /// with); otherwise it is put in the container just above `view`, and the effect gives it the same
    /// anchor point, position and transform as `view` so that the two turn together.
    public func addShade(over view: View, inside: Bool = false) -> View {
        let shade = View(frame: inside ? view.bounds : view.frame)
        shade.backgroundColor = .black
        shade.alpha = 0
        shade.isUserInteractionEnabled = false
        if inside {
            View.performWithoutAnimation { view.addSubview(shade) }
        } else {
            addTemporary(shade, above: view)
        }
        return shade
    }
}
