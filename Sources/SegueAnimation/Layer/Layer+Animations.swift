extension Layer {
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
