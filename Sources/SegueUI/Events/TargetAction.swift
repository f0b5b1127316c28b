/// Target-action without the Objective-C runtime: Swift on Linux has no `@objc` or `#selector`, so the
/// action is a method reference (`MyController.handlePan`: the method through its type name) and the
/// sender reaches it typed as the sender it is.
///
/// A port changes `action: #selector(handlePan(_:))` to `action: MyController.handlePan` and drops
/// `@objc`. The action's parameter may be the sender's own class or any
/// superclass (`UIGestureRecognizer` for a pan): the conversion is checked when compiling. A parameter of a
/// class the sender is not (a `UIScreenEdgePanGestureRecognizer` parameter for a pan recognizer) does not
/// compile, where UIKit would call the method with an object of the wrong type. The closure forms
/// (`addAction(_:)`) need no target.
///
/// As in UIKit, an action method may take no argument (`func handleTap()`), the sender, or (for a
/// control) the sender and the event (`func buttonTapped(_ sender: UIButton, forEvent event: UIEvent)`):
/// the method reference's type picks the form.
@MainActor
public protocol TargetActionSender: AnyObject {}

extension GestureRecognizer: TargetActionSender {}
extension Control: TargetActionSender {}

extension TargetActionSender where Self: GestureRecognizer {
    /// A recognizer that calls `action` on `target` (UIKit's `init(target:action:)` with a method
    /// reference in place of the selector). `target` is held weakly, as UIKit does.
    public init<Target: AnyObject>(target: Target, action: @escaping @MainActor (Target) -> (Self) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// Adds a target-action pair (UIKit's `addTarget(_:action:)`); `action` is a method reference such as
    /// `MyController.handlePan`, whose parameter is this recognizer's class or a superclass of it.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> (Self) -> Void) {
        weak let weakTarget = target
        appendTargetAction(target: target) { recognizer in
            // The recognizer calling its own actions is `self`, of type `Self`.
            guard let target = weakTarget, let sender = recognizer as? Self else { return }
            action(target)(sender)
        }
    }
}

extension TargetActionSender where Self: GestureRecognizer {
    /// Adds a closure called on each action (began, changed, ended, cancelled) with the recognizer typed as
    /// the class it is: `pan.addAction { pan in pan.translation(in: nil) }` needs no cast. A closure taking
    /// any ``GestureRecognizer`` (`{ (r: UIGestureRecognizer) in ... }`) is accepted as well. Segue's addition:
    /// UIKit's gesture recognizers take only target-action pairs.
    public func addAction(_ handler: @escaping @MainActor (Self) -> Void) {
        // The recognizer sends its actions to itself: held weakly, so the closure it stores does not keep
        // it alive.
        weak let sender = self
        appendAction { _ in
            guard let sender else { return }
            handler(sender)
        }
    }
}

extension TargetActionSender where Self: GestureRecognizer {
    /// A recognizer that calls `action`, a method with no argument (`@IBAction func handleTap()`), on
    /// `target`; `target` is held weakly.
    public init<Target: AnyObject>(target: Target, action: @escaping @MainActor (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// Adds a target-action pair whose action takes no argument.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> () -> Void) {
        weak let weakTarget = target
        appendTargetAction(target: target) { _ in
            guard let target = weakTarget else { return }
            action(target)()
        }
    }
}

extension TargetActionSender where Self: Control {
    /// Calls `action`, a method with no argument, on `target` for `events`; `target` is held weakly.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> () -> Void,
                                             for events: Events) {
        weak let weakTarget = target
        appendTargetAction(target: target, for: events) { _, _ in
            guard let target = weakTarget else { return }
            action(target)()
        }
    }

    /// Calls `action`, a method taking the sender and the event (`func buttonTapped(_ sender: UIButton,
    /// forEvent event: UIEvent)`), on `target` for `events`; `target` is held weakly. The event is the one
    /// the control is handling; for ``Control/sendActions(for:)`` called by code, an event with no touches
    /// at its window's time (UIKit passes the current event, which may be empty).
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> (Self, Event) -> Void,
                                             for events: Events) {
        weak let weakTarget = target
        appendTargetAction(target: target, for: events) { control, event in
            guard let target = weakTarget, let sender = control as? Self else { return }
            action(target)(sender, event)
        }
    }
}

extension TargetActionSender where Self: Control {
    /// Calls `action` on `target` for `events` (UIKit's `addTarget(_:action:for:)` with a method reference
    /// in place of the selector); `target` is held weakly.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> (Self) -> Void,
                                             for events: Events) {
        weak let weakTarget = target
        appendTargetAction(target: target, for: events) { control, _ in
            guard let target = weakTarget, let sender = control as? Self else { return }
            action(target)(sender)
        }
    }
}
