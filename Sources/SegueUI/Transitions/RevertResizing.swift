import SegueAnimation

/// Keeps autoresizing true across a cancelled transition's revert. The revert puts back layer values,
/// below the views: a view whose size it puts back does not resize its subviews. Those whose size the
/// transition recorded get their own values back; the others (added or resized after the transition
/// began: a page a tab switch placed in a presenter's view while its dismissal was held, after a resize)
/// must follow their superview by their autoresizing masks, as for any size change of a view.
///
/// No UIKit counterpart: UIKit does not revert a cancelled transition's changes (its animators do).
@MainActor
struct RevertResizing {
    private let roots: [View]
    private let recorded: Set<ObjectIdentifier>
    private let sizesBefore: [ObjectIdentifier: CGSize]

    /// Notes the sizes of `views` and their descendants before the revert of `records`.
    init(views: [View], records: [ChangeRecord]) {
        roots = views
        var recorded = Set<ObjectIdentifier>()
        let sizeNames = [LayerProperty<CGRect>.bounds.name, LayerProperty<CGSize>.boundsSize.name]
        for record in records {
            for change in record.changes where sizeNames.contains(change.propertyName) {
                if let layer = change.layer { recorded.insert(ObjectIdentifier(layer)) }
            }
        }
        self.recorded = recorded
        var sizes: [ObjectIdentifier: CGSize] = [:]
        var stack = views
        while let view = stack.popLast() {
            sizes[ObjectIdentifier(view)] = view.bounds.size
            stack += view.subviews
        }
        sizesBefore = sizes
    }

    /// After the revert: every subview the revert did not size follows its superview's size change.
    func resizeViewsTheRevertMissed() {
        for root in roots { visit(root) }
    }

    private func visit(_ view: View) {
        let old = sizesBefore[ObjectIdentifier(view)] ?? view.bounds.size
        let new = view.bounds.size
        for subview in view.subviews {
            if recorded.contains(ObjectIdentifier(subview.layer)) {
                visit(subview)
            } else if old != new, view.autoresizesSubviews {
                // Through the view: its own subviews follow it in turn.
                subview.resize(withOldSuperviewSize: old, newSize: new)
            }
        }
    }
}
