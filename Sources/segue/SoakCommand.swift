import ArgumentParser
import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// `segue soak`: thousands of transitions on the virtual clock, headless, then the leak and memory
/// figures (issue 13): how many of the controllers and views that left were freed (weak references
/// collected as they were made), the animation store's and the renderer's caches at rest after the first
/// 100 cycles and at the end (every frame is drawn headless by the CPU compositor, or with `--renderer gpu` by
/// the GPU path on SDL's software renderer, unless `--no-render`),
/// the views in each navigation bar, and the resident memory after the first 100 cycles and at the end.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Push/pop, present/dismiss and tab swipes by the thousand; print leaks and memory.",
        discussion: """
            Every 5th pop is an interactive edge swipe, every 7th pop is first a swipe cancelled short of \
            the commit fraction; every 4th sheet is dragged away, every 6th first dragged and let spring \
            back; every 3rd tab swipe is cancelled. Every frame is drawn headless at 400x600 by the CPU \
            compositor (--renderer cpu) or the GPU path on SDL's software renderer (--renderer gpu, slower) \
            unless --no-render. Exits 1 when a controller or view that left is alive, or the animation \
            store, the renderer's caches or a navigation bar is not back to its size at rest.
            """
    )

    @Option(help: ArgumentHelp("Push/pop cycles.", valueName: "N")) var pushPops = 10_000
    @Option(help: ArgumentHelp("Present/dismiss cycles.", valueName: "N")) var presentDismisses = 1_000
    @Option(help: ArgumentHelp("Tab swipes.", valueName: "N")) var tabSwipes = 1_000
    @Flag(help: "Do not draw the frames (the renderer's caches are not measured).") var noRender = false
    @Option(help: ArgumentHelp("The back-end that draws the frames: cpu or gpu.", valueName: "back-end"))
    var renderer: String = "cpu"

    func validate() throws {
        guard pushPops >= 0, presentDismisses >= 0, tabSwipes >= 0 else {
            throw ValidationError("counts must be 0 or more")
        }
        guard ["cpu", "gpu"].contains(renderer) else { throw ValidationError("--renderer \(renderer): must be cpu or gpu") }
    }

    func run() throws {
        let ok = MainActor.assumeIsolated {
            let soak: Soak
            do {
                soak = try Soak(drawer: noRender ? nil : renderer == "gpu" ? .gpu : .cpu)
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                return false
            }
            let report = soak.run(pushPops: pushPops, presentDismisses: presentDismisses, tabSwipes: tabSwipes)
            print(report.text)
            return report.passed
        }
        if !ok { throw ExitCode(1) }
    }
}

/// The soak run: one window on a virtual clock holding tabs of navigation stacks, driven like a user.
@MainActor
final class Soak {
    /// The window's size, in points (a phone-sized page keeps the run cheap).
    static let size = CGSize(width: 400, height: 600)
    /// Frames a transition may take before the run gives up on it (10 s at 60 Hz).
    static let settleLimit = 600
    /// Cycles after which the baseline resident memory is read.
    static let baselineCycles = 100
    /// Bytes per page of /proc/self/statm (Linux's 4 KiB).
    static let pageBytes = 4096

    /// The window and its virtual clock, run by SegueUI's headless host.
    let host = HeadlessHost(size: Soak.size)
    var clock: VirtualClock { host.clock }
    var window: Window { host.window }
    let tabs = TabBarController()
    let stacks: [NavigationController]
    /// Draws every frame, as replay's `--frames` does (nil: `--no-render`).
    /// Draws every frame (nil: `--no-render`).
    /// The headless back-end drawing the soak's frames (nil: --no-render).
    let drawer: (any HeadlessBackend)?
    /// What draws, for the report.
    let drawerName: String
    /// The first error drawing threw (the run stops drawing and fails).
    private var renderError: Error?
    private var time = 10.0
    /// Every controller made during the run and then removed, and its view.
    private var departedControllers: [WeakReference<ViewController>] = []
    private var departedViews: [WeakReference<View>] = []
    /// How many controllers and views left, and how many of those were found freed (their weak
    /// references dropped as they are found nil, so that the instrument itself does not grow).
    private var departedControllerCount = 0, departedViewCount = 0
    private var freedControllers = 0, freedViews = 0

    /// Counts and drops the weak references found nil.
    private func sweepDeparted() {
        let controllers = departedControllers.count, views = departedViews.count
        departedControllers.removeAll { $0.object == nil }
        departedViews.removeAll { $0.object == nil }
        freedControllers += controllers - departedControllers.count
        freedViews += views - departedViews.count
    }

    /// Which headless back-end draws the soak's frames.
    enum DrawerKind { case cpu, gpu }

