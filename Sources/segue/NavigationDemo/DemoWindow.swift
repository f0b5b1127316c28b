import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// The demo app of `segue` and `segue replay` (spec: replay-and-trace.md, "The demo scene"): a tab bar
/// controller with three tabs (One, Two, Three), each a navigation stack; sheets on top. Return pushes a
/// page on the current tab, Backspace pops, Left/Right switch tabs, P presents a sheet, Escape dismisses the
/// top sheet (or quits when there is none), S toggles slow motion; an edge drag pops, a horizontal pan
/// elsewhere swipes tabs, dragging a sheet down dismisses it, a click on a tab item or the back button
/// selects or pops.
@MainActor
final class DemoWindow: Window, TraceableScene {
    /// The tabs' titles.
    static let tabTitles = ["One", "Two", "Three"]

    let tabs: DemoTabBarController
    let stacks: [DemoNavigationController]
    /// Whether Escape with no sheet shown quits (true); the monkey turns it off so that its run goes on.
    var quitsOnEscape = true
    private var log: [String] = []

    override init(clock: FrameClock, size: CGSize) {
        var record: (String) -> Void = { _ in }
        stacks = Self.tabTitles.indices.map { tab in
            let nav = DemoNavigationController(rootViewController: DemoPage(tab: tab, depth: 0) { record($0) })
            nav.tabBarItem = TabBarItem(title: Self.tabTitles[tab], tag: tab)
            return nav
        }
        tabs = DemoTabBarController()
        tabs.viewControllers = stacks
        tabs.selectsWithArrowKeys = true
        tabs.allowsSwipeBetweenTabs = true
        super.init(clock: clock, size: size)
        record = { [unowned self] entry in self.log.append(entry) }
        let observe: (ContainerTransition, ContainerTransition.Event) -> Void = { [unowned self] transition, event in
            let word = event == .began ? "begin" : event == .finished ? "finish" : "cancel"
            self.log.append("transition.\(word):\(transition.kind.rawValue)")
        }
        for nav in stacks {
            nav.record = record
            nav.transitionObserver = observe
        }
        tabs.transitionObserver = observe
        modalPresentations.transitionObserver = observe
        tabs.demoWindow = self
        tabs.record = record
        rootViewController = tabs
    }

    /// The sheets presented now, bottom first.
    var sheets: [DemoSheet] {
        var result: [DemoSheet] = []
        var controller: ViewController? = tabs.presentedViewController
        while let c = controller {
            if let sheet = c as? DemoSheet { result.append(sheet) }
            controller = c.presentedViewController
        }
        return result
    }

    func traceSnapshot() -> TraceFrame {
        let selected = stacks[min(max(tabs.selectedIndex, 0), stacks.count - 1)]
        let stackFrame = TraceFrame(navigation: selected, in: self) { Self.id(of: $0) }
        // Every page and sheet whose view is in the window, back to front (the order they are drawn in).
        var candidates: [(id: String, view: View)] = []
        for nav in stacks {
            var pages = nav.viewControllers
            if let t = nav.currentTransition {
                for key in [TransitionContextViewControllerKey.from, .to] { if let c = t.viewController(forKey: key) { pages.append(c) } }
            }
            for page in pages { if let view = page.viewIfLoaded { candidates.append((Self.id(of: page), view)) } }
        }
        var seenSheets = sheets
        if let t = modalPresentations.currentTransition {
            for key in [TransitionContextViewControllerKey.from, .to] {
                if let sheet = t.viewController(forKey: key) as? DemoSheet, !seenSheets.contains(where: { $0 === sheet }) {
                    seenSheets.append(sheet)
                }
            }
        }
        for sheet in seenSheets { if let view = sheet.viewIfLoaded { candidates.append((sheet.id, view)) } }
        let order = drawingOrder()
        var seen = Set<ObjectIdentifier>()
        let views = candidates
            .filter { $0.view.window === self && seen.insert(ObjectIdentifier($0.view)).inserted }
            .sorted { (order[ObjectIdentifier($0.view)] ?? 0) < (order[ObjectIdentifier($1.view)] ?? 0) }
            .compactMap { TraceView(id: $0.id, view: $0.view, in: self) }
        let running = modalPresentations.currentTransition ?? tabs.currentTransition ?? selected.currentTransition
        var transition: TraceTransition?
        if let t = running, let kind = TraceTransition.Kind(rawValue: t.kind.rawValue),
           let phase = TraceTransition.Phase(rawValue: t.phase.rawValue) {
            transition = TraceTransition(kind: kind, interactive: t.initiallyInteractive || t.isInteractive,
                                         percent: Double(t.percentComplete), phase: phase)
        }
        return TraceFrame(tab: tabs.selectedIndex, stack: stackFrame.stack, modal: sheets.map(\.id),
                          transition: transition, views: views)
    }

    /// Each view's place in a walk of the window's views, back to front.
    private func drawingOrder() -> [ObjectIdentifier: Int] {
        var order: [ObjectIdentifier: Int] = [:]
        var stack: [View] = [self]
        while let view = stack.popLast() {
            order[ObjectIdentifier(view)] = order.count
            stack.append(contentsOf: view.subviews.reversed())
        }
        return order
    }

    static func id(of controller: ViewController) -> String {
        (controller as? DemoPage)?.id ?? (controller as? DemoSheet)?.id ?? "\(type(of: controller))"
    }

    func drainLog() -> [String] {
        defer { log.removeAll() }
        return log
    }
}

/// The demo's tab bar controller: it answers the app's keys.
@MainActor
final class DemoTabBarController: TabBarController {
    weak var demoWindow: DemoWindow?
    var record: (String) -> Void = { _ in }
    private var sheetCount = 0

    override var keyCommands: [KeyCommand] {
        super.keyCommands + [
            KeyCommand(input: .returnKey, title: "Push a page", repeats: false) { [weak self] in self?.selectedStack?.pushPage() },
            KeyCommand(input: .backspace, title: "Pop", repeats: false) { [weak self] in
                _ = self?.selectedStack?.popViewController(animated: true)
            },
            KeyCommand(input: Key("P"), title: "Present a sheet", repeats: false) { [weak self] in self?.presentSheet() },
            KeyCommand(input: Key("S"), title: "Slow motion", repeats: false) { [weak self] in
                self?.demoWindow?.isSlowAnimationsEnabled.toggle()
            },
            KeyCommand(input: .escape, title: "Dismiss the sheet, or quit", repeats: false) { [weak self] in self?.escape() },
        ]
    }

    var selectedStack: DemoNavigationController? { selectedViewController as? DemoNavigationController }

    /// Presents the next sheet from the top-most controller.
    private func presentSheet() {
        var top: ViewController = self
        while let next = top.presentedViewController { top = next }
        let sheet = DemoSheet(index: sheetCount, record: record)
        sheetCount += 1
        top.present(sheet, animated: true)
    }

    /// Dismisses the top-most sheet, or quits when none is shown.
    private func escape() {
        guard let window = demoWindow else { return }
        guard let top = window.sheets.last else {
            if window.quitsOnEscape { window.requestQuit() }
            return
        }
        top.dismiss(animated: true)
    }
}

/// One tab's navigation stack in the demo.
@MainActor
final class DemoNavigationController: NavigationController {
    var record: (String) -> Void = { _ in }
    /// Pushes the next page (its depth, and so its id, is fixed when the push runs: a push queued behind
    /// others gets the place it ends up in).
    func pushPage() {
        let tab = (viewControllers.first as? DemoPage)?.tab ?? 0
        pushViewController(DemoPage(tab: tab, depth: viewControllers.count, record: record), animated: true)
    }
}
