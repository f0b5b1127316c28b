import SegueAnimation

extension ViewController {
    /// A transition a controller prefers for its push, presentation or show (UIKit 18's
    /// `UIViewController.Transition`): ``zoom(options:sourceViewProvider:)``, ``coverVertical``,
    /// ``crossDissolve``, ``flipHorizontal``, ``partialCurl``. Set it as the controller's
    /// ``ViewController/preferredTransition`` before pushing or presenting it:
    ///
    /// ```swift
    /// detail.preferredTransition = .zoom { context in
    ///     let detail = context.zoomedViewController as! DetailViewController
    ///     return collectionView.cellForItem(at: detail.indexPath)
    /// }
    /// navigationController.pushViewController(detail, animated: true)
    /// ```
    ///
    /// Differs from UIKit: the four modal styles are honoured by pushes too (as the catalogue's
    /// ``TransitionEffect/coverVertical``, ``TransitionEffect/crossfade``, ``TransitionEffect/flip(_:)`` from the
    /// right and ``TransitionEffect/pageCurl(_:)`` up); UIKit uses them for presentations only.
    @MainActor
    public final class Transition {
        /// What the transition does.
        enum Kind {
            case zoom(ZoomOptions?, @MainActor (ZoomTransitionSourceViewProviderContext) -> View?)
            case effect(@MainActor () -> TransitionEffect)
        }
        let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// The zoom (iOS 18): the pushed or presented page grows out of the view `sourceViewProvider`
        /// returns (a cell) and shrinks back into the one it returns when the page is dismissed; the
        /// provider is asked at the start of each (its context names the page shown, so a list that
        /// scrolled meanwhile returns the cell that shows the item now). When it returns nil, or a view
        /// that is not in the window, the page cross-fades with a shrink instead. The zoomed page can be
        /// dismissed by dragging it down or pinching it in (``ZoomOptions/interactiveDismissShouldBegin``
        /// decides), and caught while it moves.
        public static func zoom(options: ZoomOptions? = nil,
                                sourceViewProvider: @escaping @MainActor (ZoomTransitionSourceViewProviderContext) -> View?) -> Transition {
            Transition(.zoom(options, sourceViewProvider))
        }
        /// The page rises from the bottom (UIKit's default modal transition; a push plays the catalogue's
        /// ``TransitionEffect/coverVertical``).
        public static var coverVertical: Transition { Transition(.effect({ .coverVertical })) }
        /// The pages cross-fade (``TransitionEffect/crossfade``).
        public static var crossDissolve: Transition { Transition(.effect({ .crossfade })) }
        /// The page flips over from right to left about the vertical axis (``TransitionEffect/flip(_:)``,
        /// from the right, as UIKit's `flipHorizontal`).
        public static var flipHorizontal: Transition { Transition(.effect({ .flip(.fromRight) })) }
        /// The presenter's page curls up to show the new one (``TransitionEffect/pageCurl(_:)``). Differs
        /// from UIKit: the curl goes all the way (UIKit's stops part-way, leaving the corner curled).
        public static var partialCurl: Transition { Transition(.effect({ .pageCurl(.up) })) }

        /// The options of a zoom (`UIViewController.Transition.ZoomOptions`). A class, as in UIKit: make one,
        /// set its properties, hand it to ``zoom(options:sourceViewProvider:)``.
        @MainActor
        public final class ZoomOptions {
            /// Asked when a drag or pinch on the zoomed page could begin its interactive dismissal; its
            /// context says where the touch is, how fast it moves and whether the dismissal would begin by
            /// default (``ZoomTransitionInteractionContext/willBegin``). Nil: the default decides.
            public var interactiveDismissShouldBegin: (@MainActor (ZoomTransitionInteractionContext) -> Bool)?
            /// The rectangle of the zoomed page, in its view's coordinates, that lines up with the source
            /// view at the ends of the zoom (nil: the whole page).
            public var alignmentRectProvider: (@MainActor (ZoomTransitionAlignmentRectContext) -> CGRect)?
            /// The colour of the dimming drawn over the source page under the zoomed page (nil: Segue's
            /// default, black at ``ZoomPageAnimator/defaultDimmingAlpha``).
            public var dimmingColor: Color?
            /// A visual effect drawn over the source page under the zoomed page (nil: none): its blur and
            /// tint fade in with the zoom (see ``BlurEffect`` for the radii and tints Segue chose).
            public var dimmingVisualEffect: BlurEffect?