    init(drawer kind: DrawerKind?) throws {
        switch kind {
        case .cpu:
            drawer = try HeadlessCompositor(size: Self.size)
            drawerName = "CPU compositor"
        case .gpu:
            drawer = try HeadlessRenderer(size: Self.size)
            drawerName = "GPU path (SDL software renderer)"
        case nil:
            drawer = nil
            drawerName = "renderer"
        }
        stacks = (0..<3).map { i in
            let root = SoakPage(name: "Root \(i)")
            root.title = "Root \(i)"
            let nav = NavigationController(rootViewController: root)
            nav.navigationBar.isTranslucent = false
            return nav
        }
        tabs.tabBar.isTranslucent = false
        tabs.viewControllers = stacks
        for container in stacks { container.transitionObserver = { [unowned self] t, e in self.observe(t, e) } }
        tabs.transitionObserver = { [unowned self] t, e in self.observe(t, e) }
        tabs.allowsSwipeBetweenTabs = true
        window.rootViewController = tabs
        frames(1)
    }

    /// Navigation and tab transitions seen: finished, cancelled, and interactive at some point.
    private var finished = 0, cancelled = 0, interactive = 0

    private func observe(_ t: ContainerTransition, _ event: ContainerTransition.Event) {
        switch event {
        case .began: break
        case .finished: finished += 1
        case .cancelled: cancelled += 1
        }
        if event != .began, t.initiallyInteractive || t.interactionController != nil { interactive += 1 }
    }

    struct Report {
        var text: String
        var passed: Bool
    }

    func frames(_ n: Int) {
        for _ in 0..<n {
            host.frames(1)
            if let drawer, renderError == nil {
                do { _ = try drawer.render(window.layerTree) } catch { renderError = error }
            }
        }
    }

    private var busy: Bool {
        window.modalPresentations.currentTransition != nil || tabs.currentTransition != nil
            || stacks.contains { $0.currentTransition != nil }
    }

    private func settle() {
        for _ in 0..<Self.settleLimit where busy { frames(1) }
        frames(1)
    }

