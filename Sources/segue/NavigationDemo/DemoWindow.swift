import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// The demo app of `segue` and `segue replay` (spec: replay-and-trace.md, "The demo scene"): a tab bar
/// controller with three tabs (One, Two, Three), each a navigation stack; sheets on top. Return pushes a
/// page on the current tab, Z pushes one zooming out of the first row's icon, Backspace pops, Left/Right
/// switch tabs, P presents a sheet, Escape dismisses the
/// top sheet (or quits when there is none), S toggles slow motion; an edge drag pops, a horizontal pan
/// elsewhere swipes tabs, dragging a sheet down dismisses it, a click on a tab item or the back button
/// selects or pops. In the window: H shows the HUD, M the model/presentation outlines, R records the
/// input as a replay script (``DemoOverlay``, ``InputRecorder``).
@MainActor
final class DemoWindow: Window, TraceableScene, SheetScene {
    /// The tabs' titles.
    static let tabTitles = ["One", "Two", "Three"]

    let tabs: DemoTabBarController
    let stacks: [DemoNavigationController]
    /// Whether Escape with no sheet shown quits (true); the monkey turns it off so that its run goes on.
    var quitsOnEscape = true
    private var log: [String] = []
    private var sheetCount = 0

    /// The HUD and the model/presentation outlines.
    let overlay = DemoOverlay()
    /// The window's frame timings for the HUD (nil headless).
    var statisticsSource: (() -> FrameStatistics)?
    /// The renderer the HUD names (nil: not shown).
    var rendererDescription: String?
    /// The raster caches' hits and misses the HUD shows (nil: not shown).
    var rasterCacheSource: (() -> String)?
    /// Where R writes its recordings (nil: recordings are kept in memory only, e.g. under the monkey).
    var recordingDirectory: String?
    /// The recording under way, and the file it goes to.
    private(set) var recorder: InputRecorder?
    private var recordingPath: String?
    /// The last recording finished: its script and its file (nil when it was not written).
    private(set) var lastRecording: (script: ReplayScript, path: String?)?
    /// What the HUD's timing line shows (refreshed twice a second, so its text does not change every frame).
    private var hudTiming: HUDReadout.Timing?
    private var timingRefreshedAt: Double?
    /// Seconds between two refreshes of the HUD's timing line (twice a second; while nothing else
    /// happens the window asks for a frame then, and sleeps in between).
    static let hudTimingRefreshInterval = 0.5

    override init(clock: FrameClock, size: CGSize) {
        var record: (String) -> Void = { _ in }
        stacks = Self.tabTitles.indices.map { tab in
            let nav = DemoNavigationController(rootViewController: DemoPage(tab: tab, depth: 0) { record($0) })
            nav.tabBarItem = TabBarItem(title: Self.tabTitles[tab], tag: tab)
            // The demo's contract: a horizontal drag in a page swipes tabs (its content pan), so the
            // content pop (on by default, as on iOS 26) is off here, as a UIKit app turns it off; the
            // edge pan still pops. The gallery shows it on.
            nav.interactiveContentPopGestureRecognizer?.isEnabled = false
            return nav
        }
        tabs = DemoTabBarController()
        tabs.showSceneTabs(stacks)
        super.init(clock: clock, size: size)
        record = { [unowned self] entry in self.log.append(entry) }
        let observe: (ContainerTransition, ContainerTransition.Event) -> Void = { [unowned self] transition, event in
            let word = event == .began ? "begin" : event == .finished ? "finish" : "cancel"
            self.log.append("transition.\(word):\(transition.kind.rawValue)")
            if event == .began { self.noteTransitionBegan() }
            if event != .began { self.updateContentPops() }
        }
        for nav in stacks {
            nav.record = record
            nav.transitionObserver = observe
        }
        tabs.transitionObserver = observe
        modalPresentations.transitionObserver = observe
        tabs.demoWindow = self
        rootViewController = tabs
        layer.addSublayer(overlay.root)
    }

    /// The content pop is on for a page pushed with the zoom (Z) and off elsewhere, where a horizontal drag
    /// swipes tabs (spec: replay-and-trace, key Z). On a Z page the leading-to-trailing drag is taken by the
    /// zoom's own content swipe (`ZoomInteraction`, which the navigation controller's content pop leaves
    /// zoomed pages to), so the page shrinks under the finger; the content pop stays on for the contract.
    func updateContentPops() {
        for nav in stacks {
            nav.interactiveContentPopGestureRecognizer?.isEnabled = nav.topViewController?.preferredTransition != nil
        }
    }

    // MARK: Input, recording, overlays

    override func handle(_ event: InputEvent) {
        if let recorder {
            // The key that stops the recording is not part of it.
            if case .key(let k) = event, k.key == DemoTabBarController.recordKey { } else {
                recorder.record(event, clockTime: layerTree.clock.now)
            }
        }
        super.handle(event)
        noteInput(event, transitionRunning: runningTransition != nil)
    }

    /// The input that started, or last caught, the running transition.
    var drivingInput: InputSource?

