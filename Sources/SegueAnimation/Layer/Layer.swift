import Foundation

/// A node of the layer tree (`CALayer`): model values that change at once when set, animations that run
/// on the layer's own local time, and the presentation computed from both each frame.
///
/// Differs from Core Animation:
/// - Properties are typed; animations name a ``LayerProperty`` instead of a string key path.
/// - No implicit animations: setting a property outside an animation block (``Transaction`` with
///   animation parameters, e.g. `View.animate`) changes it at once, as for a UIView's backing layer.
/// - ``presentation()`` returns a ``LayerProperties`` value, not a layer object.
/// - The current media time comes from the ``LayerTree`` the layer belongs to, not a global clock.
@MainActor
open class Layer: MediaTiming {
    // The presentation pass reads the properties marked `@exclusivity(unchecked)` every frame for every
    // layer; Segue touches layers from the main actor only and never holds an access across a call that
    // could reach the same property, so the dynamic exclusivity checks (a large share of the pass's time)
    // are turned off for them. They come first, together, so that the pass touches few cache lines of a
    // layer; the large model and full presentation come after them.
    /// The layer's timeline (`CAMediaTiming`): speed 0 freezes everything below, and `timeOffset` then scrubs it.
    @exclusivity(unchecked) public var timing = MediaTimingValues() {
        didSet { if oldValue.isPlain != timing.isPlain { markTreeDirty() }; noteDrawnStateChanged() }
    }
    /// The layer's animations, in the order they were added (later ones apply on top).
    @exclusivity(unchecked) private var entries: [AnimationEntry] = [] {
        didSet { markTreeDirty(); noteAnimationsChanged(wasAnimated: !oldValue.isEmpty) }
    }
    /// Whether an entry waits for its begin time to be fixed at the next update.
    @exclusivity(unchecked) private var hasPendingBegins = false
    /// Where the last update left this layer's presentation: nowhere (the model shows), in its tree's
    /// animation store (the fast path's values, over the model), or in ``fullPresentation``.
    enum PresentationSource { case model, slots(AnimationStore, Range<Int>, generation: Int), full }
    @exclusivity(unchecked) var presentationSource = PresentationSource.model

    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: Layer?
    /// The sublayers, back to front (before `zPosition` sorting).
    @exclusivity(unchecked) public private(set) var sublayers: [Layer] = []
    /// A layer whose alpha masks this one (in this layer's coordinates), e.g. a circle for a reveal.
    @exclusivity(unchecked) public var mask: Layer? {
        didSet {
            oldValue?.maskedLayer = nil
            mask?.maskedLayer = self
            markTreeDirty()
            if let oldValue { noteLeft(oldValue) }; if let mask { noteJoined(mask) }
        }
    }
    /// The layer this one masks, if it is a mask.
    public private(set) weak var maskedLayer: Layer?

    /// What the layer shows inside its bounds.
    public var contents: LayerContents? { didSet { noteDrawnStateChanged() } }
    /// Whether the layer and its sublayers are not drawn (not animatable, unlike Core Animation's).
    public var isHidden = false { didSet { noteDrawnStateChanged() } }
    /// Whether sublayers are clipped to the bounds (with the corner radius).
    public var masksToBounds = false { didSet { noteDrawnStateChanged() } }
    /// Whether the back of the layer is drawn when it faces away (default true).
    public var isDoubleSided = true { didSet { noteDrawnStateChanged() } }
    /// Whether the renderer caches the subtree as one texture while it is unchanged (`shouldRasterize`).
    public var shouldRasterize = false { didSet { noteDrawnStateChanged() } }
    /// A name for debugging and traces.
    public var name: String?

    /// The tree this layer is the root of, if any.
    weak var hostingTree: LayerTree?

