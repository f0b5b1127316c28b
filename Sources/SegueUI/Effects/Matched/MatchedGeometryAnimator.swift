import SegueAnimation

/// A shared-element transition (Hero's `heroID` transitions, SwiftUI's `matchedGeometryEffect`): every
/// view of the page that leaves whose ``View/matchedGeometryID`` also names a view of the page that
/// arrives flies from the first one's frame, corner radius and background colour to the second one's,
/// its content cross-fading from the first's to the second's, while the two pages cross-fade (the
/// leaving page 1 -> 0, the arriving one 0 -> 1): unmatched views on either side fade.
///
/// Reversible: ``isReversed`` false plays it forwards (push, present, the forward step of a container:
/// the arriving page is put on top), true backwards (pop, dismiss: the arriving page is put below the
/// leaving one). A transition played backwards shows at every progress what the forward one showed at
/// one minus it, so a pop undoes a push. Usable with a navigation controller, a tab bar controller, a
/// modal presentation and a custom container, animated or scrubbed by any interaction controller
/// (``PercentDrivenInteractiveTransition`` included: everything it moves is a view animation in the
/// container).
///
/// How: the flying element is a view of its own in the container (on top of both pages); its content is a
/// picture (``View/snapshotView(afterScreenUpdates:)``'s kind of layer copy) of each original's subviews,
/// stretched over the flying frame. The originals are hidden for the flight. Whether it finished or was
/// cancelled, at the end every flying view is removed, the originals are shown again, and the pages'
/// alpha is what it was before (so the container's tree holds nothing of the transition).
///
/// Timing: ``curve`` over ``duration`` when it plays on its own; linear when it starts interactive, so the
/// elements track the finger (as the stock push does).
///
/// Differs from Hero: one effect (no per-view modifiers such as `.scale` or `.translate`), matched views
/// are the outermost ones with an identifier (nested matches travel in their parent's picture), and the
/// pair is looked up once, at the start. Differs from SwiftUI: it works between two controllers' pages, not
/// inside one view tree. A context view that is nil (a `.custom` presentation's presenter) is neither
/// faded nor moved, but its matched views still fly.
@MainActor
public final class MatchedGeometryAnimator: ViewControllerAnimatedTransitioning {
    /// Seconds the transition takes when it plays on its own (our choice: close to the stock push's
    /// 0.45 s settle, and Hero's default of 0.375 s plus a little for the larger moves of a shared element).
    public static let defaultDuration = 0.45

    /// Whether it plays backwards (pop, dismiss) rather than forwards (push, present).
    public let isReversed: Bool
    /// Seconds it takes when it plays on its own.
    public let duration: Double
    /// The curve when it plays on its own (default ease-in-ease-out).
    public let curve: ViewAnimationCurve

    /// The effect the rest of the two pages plays while the matched views fly (nil: the pages cross-fade).
    /// Any of the catalogue's effects (a ``ReversibleTransitionAnimator``: ``TransitionEffect/slide(_:)``,
    /// ``TransitionEffect/zoom(scale:)``...) plays forwards or backwards with the flight, over its duration
    /// and curve; an effect whose animator is not reversible is ignored (the pages cross-fade). The
    /// flights stay above what the effect draws.
    public var rest: TransitionEffect?

    /// The flights of the running transition (empty between transitions).
    private var flights: [MatchedElementFlight] = []

    /// An animator that plays forwards (`isReversed` false) or backwards.
    public init(reversed isReversed: Bool = false, duration: Double = MatchedGeometryAnimator.defaultDuration,
                curve: ViewAnimationCurve = .easeInOut) {
        self.isReversed = isReversed
        self.duration = duration
        self.curve = curve
    }

    /// The animator for a navigation operation: forwards for a push, backwards for a pop.
    public convenience init(operation: NavigationController.Operation,
                            duration: Double = MatchedGeometryAnimator.defaultDuration) {
        self.init(reversed: operation == .pop, duration: duration)
    }

