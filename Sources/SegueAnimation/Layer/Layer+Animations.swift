extension Layer {
    // MARK: Animations

    /// Adds a copy of `animation` under `key` (nil: a unique key), replacing (and stopping, unfinished)
    /// any animation already under that key. As in Core Animation the layer keeps a copy: changing
    /// `animation` afterwards changes nothing on screen, and the delegate and completion are told about
    /// the copy (`animation(forKey:)` returns it).
    ///
    /// A `beginTime` of 0 means "now": it is fixed at the next frame, to the layer's local time then (so
    /// freezing the time of an ancestor in the same turn, as percent-driven transitions do, starts the
    /// animation at the frozen instant). A duration of 0 takes the enclosing transaction's duration
    /// (``Transaction/setAnimationDuration(_:)``), else Core Animation's 0.25 s (a spring: its settling
    /// duration). The animation counts for the completion block of every enclosing transaction that has
    /// one.
    public func add(_ animation: Animation, forKey key: String?) {
        attach(animation.copy(), forKey: key, delay: 0)
    }

    /// Adds a copy of `animation` that starts `delay` seconds after "now" (its `beginTime` must be 0).
    public func add(_ animation: Animation, forKey key: String?, delay: Double) {
        attach(animation.copy(), forKey: key, delay: delay)
    }

    /// Adds `animation` itself (no copy: the caller made it and gives it up) and returns it.
    @discardableResult
    func attach(_ animation: Animation, forKey key: String?, delay: Double) -> Animation {
        if animation.timing.duration <= 0 {
            animation.timing.duration = (animation as? any SettlingAnimation)?.defaultSettlingDuration
                ?? Transaction.animationDuration()
        }
        if let key { removeAnimation(forKey: key) }
        let resolved: Double? = animation.timing.beginTime != 0 ? animation.timing.beginTime : nil
        if resolved == nil { hasPendingBegins = true }
        entries.append(AnimationEntry(key: key ?? "\u{1}anonymous-\(ObjectIdentifier(animation).hashValue)",
                                      animation: animation, begin: resolved, delay: delay))
        Transaction.noteAdded(animation, to: self)
        return animation
    }

    /// The animation under `key`, if any (the copy that was added).
    public func animation(forKey key: String) -> Animation? {
        entries.last { $0.key == key }?.animation
    }

    /// The time inside the animation under `key` now, by the tree's clock: its active local time, 0 at
    /// its begin (before the next frame fixes the begin of a new animation: minus its delay). Nil when
    /// there is no such animation. No Core Animation counterpart (CA answers through `convertTime`).
    public func activeTime(ofAnimationForKey key: String) -> Double? {
        guard let entry = entries.last(where: { $0.key == key }) else { return nil }
        let local = currentLocalTime
        return entry.timing.activeTime(parentTime: local, beginTime: entry.begin ?? local + entry.delay)
    }

    /// The keys of the attached animations, in the order they were added; nil when there are none (as
    /// Core Animation's `animationKeys()`).
    public func animationKeys() -> [String]? { entries.isEmpty ? nil : entries.map(\.key) }

    /// Whether any animation is attached.
    public var hasAnimations: Bool { !entries.isEmpty }

    /// The animations attached, in the order they were added.
    public var animations: [Animation] { entries.map(\.animation) }

    /// Whether a running animation keeps pointers off this layer (a view animation without
    /// `allowUserInteraction`); hit testing skips such layers, as UIKit does.
    public var isInteractionBlockedByAnimation: Bool { entries.contains { !$0.animation.allowsUserInteraction } }

    /// Whether a running animation asks hit testing to place this layer where it is drawn
    /// (``Animation/hitTestsPresentation``, set by property animators).
    public var hitTestsPresentationGeometry: Bool { entries.contains { $0.animation.hitTestsPresentation } }

    /// The values hit testing places the layer by: what the last presentation pass drew
    /// (``renderedProperties``) while ``hitTestsPresentationGeometry``, else the model.
    public var hitTestingProperties: LayerProperties {
        hitTestsPresentationGeometry ? renderedProperties : model
    }

    /// Removes the animation under `key`. Its delegate and completion are told (`finished == false`) in
    /// the next frame's callbacks phase, never inside this call, so a completion cannot re-enter the
    /// code that removed it.
    public func removeAnimation(forKey key: String) {
        guard let i = entries.firstIndex(where: { $0.key == key }) else { return }
        let entry = entries.remove(at: i)
        entry.notifyStopLater(finished: false, on: self)
    }

    /// Fixes the begin time of `animation`, if it is attached and not yet begun, at this layer's local
    /// time now plus its delay, instead of at the next frame's: for animations added to a layer whose time
    /// is frozen and moved by code every frame (a scrubbed transition), so that they begin where the layer's
    /// time is when they are added. No Core Animation counterpart.
    public func beginNow(_ animation: Animation) {
        guard let entry = entries.first(where: { $0.animation === animation }), entry.begin == nil else { return }
        entry.begin = currentLocalTime + entry.delay
        markTreeDirty()
    }

    /// Removes one animation object (the copy that was added), wherever it is; its stop callbacks run as
    /// for ``removeAnimation(forKey:)``.
    public func removeAnimation(_ animation: Animation) {
        guard let i = entries.firstIndex(where: { $0.animation === animation }) else { return }
        let entry = entries.remove(at: i)
        entry.notifyStopLater(finished: false, on: self)
    }

    /// Removes one animation object as if it had run to its end: its stop callbacks run with
    /// `finished == true`, in the next frame's callbacks phase (as for ``removeAnimation(forKey:)``). For
    /// an animation that cannot play to its end where it is (its layer leaves the window), whose model
    /// value is already its end. No Core Animation counterpart (UIKit's completions report unfinished).
    public func removeAnimationAsFinished(_ animation: Animation) {
        guard let i = entries.firstIndex(where: { $0.animation === animation }) else { return }
        let entry = entries.remove(at: i)
        entry.notifyStopLater(finished: true, on: self)
    }

    /// Removes every animation; their stop callbacks run as for ``removeAnimation(forKey:)``. A layer
    /// with none is left untouched (its drawn state has not changed: a rasterized picture of it stays
    /// valid, e.g. a page that left the window and comes back).
    public func removeAllAnimations() {
        guard !entries.isEmpty else { return }
        let removed = entries
        entries.removeAll()
        for entry in removed { entry.notifyStopLater(finished: false, on: self) }
    }

    /// Removes the animations of this layer and all below it (and of their masks).
    func removeAllAnimationsInSubtree() {
        guard changeTracking.animatedLayers > 0 else { return }   // nothing below animates
        removeAllAnimations()
        mask?.removeAllAnimationsInSubtree()
        for sublayer in sublayers { sublayer.removeAllAnimationsInSubtree() }
    }

    // MARK: Presentation

    /// A copy of the layer as drawn now (Core Animation's presentation layer): a detached layer of the
    /// same class whose properties are ``presentationValues()``, with the presentation copies of the
    /// sublayers. Differs from Core Animation: a new copy each call (compare values, not identities),
    /// never nil; prefer ``presentationValues()`` for reading values.
    public func presentation() -> Self? {
        let copy = Self()
        copy.model = presentationValues()
        copy.isHidden = isHidden
        copy.masksToBounds = masksToBounds
        copy.isDoubleSided = isDoubleSided
        copy.contents = contents
        copy.contentsGravity = contentsGravity
        copy.contentsScale = contentsScale
        copy.name = name
        for sublayer in sublayers { if let p = sublayer.presentation() { copy.addSublayer(p) } }
        return copy
    }

    /// The values as drawn now: the model with the running animations applied at the layer's local time
    /// by its tree's clock (animations not yet started count as starting now).
    public func presentationValues() -> LayerProperties {
        guard !entries.isEmpty else { return model }
        let local = currentLocalTime
        var state = model
        for entry in entries { entry.apply(layerTime: local, begin: local + entry.delay, to: &state) }
        return state
    }

    /// ``renderedProperties``' `zPosition`, without making the whole set of values when no animation
    /// runs (renderers ask every sublayer for it, to know whether to sort them).
    public var renderedZPosition: CGFloat {
        switch presentationSource {
        case .model: return model.zPosition
        case .full: return fullPresentation!.properties.zPosition
        case .slots: return renderedProperties.zPosition
        }
    }

    /// The presentation as computed by the last presentation pass (the model when no animation ran
    /// then); what the renderer draws. The frame function computes it after every change of the frame
    /// (input, queued work, layout, callbacks), so it is consistent with the model it lies over.
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
    /// that has no fast path; fixes the begin times of new animations and collects those that began and
    /// those that ended. `rate` is how fast the layer's time runs against the clock: at 0 (a frozen
    /// ancestor, as while a percent-driven transition is scrubbed) no animation ends, whatever its time.
    func updateFullPresentation(localTime local: Double, rate: Double, events: inout AnimationEvents) {
        if hasPendingBegins {
            for entry in entries where entry.begin == nil { entry.begin = local + entry.delay }
            hasPendingBegins = false
        }
        if fullPresentation == nil { fullPresentation = PresentationBox() }
        let box = fullPresentation!
        // One copy of the model, then every animation writes into it in place.
        box.properties = model
        for entry in entries {
            let t = entry.apply(layerTime: local, to: &box.properties)
            events.note(entry, of: self, activeTime: t, rate: rate)
        }
    }

    /// Runs the stop callbacks of an animation that ran to its end; drops it unless it is retained
    /// (`isRemovedOnCompletion == false`), which keeps applying its fill.
    func finishAnimation(_ entry: AnimationEntry) {
        guard !entry.didNotifyStop else { return }
        if entry.animation.isRemovedOnCompletion {
            guard let i = entries.firstIndex(where: { $0 === entry }) else { return }
            entries.remove(at: i)
        }
        entry.didNotifyStop = true
        entry.animation.notifyStop(finished: true)
    }
}
