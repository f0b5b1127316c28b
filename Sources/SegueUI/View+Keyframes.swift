import SegueAnimation

/// Options for keyframe view animations (`UIView.KeyframeAnimationOptions`), with UIKit's raw values.
///
/// Differs from UIKit: nested animation blocks always animate with their own duration and options, so
/// ``overrideInheritedDuration`` and ``overrideInheritedOptions`` ask for what Segue always does; the
/// calculation modes are those of SegueAnimation's `KeyframeAnimation` (the cubic ones are Catmull-Rom splines).
public struct ViewKeyframeAnimationOptions: OptionSet, Sendable, Hashable {
    /// The option set's bits.
    public let rawValue: UInt
    /// An option set of these bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Lays out the views that need it inside the animation, so that the frames `layoutSubviews` sets
    /// animate with the block (UIKit: "lay out subviews at commit time"): the key window's pending layout
    /// runs at the end of the block, inside it.
    public static let layoutSubviews = ViewKeyframeAnimationOptions(rawValue: 1 << 0)
    /// A nested block's own duration (Segue's blocks never inherit one).
    public static let overrideInheritedDuration = ViewKeyframeAnimationOptions(rawValue: 1 << 5)
    /// A nested block's own options (Segue's blocks never inherit them).
    public static let overrideInheritedOptions = ViewKeyframeAnimationOptions(rawValue: 1 << 7)

    /// The animated views still receive pointers (otherwise hit testing skips them).
    public static let allowUserInteraction = ViewKeyframeAnimationOptions(rawValue: 1 << 1)
    /// Non-additive properties (opacity, colours...) start from what is on screen, the value of the
    /// running animation they replace, rather than from their old model value.
    public static let beginFromCurrentState = ViewKeyframeAnimationOptions(rawValue: 1 << 2)
    /// Repeats forever.
    public static let `repeat` = ViewKeyframeAnimationOptions(rawValue: 1 << 3)
    /// Plays each cycle forwards, then backwards.
    public static let autoreverse = ViewKeyframeAnimationOptions(rawValue: 1 << 4)
    /// Values are interpolated between keyframes (the default).
    public static let calculationModeLinear = ViewKeyframeAnimationOptions(rawValue: 0 << 10)
    /// Each keyframe's values hold until the next keyframe.
    public static let calculationModeDiscrete = ViewKeyframeAnimationOptions(rawValue: 1 << 10)
    /// An even speed through the keyframes' values, whatever their times.
    public static let calculationModePaced = ViewKeyframeAnimationOptions(rawValue: 2 << 10)
    /// A smooth curve through the keyframes' values at their times.
    public static let calculationModeCubic = ViewKeyframeAnimationOptions(rawValue: 3 << 10)
    /// A smooth curve through the values at an even speed.
    public static let calculationModeCubicPaced = ViewKeyframeAnimationOptions(rawValue: 4 << 10)

    /// The calculation mode these options ask for (the modes share bits 10-12: one value, not flags).
    var calculationMode: KeyframeAnimation<Double>.CalculationMode {
        switch (rawValue >> 10) & 0b111 {
        case 1: .discrete
        case 2: .paced
        case 3: .cubic
        case 4: .cubicPaced
        default: .linear
        }
    }
}

extension View {
    /// Animates in keyframes (`UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`):
    /// call ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)`` inside `animations`.
    /// Each property changed in the keyframes becomes one keyframe animation through the values set,
    /// at the keyframes' times; between keyframes a property holds its value.
    public static func animateKeyframes(withDuration duration: Double, delay: Double = 0,
                                        options: ViewKeyframeAnimationOptions = [],
                                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let capture = KeyframeCapture(options: options)
        Transaction.perform(capturing: capture) {
            animations()
            // Laid out now, inside the block, so the subviews' new frames animate too: the windows of the
            // views the block changed or asked to lay out (not the key window: another window's views
            // may be the ones animated).
            if options.contains(.layoutSubviews) { for window in capture.windows { window.layoutIfNeeded() } }
        }
        let template = AnimationTemplate(
            duration: duration, delay: delay, timing: .curve(.linear),
            repeatCount: options.contains(.repeat) ? .infinity : 0, autoreverses: options.contains(.autoreverse),
            allowsUserInteraction: options.contains(.allowUserInteraction))
        capture.commit(with: template)
        if let completion { template.onAllStopped(completion) }
    }

