import SegueAnimation

/// The ready interaction controller (`UIPercentDrivenInteractiveTransition`): it runs the animator's
/// `animateTransition`, freezes the container's layer time (and that of views animated alongside in
/// other views) and scrubs it: ``update(_:)`` sets the time offset to `percent x duration`, so every
/// animation shows its own curve at that time, as in Core Animation. ``finish()`` plays the rest forward
/// in `(1 - p) x duration / completionSpeed` along ``completionCurve``; ``cancel()`` plays back to the start
/// in `p x duration / completionSpeed`, after which every animated view is exactly at its start value.
/// Progress may be exactly 0 and exactly 1. With an interruptible animator (`interruptibleAnimator(using:)`)
/// it pauses that animator, drives its `fractionComplete`, and finishes or cancels with `isReversed` and
/// `continueAnimation`.
///
/// Differs from UIKit: ``finish(releaseVelocity:settings:)`` and ``cancel(releaseVelocity:settings:)``
/// (Segue's additions) complete with iOS 27's interactive-release spring from the finger's velocity, as the
/// built-in pop does (``TransitionSettings/releaseSpring``); the completion is driven by a `DisplayLink` on
/// the window's animation time (slowed by slow motion). Driven by a built-in gesture (the pop, the tab
/// swipe, a sheet's drag), the transition is drawn as iOS 27 draws its pages: following ``update(_:)``
/// through a tracking spring (``TransitionSettings/trackingSpring``), so the drawn transition trails a
/// moving finger while ``percentComplete`` and the coordinator report the finger's progress; at the release
/// the page hands its position and velocity to the release spring.
/// Starting it with a context that no Segue container made fails loudly (it needs the animator).
@MainActor
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
    /// How close to its end, in seconds, the played rest counts as ended (frame times are sums of 1/60 s,
    /// not exact).
    static let timeTolerance = 1e-9

    /// The progress of the last ``update(_:)`` (kept while finishing or cancelling; the coordinator
    /// reports the live value).
    open private(set) var percentComplete: CGFloat = 0
    /// How fast the rest plays after finish/cancel (<= 0 counts as 1); read when they are called.
    open var completionSpeed: CGFloat = 1
    /// The curve of the rest after finish/cancel; read when they are called.
    open var completionCurve: ViewAnimationCurve = .easeInOut
    /// Timing for the rest (overrides ``completionCurve`` when set).
    open var timingCurve: (any TimingCurveProvider)?
    /// Whether the transition starts interactive (default true).
    open var wantsInteractiveStart = true

    /// The transition being driven.
    public private(set) weak var transition: ContainerTransition?
    /// Where an interactive start begins (a caught push turned into a pop starts where the page is).
    var startProgress: CGFloat = 0
    /// A release asked for before the transition started at a ``startProgress`` past 0: it runs once the
    /// transition has moved there.
    private var releaseAfterStartMove: (() -> Void)?
    private var link: DisplayLink?
    /// The spring the drawn transition follows ``update(_:)`` through (nil: drawn at the progress).
    private var trackingSpring: Spring?
    /// The drawn transition following the progress while ``trackingSpring`` is set and it is interactive.
    private var tracker: SpringTracker?
    /// Steps ``tracker`` once a frame.
    private var trackingLink: DisplayLink?
    /// The progress drawn now (the frozen time over the duration), and its rate of change over the last
    /// frame it moved in (progress per second): where a tracking spring or a catch takes the page from.
    private(set) var drawnProgress: CGFloat = 0
    private var drawnVelocity: CGFloat = 0
    /// The animator's duration, in seconds (0 before a transition starts).
    open var duration: CGFloat { transition?.transitionDuration ?? 0 }

    /// An interaction controller with UIKit's defaults (completion speed 1, ease-in-out).
    public init() {}

    /// Starts the transition: the animator's `animateTransition`, then the container's time is frozen at
    /// 0 (unless ``wantsInteractiveStart`` is false).
    open func startInteractiveTransition(_ transitionContext: any ViewControllerContextTransitioning) {
        guard let t = transitionContext as? ContainerTransition else {
            preconditionFailure("PercentDrivenInteractiveTransition needs the context of a Segue container "
                + "(it drives the container's animator); \(type(of: transitionContext)) gives none")
        }
        transition = t
        percentComplete = 0
        // A release asked for before the start, of a transition that starts past 0 (a push reversed into a
        // pop by the back button): after the move to the start progress, queued below.
        defer {
            if let pending = releaseAfterStartMove {
                releaseAfterStartMove = nil
                Transaction.enqueueCallback(pending)
            }
        }
        if let animator = t.interruptibleAnimator {
            if wantsInteractiveStart {
                animator.pauseAnimation()
                animator.fractionComplete = 0
            } else {
                animator.startAnimation()
            }
            return
        }
        t.animator.animateTransition(using: t)
        if wantsInteractiveStart {
            draw(0, in: t)
            t.moveWhenBegun(self, to: startProgress)
        }
        startProgress = 0
    }

    /// Moves the transition to `percentComplete` (clamped to 0...1); ignored unless it is interactive.
    open func update(_ percentComplete: CGFloat) {
        guard let t = transition, t.phase == .interacting else { return }
        let p = min(max(percentComplete, 0), 1)
        self.percentComplete = p
        t.updateInteractiveTransition(p)
        if let animator = t.interruptibleAnimator {
            animator.fractionComplete = p
        } else if tracker != nil {
            tracker?.target = Double(p)
        } else {
            // The first move of a tracked transition puts the page at the finger (its animations have their
            // begin times by now); the tracking spring follows from there.
            draw(p, in: t)
            if trackingSpring != nil { startTracking(at: p, velocity: 0) }
        }
    }

    /// Draws the transition at `progress` (its layers' time frozen there).
    private func draw(_ progress: CGFloat, in t: ContainerTransition) {
        drawnProgress = progress
        t.freezeDrivenLayers(atOffset: Double(progress) * t.transitionDuration)
        didDraw(progress, in: t)
    }

    /// Called each time the transition is drawn at `progress` (the frozen time over the duration): while
    /// it follows the gesture, while it finishes or cancels, and once at its end (`progress` exactly 0 or
    /// 1). A subclass that draws something besides the animator's scrubbed animations places it here, in
    /// step with them (``ZoomInteraction`` puts the zoomed page under the finger). Nothing by default.
    func didDraw(_ progress: CGFloat, in transition: ContainerTransition) {}

    // MARK: Tracking

    /// Makes the drawn transition follow ``update(_:)`` through `spring` (nil: drawn at the progress) while
    /// it is interactive: from its next move, or from a catch (``pauseInteractiveTransition()``). The
    /// built-in gestures' driver sets it when it takes hold (``InteractionDriver``); UIKit's percent-driven
    /// transition has no such spring.
    func track(with spring: Spring?) {
        trackingSpring = spring
        if let spring {
            tracker?.spring = spring
        } else if stopTracking() != nil, let t = transition, t.phase == .interacting {
            draw(percentComplete, in: t)
        }
    }

    /// Starts following the progress from `position` at `velocity` (progress per second).
    private func startTracking(at position: CGFloat, velocity: CGFloat) {
        guard let spring = trackingSpring, let t = transition, t.interruptibleAnimator == nil,
              let tree = t.containerView.layer.tree else { return }
        trackingLink?.invalidate()
        tracker = SpringTracker(spring: spring, position: Double(position), velocity: Double(velocity),
                                target: Double(percentComplete))
        draw(position, in: t)
        // Stepped once a frame from the frame it starts in, which shows it where it was: a caught page is
        // drawn in the catch's frame exactly where it was drawn before (no jump).
        let link = DisplayLink { [weak self, weak t] link in
            guard let self, let t, t.phase == .interacting, var tracker = self.tracker else { return }
            tracker.advance(by: link.timestamp - link.previousTimestamp)
            self.tracker = tracker
            self.drawnVelocity = CGFloat(tracker.velocity)
            // Scrubbed time has no "past the end": the page is drawn within its two ends.
            self.draw(min(max(CGFloat(tracker.position), 0), 1), in: t)
        }
        trackingLink = link
        link.add(to: tree)
    }

    /// Stops following; returns where the drawn transition was and how fast it moved (progress per second).
    @discardableResult
    private func stopTracking() -> (position: CGFloat, velocity: CGFloat)? {
        trackingLink?.invalidate()
        trackingLink = nil
        defer { tracker = nil }
        guard let tracker else { return nil }
        return (min(max(CGFloat(tracker.position), 0), 1), CGFloat(tracker.velocity))
    }

    /// Moves the transition to `percentComplete` as ``update(_:)`` does; before the transition has started,
    /// makes it start there instead. A built-in gesture's pan can begin and move again in one frame (a
    /// 120 Hz touchscreen gives two samples a frame) while its container starts the transition only in
    /// that frame's callbacks: ``update(_:)`` alone would drop the move and leave the page a frame behind
    /// the finger. The one-shot start is used by the next transition started with this interaction.
    final func follow(_ percentComplete: CGFloat) {
        guard transition != nil else {
            startProgress = min(max(percentComplete, 0), 1)
            return
        }
        update(percentComplete)
    }

    /// Makes a running (finishing, cancelling or non-interactive) transition interactive where it is.
    open func pauseInteractiveTransition() {
        guard let t = transition, t.phase != .interacting, t.phase != .ended else { return }
        link?.invalidate()
        link = nil
        // Caught where it is drawn (a released page may be drawn behind the progress it reports).
        let p = t.phase == .animating ? shownProgressOfRunningAnimations(t) : drawnProgress
        if t.phase == .animating { drawnVelocity = 0 }
        t.pauseInteractiveTransition()
        percentComplete = p
        t.updateInteractiveTransition(p)
        if let animator = t.interruptibleAnimator {
            animator.pauseAnimation()
            percentComplete = animator.fractionComplete
        } else {
            draw(p, in: t)
            // The finger takes the page with the speed it had (a spring retargeted, not restarted).
            if trackingSpring != nil { startTracking(at: p, velocity: drawnVelocity) }
        }
    }

    /// Plays the rest forward (``completionSpeed``, ``completionCurve``).
    open func finish() {
        guard let t = transition, t.phase == .interacting else { return }
        stopTrackingAtProgress(t)
        t.finishInteractiveTransition()
        complete(t, towards: 1, easing: easing(t))
    }

    /// Plays back to the start (``completionSpeed``, ``completionCurve``); the transition is cancelled.
    open func cancel() {
        guard let t = transition, t.phase == .interacting else { return }
        stopTrackingAtProgress(t)
        t.cancelInteractiveTransition()
        complete(t, towards: 0, easing: easing(t))
    }

    /// Plays the rest forward with the interactive-release spring of `settings`
    /// (``TransitionSettings/releaseSpring``), starting at `velocity` (progress per second: the finger's
    /// velocity over the distance of the transition). Followed through a tracking spring, the page starts
    /// where it is drawn at its own velocity instead (boosted for an edge flick:
    /// ``TransitionSettings/handedOverVelocity(pageVelocity:releaseVelocity:finishes:)``). Segue's addition.
    public func finish(releaseVelocity velocity: CGFloat, settings: TransitionSettings = TransitionSettings()) {
        completeWithSpring(towards: 1, velocity: velocity, settings: settings, spring: settings.releaseSpring)
    }

    /// Plays back to the start with the interactive-release spring of `settings`, starting at `velocity`
    /// (or, followed through a tracking spring, where and as fast as the page is drawn). Segue's addition.
    public func cancel(releaseVelocity velocity: CGFloat, settings: TransitionSettings = TransitionSettings()) {
        completeWithSpring(towards: 0, velocity: velocity, settings: settings, spring: settings.releaseSpring)
    }

    /// Finishes (`target` 1) or cancels (0) with `spring`, handing it the drawn page's position and
    /// velocity when a tracking spring drew it, else the progress and the finger's `velocity`.
    func completeWithSpring(towards target: CGFloat, velocity: CGFloat, settings: TransitionSettings, spring: Spring,
                            boostsEdgeFlicks: Bool = false) {
        guard let t = transition, t.phase == .interacting else { return }
        let handOver = stopTracking()
        if target == 1 { t.finishInteractiveTransition() } else { t.cancelInteractiveTransition() }
        // An interruptible animator continues on its own timing (the easing is not used).
        guard t.interruptibleAnimator == nil else { return complete(t, towards: target, easing: { _ in nil }) }
        let from = handOver?.position ?? t.percentComplete
        var v = handOver?.velocity ?? velocity
        if handOver != nil, boostsEdgeFlicks {
            v = settings.handedOverVelocity(pageVelocity: v, releaseVelocity: velocity, finishes: target == 1)
        }
        complete(t, towards: target, drawnFrom: from,
                 easing: releaseSpring(spring, from: from, to: target, velocity: v))
    }

    /// Ends tracking and draws the transition at its progress (a plain finish or cancel curve starts there).
    private func stopTrackingAtProgress(_ t: ContainerTransition) {
        guard stopTracking() != nil, t.interruptibleAnimator == nil else { return }
        draw(percentComplete, in: t)
    }

    /// Lets go at `progress` with `velocity` (progress per second) and the release rule of `settings`:
    /// finishes or cancels with the release spring. When the transition has not started yet (a gesture
    /// that began and ended in one frame: the transition starts in this frame's callbacks phase), the
    /// release happens right after it starts; released before, it would stay interacting forever. Segue's
    /// addition; the built-in gestures (the pop, the tab swipe, the sheet drag, catching) release the same way.
    public func release(at progress: CGFloat, velocity: CGFloat, rule settings: TransitionSettings) {
        release(at: progress, velocity: velocity, settings: settings, finishes: settings.shouldFinish(progress:velocity:))
    }

    /// ``release(at:velocity:rule:)`` deciding with `finishes` (``InteractionDriver/ReleaseRule``), and
    /// completing with the release spring of `settings`.
    func release(at progress: CGFloat, velocity: CGFloat, settings: TransitionSettings,
                 finishes: @escaping (CGFloat, CGFloat) -> Bool, spring: Spring? = nil, boostsEdgeFlicks: Bool = false) {
        let act = { [weak self] in
            guard let self else { return }
            self.update(progress)
            self.completeWithSpring(towards: finishes(progress, velocity) ? 1 : 0, velocity: velocity,
                                    settings: settings, spring: spring ?? settings.releaseSpring,
                                    boostsEdgeFlicks: boostsEdgeFlicks)
        }
        if transition != nil {
            act()
        } else if startProgress > 0 {
            // It starts past 0 (``ContainerTransition/moveWhenBegun(_:to:)``): released from there, once moved.
            releaseAfterStartMove = { [weak self] in
                guard self?.transition != nil else { return }
                act()
            }
        } else {
            Transaction.enqueueCallback { [weak self] in
                guard self?.transition != nil else { return }
                act()
            }
        }
    }

    // MARK: Completion

    /// How progress moves from where it is to the target: a function of the time since the release,
    /// giving the fraction of the way done (1 = there) — or nil for "there".
    private typealias Easing = (_ elapsed: Double) -> Double?

    private func easing(_ t: ContainerTransition) -> Easing {
        let speed = completionSpeed > 0 ? completionSpeed : 1
        t.completionVelocity = speed
        t.completionCurve = completionCurve
        let p = t.percentComplete
        let target: CGFloat = t.phase == .finishing ? 1 : 0
        let time = Double(abs(target - p)) * t.transitionDuration / Double(speed)
        let curve: any TimingCurveProvider = timingCurve ?? CubicTimingParameters(animationCurve: completionCurve)
        return { elapsed in
            // Frame times are sums of 1/60 s: within a nanosecond of the end counts as there.
            guard time > 0, elapsed < time - Self.timeTolerance else { return nil }
            return curve.progress(atFraction: elapsed / time, duration: time)
        }
    }

    /// `spring` from `p` to `target`, starting at `velocity` (progress per second). The fraction it gives
    /// may go below 0 (a page thrown the other way first); the first time the spring reaches the end, it
    /// is there (scrubbed time has no "past the end").
    private func releaseSpring(_ spring: Spring, from p: CGFloat, to target: CGFloat, velocity: CGFloat) -> Easing {
        let distance = Double(target - p)
        guard abs(distance) > 1e-12 else { return { _ in nil } }
        let simulation = SpringSimulation(spring: spring, initialVelocity: Double(velocity) / distance)
        return { elapsed in
            let x = simulation.value(at: elapsed)
            if x >= 1 || simulation.isDone(at: elapsed) { return nil }
            return x
        }
    }

    /// Plays the rest along `easing`: the reported progress from where it is to `target`, never back; the
    /// drawn transition from `drawnFrom` (default: the progress) along the same fraction, within its ends.
    private func complete(_ t: ContainerTransition, towards target: CGFloat, drawnFrom: CGFloat? = nil,
                          easing: @escaping Easing) {
        if let animator = t.interruptibleAnimator {
            animator.isReversed = target == 0
            let speed = completionSpeed > 0 ? completionSpeed : 1
            animator.continueAnimation(withTimingParameters: timingCurve ?? CubicTimingParameters(animationCurve: completionCurve),
                                       durationFactor: Double(1 / speed))
            return
        }
        guard let tree = t.containerView.layer.tree else {
            preconditionFailure("PercentDrivenInteractiveTransition: the container view is in no window")
        }
        link?.invalidate()
        t.playingSpeed = Double(completionSpeed > 0 ? completionSpeed : 1)
        let start = t.percentComplete
        let drawnStart = drawnFrom ?? start
        let duration = t.transitionDuration
        var furthest = 0.0
        // The rest is timed from the call (the frame's time), not from the next frame: released in a
        // frame's input phase or between frames, it ends exactly (1 - p) x duration / speed later.
        let begin = tree.mediaTime
        let link = DisplayLink { [weak self, weak t] link in
            guard let self, let t else { return }
            // Ended meanwhile (at once, its container leaving the window): nothing left to play.
            guard t.phase != .ended else { link.invalidate(); self.link = nil; return }
            if let f = easing(link.timestamp - begin) {
                // The reported progress moves monotonically towards the end (spec gestures-and-timing).
                furthest = max(furthest, f)
                t.percentComplete = min(max(start + (target - start) * CGFloat(furthest), 0), 1)
                let drawn = min(max(drawnStart + (target - drawnStart) * CGFloat(f), 0), 1)
                if link.timestamp > link.previousTimestamp {
                    self.drawnVelocity = (drawn - self.drawnProgress) / CGFloat(link.timestamp - link.previousTimestamp)
                }
                self.draw(drawn, in: t)
            } else {
                // There: let the layers' time run on from the end (or back from the start), so the
                // animations end in this frame and their completions call completeTransition.
                t.percentComplete = target
                self.drawnProgress = target
                self.didDraw(target, in: t)
                link.invalidate()
                self.link = nil
                t.resumeDrivenLayers(atOffset: Double(target) * duration, speed: target == 1 ? 1 : -1)
            }
        }
        self.link = link
        link.add(to: tree)
    }

    /// The progress shown by a transition that animates on its own: the container's local time over the
    /// duration.
    private func shownProgressOfRunningAnimations(_ t: ContainerTransition) -> CGFloat {
        guard t.transitionDuration > 0 else { return 1 }
        let local = t.containerView.layer.currentLocalTime
        return CGFloat(min(max(local / t.transitionDuration, 0), 1))
    }
}
