import SegueAnimation

/// The zoom of a whole page out of a source view and back (what `preferredTransition = .zoom` plays, iOS
/// 18's zoom): going forwards (push, present) the zoomed page grows from the source view's frame to its
/// own, going backwards (pop, dismiss) it shrinks back into the source view as found then, over the page it
/// returns to, which a dimming covers while the zoomed page is not at rest.
///
/// The source view is asked for (``sourceView``) when the transition starts. It is hidden while the page
/// flies and shown again at the end, finished or cancelled. When there is none, or it is not in the
/// window, the page cross-fades with a shrink instead (to ``fallbackScale`` of its size, about its centre).
///
/// How it moves: the page's transform maps its alignment rectangle (``alignmentRect``; default its bounds)
/// onto the source view's frame at the source end, and is the identity at the page end; in between it is
/// interpolated linearly in the transition's progress, so the page's drawn frame goes in a straight line
/// between the two rectangles. Timing: ``curve`` over ``duration`` on its own; linear when an interaction
/// drives it (``ZoomInteraction``), which also moves the page off that line: while a finger holds a zoom
/// back, the page roams under it (off that line by an offset the interaction sets), and after the release it returns to the line as it
/// completes (see ``ZoomInteraction``).
///
/// The page is clipped to its bounds with rounded corners: the corner radius goes linearly in the progress
/// from ``screenCornerRadius`` at the page end to the source view's corner radius at the source end (drawn
/// there as the source's along the width, the page being scaled by the width's ratio). The dimming
/// (``dimmingColor``, ``dimmingVisualEffect``) fades linearly with the progress, fully on at the page end.
///
/// Differs from UIKit: the page is scaled to the source's frame on each axis (UIKit keeps its aspect and
/// clips it to a rounded rectangle morphing from the source's shape, so a page whose aspect differs from
/// the source's shows elliptical corners near the source here); the page under it stays put and is only
/// dimmed, as in UIKit's zoom (UIKit's other transitions sometimes scale it).
@MainActor
public final class ZoomPageAnimator: ViewControllerAnimatedTransitioning {
    /// Seconds the zoom takes on its own (our choice, as ``ZoomTransitionAnimator/defaultDuration``: iOS 18's
    /// zoom settles in about half a second).
    public static let defaultDuration = 0.45
    /// The scale a page with no source view shrinks to (or grows from) while it fades (our choice, close to
    /// iOS 18's fallback, which shrinks the page towards the middle as it fades).
    public static let fallbackScale: CGFloat = 0.6
    /// The opacity of the default dimming over the page under the zoomed one (our choice: a light dimming,
    /// as iOS 18's zoom shows when the options give no colour).
    public static let defaultDimmingAlpha: CGFloat = 0.15
    /// The corner radius of the zoomed page at the page end, in points: the screen's corners. Segue's
    /// window, its replays' PNG and GIF frames are square-cornered, so 0: the page lands flush, with no
    /// step in its outline when the clip is taken off at the end, and the rounding seen in flight is the
    /// source's, growing as the page nears it. (On an iPhone it is the display's corner radius, 39 to 62 pt,
    /// which is why UIKit's page is rounded from the first point of a drag: its outline matches the screen.)
    /// The radius goes linearly in the page's own points, so drawn (scaled with the page) it is the screen's
    /// at rest and the source's at the source, and in between rounder than either when the source is much
    /// smaller than the page (a 6 pt icon's radius, on an 800 pt page: about 45 pt mid-way).
    public static let screenCornerRadius: CGFloat = 0

    /// Whether it zooms back into the source (pop, dismiss) rather than out of it (push, present).
    public let isReversed: Bool
    /// Finds the source view, given the source controller and the zoomed one, at the start.
    public let sourceView: @MainActor (_ source: ViewController, _ zoomed: ViewController) -> View?
    /// The rectangle of the zoomed page, in its view's coordinates, that lines up with the source view
    /// (nil: its bounds).
    public let alignmentRect: (@MainActor (_ source: View, _ zoomed: ViewController) -> CGRect)?
    /// The colour drawn over the page under the zoomed one (nil: none), at full opacity when the zoomed page
    /// is at rest.
    public var dimmingColor: Color? = Color.black.withAlphaComponent(ZoomPageAnimator.defaultDimmingAlpha)
    /// A blur drawn over the page under the zoomed one, with the dimming (nil: none).
    public var dimmingVisualEffect: BlurEffect?
    /// Seconds it takes on its own.
    public let duration: Double
    /// The curve on its own.
    public let curve: ViewAnimationCurve

