/// The per-frame state of a tree's animations, kept contiguous so that the presentation pass sweeps
/// arrays instead of walking scattered layers (with 10,000 animated layers, walking them is bound by
/// cache misses, not by arithmetic).
///
/// - `nodes`: the root and every layer with its own timing (a begin time, speed or time offset), parents
///   before children. Each frame computes their local times and rates (rate: how fast their time runs
///   against the clock; 0 under a frozen ancestor). Layers with plain timing share their nearest timed
///   ancestor's time.
/// - `slots`: every fast-path animation (``FastAnimation``) in the tree, in tree order, with its node,
///   its begin time and, after each frame, its value. A layer's slots are contiguous; the layer reads
///   them when its presentation is asked for.
/// - `fullLayers`: layers with an animation that has no fast path; they compute a whole presentation
///   with closures, as before.
///
/// The store is rebuilt (one walk of the tree's animated subtrees and their ancestors) when the tree's
/// structure, a layer's animations, or whether a layer has its own timing change; otherwise frames never
/// touch the layers.
@MainActor
final class AnimationStore {
    struct Node {
        unowned(unsafe) let layer: Layer
        /// Index of the parent node; -1 for the root, whose parent time is the clock's.
        let parent: Int
        var localTime: Double = 0
        var rate: Double = 1
    }

    struct Slot {
        let node: Int
        let timing: MediaTimingValues
        /// In the layer's local time; NaN until the first frame fixes it ("now").
        var begin: Double
        let delay: Double
        let fast: FastAnimation
        /// The animation's own value at the last frame, and whether it applied then.
        var value = SIMD4<Double>()
        var isActive = false
        /// Whether the animation's start callback, and its stop callbacks, are still due.
        var startPending: Bool
        var stopPending: Bool
    }

    /// What the rare paths need about a slot: where it came from.
    struct Owner {
        unowned(unsafe) let layer: Layer
        let entry: AnimationEntry
        /// The layer's position in tree order, for ordering completions.
        let order: Int
    }

    private(set) var nodes: [Node] = []
    private(set) var slots: [Slot] = []
    private(set) var owners: [Owner] = []
    private(set) var fullLayers: [(layer: Layer, node: Int, order: Int)] = []
    /// Whether the next update must rebuild the store first.
    var isDirty = true
    /// Counts rebuilds: a layer's slot range is valid only for the rebuild that made it.
    private(set) var generation = 0
    /// The layers the last rebuild visited (the animated ones and their ancestors; a test's measure).
    private(set) var visitedInLastRebuild = 0

    /// Walks the tree from `root` and lays out nodes, slots and full layers.
    func rebuild(root: Layer) {
        nodes.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        owners.removeAll(keepingCapacity: true)
        fullLayers.removeAll(keepingCapacity: true)
        generation += 1
        visitedInLastRebuild = 0
        var order = 0
        nodes.append(Node(layer: root, parent: -1))
        visit(root, node: 0, isRoot: true, order: &order)
        isDirty = false
    }

    private func visit(_ layer: Layer, node parentNode: Int, isRoot: Bool = false, order: inout Int) {
        // A subtree without animations holds nothing for the store (its layers show their models: a
        // layer's source turns to the model when its last animation goes), so a rebuild walks only the
        // animated parts of a large tree and their ancestors.
        guard isRoot || layer.changeTracking.animatedLayers > 0 else { return }
        visitedInLastRebuild += 1
        var node = parentNode
        if !isRoot && !layer.timing.isPlain {
            nodes.append(Node(layer: layer, parent: parentNode))
            node = nodes.count - 1
        }
        let myOrder = order
        order += 1
        let entries = layer.animationEntries
        if entries.isEmpty {
            layer.presentationSource = .model
        } else if entries.allSatisfy({ $0.fast != nil }) {
            let start = slots.count
            for entry in entries {
                slots.append(Slot(node: node, timing: entry.timing, begin: entry.begin ?? .nan, delay: entry.delay,
                                  fast: entry.fast!, startPending: !entry.didNotifyStart,
                                  stopPending: !entry.didNotifyStop))
                owners.append(Owner(layer: layer, entry: entry, order: myOrder))
            }
            layer.presentationSource = .slots(self, start..<slots.count, generation: generation)
        } else {
            fullLayers.append((layer, node, myOrder))
            layer.presentationSource = .full
        }
        if let mask = layer.mask { visit(mask, node: node, order: &order) }
        for sublayer in layer.sublayers { visit(sublayer, node: node, order: &order) }
    }