    /// The model values: what was last set.
    @exclusivity(unchecked) public internal(set) var model = LayerProperties()
    /// What changed in the subtree, for renderers (see `Layer+ChangeTracking.swift`).
    @exclusivity(unchecked) var changeTracking = LayerChangeTracking()
    /// The whole presentation of the last update, in the ``PresentationSource/full`` case: boxed, allocated
    /// the first time a layer needs it and then overwritten in place each frame, so that layers animated
    /// on the fast path (most) stay small.
    @exclusivity(unchecked) private var fullPresentation: PresentationBox?

    /// A layer with Core Animation's defaults: zero bounds, anchor (0.5, 0.5), opacity 1, no background.
    public init() {}

    // MARK: Model properties

    /// Sets a property's model value; inside an animation block, the change is also captured as an
    /// animation from the old value (see ``Transaction``).
    public func setValue<Value>(_ newValue: Value, for property: LayerProperty<Value>) {
        let old = property.get(model)
        property.set(&model, newValue)
        if old != newValue { noteDrawnStateChanged() }
        if old != newValue, let capture = Transaction.activeCapture {
            capture.capture(property, of: self, from: old, to: newValue)
        }
    }

    /// The model value of a property.
    public func value<Value>(for property: LayerProperty<Value>) -> Value { property.get(model) }

    /// The layer's own coordinate space (animatable, additive in view animations).
    public var bounds: CGRect {
        get { model.bounds }
        set { setValue(newValue, for: .bounds) }
    }
    /// Where the anchor point sits in the superlayer (animatable, additive in view animations).
    public var position: CGPoint {
        get { model.position }
        set { setValue(newValue, for: .position) }
    }
    /// The point of the bounds, in unit coordinates, at `position` and about which transforms pivot.
    public var anchorPoint: CGPoint {
        get { model.anchorPoint }
        set { setValue(newValue, for: .anchorPoint) }
    }
    /// Drawing order among siblings: higher draws later (on top).
    public var zPosition: Double {
        get { model.zPosition }
        set { setValue(newValue, for: .zPosition) }
    }
    /// The 3D transform about the anchor point (animatable; interpolated by decomposition).
    public var transform: Transform3D {
        get { model.transform }
        set { setValue(newValue, for: .transform) }
    }
    /// A transform applied to the sublayers, about the anchor point (where perspective goes).
    public var sublayerTransform: Transform3D {
        get { model.sublayerTransform }
        set { setValue(newValue, for: .sublayerTransform) }
    }
    /// Opacity, 0...1, applied to the layer and its sublayers as a group.
    public var opacity: Double {
        get { model.opacity }
        set { setValue(newValue, for: .opacity) }
    }
    /// The fill of the bounds (with the corner radius); `.clear` for none.
    public var backgroundColor: Color {
        get { model.backgroundColor }
        set { setValue(newValue, for: .backgroundColor) }
    }
    /// The radius of the rounded corners, in points.
    public var cornerRadius: Double {
        get { model.cornerRadius }
        set { setValue(newValue, for: .cornerRadius) }
    }
    /// The width of the border drawn inside the bounds, in points.
    public var borderWidth: Double {
        get { model.borderWidth }
        set { setValue(newValue, for: .borderWidth) }
    }
    /// The border's colour.
    public var borderColor: Color {
        get { model.borderColor }
        set { setValue(newValue, for: .borderColor) }
    }
    /// The shadow's colour.
    public var shadowColor: Color {
        get { model.shadowColor }
        set { setValue(newValue, for: .shadowColor) }
    }
    /// The shadow's opacity, 0 (none, the default) ... 1.
    public var shadowOpacity: Double {
        get { model.shadowOpacity }
        set { setValue(newValue, for: .shadowOpacity) }
    }
    /// The shadow's blur radius, in points.
    public var shadowRadius: Double {
        get { model.shadowRadius }
        set { setValue(newValue, for: .shadowRadius) }
    }
    /// How far the shadow is offset, in points (default (0, -3), as in Core Animation).
    public var shadowOffset: CGSize {
        get { model.shadowOffset }
        set { setValue(newValue, for: .shadowOffset) }
    }

