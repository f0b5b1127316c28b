/// How an object's local time derives from its parent's: Core Animation's `CAMediaTiming`, shared by
/// ``Layer`` and ``Animation``.
///
/// `local = (parent - beginTime) · speed + timeOffset`, then repeated, reversed and filled as the
/// duration, `repeatCount`, `autoreverses` and `fillMode` say. A layer with `speed = 0` freezes the time of
/// everything below it; its `timeOffset` then picks the frozen instant, which is how percent-driven
/// interactive transitions scrub.
public struct MediaTimingValues: Hashable, Sendable {
    /// When the object starts, in its parent's time, in seconds. For an animation, 0 means "now": it is
    /// resolved to the layer's current local time at the next commit (the next frame), as in Core Animation.
    public var beginTime: Double = 0
    /// How fast local time runs relative to the parent's. 0 freezes it; negative runs it backwards.
    public var speed: Double = 1
    /// Added to local time after scaling, in seconds.
    public var timeOffset: Double = 0
    /// The simple duration of one iteration, in seconds. 0 means "forever" for a layer; an animation with
    /// 0 gets ``Animation/defaultDuration`` when it is added.
    public var duration: Double = 0
    /// How many iterations run (0 means 1); fractions end part-way through an iteration (0.5: half of
    /// one); `.infinity` repeats forever.
    public var repeatCount: Double = 0
    /// How long to repeat, in seconds, instead of a count (0: unused).
    public var repeatDuration: Double = 0
    /// Whether each iteration plays forwards and then backwards (which doubles its length).
    public var autoreverses: Bool = false
    /// What shows outside the active interval.
    public var fillMode: FillMode = .removed

    /// Core Animation's defaults: begin 0, speed 1, no offset, no duration, no repeat, fill removed.
    public init() {}
}

/// What an animation shows outside its active interval (`CAMediaTimingFillMode`).
public enum FillMode: Sendable, Hashable {
    /// Nothing: before it begins and after it ends the animation has no effect.
    case removed
    /// After the end, the final value stays.
    case forwards
    /// Before the beginning, the initial value shows.
    case backwards
    /// Both ``forwards`` and ``backwards``.
    case both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// Where an object stands in its own timeline at some parent time.
public enum TimelinePosition: Equatable, Sendable {
    /// Before the active interval and not filling backwards: no effect.
    case before
    /// Inside (or filled to) the simple duration: the time within one iteration, 0...duration.
    case active(Double)
    /// After the active interval and not filling forwards: no effect any more.
    case after
}

/// The objects with a Core Animation timeline: ``Layer`` and ``Animation``.
@MainActor
public protocol MediaTiming: AnyObject {
    /// The timing values, all at once.
    var timing: MediaTimingValues { get set }
}

extension MediaTiming {
    /// See ``MediaTimingValues/beginTime``.
    public var beginTime: Double {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }
    /// See ``MediaTimingValues/speed``.
    public var speed: Double {
        get { timing.speed }
        set { timing.speed = newValue }
    }
    /// See ``MediaTimingValues/timeOffset``.
    public var timeOffset: Double {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue }
    }
    /// See ``MediaTimingValues/duration``.
    public var duration: Double {
        get { timing.duration }
        set { timing.duration = newValue }
    }
    /// See ``MediaTimingValues/repeatCount``.
    public var repeatCount: Double {
        get { timing.repeatCount }
        set { timing.repeatCount = newValue }
    }
    /// See ``MediaTimingValues/repeatDuration``.
    public var repeatDuration: Double {
        get { timing.repeatDuration }
        set { timing.repeatDuration = newValue }
    }
    /// See ``MediaTimingValues/autoreverses``.
    public var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }
    /// See ``MediaTimingValues/fillMode``.
    public var fillMode: FillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }
}

extension MediaTimingValues {
    /// How close to its end, in seconds, an animation counts as ended: absorbs the rounding of frame
    /// times (k / 60 is rarely exact in binary), so that an animation of n frames ends at its n-th frame.
    public static let timeTolerance = 1e-9

    /// The unbounded local time for a parent time, before repeats and fill
    /// (`(parent - beginTime) · speed + timeOffset`).
    @inlinable
    public func activeTime(parentTime: Double, beginTime begin: Double) -> Double {
        (parentTime - begin) * speed + timeOffset
    }

    /// The parent time at which the active local time equals `local` (the inverse of
    /// ``activeTime(parentTime:beginTime:)``). With speed 0 every parent time maps to the same local time;
    /// this returns `begin` then.
    public func parentTime(activeTime local: Double, beginTime begin: Double) -> Double {
        speed == 0 ? begin : (local - timeOffset) / speed + begin
    }

    /// The length of one iteration, forwards and (when autoreversing) back, in seconds.
    public var iterationLength: Double { autoreverses ? duration * 2 : duration }

    /// The length of the whole active interval, in seconds (infinite when the duration is 0 or it repeats
    /// forever).
    public var activeDuration: Double {
        if duration <= 0 { return .infinity }
        if repeatDuration > 0 { return repeatDuration }
        return iterationLength * (repeatCount > 0 ? repeatCount : 1)
    }

    /// Where an active local time `t` falls: before, inside one iteration (repeats and autoreverse folded
    /// in), or after.
    public func position(atActiveTime t: Double) -> TimelinePosition {
        if duration <= 0 { return .active(t) }
        if t < 0 { return fillMode.fillsBackwards ? .active(0) : .before }
        let total = activeDuration
        if t >= total - MediaTimingValues.timeTolerance {
            guard fillMode.fillsForwards else { return .after }
            return .active(iterationTime(total, atEnd: true))
        }
        return .active(iterationTime(t, atEnd: false))
    }

    private func iterationTime(_ t: Double, atEnd: Bool) -> Double {
        if repeatCount <= 1 && repeatDuration == 0 && !autoreverses { return min(t, duration) }
        let length = iterationLength
        var local = t.truncatingRemainder(dividingBy: length)
        // The last instant of an iteration is its end, not the start of the next one.
        if atEnd && local == 0 && t > 0 { local = length }
        if autoreverses && local > duration { local = length - local }
        return local
    }
}
