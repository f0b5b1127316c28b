extension Layer {
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
}