    /// The duration given at init, in seconds.
    public func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { duration }

    /// Flies each matched view from its frame, corner radius and colour on one page to the other page's,
    /// the pages cross-fading behind.
    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        let fromView = context.view(forKey: .from)
        let toView = context.view(forKey: .to)
        // The pages to look for matched views in: the context's views, or (a presenter the animator must not
        // touch) the controllers' views in the window.
        let fromPage = fromView ?? context.viewController(forKey: .from)?.viewIfLoaded
        let toPage = toView ?? context.viewController(forKey: .to)?.viewIfLoaded
        let savedAlpha = [fromView, toView].compactMap { $0 }.map { ($0, $0.alpha) }

        View.performWithoutAnimation {
            ContextPlacement.placeToView(in: context, reversed: isReversed)?.alpha = 0
            toPage?.layoutIfNeeded()
            fromPage?.layoutIfNeeded()
        }
        // The flights go between the matched views where they are at rest on each page.
        flights = Self.pairs(from: fromPage, to: toPage).map { source, destination in
            MatchedElementFlight(from: source, to: destination, in: container,
                                 named: "matched.\(source.matchedGeometryID ?? "").flight")
        }
        // The rest of the pages: a chosen effect's two looks (front page: the one arriving forwards), or a
        // cross-fade.
        var stage: EffectStage?
        var restStart: () -> Void = {}, restEnd: () -> Void = { toView?.alpha = 1; fromView?.alpha = 0 }
        if let rest, let effect = rest.animator(reverse: isReversed) as? ReversibleTransitionAnimator,
           let front = isReversed ? fromView : toView,
           let frontController = context.viewController(forKey: isReversed ? .from : .to) {
            View.performWithoutAnimation { toView?.alpha = 1 }   // the pages as they were, for the stage to keep
            let effectStage = EffectStage(context: context, front: front, back: isReversed ? toView : fromView,
                                          frontController: frontController,
                                          backController: context.viewController(forKey: isReversed ? .to : .from),
                                          reverse: isReversed, duration: duration)
            let (start, end) = effect.stages(of: effectStage)
            (restStart, restEnd) = isReversed ? (end, start) : (start, end)
            View.performWithoutAnimation {
                restStart()
                // Above what the effect added (strips, tiles, shades).
                for flight in flights { container.bringSubviewToFront(flight.flight) }
            }
            stage = effectStage
        }
        let options: ViewAnimationOptions = context.isInteractive ? .curveLinear : curve.matchedTransitionOptions
        View.animate(withDuration: duration, delay: 0, options: options, animations: {
            restEnd()
            for flight in self.flights { flight.moveToEnd() }
        }, completion: { _ in
            let cancelled = context.transitionWasCancelled
            stage?.cleanUp()
            for flight in self.flights { flight.land() }
            self.flights.removeAll()
            View.performWithoutAnimation {
                for (view, alpha) in savedAlpha { view.alpha = alpha }
            }
            context.completeTransition(!cancelled)
        })
    }

    /// The matched pairs (source in `from`, destination in `to`), in the order of the identifiers.
    static func pairs(from: View?, to: View?) -> [(View, View)] {
        guard let from, let to else { return [] }
        let sources = from.matchedGeometryViews()
        let destinations = to.matchedGeometryViews()
        return sources.keys.sorted().compactMap { id in
            guard let source = sources[id], let destination = destinations[id] else { return nil }
            return (source, destination)
        }
    }
}

extension ViewAnimationCurve {
    /// The view-animation option that selects this curve (for the matched and zoom animators).
    var matchedTransitionOptions: ViewAnimationOptions {
        switch self {
        case .easeInOut: .curveEaseInOut
        case .easeIn: .curveEaseIn
        case .easeOut: .curveEaseOut
        case .linear: .curveLinear
        }
    }
}
