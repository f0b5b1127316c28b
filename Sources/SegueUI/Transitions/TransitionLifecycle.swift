import SegueAnimation

/// The life of a container's transitions, the same for every container (navigation, tabs, modal
/// presentation, custom containers): requests go through the window's one queue
/// (``TransitionRequests``); one place chooses the animator and the interaction controller; one place
/// makes the ``ContainerTransition``, owns the container's coordinator, starts it in the frame's callbacks
/// phase and ends it. A container keeps only what is its own (its stack, its selection, its presented
/// chain) and hands the lifecycle a ``Plan``.
///
/// A container of your own gets all of it through
/// ``ViewController/transition(from:to:in:animator:interactionController:completion:)``.
///
/// The order at the end, for every container: the container's bookkeeping (``Plan/bookkeeping``), then
/// the observer is told, the coordinator is cleared and the window's queue stops counting the transition,
/// then ``Plan/afterEnd`` (a delegate's `didShow`, a presentation's completion), then the coordinator's
/// completion blocks and `animationEnded(_:)`, then the requests that waited.
///
/// No UIKit counterpart (UIKit keeps this in each container's private machinery).
@MainActor
public final class TransitionLifecycle {
    /// The transition running now (from the request that began it to its bookkeeping).
    public private(set) var current: ContainerTransition?
    /// Told when a transition begins (right before its appearance callbacks) and when it ends, finished or
    /// cancelled (right after the container's bookkeeping). For tools: the replay trace, a HUD.
    public var observer: ((ContainerTransition, ContainerTransition.Event) -> Void)?
    /// The animator a ``TransitionEffect`` made for the running transition, if it runs one.
    public private(set) weak var effectAnimator: AnyObject?

    /// A lifecycle with no transition running (each container owns one).
    public init() {}

    // MARK: Requests

    /// Runs `request` now, or queues it in the window `view` is in, by the window's rule
    /// (``TransitionRequests``); in no window, now. Returns whether it ran now.
    @discardableResult
    public func request(in view: View?, _ request: @escaping () -> Void) -> Bool {
        guard let window = view?.window else {
            request()
            return true
        }
        return window.transitionRequests.submit(request)
    }

    /// Whether a request made in `view`'s window now would run at once (a gesture that starts a transition
    /// begins only then).
    public static func isIdle(in view: View?) -> Bool {
        view?.window?.transitionRequests.isIdle ?? true
    }

    // MARK: Choosing

    /// The animator: the delegate's if it gave one, else `effect`'s (played backwards when `reverse`),
    /// else `stock` (nil: none, the change happens at once).
    public func chooseAnimator(delegate: (any ViewControllerAnimatedTransitioning)?, effect: TransitionEffect?,
                               reverse: Bool,
                               stock: () -> (any ViewControllerAnimatedTransitioning)?) -> (any ViewControllerAnimatedTransitioning)? {
        if let delegate {
            effectAnimator = nil
            return delegate
        }
        if let made = effect?.animator(reverse: reverse) {
            effectAnimator = made
            return made
        }
        effectAnimator = nil
        return stock()
    }

    /// The effect a container's transition plays: `effect` (nil: the stock animation), except under Reduce
    /// Motion (``Window/isReduceMotionEnabled`` of `window`) when no gesture drives the transition from its
    /// start: then the catalogue's ``TransitionEffect/crossfade``, as iOS replaces its sliding and zooming
    /// system transitions by cross-fades with Reduce Motion on (Apple's
    /// `UIAccessibility.prefersCrossFadeTransitions`: "UI should avoid Slide animations and prefer
    /// Cross-Fade transitions instead"; SwiftUI's `TransitionProperties.hasMotion`: a transition with
    /// motion "will be replaced by opacity when Reduce Motion is enabled"). A transition a finger drives
    /// keeps its motion: the page follows the finger. A delegate's animator is never replaced (on iOS an
    /// app's own animator reads the setting itself).
    public static func effect(_ effect: TransitionEffect?, in window: Window?, drivenByGesture: Bool) -> TransitionEffect? {
        guard window?.isReduceMotionEnabled == true, !drivenByGesture else { return effect }
        return .crossfade
    }

    /// The interaction controller: the delegate's if it gave one; else, for an effect's animator, the
    /// container's own gesture-driven controller while its gesture drives (`effectInteraction`); else the
    /// container's built-in one (its edge pan, swipe or drag) when it drives `animator`.
    public func chooseInteraction(delegate: (any ViewControllerInteractiveTransitioning)?,
                                  animator: any ViewControllerAnimatedTransitioning,
                                  effectInteraction: (any GestureDrivenInteraction)?,
                                  builtIn: PercentDrivenInteractiveTransition?,
                                  builtInDrives: Bool) -> (any ViewControllerInteractiveTransitioning)? {
        if let delegate { return delegate }
        if effectAnimator != nil, effectAnimator === animator as AnyObject,
           let own = effectInteraction, own.interactionInProgress {
            return own
        }
        if let builtIn, builtInDrives { return builtIn }
        return nil
    }

    // MARK: Running