    /// The transition running now (a sheet's, a tab switch, or the selected stack's), nil when none runs.
    var runningTransition: ContainerTransition? {
        modalPresentations.currentTransition ?? tabs.currentTransition ?? tabs.selectedStack?.currentTransition
    }

    /// Starts recording the input (R), or stops and writes the script (R again).
    func toggleRecording() {
        if let recorder {
            let script = recorder.script(endingAt: layerTree.clock.now)
            var written: String?
            if let path = recordingPath {
                do {
                    try script.write(toFile: path)
                    written = path
                    print("segue: recorded \(script.events.count) events to \(path) (segue replay \(path))")
                } catch {
                    FileHandle.standardError.write(Data("error: the recording could not be written to \(path): \(error)\n".utf8))
                }
            }
            lastRecording = (script, written)
            self.recorder = nil
            recordingPath = nil
        } else {
            recorder = InputRecorder(size: bounds.size, startTime: layerTree.clock.now)
            recordingPath = recordingDirectory.map { directory in
                let formatter = DateFormatter()
                formatter.dateFormat = "yyyyMMdd-HHmmss"
                formatter.locale = Locale(identifier: "en_US_POSIX")
                return (directory as NSString).appendingPathComponent("segue-recording-\(formatter.string(from: Date())).json")
            }
        }
    }

    /// The HUD's readout for this frame: the trace's transition, the time scale, the timings.
    func hudReadout(transition: TraceTransition?) -> HUDReadout {
        var readout = HUDReadout(timing: hudTiming, transition: transition, timeScale: layerTree.timeScale,
                                 animator: tabs.effect.title, renderer: rendererDescription, rasterCache: rasterCacheSource?(),
                                 recording: recorder.map { _ in recordingPath.map { ($0 as NSString).lastPathComponent } ?? "memory" })
        readout.input = drivingInput
        readout.reduceMotion = isReduceMotionEnabled
        return readout
    }

    /// Frames per second and p50/p99 frame time over the last second of `statistics`.
    static func timing(_ statistics: FrameStatistics) -> HUDReadout.Timing? {
        let second = statistics.lastFrames(within: 1)
        guard second.totalFrames > 0 else { return nil }
        return HUDReadout.Timing(framesPerSecond: second.framesPerSecond, p50Milliseconds: second.workPercentile(50) * 1000,
                                 p99Milliseconds: second.workPercentile(99) * 1000)
    }

    /// With the HUD shown, also a frame when its timing line is due for a refresh.
    override var nextFrameRequest: FrameRequest {
        guard overlay.showsHUD, let last = timingRefreshedAt else { return super.nextFrameRequest }
        return super.nextFrameRequest.earliest(.at(last + Self.hudTimingRefreshInterval))
    }

    override func willRender() {
        overlay.keepOnTop(of: layer)
        guard overlay.showsHUD || overlay.showsGhosts else { return }
        let snapshot = traceSnapshot()
        if overlay.showsHUD {
            let now = layerTree.clock.now
            if hudTiming == nil || timingRefreshedAt.map({ now - $0 >= Self.hudTimingRefreshInterval }) ?? true {
                timingRefreshedAt = now
                hudTiming = statisticsSource.flatMap { Self.timing($0()) }
            }
            overlay.showHUD(hudReadout(transition: snapshot.transition), in: bounds)
        }
        if overlay.showsGhosts {
            let shown = Dictionary(snapshot.views.map { ($0.id, $0.frame) }, uniquingKeysWith: { a, _ in a })
            var entries: [(id: String, model: CGRect, shown: CGRect)] = []
            for (id, view) in visiblePages() {
                guard let drawn = shown[id], let model = view.modelFrame(in: self),
                      abs(model.minX - drawn.minX) > 0.5 || abs(model.minY - drawn.minY) > 0.5
                        || abs(model.width - drawn.width) > 0.5 || abs(model.height - drawn.height) > 0.5 else { continue }
                entries.append((id, model, drawn))
            }
            overlay.showGhosts(entries, in: bounds)
        }
    }

    /// The sheets presented now, bottom first.
    var sheets: [DemoSheet] { presented(DemoSheet.self) }

    // MARK: SheetScene

    var sheetRoot: ViewController { tabs }
    var topSheet: ViewController? { sheets.last }

    /// Pushes a page on the selected tab's stack.
    func pushPage() { tabs.selectedStack?.pushPage() }

    func popPage() { _ = tabs.selectedStack?.popViewController(animated: true) }

    /// Presents the next sheet from the top-most controller.
    func presentSheet() {
        let sheet = DemoSheet(index: sheetCount) { [unowned self] entry in self.log.append(entry) }
        sheetCount += 1
        presentOnTop(sheet)
    }

    func presentDetentSheet() {
        let sheet = DemoSheet(index: sheetCount, detents: true) { [unowned self] entry in self.log.append(entry) }
        sheetCount += 1
        presentOnTop(sheet)
    }

    /// Every page and sheet whose view is in the window (pages of every stack, those of a running
    /// transition too; the sheets, those of a running presentation too), each once, unordered.
    private func visiblePages() -> [(id: String, view: View)] {
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
        var seen = Set<ObjectIdentifier>()
        return candidates.filter { $0.view.window === self && seen.insert(ObjectIdentifier($0.view)).inserted }
    }