    /// Adds a keyframe to the enclosing ``animateKeyframes(withDuration:delay:options:animations:completion:)``:
    /// the changes in `animations` happen from `startTime` for `duration`, both fractions of the whole.
    /// Outside a keyframe animation the changes apply at once.
    public static func addKeyframe(withRelativeStartTime startTime: Double, relativeDuration duration: Double,
                                   animations: () -> Void) {
        guard let capture = Transaction.activeCapture as? KeyframeCapture else {
            performWithoutAnimation(animations)
            return
        }
        capture.currentKeyframe = (startTime, duration)
        animations()
        capture.currentKeyframe = nil
    }
}

/// Collects the changes made in keyframes, per layer and property, and turns each into one
/// ``KeyframeAnimation``.
@MainActor
final class KeyframeCapture: AnimationCapture {
    let options: ViewKeyframeAnimationOptions
    /// The keyframe whose block runs now (start and duration, fractions of the whole).
    var currentKeyframe: (start: Double, duration: Double)?
    private var tracks: [AnyKeyframeTrack] = []
    /// The windows of the layers captured and of the views that asked for layout during the block, once
    /// each, in the order met (what `.layoutSubviews` lays out).
    private(set) var windows: [Window] = []

    /// Notes the window `layer` is shown in.
    func noteWindow(of layer: Layer) {
        guard let window = layer.tree?.owner as? Window, !windows.contains(where: { $0 === window }) else { return }
        windows.append(window)
    }

    init(options: ViewKeyframeAnimationOptions) {
        self.options = options
    }

    func capture<Value: Interpolatable>(_ property: LayerProperty<Value>, of layer: Layer, from old: Value, to new: Value) {
        noteWindow(of: layer)
        // A change made in the block but outside any keyframe spans the whole animation.
        let (start, duration) = currentKeyframe ?? (0, 1)
        let track: KeyframeTrack<Value>
        if let existing = tracks.lazy.compactMap({ $0 as? KeyframeTrack<Value> })
            .first(where: { $0.layer === layer && $0.property.name == property.name }) {
            track = existing
        } else {
            // With beginFromCurrentState, a non-additive property starts from what is on screen (the
            // running animation it replaces), not from its old model value.
            let fromScreen = options.contains(.beginFromCurrentState) && !property.isAdditiveInViewAnimations
                && layer.animation(forKey: property.name) != nil
            track = KeyframeTrack(layer: layer, property: property,
                                  initial: fromScreen ? property.get(layer.presentationValues()) : old)
            tracks.append(track)
        }
        track.add(start: start, end: min(start + duration, 1), value: new)
    }

    /// Adds the animations, timed by `template`, with its completion bookkeeping.
    func commit(with template: AnimationTemplate) {
        for track in tracks {
            track.addAnimation(mode: options.calculationMode, template: template)
        }
    }
}

@MainActor
class AnyKeyframeTrack {
    func addAnimation(mode: KeyframeAnimation<Double>.CalculationMode, template: AnimationTemplate) {
        preconditionFailure("KeyframeTrack overrides addAnimation")
    }
}

/// The keyframes of one property of one layer.
@MainActor
final class KeyframeTrack<Value: Interpolatable>: AnyKeyframeTrack {
    let layer: Layer
    let property: LayerProperty<Value>
    /// Times (fractions of the whole) and values, in time order: the value is reached at the time.
    private var points: [(time: Double, value: Value)]

    init(layer: Layer, property: LayerProperty<Value>, initial: Value) {
        self.layer = layer
        self.property = property
        points = [(0, initial)]
    }

    func add(start: Double, end: Double, value: Value) {
        // Hold the previous value until the keyframe starts, then reach the new one at its end.
        let previous = points.last!.value
        if start > points.last!.time { points.append((start, previous)) }
        points.append((max(end, start), value))
    }

    override func addAnimation(mode: KeyframeAnimation<Double>.CalculationMode, template: AnimationTemplate) {
        var points = self.points
        if points.last!.time < 1 { points.append((1, points.last!.value)) }
        let final = points.last!.value
        let animation = KeyframeAnimation(property)
        animation.keyTimes = points.map(\.time)
        animation.calculationMode = KeyframeAnimation<Value>.CalculationMode(mode)
        let key: String?
        if property.isAdditiveInViewAnimations {
            // Relative to the final model value, so it adds up with other animations of the property.
            animation.isAdditive = true
            animation.values = points.map { $0.value.subtracting(final) }
            key = nil
        } else {
            animation.values = points.map(\.value)
            key = property.name
        }
        template.add(animation, to: layer, forKey: key)
    }
}