    /// What a container hands the lifecycle to run one transition.
    public struct Plan {
        /// What the transition does (push, pop, tab, present, dismiss, custom).
        public var kind: ContainerTransition.Kind
        /// The view the transition runs in (the context's `containerView`).
        public var containerView: View
        /// The controller that leaves.
        public var from: ViewController
        /// The controller that arrives.
        public var to: ViewController
        /// The views the animator may touch (nil: it must not touch that side).
        public var fromView: View?
        /// See ``fromView``.
        public var toView: View?
        /// Whether it animates (false: the changes happen at once).
        public var isAnimated = true
        /// The modal presentation style the context reports (`.fullScreen` for non-modal transitions).
        public var presentationStyle: ModalPresentationStyle = .fullScreen
        /// The animation controller.
        public var animator: any ViewControllerAnimatedTransitioning
        /// The interaction controller, if the transition starts interactive.
        public var interactionController: (any ViewControllerInteractiveTransitioning)?
        /// Each controller's initial and final frames (missing: `.zero`, unknown).
        public var frames: [(ViewController, initial: CGRect, final: CGRect)]
        /// The controllers whose ``ViewController/transitionCoordinator`` is the transition while it runs.
        public var coordinated: [ViewController]
        /// Run at the start, in the frame's callbacks phase, right before the animator: the appearance
        /// callbacks begin here.
        public var willStart: () -> Void = {}
        /// The container's own work at the end, with whether the transition completed (stack, children,
        /// views, appearance).
        public var bookkeeping: (Bool) -> Void
        /// Run once the transition no longer counts as running (observer told, coordinator cleared):
        /// a delegate's `didShow`, a presentation's completion.
        public var afterEnd: (Bool) -> Void = { _ in }
        /// A side's view asked for when the animator asks (see ``ContainerTransition/view(forKey:)``).
        var lateView: ((TransitionContextViewKey) -> View?)?

        /// A plan with the other members at their defaults.
        public init(kind: ContainerTransition.Kind, containerView: View, from: ViewController, to: ViewController,
                    fromView: View?, toView: View?, animator: any ViewControllerAnimatedTransitioning,
                    interactionController: (any ViewControllerInteractiveTransitioning)?,
                    frames: [(ViewController, initial: CGRect, final: CGRect)], coordinated: [ViewController],
                    bookkeeping: @escaping (Bool) -> Void) {
            self.kind = kind
            self.containerView = containerView
            self.from = from
            self.to = to
            self.fromView = fromView
            self.toView = toView
            self.animator = animator
            self.interactionController = interactionController
            self.frames = frames
            self.coordinated = coordinated
            self.bookkeeping = bookkeeping
        }

        /// The frames of a switch between two pages that fill `bounds`: the from page leaves it, the to page
        /// arrives in it.
        public static func pageFrames(from: ViewController, to: ViewController,
                                      in bounds: CGRect) -> [(ViewController, initial: CGRect, final: CGRect)] {
            [(from, initial: bounds, final: .zero), (to, initial: .zero, final: bounds)]
        }
    }

    /// Makes the transition of `plan` the container's running one and the coordinator of its controllers
    /// (it exists when this returns), and starts it in the callbacks phase of its container view's tree.
    @discardableResult
    public func run(_ plan: Plan) -> ContainerTransition {
        precondition(current == nil, "TransitionLifecycle.run: a transition of this container runs already")
        let window = plan.containerView.window
        var made: ContainerTransition?
        let t = ContainerTransition(
            kind: plan.kind, containerView: plan.containerView, from: plan.from, to: plan.to,
            fromView: plan.fromView, toView: plan.toView, isAnimated: plan.isAnimated,
            presentationStyle: plan.presentationStyle, animator: plan.animator,
            interactionController: plan.interactionController, frames: plan.frames,
            bookkeeping: { [weak self] completed in
                plan.bookkeeping(completed)
                guard let self, let t = made else { return }
                self.end(t, completed: completed, coordinated: plan.coordinated, window: window)
                plan.afterEnd(completed)
            })
        t.lateView = plan.lateView
        made = t
        current = t
        window?.transitionRequests.began(t)
        for controller in plan.coordinated { controller.ownTransitionCoordinator = t }
        Transaction.enqueueCallback(for: plan.containerView.layer) { [weak self] in
            guard let self, self.current === t else { return }
            self.observer?(t, .began)
            plan.willStart()
            t.start()
        }
        return t
    }

    private func end(_ t: ContainerTransition, completed: Bool, coordinated: [ViewController], window: Window?) {
        observer?(t, completed ? .finished : .cancelled)
        if current === t { current = nil }
        if effectAnimator === t.animator as AnyObject { effectAnimator = nil }
        for controller in coordinated where controller.ownTransitionCoordinator === t {
            controller.ownTransitionCoordinator = nil
        }
        window?.transitionRequests.ended(t)
    }
}

/// A container whose transitions run through a ``TransitionLifecycle`` (navigation and tab bar controllers,
/// the window's modal presentations): it shows the running transition and takes an observer of them.
@MainActor
public protocol TransitionLifecycleOwner: AnyObject {
    /// The lifecycle the container's transitions run through.
    var lifecycle: TransitionLifecycle { get }
}

extension TransitionLifecycleOwner {
    /// The transition running now, if any.
    public var currentTransition: ContainerTransition? { lifecycle.current }

    /// Told when a transition begins (right before its appearance callbacks) and when it ends, finished or
    /// cancelled (right after the container's bookkeeping). Segue's addition, for tools (the replay trace,
    /// a HUD).
    public var transitionObserver: ((ContainerTransition, ContainerTransition.Event) -> Void)? {
        get { lifecycle.observer }
        set { lifecycle.observer = newValue }
    }
}
