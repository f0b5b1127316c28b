import SegueAnimation

/// One stretch of a property animator's run, from one time fraction to another, as a pure function of
/// the time elapsed since it began: what the animator's layer animations evaluate on each view's own
/// layer time.
struct AnimatorSegment: Sendable {
    var fromFraction: Double
    var toFraction: Double
    var fromShown: Double
    var toShown: Double
    /// Seconds of animation time.
    var duration: Double
    /// Whether the shown progress follows the animator's own curve at the current fraction (a plain
    /// run or resume), or the segment's own timing from `fromShown` to `toShown` (after a linear scrub
    /// or with new timing parameters).
    var followsCurve: Bool
    var timing: TimingCurveProvider
    /// The animator's own curve and duration.
    var curve: TimingCurveProvider
    var curveDuration: Double

    /// Time fraction and shown progress `elapsed` seconds after the segment began.
    func state(atElapsed elapsed: Double) -> (fraction: Double, shown: Double) {
        let u = duration > 0 ? min(max(elapsed / duration, 0), 1) : 1
        let fraction = fromFraction + (toFraction - fromFraction) * u
        if u >= 1 { return (toFraction, toShown) }
        if followsCurve { return (fraction, curve.progress(atFraction: fraction, duration: curveDuration)) }
        return (fraction, fromShown + (toShown - fromShown) * timing.progress(atFraction: u, duration: duration))
    }
}

/// What an animator's layer animation shows: a running segment, or the paused animator's progress.
@MainActor
enum AnimatorProgress {
    case segment(AnimatorSegment)
    case paused(PausedProgress)
}

/// Collects the changes of an animator's block: records them and keeps one driven change each.
@MainActor
final class AnimatorCapture: AnimationCapture {
    let record: ChangeRecord
    let startProgress: Double
    var made: [any AnimatorDrivenChange] = []

    init(record: ChangeRecord, startProgress: Double) {
        self.record = record
        self.startProgress = startProgress
    }

    func capture<Value: Interpolatable>(_ property: LayerProperty<Value>, of layer: Layer, from old: Value, to new: Value) {
        record.record(property, of: layer, from: old, to: new)
        made.append(DrivenChange(property, layer: layer, from: old, to: new, startProgress: startProgress))
    }
}

/// One property change shown by an animator.
@MainActor
protocol AnimatorDrivenChange: AnyObject {
    var layer: Layer? { get }
    /// A layer animation showing the change at the animator's progress.
    func makeAnimation(_ progress: AnimatorProgress) -> Animation
    /// A closure that sets the model to the value on screen now (nil if the layer is gone).
    func presentationSetter() -> (() -> Void)?
}

@MainActor
final class DrivenChange<Value: Interpolatable>: AnimatorDrivenChange {
    weak var layer: Layer?
    let property: LayerProperty<Value>
    let old: Value
    let new: Value
    /// The animator progress at which this change starts (0 unless added to a running animator).
    let startProgress: Double

    init(_ property: LayerProperty<Value>, layer: Layer, from old: Value, to new: Value, startProgress: Double) {
        self.layer = layer
        self.property = property
        self.old = old
        self.new = new
        self.startProgress = startProgress
    }

    func makeAnimation(_ progress: AnimatorProgress) -> Animation {
        let property = self.property
        let additive = property.isAdditiveInViewAnimations
        let (old, new, start) = (self.old, self.new, startProgress)
        let animation = DrivenAnimation { () -> Animation.Evaluator in
            let step = additive
                ? property.makeInterpolator(old.subtracting(new), Value.additiveIdentity, true)
                : property.makeInterpolator(old, new, false)
            // A change added mid-run goes from its old value at `start` to its new one at the end.
            let remap: (Double) -> Double = start <= 0 ? { $0 }
                : start >= 1 ? { _ in 1 } : { max(($0 - start) / (1 - start), 0) }
            switch progress {
            case .segment(let segment):
                return { state, time in step(&state, remap(segment.state(atElapsed: time).shown)) }
            case .paused(let paused):
                return { state, _ in step(&state, remap(paused.shown)) }
            }
        }
        switch progress {
        case .segment(let segment):
            // A segment of length 0 ends at the next frame.
            animation.duration = max(segment.duration, Self.shortestSegment)
            animation.fillMode = .both
        case .paused:
            animation.duration = .infinity
        }
        return animation
    }

    /// Seconds: the duration given to a segment with nothing left to run (Layer.add would otherwise give
    /// it the default 0.25 s).
    static var shortestSegment: Double { 1e-6 }

    func presentationSetter() -> (() -> Void)? {
        guard let layer else { return nil }
        let value = property.get(layer.presentationValues())
        let property = self.property
        return { [weak layer] in layer?.setValue(value, for: property) }
    }
}

/// A layer animation whose per-frame work an animator supplies.
@MainActor
final class DrivenAnimation: Animation {
    let makeStep: () -> Evaluator

    init(_ makeStep: @escaping () -> Evaluator) {
        self.makeStep = makeStep
        super.init()
    }

    required init(copying other: Animation) {
        makeStep = (other as! DrivenAnimation).makeStep
        super.init(copying: other)
    }

    override func makeEvaluator() -> Evaluator { makeStep() }

    override func apply(atIterationTime time: Double, to state: inout LayerProperties) {
        makeStep()(&state, time)
    }
}