    /// The view of the page or sheet `id` (its trace id), when it is in the window.
    func view(ofPage id: String) -> View? { visiblePages().first { $0.id == id }?.view }

    func traceSnapshot() -> TraceFrame {
        let selected = stacks[min(max(tabs.selectedIndex, 0), stacks.count - 1)]
        let stackFrame = TraceFrame(navigation: selected, in: self) { Self.id(of: $0) }
        // Every page and sheet whose view is in the window, back to front (the order they are drawn in).
        let candidates = visiblePages()
        let order = drawingOrder()
        var seen = Set<ObjectIdentifier>()
        let views = candidates
            .filter { $0.view.window === self && seen.insert(ObjectIdentifier($0.view)).inserted }
            .sorted { (order[ObjectIdentifier($0.view)] ?? 0) < (order[ObjectIdentifier($1.view)] ?? 0) }
            .compactMap { TraceView(id: $0.id, view: $0.view, in: self) }
        let running = modalPresentations.currentTransition ?? tabs.currentTransition ?? selected.currentTransition
        let transition = running.flatMap(TraceTransition.init)
        return TraceFrame(tab: tabs.selectedIndex, stack: stackFrame.stack, modal: sheets.map(\.id),
                          transition: transition, views: views, bar: stackFrame.bar, scroll: stackFrame.scroll)
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
    /// The push/pop animation of every tab's stack (a change applies to the next push or pop).
    var effect = DemoTransitionEffect.stock {
        didSet { for case let nav as DemoNavigationController in viewControllers ?? [] { nav.effect = effect } }
    }
    /// The key that starts and stops recording the input.
    static let recordKey = Key("R")
    /// The key that pushes a page with the zoom (`preferredTransition = .zoom`).
    static let zoomKey = Key("Z")
    /// The key that pushes a large-title list page.
    static let largeTitleKey = Key("L")

    override var keyCommands: [KeyCommand] {
        super.keyCommands + SceneKeys.commands { [weak self] in self?.demoWindow } + [
            KeyCommand(input: Key("M"), title: "Model and presentation outlines", repeats: false) { [weak self] in
                guard let overlay = self?.demoWindow?.overlay else { return }
                overlay.showsGhosts.toggle()
            },
            KeyCommand(input: Self.recordKey, title: "Record the input", repeats: false) { [weak self] in
                self?.demoWindow?.toggleRecording()
            },
            KeyCommand(input: Self.zoomKey, title: "Zoom a page out of the first row's icon", repeats: false) { [weak self] in
                self?.selectedStack?.pushZoomPage()
            },
            KeyCommand(input: Self.largeTitleKey, title: "Push a large-title list", repeats: false) { [weak self] in
                self?.selectedStack?.pushLargeTitlePage()
            },
        ] + DemoTransitionEffect.allCases.map { effect in
            KeyCommand(input: effect.key, title: "Push and pop with \(effect.title)", repeats: false) { [weak self] in
                self?.effect = effect
            }
        }
    }

    var selectedStack: DemoNavigationController? { selectedViewController as? DemoNavigationController }
}

/// One tab's navigation stack in the demo: its pushes and pops use the chosen effect (keys 1–5), every one
/// scrubbable by the edge pan.
@MainActor
final class DemoNavigationController: NavigationController {
    var record: (String) -> Void = { _ in }
    /// The push/pop animation (the stock one, or one of the catalogue's effects).
    var effect = DemoTransitionEffect.stock {
        didSet { transitionEffect = effect.transitionEffect }
    }
    /// Pushes the next page (its depth, and so its id, is fixed when the push runs: a push queued behind
    /// others gets the place it ends up in).
    func pushPage() {
        let tab = (viewControllers.first as? DemoPage)?.tab ?? 0
        pushViewController(DemoPage(tab: tab, depth: viewControllers.count, record: record), animated: true)
    }

    /// Pushes a large-title list page (L; spec: replay-and-trace, key L): the bar prefers large titles from
    /// then on, and only such pages show one (the others' mode is `.never`).
    func pushLargeTitlePage() {
        let tab = (viewControllers.first as? DemoPage)?.tab ?? 0
        navigationBar.prefersLargeTitles = true
        pushViewController(DemoPage(tab: tab, depth: viewControllers.count, isLargeTitleList: true, record: record), animated: true)
    }

    /// Pushes the next page with UIKit 18's zoom out of the icon of the top page's first row (Z; spec:
    /// replay-and-trace, key Z): the page grows from the icon's frame to its own; dragging it down (or
    /// pinching it in) zooms it back into the icon of the page it returns to.
    func pushZoomPage() {
        let tab = (viewControllers.first as? DemoPage)?.tab ?? 0
        let page = DemoPage(tab: tab, depth: viewControllers.count, record: record)
        page.preferredTransition = .zoom { context in (context.sourceViewController as? DemoPage)?.swatches.first }
        pushViewController(page, animated: true)
    }
}
