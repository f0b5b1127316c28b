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
/// The store is rebuilt (one walk of the tree) when the tree's structure, a layer's animations, or
/// whether a layer has its own timing change; otherwise frames never touch the layers.
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
    private var owners: [Owner] = []
    private var fullLayers: [(layer: Layer, node: Int, order: Int)] = []
    /// Whether the next update must rebuild the store first.
    var isDirty = true
    /// Counts rebuilds: a layer's slot range is valid only for the rebuild that made it.
    private(set) var generation = 0

    /// Walks the tree from `root` and lays out nodes, slots and full layers.
    func rebuild(root: Layer) {
        nodes.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        owners.removeAll(keepingCapacity: true)
        fullLayers.removeAll(keepingCapacity: true)
        generation += 1
        var order = 0
        nodes.append(Node(layer: root, parent: -1))
        visit(root, node: 0, isRoot: true, order: &order)
        isDirty = false
    }

    private func visit(_ layer: Layer, node parentNode: Int, isRoot: Bool = false, order: inout Int) {
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
                                  fast: entry.fast!))
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

    /// One frame: node times from the clock, then every slot's value, then the full layers. Collects
    /// the animations that began (their begin time was fixed now) and those that ended.
    func update(now: Double, ended: inout [EndedAnimation], started: inout [Animation]) {
        // Node times, parents first.
        nodes.withUnsafeMutableBufferPointer { nodes in
            for i in nodes.indices {
                let timing = nodes[i].layer.timing
                let parent = nodes[i].parent
                let parentTime = parent < 0 ? now : nodes[parent].localTime
                let parentRate = parent < 0 ? 1 : nodes[parent].rate
                nodes[i].localTime = timing.activeTime(parentTime: parentTime, beginTime: timing.beginTime)
                nodes[i].rate = parentRate * timing.speed
            }
        }
        // Slots whose begin time was fixed now, and slots that ran to their end.
        var startedSlots: [Int] = []
        var endedSlots: [Int] = []
        nodes.withUnsafeBufferPointer { nodes in
            slots.withUnsafeMutableBufferPointer { slots in
                for i in slots.indices {
                    let node = slots[i].node
                    let local = nodes[node].localTime
                    if slots[i].begin.isNaN {
                        slots[i].begin = local + slots[i].delay
                        startedSlots.append(i)
                    }
                    let timing = slots[i].timing
                    let t = timing.activeTime(parentTime: local, beginTime: slots[i].begin)
                    if case .active(let iterationTime) = timing.position(atActiveTime: t) {
                        slots[i].value = slots[i].fast.value(atIterationTime: iterationTime)
                        slots[i].isActive = true
                    } else {
                        slots[i].isActive = false
                    }
                    if timing.hasEnded(atActiveTime: t, rate: nodes[node].rate * timing.speed) {
                        endedSlots.append(i)
                    }
                }
            }
        }
        for i in startedSlots {
            owners[i].entry.begin = slots[i].begin
            started.append(owners[i].entry.animation)
        }
        var endedWithOrder: [(order: Int, item: EndedAnimation)] = []
        for i in endedSlots where owners[i].entry.animation.isRemovedOnCompletion {
            let owner = owners[i]
            endedWithOrder.append((owner.order, EndedAnimation(layer: owner.layer, key: owner.entry.key,
                                                               animation: owner.entry.animation)))
        }
        for (layer, node, order) in fullLayers {
            var layerEnded: [EndedAnimation] = []
            layer.updateFullPresentation(localTime: nodes[node].localTime, rate: nodes[node].rate,
                                         ended: &layerEnded, started: &started)
            endedWithOrder.append(contentsOf: layerEnded.map { (order, $0) })
        }
        // Tree order, then the order the animations were added (the sort is stable).
        endedWithOrder.sort { $0.order < $1.order }
        ended.append(contentsOf: endedWithOrder.map(\.item))
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
