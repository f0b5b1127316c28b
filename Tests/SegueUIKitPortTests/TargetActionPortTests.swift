import SegueUIKit
import Testing

/// Target-action as UIKit code writes it, minus `@objc` and `#selector`.
@MainActor
final class Handlers {
    var log: [String] = []
    func handleAny(_ sender: UIGestureRecognizer) { log.append("any \(type(of: sender)) \(sender.state)") }
    func handleTap(_ sender: UITapGestureRecognizer) { log.append("tap") }
    func buttonTapped(_ sender: UIControl) { log.append("control") }
    // A tutorial's `@IBAction func handleTap()`: no argument.
    func handleTapWithoutSender() { log.append("no sender") }
    // UIKit's third form: the sender and the event.
    func touchedUp(_ sender: UIButton, forEvent event: UIEvent) {
        log.append("button and event with \(event.allTouches?.count ?? 0) touch at \(event.timestamp)")
    }
}

@MainActor
@Suite struct TargetActionPortTests {
    @Test func anActionTakingASuperclassOfTheSenderIsCalledWithTheSender() {
        let h = PortHarness()
        let handlers = Handlers()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.window.addSubview(view)
        let tap = UITapGestureRecognizer(target: handlers, action: Handlers.handleAny)
        tap.addTarget(handlers, action: Handlers.handleTap)
        view.addGestureRecognizer(tap)
        h.down(50, 50, at: 0)
        h.up(50, 50, at: 0.05)
        #expect(handlers.log == ["any TapGestureRecognizer ended", "tap"])
    }

    /// UIKit's action methods take no argument, the sender, or the sender and the event.
    @Test func anActionMayTakeNoArgumentOrTheSenderAndTheEvent() {
        let h = PortHarness()
        let handlers = Handlers()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.window.addSubview(view)
        view.addGestureRecognizer(UITapGestureRecognizer(target: handlers, action: Handlers.handleTapWithoutSender))
        h.down(50, 50, at: 0)
        h.up(50, 50, at: 0.05)
        #expect(handlers.log == ["no sender"])
        handlers.log.removeAll()
        let button = UIButton(frame: CGRect(x: 0, y: 200, width: 100, height: 44))
        h.window.addSubview(button)
        button.addTarget(handlers, action: Handlers.handleTapWithoutSender, for: .touchUpInside)
        button.addTarget(handlers, action: Handlers.touchedUp(_:forEvent:), for: .touchUpInside)
        h.down(50, 220, at: 1)
        h.up(50, 220, at: 1.05)
        #expect(handlers.log == ["no sender", "button and event with 1 touch at 1.05"])
    }

    @Test func aControlsActionMayTakeASuperclassOfTheControl() {
        let h = PortHarness()
        let handlers = Handlers()
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 44))
        h.window.addSubview(button)
        button.addTarget(handlers, action: Handlers.buttonTapped, for: .touchUpInside)
        h.down(50, 20, at: 0)
        h.up(50, 20, at: 0.05)
        #expect(handlers.log == ["control"])
    }
}
