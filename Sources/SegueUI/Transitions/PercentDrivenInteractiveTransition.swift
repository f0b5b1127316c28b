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
/// (Segue's additions) complete with the interactive-release spring from the finger's velocity, as the
/// built-in pop does (``TransitionSettings/releaseSpring(remaining:)``, timed as the iPhone times a
/// released pop); the completion is driven by a `DisplayLink` on the window's animation time (slowed by
/// slow motion).
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
    private var link: DisplayLink?
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
            t.freezeDrivenLayers(atOffset: 0)
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
        } else {
            t.freezeDrivenLayers(atOffset: Double(p) * t.transitionDuration)
        }
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
        let p = t.phase == .animating ? shownProgressOfRunningAnimations(t) : t.percentComplete
        t.pauseInteractiveTransition()
        percentComplete = p
        t.updateInteractiveTransition(p)
        if let animator = t.interruptibleAnimator {
            animator.pauseAnimation()
            percentComplete = animator.fractionComplete
        } else {
            t.freezeDrivenLayers(atOffset: Double(p) * t.transitionDuration)
        }
    }

    /// Plays the rest forward (``completionSpeed``, ``completionCurve``).
    open func finish() {
        guard let t = transition, t.phase == .interacting else { return }
        t.finishInteractiveTransition()
        complete(t, towards: 1, easing: easing(t))
    }

    /// Plays back to the start (``completionSpeed``, ``completionCurve``); the transition is cancelled.
    open func cancel() {
        guard let t = transition, t.phase == .interacting else { return }
        t.cancelInteractiveTransition()
        complete(t, towards: 0, easing: easing(t))
    }

    /// Plays the rest forward with the interactive-release spring of `settings`
    /// (``TransitionSettings/releaseSpring(remaining:)``), starting at `velocity` (progress per second: the
    /// finger's velocity over the distance of the transition). Segue's addition.
    public func finish(releaseVelocity velocity: CGFloat, settings: TransitionSettings = TransitionSettings()) {
        guard let t = transition, t.phase == .interacting else { return }
        t.finishInteractiveTransition()
        complete(t, towards: 1, easing: releaseSpring(from: t.percentComplete, to: 1, velocity: velocity, settings: settings))
    }

    /// Plays back to the start with the interactive-release spring of `settings`, starting at `velocity`.
    /// Segue's addition.
    public func cancel(releaseVelocity velocity: CGFloat, settings: TransitionSettings = TransitionSettings()) {
        guard let t = transition, t.phase == .interacting else { return }
        t.cancelInteractiveTransition()
        complete(t, towards: 0, easing: releaseSpring(from: t.percentComplete, to: 0, velocity: velocity, settings: settings))
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
                 finishes: @escaping (CGFloat, CGFloat) -> Bool) {
        let act = { [weak self] in
            guard let self else { return }
            self.update(progress)
            if finishes(progress, velocity) {
                self.finish(releaseVelocity: velocity, settings: settings)
            } else {
                self.cancel(releaseVelocity: velocity, settings: settings)
            }
        }
        if transition != nil {
            act()
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

    private func releaseSpring(from p: CGFloat, to target: CGFloat, velocity: CGFloat, settings: TransitionSettings) -> Easing {
        let distance = Double(target - p)
        guard abs(distance) > 1e-12 else { return { _ in nil } }
        let simulation = SpringSimulation(spring: settings.releaseSpring(remaining: abs(target - p)),
                                          initialVelocity: Double(velocity) / distance)
        var furthest = 0.0
        return { elapsed in
            // Monotonic towards the end, never past it: the first time the spring reaches the end, it is there.
            let x = simulation.value(at: elapsed)
            if x >= 1 || simulation.isDone(at: elapsed) { return nil }
            furthest = max(furthest, x)
            return furthest
        }
    }

    private func complete(_ t: ContainerTransition, towards target: CGFloat, easing: @escaping Easing) {
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
        let duration = t.transitionDuration
        // The rest is timed from the call (the frame's time), not from the next frame: released in a
        // frame's input phase or between frames, it ends exactly (1 - p) x duration / speed later.
        let begin = tree.mediaTime
        let link = DisplayLink { [weak self, weak t] link in
            guard let self, let t else { return }
            // Ended meanwhile (at once, its container leaving the window): nothing left to play.
            guard t.phase != .ended else { link.invalidate(); self.link = nil; return }
            if let f = easing(link.timestamp - begin) {
                let p = start + (target - start) * CGFloat(f)
                t.percentComplete = min(max(p, 0), 1)
                t.freezeDrivenLayers(atOffset: Double(t.percentComplete) * duration)
            } else {
                // There: let the layers' time run on from the end (or back from the start), so the
                // animations end in this frame and their completions call completeTransition.
                t.percentComplete = target
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
