/// Matching this frame's operations with the last frame's.
///
/// A frame in which layers were added or removed (a page entering at the start of a push, the page below
/// leaving at its end) records another number of operations: compared index by index, everything after
/// the first difference would differ, and the whole target was redrawn. Instead the operations are
/// matched by what draws them: the layer, the kind, and which of that layer's operations of that kind it
/// is. Matched operations must keep their order (otherwise what covers what may have changed, and the
/// whole target is damaged); an operation of one frame only damages its pixels, minus what opaque
/// operations drawn after it cover in both frames.
extension Compositor {
    /// What identifies an operation from frame to frame.
    struct OperationKey: Hashable {
        let layer: ObjectIdentifier
        let kind: UInt8
        let occurrence: Int32
    }

    /// Whether two lists of as many operations draw the same kinds for the same layers in the same order
    /// (compared field by field: no operation is copied).
    private static func sameKindsAndLayers(_ new: [CompositorOp], _ old: [CompositorOp]) -> Bool {
        for i in new.indices where new[i].kind != old[i].kind || new[i].layer != old[i].layer { return false }
        return true
    }

    /// Sets `matching.oldIndex[i]` to the index in `old` of the operation that `new[i]` continues (-1:
    /// none) and `matching.isMatched[j]` for the old ones; false when matched operations changed order.
    func matchOperations(_ new: [CompositorOp], _ old: [CompositorOp]) -> Bool {
        let m = matching
        m.oldIndex.removeAll(keepingCapacity: true)
        m.isMatched.removeAll(keepingCapacity: true)
        // The common case: the same operations in the same order.
        if new.count == old.count, Self.sameKindsAndLayers(new, old) {
            m.oldIndex.append(contentsOf: 0..<Int32(new.count))
            m.isMatched.append(contentsOf: repeatElement(true, count: old.count))
            return true
        }
        m.isMatched.append(contentsOf: repeatElement(false, count: old.count))
        m.index.removeAll(keepingCapacity: true)
        m.counts.removeAll(keepingCapacity: true)
        // By index, fields read in place: a loop over the operations copied each one (a few hundred bytes
        // and their references retained).
        for j in old.indices { m.index[m.key(old[j].layer, old[j].kind)] = Int32(j) }
        m.counts.removeAll(keepingCapacity: true)
        var last: Int32 = -1
        for i in new.indices {
            guard let j = m.index[m.key(new[i].layer, new[i].kind)] else {
                m.oldIndex.append(-1)
                continue
            }
            guard j > last else { return false }
            last = j
            m.oldIndex.append(j)
            m.isMatched[Int(j)] = true
        }
        return true
    }
}

/// The working state of ``Compositor/matchOperations(_:_:)``, kept from frame to frame.
final class OperationMatching {
    /// Per operation of this frame: the index of the last frame's operation it continues, or -1.
    var oldIndex: [Int32] = []
    /// Per operation of the last frame: whether one of this frame's continues it.
    var isMatched: [Bool] = []
    fileprivate var index: [Compositor.OperationKey: Int32] = [:]
    fileprivate var counts: [Compositor.OperationKey: Int32] = [:]

    /// The key of an operation of `layer` and `kind`, counting how many operations of its layer and kind
    /// came before it.
    fileprivate func key(_ layer: ObjectIdentifier, _ kind: CompositorOp.Kind) -> Compositor.OperationKey {
        let first = Compositor.OperationKey(layer: layer, kind: kind.rawValue, occurrence: 0)
        let n = counts[first, default: 0]
        counts[first] = n + 1
        return Compositor.OperationKey(layer: layer, kind: kind.rawValue, occurrence: n)
    }
}