    /// One sweep at media time `now`: node times, then every slot's value, then the full layers. With
    /// `events`, notes there the animations whose active time reached 0 for the first time and those
    /// that ran to their end and were not told yet, and takes them as told (the caller, the callbacks
    /// phase, tells them). Without (the presentation phase), they are found again by the next sweep.
    func update(now: Double, events: inout AnimationEvents?) {
        // The two arrays are moved out for the sweep and back after it: loops over local arrays index them
        // with no exclusivity checks, uniqueness checks or closures (a closure handed to the standard
        // library's buffer-pointer methods gets a run-time check that it runs on the main actor).
        var noticed: [Int] = []
        var fixedBegins: [Int] = []
        do {
            // Nothing the two loops call reads the store.
            var nodes = self.nodes, slots = self.slots
            self.nodes = []
            self.slots = []
            // Node times, parents first.
            for i in nodes.indices {
                let timing = nodes[i].layer.timing
                let parent = nodes[i].parent
                let parentTime = parent < 0 ? now : nodes[parent].localTime
                let parentRate = parent < 0 ? 1 : nodes[parent].rate
                nodes[i].localTime = timing.activeTime(parentTime: parentTime, beginTime: timing.beginTime)
                nodes[i].rate = parentRate * timing.speed
            }
            // Slots whose animation began or ended and was not told yet.
            for i in slots.indices {
                let node = slots[i].node
                let local = nodes[node].localTime
                if slots[i].begin.isNaN {
                    slots[i].begin = local + slots[i].delay
                    fixedBegins.append(i)
                }
                let timing = slots[i].timing
                let t = timing.activeTime(parentTime: local, beginTime: slots[i].begin)
                if case .active(let iterationTime) = timing.position(atActiveTime: t) {
                    slots[i].value = slots[i].fast.value(atIterationTime: iterationTime)
                    slots[i].isActive = true
                } else {
                    slots[i].isActive = false
                }
                if (slots[i].startPending && t >= 0)
                    || (slots[i].stopPending && timing.hasEnded(atActiveTime: t, rate: nodes[node].rate * timing.speed)) {
                    noticed.append(i)
                }
            }
            self.nodes = nodes
            self.slots = slots
        }
        for i in fixedBegins { owners[i].entry.begin = slots[i].begin }
        var found = events ?? AnimationEvents()
        for i in noticed {
            let owner = owners[i]
            let t = slots[i].timing.activeTime(parentTime: nodes[slots[i].node].localTime, beginTime: slots[i].begin)
            found.order = owner.order
            found.note(owner.entry, of: owner.layer, activeTime: t, rate: nodes[slots[i].node].rate)
            if events != nil {
                if t >= 0 { slots[i].startPending = false }
                if found.ended.last?.entry === owner.entry { slots[i].stopPending = false }
            }
        }
        for (layer, node, order) in fullLayers {
            found.order = order
            layer.updateFullPresentation(localTime: nodes[node].localTime, rate: nodes[node].rate, events: &found)
        }
        guard events != nil else { return }
        // Tree order, then the order the animations were added (the sort is stable).
        if found.ended.count > 1 { found.ended.sort { $0.order < $1.order } }
        events = found
    }

    /// Writes the values of a layer's slots over its model: replacing, or adding in order when additive.
    /// Slots from an earlier rebuild (a layer that has left the tree since) write nothing.
    func write(_ range: Range<Int>, of generation: Int, into properties: inout LayerProperties) {
        guard generation == self.generation else { return }
        for i in range where slots[i].isActive {
            let fast = slots[i].fast
            let value = fast.additive
                ? LayerProperties.read(width: fast.width, at: fast.offset, in: &properties) + slots[i].value
                : slots[i].value
            LayerProperties.write(value, width: fast.width, at: fast.offset, in: &properties)
        }
    }
}

extension MediaTimingValues {
    /// Whether a layer with this timing keeps its parent's time (no begin time, speed 1, no offset).
    var isPlain: Bool { beginTime == 0 && speed == 1 && timeOffset == 0 }
}

extension AnimationStore {
    /// Whether every layer the store refers to still belongs to `tree` (a debug check: a layer that left
    /// must have made the store dirty).
    func layersAreAll(in tree: LayerTree) -> Bool {
        nodes.allSatisfy { $0.layer.tree === tree } && owners.allSatisfy { $0.layer.tree === tree }
            && fullLayers.allSatisfy { $0.layer.tree === tree }
    }
}
