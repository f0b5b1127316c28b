import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// The demo app of `segue` and `segue replay` (spec: replay-and-trace.md, "The demo scene"), as far as it
/// exists: one navigation stack (tab 0; tabs and sheets come with the containers issue). Return pushes a
/// page, Backspace pops, an edge drag scrubs a pop, a click on the back button pops, S toggles slow
/// motion, Escape quits.
@MainActor
final class DemoWindow: Window, TraceableScene {
    let navigation: NavigationController
    private var log: [String] = []

    override init(clock: FrameClock, size: CGSize) {
        var record: (String) -> Void = { _ in }
        let root = DemoPage(tab: 0, depth: 0) { record($0) }
        navigation = DemoNavigationController(rootViewController: root)
        super.init(clock: clock, size: size)
        record = { [unowned self] entry in self.log.append(entry) }
        let demo = navigation as! DemoNavigationController
        demo.record = record
        demo.window = self
        navigation.transitionObserver = { [unowned self] transition, event in
            self.log.append("transition.\(event == .began ? "begin" : event == .finished ? "finish" : "cancel"):\(transition.kind.rawValue)")
        }
        rootViewController = navigation
    }

    func traceSnapshot() -> TraceFrame {
        TraceFrame(navigation: navigation, in: self, tab: 0, modal: []) { ($0 as? DemoPage)?.id ?? "\(type(of: $0))" }
    }

    func drainLog() -> [String] {
        defer { log.removeAll() }
        return log
    }
}

/// The demo's navigation controller: its keys push, pop, slow down and quit.
@MainActor
final class DemoNavigationController: NavigationController {
    var record: (String) -> Void = { _ in }
    weak var window: Window?

    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(input: .returnKey, title: "Push a page", repeats: false) { [weak self] in self?.pushPage() },
            KeyCommand(input: .backspace, title: "Pop", repeats: false) { [weak self] in
                _ = self?.popViewController(animated: true)
            },
            KeyCommand(input: Key("S"), title: "Slow motion", repeats: false) { [weak self] in
                guard let window = self?.window else { return }
                window.isSlowAnimationsEnabled.toggle()
            },
            KeyCommand(input: .escape, title: "Quit", repeats: false) { [weak self] in self?.window?.requestQuit() },
        ]
    }

    /// Pushes the next page; while a transition runs the push is queued, so it is deeper by the pages
    /// still to come.
    private func pushPage() {
        let depth = currentTransition == nil ? viewControllers.count : max(pendingDepth, viewControllers.count)
        pendingDepth = depth + 1
        pushViewController(DemoPage(tab: 0, depth: depth, record: record), animated: true)
    }
    private var pendingDepth = 0
}
