import SegueAnimation

/// One matched element in flight during a transition: a view drawn in the container that moves from
/// the `source` view's frame, corner radius and background colour to the `destination`'s, showing the
/// source's content fading into the destination's, while both originals are hidden. Shared by
/// ``MatchedGeometryAnimator`` and ``ZoomTransitionAnimator``.
///
/// Its life: ``init(from:to:in:named:)`` (outside an animation block: builds the flight view at the start
/// values, hides the originals), ``moveToEnd()`` (inside the transition's animation block),
/// ``land()`` (at completion, finished or cancelled: removes every view it added and puts the originals'
/// `isHidden` back). Nothing else is changed on the originals.
@MainActor
final class MatchedElementFlight {
    /// The view in the page the transition leaves (its start values).
    let source: View
    /// The view in the page the transition arrives at (its end values).
    let destination: View
    /// The view drawn in the container during the flight (clips to its animated corner radius).
    let flight: View
    /// The source's frame in the container's coordinates, when the flight was made.
    let startFrame: CGRect
    /// The destination's frame in the container's coordinates, when the flight was made.
    let endFrame: CGRect
    /// The pictures of each side's content (its subviews and contents, without its own background),
    /// nil for a side that has none (a plain coloured view is drawn by the flight's background alone).
    private let sourceContent: View?
    private let destinationContent: View?
    private let sourceWasHidden: Bool
    private let destinationWasHidden: Bool

    /// Builds the flight in `container` (on top of its subviews) at the source's values and hides both
    /// originals. Call it after the destination's page is laid out at its final frame. `name` becomes
    /// the flight's `accessibilityIdentifier` (and its layer's name).
    init(from source: View, to destination: View, in container: View, named name: String) {
        self.source = source
        self.destination = destination
        startFrame = source.convert(source.bounds, to: container)
        endFrame = destination.convert(destination.bounds, to: container)
        sourceWasHidden = source.isHidden
        destinationWasHidden = destination.isHidden
        flight = View(frame: startFrame)
        flight.accessibilityIdentifier = name
        flight.isUserInteractionEnabled = false
        sourceContent = Self.contentPicture(of: source, size: startFrame.size, alpha: 1)
        destinationContent = Self.contentPicture(of: destination, size: startFrame.size, alpha: 0)
        View.performWithoutAnimation {
            flight.clipsToBounds = true
            flight.layer.cornerRadius = source.layer.cornerRadius
            flight.backgroundColor = source.backgroundColor ?? .clear
            for picture in [sourceContent, destinationContent].compactMap({ $0 }) { flight.addSubview(picture) }
            container.addSubview(flight)
            source.isHidden = true
            destination.isHidden = true
        }
    }

    /// Sets the end values (inside an animation block, they animate): the destination's frame, corner
    /// radius and background colour, the source's picture faded out and the destination's in.
    func moveToEnd() {
        flight.frame = endFrame
        flight.layer.cornerRadius = destination.layer.cornerRadius
        flight.backgroundColor = destination.backgroundColor ?? .clear
        let inside = CGRect(origin: .zero, size: endFrame.size)
        if let sourceContent {
            sourceContent.frame = inside
            sourceContent.alpha = 0
        }
        if let destinationContent {
            destinationContent.frame = inside
            destinationContent.alpha = 1
        }
    }

    /// Removes the flight (and its pictures) from the container and shows the originals as they were.
    func land() {
        flight.removeFromSuperview()
        source.isHidden = sourceWasHidden
        destination.isHidden = destinationWasHidden
    }

    /// A view showing `view`'s subviews and contents as they are now, stretched over `size`, without the
    /// view's own background, corner radius, border, opacity or transform (the flight draws those); nil
    /// when there is nothing else to show.
    private static func contentPicture(of view: View, size: CGSize, alpha: CGFloat) -> View? {
        guard !view.subviews.isEmpty || view.layer.contents != nil else { return nil }
        let copy = view.layer.copyTree()
        View.performWithoutAnimation {
            copy.timing = MediaTimingValues()
            copy.isHidden = false
            copy.setValue(.clear, for: .backgroundColor)
            copy.setValue(0, for: .cornerRadius)
            copy.setValue(0, for: .borderWidth)
            copy.setValue(1, for: .opacity)
            copy.setValue(.identity, for: .transform)
        }
        let picture = View(frame: CGRect(origin: .zero, size: size))
        View.performWithoutAnimation {
            picture.layer.contents = .snapshot(Snapshot(source: copy, size: view.bounds.size))
            picture.alpha = alpha
            picture.isUserInteractionEnabled = false
        }
        picture.accessibilityIdentifier = view.accessibilityIdentifier.map { "\($0).matchedContent" }
        return picture
    }
}

extension View {
    /// The outermost views with a ``matchedGeometryID`` in this view's subtree (itself included), by
    /// identifier; the first one met, depth first, wins a repeated identifier. Views inside a matched view
    /// travel in its picture, so the walk does not go below one.
    func matchedGeometryViews() -> [String: View] {
        var found: [String: View] = [:]
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if let id = view.matchedGeometryID {
                if found[id] == nil { found[id] = view }
                continue
            }
            stack.append(contentsOf: view.subviews.reversed())
        }
        return found
    }
}