    private func pointer(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double) {
        time += 1.0 / 60
        window.handle(.pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), timestamp: time)))
    }

    /// A drag through `points`, one move per frame, released after `hold` seconds at the last point.
    private func drag(_ points: [(Double, Double)], hold: Double) {
        pointer(.down, points[0].0, points[0].1)
        for p in points.dropFirst() {
            pointer(.moved, p.0, p.1)
            frames(1)
        }
        time += hold
        pointer(.up, points.last!.0, points.last!.1)
        settle()
    }

    private func track(_ controller: ViewController) {
        departedControllerCount += 1
        departedControllers.append(WeakReference(controller))
        if let view = controller.viewIfLoaded {
            var views = [view]
            while let v = views.popLast() {
                departedViewCount += 1
                departedViews.append(WeakReference(v))
                views += v.subviews
            }
        }
    }

    private var stack: NavigationController { tabs.selectedViewController as! NavigationController }

    private func pushPop(_ i: Int) {
        let page = SoakPage(name: "Page \(i)")
        page.title = "Page \(i)"
        stack.pushViewController(page, animated: true)
        settle()
        let y = Double(Self.size.height) / 2
        if i % 7 == 0 { drag([(5, y), (30, y), (60, y), (80, y)], hold: 0.3) }   // cancelled short
        if i % 5 == 0 {
            drag([(5, y), (60, y), (140, y), (220, y), (300, y)], hold: 0)        // a flick: pops
        } else {
            stack.popViewController(animated: true)
            settle()
        }
        track(page)
    }

    private func presentDismiss(_ i: Int) {
        let presenter = stack.topViewController!
        let sheet = SoakPage(name: "Sheet \(i)")
        sheet.modalPresentationStyle = .pageSheet
        presenter.present(sheet, animated: true)
        settle()
        if i % 6 == 0 { drag([(200, 300), (220, 320), (220, 340), (220, 340)], hold: 0.3) }   // springs back
        if i % 4 == 0 {
            drag([(200, 300), (200, 330), (200, 360), (200, 390)], hold: 0)                  // a flick: dismissed
        } else {
            presenter.dismiss(animated: true)
            settle()
        }
        track(sheet)
    }

    private func tabSwipe(_ i: Int) {
        let y = 300.0
        let leftward = tabs.selectedIndex < 2 && (i % 2 == 0 || tabs.selectedIndex == 0)
        let xs: [Double] = leftward ? [300, 280, 240, 200, 160] : [100, 120, 160, 200, 240]
        if i % 3 == 0 {
            drag(xs.prefix(3).map { ($0, y) }, hold: 0.3)   // 40 pt at rest: cancelled
        } else {
            drag(xs.map { ($0, y) }, hold: 0)
        }
    }

    /// Resident memory in bytes (/proc/self/statm's second field).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * pageBytes
    }

    /// The renderer's caches at rest on the first tab's root (the screen the run starts on): the tab
    /// selected without animation, the caches trimmed to what one full frame of that screen draws. Trimmed
    /// twice: a picture the first trimmed frame has to make again (a rasterized card whose picture was not
    /// needed while its page was drawn from the automatic raster cache's picture) uses texts that the
    /// second one no longer needs.
    private func cachesAtRest() -> RendererCacheSizes? {
        settle()
        if tabs.selectedIndex != 0 {
            tabs.selectedIndex = 0
            settle()
        }
        guard let drawer else { return nil }
        for _ in 0..<2 {
            drawer.trimCaches()
            frames(1)
        }
        return drawer.cacheSizes
    }

    func run(pushPops: Int, presentDismisses: Int, tabSwipes: Int) -> Report {
        settle()
        let idleStore = window.layerTree.animationStoreSize
        let cachesBefore = cachesAtRest()
        var cachesAfterBaseline = cachesBefore
        var baseline = Self.residentBytes()
        var cycles = 0
        func counted() {
            cycles += 1
            if cycles % Self.baselineCycles == 0 { sweepDeparted() }
            if cycles == Self.baselineCycles {
                cachesAfterBaseline = cachesAtRest()
                baseline = Self.residentBytes()
            }
        }
        var pops = 0, sheets = 0, swipes = 0
        let total = pushPops + presentDismisses + tabSwipes
        // Interleaved: 10 push/pops per sheet and per tab swipe.
        while pops < pushPops || sheets < presentDismisses || swipes < tabSwipes {
            if pops < pushPops { pushPop(pops); pops += 1; counted() }
            if pops % 10 == 0 || pops >= pushPops {
                if sheets < presentDismisses { presentDismiss(sheets); sheets += 1; counted() }
                if swipes < tabSwipes { tabSwipe(swipes); swipes += 1; counted() }
            }
        }
        let cachesAfter = cachesAtRest()
        let idleAfter = window.layerTree.animationStoreSize
        // A stack whose tab was never shown has not loaded its view (its bar is empty): "not shown".
        let barViews = stacks.map { $0.isViewLoaded ? $0.navigationBar.subviews.count : nil }
        let end = Self.residentBytes()
        sweepDeparted()
        let aliveControllers = departedControllers.count, aliveViews = departedViews.count
        let mb = { (b: Int) in String(format: "%.1f MB", Double(b) / 1_048_576) }
        let passed = aliveControllers == 0 && aliveViews == 0 && idleAfter == idleStore && cachesAfter == cachesBefore
            && barViews.allSatisfy { $0 == nil || $0 == 2 } && renderError == nil
        let caches = cachesBefore.map { before in
            "\(drawerName) caches at rest: at the start \(before), after \(min(Self.baselineCycles, cycles)) cycles "
                + "\(cachesAfterBaseline.map(String.init(describing:)) ?? "-"), at the end \(cachesAfter.map(String.init(describing:)) ?? "-")"
        } ?? "renderer caches: not measured (--no-render)"
        let text = """
            segue soak: \(total) cycles (\(pops) push/pop, \(sheets) present/dismiss, \(swipes) tab swipes), \
            \(String(format: "%.0f", clock.now)) s of virtual time
            navigation and tab transitions: \(finished) finished, \(cancelled) cancelled, \(interactive) interactive
            controllers that left: \(departedControllerCount), freed \(freedControllers), alive \(aliveControllers)
            views that left: \(departedViewCount), freed \(freedViews), alive \(aliveViews)
            animation store (entries): idle before \(idleStore), idle after \(idleAfter)
            \(caches)
            navigation bars (views, 2 each at rest: tint and content): \(barViews.map { $0.map(String.init) ?? "not shown" }.joined(separator: ", "))
            \(renderError.map { "drawing failed: \($0)" } ?? (drawer == nil ? "drawn: no frame (--no-render)" : "drawn: every frame"))
            resident memory: after \(min(Self.baselineCycles, cycles)) cycles \(mb(baseline)), at the end \(mb(end)), \
            difference \(mb(end - baseline))
            \(passed ? "ok" : "FAILED")
            """
        return Report(text: text, passed: passed)
    }
}


/// A page of the soak: what a real page draws (texts of its own, a rounded swatch with a shadow, a
/// rasterized card), so that the compositor's caches of texts, shadows and rasterized layers are exercised.
@MainActor
final class SoakPage: ViewController {
    let name: String

    init(name: String) {
        self.name = name
        super.init()
    }

    override func loadView() {
        let page = View(frame: CGRect(origin: .zero, size: Soak.size))
        page.backgroundColor = .white
        let swatch = View(frame: CGRect(x: 20, y: 80, width: 48, height: 48))
        swatch.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        swatch.layer.cornerRadius = 10
        swatch.layer.shadowOpacity = 0.3
        swatch.layer.shadowRadius = 6
        page.addSubview(swatch)
        let card = View(frame: CGRect(x: 20, y: 150, width: 300, height: 120))
        card.backgroundColor = Color(white: 0.95, alpha: 1)
        card.layer.shouldRasterize = true
        for row in 0..<3 {
            let label = Label(frame: CGRect(x: 12, y: 12 + 34 * Double(row), width: 276, height: 24))
            label.text = "\(name) · Row \(row)"
            card.addSubview(label)
        }
        page.addSubview(card)
        view = page
    }
}