    /// The source view's frame in the container and the zoomed page's frame, while it runs (nil between
    /// runs, or with no source view). Catching reads where the page is drawn between the two.
    private(set) var path: (source: CGRect, page: CGRect)?
    /// The zoomed page, while it runs.
    private(set) weak var zoomedPage: View?
    /// The dimming views of the run in progress. A zoom caught while it animates on its own is run again
    /// (``ContainerTransition/takeOver(with:at:)``): the first run's shades leave when the second begins, and
    /// the first run's animations, which end unfinished, complete nothing.
    private var runningShades: [View] = []
    /// Counts the runs, so that a run's completion knows whether a later run replaced it.
    private var runCount = 0
    /// Where the page's centre rests (its superview's coordinates), while it runs: ``roamOffset`` moves
    /// it from there.
    private var restingCentre: CGPoint?
    /// The page's drawn frame at the source end, in the container (where the transform takes its frame at
    /// rest), while it runs.
    private(set) var sourceEndFrame: CGRect?
    /// How far the page is moved off its straight path, in the container's points (a translation on top of
    /// the zoom, drawn at once): set by ``ZoomInteraction`` while a finger holds the page and while the
    /// released page returns to the path; zero otherwise, and put back to zero at the end.
    var roamOffset: CGVector = .zero {
        didSet {
            guard let page = zoomedPage, let centre = restingCentre else { return }
            View.performWithoutAnimation {
                page.center = CGPoint(x: centre.x + roamOffset.dx, y: centre.y + roamOffset.dy)
            }
        }
    }
    /// Told the container when the zoom starts and when it ends (the interaction's catch lives on the
    /// container while the page moves: a moving page takes no touches, UIKit's rule).
    var onStart: ((View) -> Void)?
    var onEnd: (() -> Void)?

    /// A zoom out of the view `sourceView` finds (`reversed`: back into it).
    public init(reversed isReversed: Bool = false,
                sourceView: @escaping @MainActor (_ source: ViewController, _ zoomed: ViewController) -> View?,
                alignmentRect: (@MainActor (_ source: View, _ zoomed: ViewController) -> CGRect)? = nil,
                duration: Double = ZoomPageAnimator.defaultDuration, curve: ViewAnimationCurve = .easeInOut) {
        self.isReversed = isReversed
        self.sourceView = sourceView
        self.alignmentRect = alignmentRect
        self.duration = duration
        self.curve = curve
    }

    /// The duration given at init, in seconds.
    public func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { duration }

    /// The transform that puts `alignment` (in the page's bounds) of a page at `pageFrame` onto `target`
    /// (both in the page's superview): a scale on each axis about the page's centre, then a translation.
    static func transform(putting alignment: CGRect, ofPageAt pageFrame: CGRect, onto target: CGRect) -> CGAffineTransform {
        let sx = target.width / max(alignment.width, 1e-6), sy = target.height / max(alignment.height, 1e-6)
        let centre = CGPoint(x: pageFrame.midX, y: pageFrame.midY)
        let a = CGPoint(x: pageFrame.minX + alignment.midX, y: pageFrame.minY + alignment.midY)
        return CGAffineTransform(a: sx, b: 0, c: 0, d: sy,
                                 tx: target.midX - centre.x - sx * (a.x - centre.x),
                                 ty: target.midY - centre.y - sy * (a.y - centre.y))
    }

    /// `frame` (with its centre as the transform's anchor) under `transform`, a scale and a translation.
    static func frame(_ frame: CGRect, transformedBy transform: CGAffineTransform) -> CGRect {
        let centre = CGPoint(x: frame.midX, y: frame.midY)
        let width = frame.width * transform.a, height = frame.height * transform.d
        return CGRect(x: centre.x + transform.tx - width / 2, y: centre.y + transform.ty - height / 2,
                      width: width, height: height)
    }

    /// The page's frame on its straight path at `progress` of this zoom (0: where it starts, 1: where it
    /// ends), in the container, without ``roamOffset``; nil when it is not running.
    func pathFrame(at progress: CGFloat) -> CGRect? {
        guard let centre = restingCentre, let end = sourceEndFrame, let page = zoomedPage else { return nil }
        let rest = CGRect(x: centre.x - page.bounds.width / 2, y: centre.y - page.bounds.height / 2,
                          width: page.bounds.width, height: page.bounds.height)
        let f = isReversed ? progress : 1 - progress
        return CGRect(x: rest.minX + (end.minX - rest.minX) * f, y: rest.minY + (end.minY - rest.minY) * f,
                      width: rest.width + (end.width - rest.width) * f, height: rest.height + (end.height - rest.height) * f)
    }

