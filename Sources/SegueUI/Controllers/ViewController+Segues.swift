/// A segue registered on a source controller: what a storyboard keeps for each segue leaving a scene.
struct SegueTemplate {
    let kind: StoryboardSegue.Kind
    let destination: @MainActor () -> ViewController
}

extension ViewController {
    /// The two ways of showing a controller that a container may take over
    /// (``targetViewController(forAction:sender:)``, ``handlesShowAction(_:sender:)``). UIKit passes the
    /// selectors of `show(_:sender:)` and `showDetailViewController(_:sender:)`. Segue's addition.
    public enum ShowAction: Sendable, Hashable {
        /// ``ViewController/show(_:sender:)``: the primary context (a navigation controller pushes).
        case show
        /// ``ViewController/showDetailViewController(_:sender:)``: the secondary (detail) context.
        case showDetail
    }

    /// Registers a segue from this controller under `identifier`, for
    /// ``performSegue(withIdentifier:sender:)``: what drawing a segue in a storyboard does. Each time it is
    /// performed, `destination` makes a new destination controller (as a storyboard instantiates the
    /// destination scene), then a segue of `kind` is made from this controller to it. Registering an
    /// identifier again replaces the earlier segue.
    ///
    /// ```swift
    /// registerSegue(withIdentifier: "showDetail") { DetailViewController() }
    /// registerSegue(withIdentifier: "fade", kind: .custom(FadeSegue.init)) { DetailViewController() }
    /// ```
    ///
    /// The controller keeps `destination` for its lifetime: capture `self` weakly in it (configuring the
    /// destination belongs in ``prepare(for:sender:)``, which needs no capture). Segue's addition: UIKit
    /// reads segues from the storyboard the controller was loaded from.
    public func registerSegue(withIdentifier identifier: String, kind: StoryboardSegue.Kind = .show,
                              destination: @escaping @MainActor () -> ViewController) {
        segueTemplates[identifier] = SegueTemplate(kind: kind, destination: destination)
    }

    /// A new segue (with a new destination) for the segue registered as `identifier`, or nil when none is
    /// registered; it is neither prepared nor performed. Segue's addition, for code that checks an
    /// identifier before ``performSegue(withIdentifier:sender:)``, which stops the program on an unknown one.
    public func makeSegue(withIdentifier identifier: String) -> StoryboardSegue? {
        guard let template = segueTemplates[identifier] else { return nil }
        return template.kind.makeSegue(identifier: identifier, source: self, destination: template.destination())
    }

    /// Performs the segue `identifier` as a storyboard control wired to it does when tapped: asks
    /// ``shouldPerformSegue(withIdentifier:sender:)`` first and, when it returns true, makes, prepares and
    /// performs the segue as ``performSegue(withIdentifier:sender:)`` does (without calling that method,
    /// as UIKit's triggered segues do not). Returns whether it was performed. Wire a control with
    /// `button.addAction({ [unowned self] in self.triggerSegue(withIdentifier: "next", sender: $0) },
    /// for: .touchUpInside)`.
    ///
    /// An unregistered identifier stops the program as ``performSegue(withIdentifier:sender:)`` does,
    /// before ``shouldPerformSegue(withIdentifier:sender:)`` is asked. Segue's addition (there are no
    /// storyboard controls).
    @discardableResult
    public func triggerSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        precondition(segueTemplates[identifier] != nil, noSegueMessage(identifier))
        guard shouldPerformSegue(withIdentifier: identifier, sender: sender) else { return false }
        performRegisteredSegue(identifier, sender: sender)
        return true
    }

    /// Makes the segue `identifier`, prepares it, performs it: UIKit's order.
    func performRegisteredSegue(_ identifier: String, sender: Any?) {
        guard let segue = makeSegue(withIdentifier: identifier) else { preconditionFailure(noSegueMessage(identifier)) }
        prepare(for: segue, sender: sender)
        segue.perform()
    }

    /// UIKit's reason for the NSInvalidArgumentException an unknown identifier raises, with this
    /// controller's type and address.
    private func noSegueMessage(_ identifier: String) -> String {
        "Receiver (<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())>) has no segue with identifier '\(identifier)'"
    }

    /// Shows `vc` through the controller that handles `action`, or presents it modally from this one.
    func showByRoute(_ vc: ViewController, action: ShowAction, sender: Any?) {
        guard let target = targetViewController(forAction: action, sender: sender), target !== self else {
            present(vc, animated: true)
            return
        }
        switch action {
        case .show: target.show(vc, sender: sender)
        case .showDetail: target.showDetailViewController(vc, sender: sender)
        }
    }
}
