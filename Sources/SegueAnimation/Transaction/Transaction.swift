/// Turns model changes made inside an animation block into animations.
///
/// ``Transaction`` hands every animatable property change made while a capture is active to it; the
/// capture decides what animation to add (``AnimationTemplate`` for `View.animate`, a property
/// animator's own capture for `ViewPropertyAnimator`).
@MainActor
public protocol AnimationCapture: AnyObject {
    /// `property` of `layer` changed from `old` to `new` (the model already holds `new`).
    func capture<Value: Interpolatable>(_ property: LayerProperty<Value>, of layer: Layer, from old: Value, to new: Value)
}

/// The scoped, main-actor transaction stack behind animation blocks (`CATransaction`).
///
/// While a block runs under ``perform(capturing:_:)`` (as `View.animate` does), every animatable property
/// set on any layer is handed to the innermost capture, which adds an animation from the old model value
/// to the new one. Frames are pushed and popped around each block, so nesting works as in UIKit: an
/// inner `performWithoutAnimation` or a nested animate with other parameters applies to its own block
/// only. This stack is the only global state in Segue's animation core, by design (Core Animation's
/// transactions are global too).
///
/// Differs from Core Animation: there are no implicit animations, so an explicit transaction animates
/// only when given a duration (``setAnimationDuration(_:)``) or run through ``perform(capturing:_:)``.
@MainActor
public enum Transaction {
    private struct Frame {
        var capture: AnimationCapture?
        var disableActions = false
        /// Set by the explicit API; turned into a capture on first use.
        var duration: Double?
        var timingFunction: MediaTimingFunction?
        var completion: (() -> Void)?
        var explicitTemplate: AnimationTemplate?
    }

    private static var stack: [Frame] = []

    /// The capture that property changes go to now, if any.
    public static var activeCapture: AnimationCapture? {
        guard let top = stack.last, !top.disableActions else { return nil }
        if let capture = top.capture { return capture }
        if let duration = top.duration {
            let template = top.explicitTemplate ?? AnimationTemplate(
                duration: duration, timing: .curve(top.timingFunction ?? .default))
            stack[stack.count - 1].explicitTemplate = template
            return template
        }
        return nil
    }

    /// Runs `body` with `capture` receiving every animatable change (nil: changes apply at once, as in
    /// `View.performWithoutAnimation`).
    public static func perform<T>(capturing capture: AnimationCapture?, _ body: () throws -> T) rethrows -> T {
        stack.append(Frame(capture: capture, disableActions: capture == nil))
        defer { stack.removeLast() }
        return try body()
    }

    /// The depth of the stack (0 outside any block).
    public static var depth: Int { stack.count }

    // MARK: The explicit, CATransaction-style API

    /// Opens an explicit transaction.
    public static func begin() {
        stack.append(Frame())
    }

    /// Closes the innermost explicit transaction. Its completion block runs when every animation it
    /// added has stopped (at once if it added none).
    public static func commit() {
        precondition(!stack.isEmpty, "Transaction.commit() without a matching begin()")
        let frame = stack.removeLast()
        if let completion = frame.completion {
            if let template = frame.explicitTemplate {
                template.onAllStopped { _ in completion() }
            } else {
                completion()
            }
        }
    }

    /// Sets the duration of animations captured in the innermost explicit transaction.
    public static func setAnimationDuration(_ seconds: Double) {
        precondition(!stack.isEmpty, "Transaction.setAnimationDuration outside begin()/commit()")
        stack[stack.count - 1].duration = seconds
    }

    /// The innermost explicit transaction's duration (Core Animation's default, 0.25 s, if unset).
    public static func animationDuration() -> Double { stack.last?.duration ?? Animation.defaultDuration }

    /// Sets the curve of animations captured in the innermost explicit transaction.
    public static func setAnimationTimingFunction(_ function: MediaTimingFunction?) {
        precondition(!stack.isEmpty, "Transaction.setAnimationTimingFunction outside begin()/commit()")
        stack[stack.count - 1].timingFunction = function
    }

    /// Whether property changes in the innermost transaction are captured as animations.
    public static func setDisableActions(_ disabled: Bool) {
        precondition(!stack.isEmpty, "Transaction.setDisableActions outside begin()/commit()")
        stack[stack.count - 1].disableActions = disabled
    }

    /// Whether the innermost transaction disables animation capture.
    public static func disableActions() -> Bool { stack.last?.disableActions ?? false }

    /// Runs `block` when the animations added in the innermost explicit transaction have stopped.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        precondition(!stack.isEmpty, "Transaction.setCompletionBlock outside begin()/commit()")
        stack[stack.count - 1].completion = block
    }
}
