extension Layer {
    /// A copy of this layer and its subtree as they are now (model values, timing, contents, flags and
    /// masks), with no animations and no superlayer: a picture that later changes to the original do not
    /// reach.
    ///
    /// Segue's own; the legacy `View.transition` options and `snapshotView(afterScreenUpdates: false)`
    /// use it to keep the "before" state on screen.
    public func copyTree() -> Layer {
        let copy = Layer()
        copy.model = model
        copy.timing = timing
        copy.contents = contents
        copy.isHidden = isHidden
        copy.masksToBounds = masksToBounds
        copy.isDoubleSided = isDoubleSided
        copy.shouldRasterize = shouldRasterize
        copy.name = name
        copy.mask = mask?.copyTree()
        for sublayer in sublayers { copy.addSublayer(sublayer.copyTree()) }
        return copy
    }
}
