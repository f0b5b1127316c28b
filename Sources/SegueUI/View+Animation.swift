import SegueAnimation

extension View {
    /// Animates the changes made in `animations` (`UIView.animate(withDuration:delay:options:animations:completion:)`).
    ///
    /// Every animatable property set in the block (frame, bounds, center, transform, alpha,
    /// backgroundColor, layer properties...) gets an animation from its old value to the new one; the
    /// model holds the new value at once. Geometry animates additively, so starting another animation of
    /// the same view mid-flight keeps the motion continuous. `completion` runs once, when every animation
    /// of the block has stopped: `true` if all ran to their end. It runs in a frame's callbacks phase,
    /// never inside this call: when the block changes nothing, in the next frame's (UIKit: the next
    /// run-loop turn). With a `duration` of 0 or less the changes are made at once without animating
    /// and the completion still runs, with `true` (UIKit's rule). Animations start at the next frame.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let template = AnimationTemplate(
            duration: duration, delay: delay, timing: .curve(options.timingFunction),
            repeatCount: options.contains(.repeat) ? .infinity : 0, autoreverses: options.contains(.autoreverse),
            beginsFromCurrentState: options.contains(.beginFromCurrentState),
            allowsUserInteraction: options.contains(.allowUserInteraction))
        run(animations, with: template, completion: completion)
    }

    /// Animates the changes made in `animations` with a spring
    /// (`animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`).
    ///
    /// `dampingRatio` is in 0...1 (1: no overshoot); `velocity` is in units of the whole distance per
    /// second (to start at 100 pt/s over a 200 pt move, pass 0.5). The spring settles at `duration`
    /// (`Spring.fitting(dampingRatio:duration:)`).
    public static func animate(withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
                               initialSpringVelocity velocity: Double, options: ViewAnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let template = AnimationTemplate(
            duration: duration, delay: delay,
            timing: .spring(Spring.fitting(dampingRatio: dampingRatio, duration: duration), initialVelocity: velocity),
            repeatCount: options.contains(.repeat) ? .infinity : 0, autoreverses: options.contains(.autoreverse),
            beginsFromCurrentState: options.contains(.beginFromCurrentState),
            allowsUserInteraction: options.contains(.allowUserInteraction))
        run(animations, with: template, completion: completion)
    }

    /// Runs `actions` with animations disabled, even inside an animation block
    /// (`UIView.performWithoutAnimation`).
    public static func performWithoutAnimation(_ actions: () -> Void) {
        Transaction.perform(capturing: nil, actions)
    }

    /// Whether changes made now are animated (inside an animation block and not disabled).
    public static var areAnimationsEnabled: Bool { Transaction.activeCapture != nil }

    static func run(_ animations: () -> Void, with capture: AnimationTemplate, completion: ((Bool) -> Void)?) {
        guard capture.duration > 0 else {
            performWithoutAnimation(animations)
            if let completion { Transaction.enqueueCallback { completion(true) } }
            return
        }
        Transaction.perform(capturing: capture, animations)
        if let completion { capture.onAllStopped(completion) }
    }
}