    /// The rectangle in the superlayer's coordinates (derived; see ``LayerProperties/frame``). Setting it
    /// sets position and bounds size (captured as animations of those inside an animation block).
    public var frame: CGRect {
        get { model.frame }
        set {
            var target = model
            target.frame = newValue
            setValue(target.bounds, for: .bounds)
            setValue(target.position, for: .position)
        }
    }

    // MARK: The tree

    /// The tree this layer belongs to (through its root), if any.
    public var tree: LayerTree? {
        var layer = self
        while let parent = layer.superlayer ?? layer.maskedLayer { layer = parent }
        return layer.hostingTree
    }

    /// Adds `layer` on top of the sublayers.
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` in the sublayers (it leaves its old superlayer first).
    public func insertSublayer(_ layer: Layer, at index: Int) {
        precondition(layer !== self, "A layer cannot be its own sublayer")
        var ancestor: Layer? = self
        while let a = ancestor {
            precondition(a !== layer, "Adding a layer below itself would make a cycle")
            ancestor = a.superlayer
        }
        let wasIn = layer.superlayer === self ? sublayers.firstIndex { $0 === layer } : nil
        layer.detach(notifying: layer.superlayer !== self)
        var target = index
        if let old = wasIn, old < index { target -= 1 }
        sublayers.insert(layer, at: min(max(target, 0), sublayers.count))
        layer.superlayer = self
        markTreeDirty()
        noteJoined(layer)
    }

    /// Inserts `layer` just below `sibling`.
    public func insertSublayer(_ layer: Layer, below sibling: Layer) {
        guard let i = sublayers.firstIndex(where: { $0 === sibling }) else {
            preconditionFailure("insertSublayer(_:below:): the sibling is not a sublayer")
        }
        insertSublayer(layer, at: i)
    }

    /// Inserts `layer` just above `sibling`.
    public func insertSublayer(_ layer: Layer, above sibling: Layer) {
        guard let i = sublayers.firstIndex(where: { $0 === sibling }) else {
            preconditionFailure("insertSublayer(_:above:): the sibling is not a sublayer")
        }
        insertSublayer(layer, at: i + 1)
    }

    /// Replaces `old` with `new` in the sublayers.
    public func replaceSublayer(_ old: Layer, with new: Layer) {
        guard let i = sublayers.firstIndex(where: { $0 === old }) else {
            preconditionFailure("replaceSublayer(_:with:): the old layer is not a sublayer")
        }
        old.removeFromSuperlayer()
        insertSublayer(new, at: i)
    }

    /// Removes the layer from its superlayer. If it leaves a tree and is not put back in it before the
    /// next frame, its animations (and its sublayers') stop with `finished == false`.
    public func removeFromSuperlayer() {
        detach(notifying: true)
    }

    private func detach(notifying: Bool) {
        guard let parent = superlayer else { return }
        let tree = self.tree
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
        parent.noteLeft(self)
        tree?.store.isDirty = true
        presentationSource = .model
        if notifying { tree?.noteDetached(self) }
    }

    // MARK: Geometry

    /// The map from this layer's coordinates to its superlayer's, for a set of values (model or
    /// presentation) of this layer and of its superlayer: bounds origin and anchor, then the transform,
    /// then the position, then the superlayer's sublayer transform about its anchor.
    public nonisolated static func homographyToSuperlayer(_ p: LayerProperties, superlayer s: LayerProperties?) -> Homography {
        let anchor = CGPoint(x: p.bounds.origin.x + p.anchorPoint.x * p.bounds.width,
                           y: p.bounds.origin.y + p.anchorPoint.y * p.bounds.height)
        // Composed in 3D and flattened once: the superlayer's sublayer transform (usually the perspective)
        // must see the z that the layer's own transform produces (a rotation about y).
        var t = Transform3D(translationX: -anchor.x, y: -anchor.y)
        if !p.transform.isIdentity { t = t.concatenating(p.transform) }
        t = t.concatenating(Transform3D(translationX: p.position.x, y: p.position.y))
        if let s, !s.sublayerTransform.isIdentity {
            let sa = CGPoint(x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.width,
                           y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.height)
            t = t.concatenating(Transform3D(translationX: -sa.x, y: -sa.y))
                .concatenating(s.sublayerTransform)
                .concatenating(Transform3D(translationX: sa.x, y: sa.y))
        }
        return Homography(t)
    }

    /// The map from this layer's coordinates to the root's (model values).
    public func homographyToRoot() -> Homography {
        var h = Homography.identity
        var layer = self
        while let parent = layer.superlayer {
            h = h.concatenating(Layer.homographyToSuperlayer(layer.model, superlayer: parent.model))
            layer = parent
        }
        return h
    }

    /// Converts a point from this layer's coordinates to `layer`'s (nil: the root's), through every
    /// transform on the way, perspective included (model values, as Core Animation does). Returns the
    /// point unchanged in the degenerate case where the target cannot be inverted (seen edge-on).
    public func convert(_ point: CGPoint, to layer: Layer?) -> CGPoint {
        let up = homographyToRoot()
        guard let rootPoint = up.apply(point) else { return point }
        guard let layer else { return rootPoint }
        guard let down = layer.homographyToRoot().inverted(), let p = down.apply(rootPoint) else { return rootPoint }
        return p
    }

    /// Converts a point from `layer`'s coordinates (nil: the root's) to this layer's.
    public func convert(_ point: CGPoint, from layer: Layer?) -> CGPoint {
        guard let layer else {
            guard let down = homographyToRoot().inverted(), let p = down.apply(point) else { return point }
            return p
        }
        return layer.convert(point, to: self)
    }

    /// Converts a rectangle to `layer`'s coordinates: the bounding box of its converted corners.
    public func convert(_ rect: CGRect, to layer: Layer?) -> CGRect {
        CGRect.boundingBox(of: [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                              CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)]
            .map { convert($0, to: layer) })
    }

    /// Converts a rectangle from `layer`'s coordinates.
    public func convert(_ rect: CGRect, from layer: Layer?) -> CGRect {
        CGRect.boundingBox(of: [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                              CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)]
            .map { convert($0, from: layer) })
    }

    /// Whether `point` (in this layer's coordinates) is inside its bounds.
    public func contains(_ point: CGPoint) -> Bool { model.bounds.contains(point) }

    // MARK: Time

    /// The layer's local time for a time in the tree's global (clock) time.
    public func localTime(fromGlobal t: Double) -> Double {
        var chain: [Layer] = []
        var layer: Layer? = self
        while let l = layer { chain.append(l); layer = l.superlayer ?? l.maskedLayer }
        var time = t
        for l in chain.reversed() {
            time = l.timing.activeTime(parentTime: time, beginTime: l.timing.beginTime)
        }
        return time
    }

    /// The global (clock) time at which this layer's local time is `t`.
    public func globalTime(fromLocal t: Double) -> Double {
        var time = t
        var layer: Layer? = self
        while let l = layer {
            time = l.timing.parentTime(activeTime: time, beginTime: l.timing.beginTime)
            layer = l.superlayer ?? l.maskedLayer
        }
        return time
    }

    /// Converts a time from `layer`'s local time (nil: the clock's) to this layer's (`convertTime(_:from:)`).
    public func convertTime(_ t: Double, from layer: Layer?) -> Double {
        localTime(fromGlobal: layer.map { $0.globalTime(fromLocal: t) } ?? t)
    }

    /// Converts a time from this layer's local time to `layer`'s (nil: the clock's).
    public func convertTime(_ t: Double, to layer: Layer?) -> Double {
        let global = globalTime(fromLocal: t)
        return layer.map { $0.localTime(fromGlobal: global) } ?? global
    }

    /// The layer's local time now, by its tree's clock (0 outside a tree).
    public var currentLocalTime: Double {
        localTime(fromGlobal: tree?.clock.now ?? 0)
    }

    // MARK: Animations

    /// Adds an animation under `key` (nil: a unique key), replacing (and stopping, unfinished) any
    /// animation already under that key. A `beginTime` of 0 means "now": it is fixed at the next frame,
    /// to the layer's local time then (so freezing the time of an ancestor in the same turn, as
    /// percent-driven transitions do, starts the animation at the frozen instant).
    public func add(_ animation: Animation, forKey key: String?) {
        add(animation, forKey: key, delay: 0)
    }

    /// Adds an animation that starts `delay` seconds after "now" (its `beginTime` must be 0).
    public func add(_ animation: Animation, forKey key: String?, delay: Double) {
        if animation.timing.duration <= 0 {
            animation.timing.duration = (animation as? any SettlingAnimation)?.defaultSettlingDuration
                ?? Animation.defaultDuration
        }
        if let key { removeAnimation(forKey: key) }
        let resolved: Double? = animation.timing.beginTime != 0 ? animation.timing.beginTime : nil
        if resolved == nil { hasPendingBegins = true }
        entries.append(AnimationEntry(key: key ?? "\u{1}anonymous-\(ObjectIdentifier(animation).hashValue)",
                                      animation: animation, begin: resolved, delay: delay))
    }

    /// The animation under `key`, if any.
    public func animation(forKey key: String) -> Animation? {
        entries.last { $0.key == key }?.animation
    }

    /// The keys of the running animations, in the order they were added.
    public var animationKeys: [String] { entries.map(\.key) }

    /// Whether any animation is attached.
    public var hasAnimations: Bool { !entries.isEmpty }

    /// Whether a running animation keeps pointers off this layer (a view animation without
    /// `allowUserInteraction`); hit testing skips such layers, as UIKit does.
    public var isInteractionBlockedByAnimation: Bool { entries.contains { !$0.animation.allowsUserInteraction } }

    /// Removes the animation under `key`; its completion runs at once with `finished == false`.
    public func removeAnimation(forKey key: String) {
        guard let i = entries.firstIndex(where: { $0.key == key }) else { return }
        let entry = entries.remove(at: i)
        entry.animation.notifyStop(finished: false)
    }

    /// Removes one animation object, wherever it was added; its completion runs at once with
    /// `finished == false`.
    public func removeAnimation(_ animation: Animation) {
        guard let i = entries.firstIndex(where: { $0.animation === animation }) else { return }
        entries.remove(at: i)
        animation.notifyStop(finished: false)
    }

    /// Removes every animation; their completions run at once with `finished == false`.
    public func removeAllAnimations() {
        let removed = entries
        entries.removeAll()
        for entry in removed { entry.animation.notifyStop(finished: false) }
    }

    /// Removes the animations of this layer and all below it (and of their masks).
    func removeAllAnimationsInSubtree() {
        removeAllAnimations()
        mask?.removeAllAnimationsInSubtree()
        for sublayer in sublayers { sublayer.removeAllAnimationsInSubtree() }
    }

    // MARK: Presentation

    /// The values as drawn now: the model with the running animations applied at the layer's local time
    /// by its tree's clock (animations not yet started count as starting now).
    public func presentation() -> LayerProperties {
        guard !entries.isEmpty else { return model }
        let local = currentLocalTime
        var state = model
        for entry in entries { entry.apply(layerTime: local, begin: local + entry.delay, to: &state) }
        return state
    }

    /// The presentation as computed at the last frame (the model when no animation ran then); what the
    /// renderer draws.
    public var renderedProperties: LayerProperties {
        switch presentationSource {
        case .model: return model
        case .full: return fullPresentation!.properties
        case .slots(let store, let range, let generation):
            var properties = model
            store.write(range, of: generation, into: &properties)
            return properties
        }
    }

    /// The layer's animations, for the tree's store.
    var animationEntries: [AnimationEntry] { entries }

    /// Tells the tree (if any) that its animation store must be rebuilt before the next frame.
    func markTreeDirty() {
        tree?.store.isDirty = true
    }

    /// Computes the whole presentation at `localTime` (this layer's time), for a layer with an animation
    /// that has no fast path; fixes the begin times of new animations and collects those that ended.
    /// `rate` is how fast the layer's time runs against the clock: at 0 (a frozen ancestor, as while a
    /// percent-driven transition is scrubbed) no animation ends, whatever its time.
    func updateFullPresentation(localTime local: Double, rate: Double, ended: inout [EndedAnimation],
                                started: inout [Animation]) {
        if hasPendingBegins {
            for entry in entries where entry.begin == nil {
                entry.begin = local + entry.delay
                started.append(entry.animation)
            }
            hasPendingBegins = false
        }
        if fullPresentation == nil { fullPresentation = PresentationBox() }
        let box = fullPresentation!
        // One copy of the model, then every animation writes into it in place.
        box.properties = model
        for entry in entries {
            let t = entry.apply(layerTime: local, to: &box.properties)
            if entry.timing.hasEnded(atActiveTime: t, rate: rate * entry.timing.speed),
               entry.animation.isRemovedOnCompletion {
                ended.append(EndedAnimation(layer: self, key: entry.key, animation: entry.animation))
            }
        }
    }

    /// Drops an animation that ran to its end and runs its completion.
    func finishAnimation(_ ended: EndedAnimation) {
        guard let i = entries.firstIndex(where: { $0.animation === ended.animation }) else { return }
        entries.remove(at: i)
        ended.animation.notifyStop(finished: true)
    }
}

/// An animation attached to a layer, with what the presentation pass needs copied out of it. A class,
/// so the pass walks references instead of copying entries.
@MainActor
final class AnimationEntry {
    let key: String
    let animation: Animation
    /// The animation's timing when added.
    let timing: MediaTimingValues
    /// The animation as plain data, when it can be (the fast path).
    let fast: FastAnimation?
    /// The animation's per-frame work otherwise.
    let evaluate: Animation.Evaluator
    /// The begin time in the layer's local time; nil until the next frame fixes it.
    @exclusivity(unchecked) var begin: Double?
    /// Seconds after "now" that a pending animation begins.
    let delay: Double

    init(key: String, animation: Animation, begin: Double?, delay: Double) {
        self.key = key
        self.animation = animation
        timing = animation.timing
        fast = animation.makeFastAnimation()
        evaluate = animation.makeEvaluator()
        self.begin = begin
        self.delay = delay
    }

    /// Applies the animation at a layer time, with its begin time fixed (`begin` when it is not yet);
    /// returns its active time.
    @discardableResult
    func apply(layerTime: Double, begin pendingBegin: Double? = nil, to state: inout LayerProperties) -> Double {
        let t = timing.activeTime(parentTime: layerTime, beginTime: begin ?? pendingBegin ?? layerTime)
        if case .active(let iterationTime) = timing.position(atActiveTime: t) {
            if let fast {
                fast.apply(to: &state, atIterationTime: iterationTime)
            } else {
                evaluate(&state, iterationTime)
            }
        }
        return t
    }
}

/// A layer's whole presentation, out of line.
final class PresentationBox {
    @exclusivity(unchecked) var properties = LayerProperties()
}

/// An animation that ran to its end during a frame.
struct EndedAnimation {
    let layer: Layer
    let key: String
    let animation: Animation
}

/// An animation whose natural duration is its settling time (springs).
@MainActor
protocol SettlingAnimation {
    var defaultSettlingDuration: Double { get }
}

extension SpringAnimation: SettlingAnimation {
    var defaultSettlingDuration: Double { settlingDuration }
}

extension Animation {
    /// Runs the delegate's and the completion's stop callbacks, once.
    func notifyStop(finished: Bool) {
        delegate?.animationDidStop(self, finished: finished)
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }
}