            /// Options with every value at its default.
            public init() {}
        }
    }

    func preferredTransitionDidChange() {
        guard let preferredTransition, case .zoom(let options, let provider) = preferredTransition.kind else {
            preferredZoom = nil
            return
        }
        modalPresentationStyle = .fullScreen
        preferredZoom = ZoomTransition(zoomedViewController: self, options: options, sourceViewProvider: provider)
    }

    /// The animator ``preferredTransition`` asks for: `reversed` for a pop or a dismissal; nil when there
    /// is none, and for a zoom under Reduce Motion in `window` that no finger drives (iOS 18 plays the
    /// standard transition then, which Segue cross-fades under Reduce Motion).
    func preferredTransitionAnimator(reversed: Bool, in window: Window?) -> (any ViewControllerAnimatedTransitioning)? {
        guard let preferredTransition else { return nil }
        switch preferredTransition.kind {
        case .zoom:
            if window?.isReduceMotionEnabled == true, preferredZoom?.interaction.interactionInProgress != true { return nil }
            return preferredZoom?.zoomAnimator(reversed: reversed)
        case .effect(let make): return make().animator(reverse: reversed)
        }
    }

    /// The zoom's interactive dismissal while its gesture drives the pop or dismissal of this controller
    /// with `animator`, else nil.
    func preferredTransitionInteraction(for animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
        guard let zoom = preferredZoom, (animator as? ZoomPageAnimator)?.isReversed == true else { return nil }
        return zoom.interactionIfDragging
    }
}

/// What a zoom's source view provider is told (`UIZoomTransitionSourceViewProviderContext`).
@MainActor
public final class ZoomTransitionSourceViewProviderContext {
    /// The controller the zoom starts from (the list); at a dismissal, the one it returns to.
    public let sourceViewController: ViewController
    /// The controller that is zoomed (the detail page).
    public let zoomedViewController: ViewController

    init(sourceViewController: ViewController, zoomedViewController: ViewController) {
        self.sourceViewController = sourceViewController
        self.zoomedViewController = zoomedViewController
    }
}

/// What a zoom's ``ViewController/Transition/ZoomOptions/interactiveDismissShouldBegin`` is told
/// (`UIZoomTransitionInteractionContext`).
@MainActor
public final class ZoomTransitionInteractionContext {
    /// Where the touch is, in the zoomed controller's view.
    public let location: CGPoint
    /// How fast the touch moves, in points per second (for a pinch: the centroid's).
    public let velocity: CGVector
    /// Whether the dismissal would begin by default (a downward drag, a pinch in).
    public let willBegin: Bool

    init(location: CGPoint, velocity: CGVector, willBegin: Bool) {
        self.location = location
        self.velocity = velocity
        self.willBegin = willBegin
    }
}

/// What a zoom's ``ViewController/Transition/ZoomOptions/alignmentRectProvider`` is told
/// (`UIZoomTransitionAlignmentRectContext`).
@MainActor
public final class ZoomTransitionAlignmentRectContext {
    /// The source view the zoom starts from or returns to.
    public let sourceView: View
    /// The controller that is zoomed.
    public let zoomedViewController: ViewController

    init(sourceView: View, zoomedViewController: ViewController) {
        self.sourceView = sourceView
        self.zoomedViewController = zoomedViewController
    }
}
