import SegueUIKit
import Testing

/// Target-action as UIKit code writes it, minus `@objc` and `#selector`.
@MainActor
final class Handlers {
    var log: [String] = []
    func handleAny(_ sender: UIGestureRecognizer) { log.append("any \(type(of: sender)) \(sender.state)") }
    func handleTap(_ sender: UITapGestureRecognizer) { log.append("tap") }
    func buttonTapped(_ sender: UIControl) { log.append("control") }
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
