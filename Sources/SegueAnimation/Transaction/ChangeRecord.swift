/// What a block of code changed on layers — which property of which layer, from which value to which —
/// and the animations it added: the record a cancel reverts.
///
/// Made by ``Transaction/recordChanges(_:)`` (the transition engine records `animateTransition` with it)
/// and kept by every `ViewPropertyAnimator`. Several changes of the same property of the same layer make
/// one change, from the first old value to the last new one.
///
/// ``revert()`` puts every changed model value back to its value before the block and removes the
/// animations the block added, so nothing is left running and every view ends exactly at its start;
/// ``settle(at:)`` does the same at any fraction between the old and the new values.
///
/// No UIKit counterpart: UIKit reverts a cancelled transition inside its private machinery.
@MainActor
public final class ChangeRecord {
    /// One recorded change, for inspection.
    public struct Change: CustomStringConvertible {
        /// The layer changed (nil once it has been released).
        public let layer: Layer?
        /// The layer's name when recorded, for descriptions.
        public let layerName: String?
        /// The property's Core Animation key path ("position", "opacity"...).
        public let propertyName: String
        /// The model value before the first change.
        public let from: any Interpolatable
        /// The model value after the last change.
        public let to: any Interpolatable

        /// `layer.property: from -> to`, with the layer's recorded name (or "layer").
        public var description: String {
            "\(layerName ?? "layer").\(propertyName): \(from) -> \(to)"
        }
    }

    private var changesByKey: [ChangeKey: AnyRecordedChange] = [:]
    private var order: [AnyRecordedChange] = []
    private var animations: [(layer: WeakReference<Layer>, animation: Animation)] = []

    /// An empty record.
    public init() {}

    /// The changes, in the order their properties were first changed.
    public var changes: [Change] {
        order.map { Change(layer: $0.layer, layerName: $0.layer?.name, propertyName: $0.propertyName, from: $0.fromValue, to: $0.toValue) }
    }

    /// Whether nothing was changed.
    public var isEmpty: Bool { order.isEmpty }

    /// Records a change (the first old value of a property is kept, the new value replaced).
    public func record<Value>(_ property: LayerProperty<Value>, of layer: Layer, from old: Value, to new: Value) {
        let key = ChangeKey(layer: ObjectIdentifier(layer), property: property.name)
        if let existing = changesByKey[key] as? RecordedChange<Value> {
            existing.to = new
            return
        }
        let change = RecordedChange(property, layer: layer, from: old, to: new)
        changesByKey[key] = change
        order.append(change)
    }

    /// Records an animation added to a layer while recording (removed by ``revert()`` and ``settle(at:)``).
    public func track(_ animation: Animation, on layer: Layer) {
        animations.append((WeakReference(layer), animation))
    }

    /// Removes the recorded animations that still run and puts every changed model value back to where
    /// it was before the first change, without animation. The removed animations' completions run with
    /// `finished == false` in the next frame's callbacks phase.
    public func revert() {
        settle(at: 0)
    }

    /// Removes the recorded animations that still run and sets every changed model value to `fraction` of
    /// the way from its old value (0) to its new value (1), without animation.
    public func settle(at fraction: Double) {
        removeAnimations()
        Transaction.perform(capturing: nil) {
            for change in order.reversed() { change.settle(at: fraction) }
        }
    }

    /// Fixes the begin times of the recorded animations now (``Layer/beginNow(_:)``).
    public func beginAnimationsNow() {
        for (layer, animation) in animations { layer.object?.beginNow(animation) }
    }

    /// Removes the recorded animations that are still attached.
    public func removeAnimations() {
        let running = animations
        animations.removeAll()
        for (layer, animation) in running { layer.object?.removeAnimation(animation) }
    }

    /// Removes the recorded animations that are still attached as if they had run to their end (their
    /// completions report finished): for a transition ended at once where it cannot play.
    public func removeAnimationsAsFinished() {
        let running = animations
        animations.removeAll()
        for (layer, animation) in running { layer.object?.removeAnimationAsFinished(animation) }
    }
}

private struct ChangeKey: Hashable {
    let layer: ObjectIdentifier
    let property: String
}


@MainActor
private class AnyRecordedChange {
    weak var layer: Layer?
    var propertyName: String { fatalError("abstract") }
    var fromValue: any Interpolatable { fatalError("abstract") }
    var toValue: any Interpolatable { fatalError("abstract") }
    init(layer: Layer) { self.layer = layer }
    func settle(at fraction: Double) { fatalError("abstract") }
}

@MainActor
private final class RecordedChange<Value: Interpolatable>: AnyRecordedChange {
    let property: LayerProperty<Value>
    let from: Value
    var to: Value

    init(_ property: LayerProperty<Value>, layer: Layer, from: Value, to: Value) {
        self.property = property
        self.from = from
        self.to = to
        super.init(layer: layer)
    }

    override var propertyName: String { property.name }
    override var fromValue: any Interpolatable { from }
    override var toValue: any Interpolatable { to }

    override func settle(at fraction: Double) {
        let value = fraction == 0 ? from : fraction == 1 ? to : Value.interpolate(from: from, to: to, fraction: fraction)
        layer?.setValue(value, for: property)
    }
}
