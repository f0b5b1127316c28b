import SegueAnimation

/// The state of an animator (`UIViewAnimatingState`).
public enum ViewAnimatingState: Sendable, Equatable {
    /// Not started, or finished: the views show their model values.
    case inactive
    /// Started (running or paused).
    case active
    /// Stopped by ``ViewAnimating/stopAnimation(_:)`` and waiting for ``ViewAnimating/finishAnimation(at:)``.
    case stopped
}

/// Where an animator ended (`UIViewAnimatingPosition`).
public enum ViewAnimatingPosition: Sendable, Equatable {
    /// At the end values; at the start values; wherever the animation was stopped.
    case end, start, current
}

/// An object that animates views and can be started, paused, scrubbed, reversed, stopped and finished
/// (`UIViewAnimating`): what `interruptibleAnimator(using:)` returns. ``ViewPropertyAnimator`` conforms.
@MainActor
public protocol ViewAnimating: AnyObject {
    /// Inactive, active (running or paused), or stopped.
    var state: ViewAnimatingState { get }
    /// Whether the animation is playing (active and not paused).
    var isRunning: Bool { get }
    /// Whether the animation runs towards its start.
    var isReversed: Bool { get set }
    /// How far the animation has progressed, 0...1; settable while paused.
    var fractionComplete: Double { get set }
    /// Starts (or resumes) the animation.
    func startAnimation()
    /// Starts the animation after `delay` seconds of animation time.
    func startAnimation(afterDelay delay: Double)
    /// Pauses the animation where it is.
    func pauseAnimation()
    /// Stops the animation (see ``ViewPropertyAnimator/stopAnimation(_:)``).
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animation at a position.
    func finishAnimation(at finalPosition: ViewAnimatingPosition)
}

/// An animator that also takes animation blocks and completions and can continue with other timing
/// (`UIViewImplicitlyAnimating`).
///
/// Differs from UIKit: the members UIKit marks optional are requirements here; the default
/// implementations fail loudly (a precondition failure naming the type), as calling an unimplemented
/// optional method would.
@MainActor
public protocol ViewImplicitlyAnimating: ViewAnimating {
    /// Adds animations, joining a running animation over its remaining time.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds animations that start `delayFactor` of the remaining time later.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: Double)
    /// Adds a block run with the final position when the animation finishes.
    func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void)
    /// Resumes a paused animation with other timing.
    func continueAnimation(withTimingParameters parameters: TimingCurveProvider?, durationFactor: Double)
}

extension ViewImplicitlyAnimating {
    /// Fails loudly: a type that offers it implements it (UIKit's optional requirement; Segue does not pretend).
    public func addAnimations(_ animation: @escaping () -> Void) {
        preconditionFailure("\(Self.self) does not implement addAnimations(_:)")
    }
    /// Fails loudly: a type that offers it implements it.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: Double) {
        preconditionFailure("\(Self.self) does not implement addAnimations(_:delayFactor:)")
    }
    /// Fails loudly: a type that offers it implements it.
    public func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void) {
        preconditionFailure("\(Self.self) does not implement addCompletion(_:)")
    }
    /// Fails loudly: a type that offers it implements it.
    public func continueAnimation(withTimingParameters parameters: TimingCurveProvider?, durationFactor: Double) {
        preconditionFailure("\(Self.self) does not implement continueAnimation(withTimingParameters:durationFactor:)")
    }
}