    /// Grows the zoomed page out of the source view (or shrinks it back), the source hidden meanwhile.
    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        let fromView = context.view(forKey: .from)
        let toView = context.view(forKey: .to)
        guard let zoomed = context.viewController(forKey: isReversed ? .from : .to),
              let other = context.viewController(forKey: isReversed ? .to : .from),
              let page = isReversed ? fromView : toView else {
            preconditionFailure("ZoomPageAnimator needs the zoomed controller's view")
        }
        View.performWithoutAnimation {
            ContextPlacement.placeToView(in: context, reversed: isReversed)
            (toView ?? other.viewIfLoaded)?.layoutIfNeeded()
        }
        let savedTransform = page.transform, savedAlpha = page.alpha, savedClips = page.clipsToBounds
        let savedCentre = page.center, savedRadius = page.layer.cornerRadius
        let pageFrame = page.frame
        // The source, if it is in the window (or in the container, a presentation's page under it).
        let source = sourceView(other, zoomed).flatMap { view in
            view.window != nil || view.isDescendant(of: container) ? view : nil
        }
        let sourceWasHidden = source?.isHidden ?? false
        let atSource: CGAffineTransform
        var fades = false
        // The corner radius at the source end, in the page's points: the source's, over the width's scale.
        var sourceRadius = Self.screenCornerRadius
        if let source {
            let target = source.convert(source.bounds, to: container)
            let alignment = alignmentRect?(source, zoomed) ?? page.bounds
            atSource = Self.transform(putting: alignment, ofPageAt: pageFrame, onto: target)
            path = (target, pageFrame)
            sourceRadius = source.layer.cornerRadius / max(atSource.a, 1e-6)
        } else {
            atSource = CGAffineTransform(a: Self.fallbackScale, b: 0, c: 0, d: Self.fallbackScale, tx: 0, ty: 0)
            fades = true
            path = nil
        }
        zoomedPage = page
        restingCentre = savedCentre
        sourceEndFrame = Self.frame(pageFrame, transformedBy: atSource)
        roamOffset = .zero
        onStart?(container)
        // The dimming and blur over the page under the zoomed one (just below the zoomed page).
        let shades = [dimmingColor.map { color -> View in
            let dim = View(frame: container.bounds)
            dim.backgroundColor = color
            return dim
        }, dimmingVisualEffect.map { effect -> View in
            let blur = VisualEffectView(effect: effect)
            blur.frame = container.bounds
            return blur
        }].compactMap { $0 }
        View.performWithoutAnimation {
            for shade in runningShades { shade.removeFromSuperview() }
            runningShades = shades
            runCount += 1
            for shade in shades {
                shade.isUserInteractionEnabled = false
                shade.accessibilityIdentifier = "zoom.dimming"
                shade.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                container.insertSubview(shade, belowSubview: page)
                shade.alpha = isReversed ? 1 : 0
            }
            source?.isHidden = true
            // Only the page flies: what sticks out of its bounds (rows below its end) is clipped, as UIKit's
            // zoom clips the page to its rectangle.
            page.clipsToBounds = true
            page.layer.cornerRadius = isReversed ? Self.screenCornerRadius : sourceRadius
            if !isReversed {
                page.transform = atSource
                if fades { page.alpha = 0 }
            }
        }
        let options: ViewAnimationOptions = context.isInteractive ? .curveLinear : curve.matchedTransitionOptions
        View.animate(withDuration: duration, delay: 0, options: options, animations: {
            page.transform = self.isReversed ? atSource : savedTransform
            page.layer.cornerRadius = self.isReversed ? sourceRadius : Self.screenCornerRadius
            if fades { page.alpha = self.isReversed ? 0 : savedAlpha }
            for shade in shades { shade.alpha = self.isReversed ? 0 : 1 }
        }, completion: { [run = runCount] _ in
            // A run replaced by a later one (the zoom was caught and runs again) ends nothing.
            guard run == self.runCount else { return }
            let cancelled = context.transitionWasCancelled
            // Ended already (a take-over completed it at once): its container has put the page at rest, at
            // the container's size of then, which the centre saved at the start would undo (a window resized
            // during the zoom).
            let laidOutByContainer = (context as? ContainerTransition)?.phase == .ended
            View.performWithoutAnimation {
                page.transform = savedTransform
                page.alpha = savedAlpha
                page.clipsToBounds = savedClips
                page.layer.cornerRadius = savedRadius
                if !laidOutByContainer { page.center = savedCentre }
                source?.isHidden = sourceWasHidden
                for shade in shades { shade.removeFromSuperview() }
            }
            self.runningShades = []
            self.path = nil
            self.restingCentre = nil
            self.sourceEndFrame = nil
            self.zoomedPage = nil
            self.onEnd?()
            context.completeTransition(!cancelled)
        })
    }

    /// How far towards the page end the zoomed page is drawn now (0: at the source, 1: at rest), from its
    /// drawn width; nil when the zoom has no source (the fallback) or is not running.
    var drawnPageFraction: CGFloat? {
        guard let path, let page = zoomedPage else { return nil }
        let span = path.page.width - path.source.width
        guard abs(span) > 0.5 else { return nil }
        return min(max((page.layer.renderedProperties.frame.width - path.source.width) / span, 0), 1)
    }
}
