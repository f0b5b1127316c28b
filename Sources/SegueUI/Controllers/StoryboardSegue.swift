/// A transition from one controller to another, named by an identifier (`UIStoryboardSegue`): made by
/// ``ViewController/performSegue(withIdentifier:sender:)`` from a segue registered on the source with
/// ``ViewController/registerSegue(withIdentifier:kind:destination:)``, handed to the source's
/// ``ViewController/prepare(for:sender:)``, then performed.
///
/// Subclass it and override ``perform()`` to present, push or transition the destination yourself, or
/// give a closure to ``init(identifier:source:destination:performHandler:)``; register either with the
/// ``Kind/custom(_:)`` kind (`kind: .custom(FadeSegue.init)`).
///
/// Differs from UIKit: there are no storyboards, so segues are registered in code on the source
/// controller and a new destination is made by the registered closure each time one is performed; no
/// unwind segues (`unwind(for:towards:)`, `canPerformUnwindSegueAction`), no popover, embed or relationship
/// segues.
@MainActor
open class StoryboardSegue {
    /// The name the segue was registered and performed with (nil for a segue made without one).
    public let identifier: String?
    /// The controller the segue starts from (the one ``ViewController/performSegue(withIdentifier:sender:)``
    /// was called on).
    public let source: ViewController
    /// The controller the segue shows, made afresh for each performance.
    public let destination: ViewController
    /// What ``perform()`` runs, for a segue made with ``init(identifier:source:destination:performHandler:)``.
    private var performHandler: (@MainActor () -> Void)?

    /// A segue from `source` to `destination` whose ``perform()`` does nothing until a subclass overrides
    /// it. Subclasses may override this initializer (call super).
    public init(identifier: String?, source: ViewController, destination: ViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
    }

    /// A segue whose ``perform()`` calls `performHandler` (which shows `destination` as it likes),
    /// without a subclass.
    public convenience init(identifier: String?, source: ViewController, destination: ViewController,
                            performHandler: @escaping @MainActor () -> Void) {
        self.init(identifier: identifier, source: source, destination: destination)
        self.performHandler = performHandler
    }

    /// Shows ``destination``: calls the perform handler if the segue has one, and otherwise does nothing,
    /// as in UIKit. Override it to present, push or transition the destination; it is called after the
    /// source's ``ViewController/prepare(for:sender:)``, in the same call as
    /// ``ViewController/performSegue(withIdentifier:sender:)``.
    open func perform() {
        performHandler?()
    }
}

extension StoryboardSegue {
    /// How a registered segue shows its destination: the kinds Interface Builder's segue inspector offers.
    /// Segue's addition (a storyboard stores the kind; here it is given to
    /// ``ViewController/registerSegue(withIdentifier:kind:destination:)``).
    public enum Kind {
        /// Show: ``ViewController/show(_:sender:)`` from the source: pushed when the source is inside a
        /// ``NavigationController``, presented modally otherwise.
        case show
        /// Show Detail: ``ViewController/showDetailViewController(_:sender:)`` from the source: presented
        /// modally (there is no split view controller).
        case showDetail
        /// Present Modally: `present(destination, animated: true)` from the source, in the destination's
        /// ``ViewController/modalPresentationStyle`` and with its transitioning delegate.
        case presentModally
        /// Custom: a segue of your own, made from the identifier, the source and the new destination,
        /// usually a subclass's initializer (`.custom(FadeSegue.init)`) or a segue with a perform handler.
        case custom(@MainActor (_ identifier: String?, _ source: ViewController, _ destination: ViewController) -> StoryboardSegue)
    }
}

extension StoryboardSegue.Kind {
    /// The segue of this kind from `source` to `destination`.
    @MainActor
    func makeSegue(identifier: String, source: ViewController, destination: ViewController) -> StoryboardSegue {
        switch self {
        case .show:
            StockSegue(identifier: identifier, source: source, destination: destination) {
                $0.source.show($0.destination, sender: $0)
            }
        case .showDetail:
            StockSegue(identifier: identifier, source: source, destination: destination) {
                $0.source.showDetailViewController($0.destination, sender: $0)
            }
        case .presentModally:
            StockSegue(identifier: identifier, source: source, destination: destination) {
                $0.source.present($0.destination, animated: true)
            }
        case .custom(let make):
            make(identifier, source, destination)
        }
    }
}

/// A segue of a stock kind: ``perform()`` shows the destination the kind's way, with the segue itself as
/// the sender.
final class StockSegue: StoryboardSegue {
    private let show: @MainActor (StockSegue) -> Void

    init(identifier: String, source: ViewController, destination: ViewController,
         show: @escaping @MainActor (StockSegue) -> Void) {
        self.show = show
        super.init(identifier: identifier, source: source, destination: destination)
    }

    override func perform() {
        show(self)
    }
}
