import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// What must hold in the demo app (and in the gallery: any ``MonkeyScene``) after every frame, whatever the input (issue 13, "A seeded monkey
/// test"); checked by the monkey with no test framework. Create it right after the window, before the first
/// frame: it follows every container's transitions through their observers and every controller's
/// appearance through the app's log.
///
/// After every frame: stacks and children consistent; appearance callbacks in order per controller
/// (disappeared -> appearing -> appeared -> disappearing -> disappeared, or back when cancelled); at most one
/// transition per container (begins and ends paired); a running transition's percent within 0...1; a
/// transition playing on its own (not held by a finger, nor frozen by an enclosing transition's) ends in time, and one driven by a finger lets go
/// once the pointer is up; a container with no transition shows
/// exactly its current page at its bounds; no two gesture recognizers active at once unless a delegate lets
/// them recognize together, and no transition moved by two active recognizers even then. Once idle (no transition anywhere, no animation on any layer):
/// every layer's model equal to its presentation, its timing plain; the appearance of every page and sheet
/// is what the state says (the selected tab's top page and every sheet appeared, every other disappeared);
/// the presented chain matches the containers in the window.
@MainActor
final class DemoInvariants {
    /// A broken invariant: which rule (stable, for the shrinker to match) and what was seen.
    struct Violation: Error, CustomStringConvertible, Equatable {
        let rule: String
        let detail: String
        var description: String { "\(rule): \(detail)" }
    }

    /// The longest a transition may play on its own (animating, finishing, cancelling) beyond its duration,
    /// in seconds of animation time (slow motion stretches both by ``Window/slowAnimationsFactor``).
    static let transitionOverrunAllowance = 2.0
    /// The longest animations may remain on layers with no transition running, in seconds of clock time:
    /// the longest animation the app starts (a tab bar indicator, a spring) slowed down ten times.
    static let settleAllowance = 30.0
    /// The longest a transition may stay interacting after the pointer went up, in seconds of clock time:
    /// the release is handled in the frame it arrives; a generous margin for a gesture's own timers.
    static let releaseAllowance = 1.0

    private let window: any MonkeyScene
    /// Each tab's root page, as the app began.
    private let roots: [ViewController?]
    /// Appearance per controller id, from the log.
    private var appearance: [String: ViewController.AppearanceTracking] = [:]
    /// The transition each container runs, as its observer told it.
    private var running: [String: ObjectIdentifier] = [:]
    /// When each running transition began playing on its own, in clock seconds.
    private var playingSince: [ObjectIdentifier: Double] = [:]
    private var animatedSince: Double?
    /// Since when a transition has been interacting with no pointer held, in clock seconds.
    private var interactingUnheldSince: Double?
    private var pending: Violation?
    /// Frames checked, and those of them at rest (the at-rest checks ran: every layer walked).
    private(set) var framesChecked = 0
    private(set) var framesAtRest = 0

    /// Starts following `window` (whose log the caller drains and hands to ``check(log:time:)``).
    init(window: any MonkeyScene) {
        self.window = window
        roots = window.monkeyStacks.map { $0.viewControllers.first }
        for (i, nav) in window.monkeyStacks.enumerated() { nav.transitionObserver = follow("navigation\(i)", nav.transitionObserver) }
        window.monkeyTabs.transitionObserver = follow("tabs", window.monkeyTabs.transitionObserver)
        window.modalPresentations.transitionObserver = follow("modal", window.modalPresentations.transitionObserver)
    }

    private func follow(_ container: String, _ next: ((ContainerTransition, ContainerTransition.Event) -> Void)?)
        -> (ContainerTransition, ContainerTransition.Event) -> Void {
        { [unowned self] transition, event in
            next?(transition, event)
            let id = ObjectIdentifier(transition)
            switch event {
            case .began:
                if let other = running[container], other != id {
                    report("one transition per container", "\(container) began a \(transition.kind.rawValue) while another runs")
                }
                running[container] = id
            case .finished, .cancelled:
                if running[container] != id {
                    report("one transition per container", "\(container) ended a \(transition.kind.rawValue) (\(event.rawValue)) that had not begun")
                }
                running[container] = nil
                playingSince[id] = nil
            }
        }
    }

    private func report(_ rule: String, _ detail: String) {
        if pending == nil { pending = Violation(rule: rule, detail: detail) }
    }

    /// Checks the frame just run; `log` is what the app logged during it, `time` the clock's time in
    /// seconds, `pointerHeld` whether the input holds the button down now (nil: unknown, not checked).
    /// No input leaves two recognizers driving at once (issue 38): among the recognizers of the touch in
    /// progress that have begun, any two may recognize together (a delegate said so); two that may not
    /// (an edge pop and a content pop, a pop and a catch, a pop and a tab swipe) would drive one transition
    /// from two gestures. And whatever the delegates allow, no running transition is moved by two active
    /// recognizers of one touch sequence (``Window/gestureDrivenTransitions``): two that may recognize
    /// together (a pinch and a pan on one page) must not both drive it.
    private func checkGestureRecognizers(_ fail: (String, @autoclosure () -> String) -> Void) {
        func name(_ r: GestureRecognizer) -> String { r.name ?? "\(type(of: r))" }
        let active = window.activeGestureRecognizers
        for (i, a) in active.enumerated() {
            for b in active[(i + 1)...] where !a.mayRecognizeSimultaneously(with: b) {
                fail("one recognizer drives at a time", "\(name(a)) and \(name(b)) both active")
                return
            }
        }
        for (transition, recognizers) in window.gestureDrivenTransitions where recognizers.count > 1 {
            let owner = containers().first { $0.1 === transition }?.0 ?? "a container"
            fail("one recognizer drives at a time",
                 "\(recognizers.map(name).joined(separator: " and ")) both drive \(owner)'s \(transition.kind.rawValue)")
            return
        }
    }

    func check(log: [String], time: Double, pointerHeld: Bool? = nil) -> Violation? {
        for entry in log { follow(entry) }
        if let pending { return pending }
        var result: Violation?
        func fail(_ rule: String, _ detail: @autoclosure () -> String) {
            if result == nil { result = Violation(rule: rule, detail: detail()) }
        }
        checkStructure(fail)
        if window.unbalancedAppearanceCallCount > 0 {
            // Segue's own containers never make an unbalanced appearance call (UIKit would log one).
            fail("appearance calls balanced", "\(window.unbalancedAppearanceCallCount) unbalanced begin/end appearance call(s)")
        }
        checkTransitions(time: time, fail)
        if pointerHeld == false, let (name, t) = containers().first(where: { $0.1?.phase == .interacting }), let t {
            let since = interactingUnheldSince ?? time
            interactingUnheldSince = since
            if time - since > Self.releaseAllowance {
                fail("interaction ends with the pointer", "\(name)'s \(t.kind.rawValue) still interacting \(time - since) s after the pointer went up")
            }
        } else {
            interactingUnheldSince = nil
        }
        checkContainerViews(fail)
        checkGestureRecognizers(fail)
        framesChecked += 1
        if result == nil, isIdle(time: time, fail) {
            framesAtRest += 1
            checkAtRest(fail)
        }
        return result ?? pending
    }

    // MARK: Appearance, from the log

    private func follow(_ entry: String) {
        let suffixes: [(String, ViewController.AppearanceTracking.Callback)] = [
            (".viewWillAppear", .willAppear), (".viewDidAppear", .didAppear),
            (".viewWillDisappear", .willDisappear), (".viewDidDisappear", .didDisappear),
        ]
        guard let (suffix, callback) = suffixes.first(where: { entry.hasSuffix($0.0) }) else { return }
        let id = String(entry.dropLast(suffix.count))
        let before = appearance[id] ?? .disappeared
        guard let after = before.after(callback) else {
            report("appearance balanced", "\(id) got \(suffix.dropFirst()) while \(before)")
            return
        }
        appearance[id] = after
    }

    // MARK: Every frame

    private func checkStructure(_ fail: (String, @autoclosure () -> String) -> Void) {
        let tabs = window.monkeyTabs
        let controllers = tabs.viewControllers ?? []
        if !same(controllers, window.monkeyStacks) || !same(tabs.children, window.monkeyStacks) {
            fail("tab children", "tabs hold \(controllers.count) controllers, \(tabs.children.count) children")
        }
        if !(0..<window.monkeyStacks.count).contains(tabs.selectedIndex) {
            fail("tab selection", "selected index \(tabs.selectedIndex)")
        }
        for (i, nav) in window.monkeyStacks.enumerated() {
            let stack = nav.viewControllers
            guard let root = stack.first, root === roots[i] else {
                fail("stack", "tab \(i)'s stack does not start at its root: \(ids(stack))"); continue
            }
            if Set(stack.map(ObjectIdentifier.init)).count != stack.count { fail("stack", "tab \(i)'s stack repeats a page: \(ids(stack))") }
            if let stranger = stack.first(where: { window.monkeyTab(of: $0) != i }) {
                fail("stack", "tab \(i)'s stack holds \(window.monkeyID(of: stranger))")
            }
            if let orphan = stack.first(where: { $0.parent !== nav }) {
                fail("stack", "\(window.monkeyID(of: orphan)) is in tab \(i)'s stack but its parent is \(orphan.parent.map(window.monkeyID) ?? "nil")")
            }
            if nav.currentTransition == nil, !same(nav.children, stack) {
                fail("stack", "tab \(i) idle: children \(ids(nav.children)) but stack \(ids(stack))")
            }
        }
        // The presented chain: each sheet presented by the one below it, the first by the tab bar controller.
        var presenter: ViewController = tabs
        while let presented = presenter.presentedViewController {
            if presented.presentingViewController !== presenter {
                fail("presented chain", "\(window.monkeyID(of: presented)) is presented by \(window.monkeyID(of: presenter)) but names another presenter")
                break
            }
            presenter = presented
        }
    }

    private func checkTransitions(time: Double, _ fail: (String, @autoclosure () -> String) -> Void) {
        // Slow motion may have been on for part of the way: allow for it all the way.
        let slow = Window.slowAnimationsFactor
        for (name, transition) in containers() {
            if running[name] != transition.map(ObjectIdentifier.init) {
                fail("one transition per container", "\(name) runs \(transition?.kind.rawValue ?? "nothing") but its observer was told otherwise")
            }
            guard let t = transition else { continue }
            let percent = t.percentComplete
            if !(0...1).contains(percent) { fail("percent within 0...1", "\(name)'s \(t.kind.rawValue) at \(percent) (\(t.phase.rawValue))") }
            let id = ObjectIdentifier(t)
            // Held by a finger, or by an enclosing transition's (its time frozen above it): not playing.
            if t.phase == .interacting || t.isHeldByEnclosingTime {
                playingSince[id] = nil
            } else {
                let since = playingSince[id] ?? time
                playingSince[id] = since
                if time - since > (t.transitionDuration + Self.transitionOverrunAllowance) * slow {
                    fail("transition ends", "\(name)'s \(t.kind.rawValue) has been \(t.phase.rawValue) for \(time - since) s")
                }
            }
        }
    }

    /// Each container with no transition shows exactly its current page, at its bounds.
    private func checkContainerViews(_ fail: (String, @autoclosure () -> String) -> Void) {
        let tabs = window.monkeyTabs
        if tabs.currentTransition == nil {
            let pages = tabs.transitionView.subviews
            if let selected = tabs.selectedViewController, pages.count != 1 || pages.first !== selected.viewIfLoaded {
                fail("tab views", "idle tabs show \(pages.count) views, not only tab \(tabs.selectedIndex)'s")
            } else if let view = pages.first, view.frame != tabs.transitionView.bounds {
                fail("view within bounds", "tab \(tabs.selectedIndex)'s view at \(view.frame), bounds \(tabs.transitionView.bounds)")
            }
        }
        for (i, nav) in window.monkeyStacks.enumerated() where nav.currentTransition == nil {
            let pages = nav.transitionView.subviews
            if nav.isViewLoaded, let top = nav.topViewController, pages.count != 1 || pages.first !== top.viewIfLoaded {
                fail("navigation views", "idle tab \(i) shows \(pages.count) views, not only \(window.monkeyID(of: top)) (stack \(ids(nav.viewControllers)))")
            } else if let view = pages.first, let top = nav.topViewController, view.frame != restingFrame(of: top, in: nav) {
                fail("view within bounds", "tab \(i)'s top page at \(view.frame), expected \(restingFrame(of: top, in: nav))")
            }
            // The bar shows the top page's tint and content, once.
            if nav.isViewLoaded, let top = nav.topViewController {
                let bar = nav.navigationBar
                if bar.subviews.count != 2 || bar.title != top.navigationItem.title {
                    fail("navigation bar", "idle tab \(i)'s bar holds \(bar.subviews.count) views titled \(bar.title ?? "nil"), top \(window.monkeyID(of: top)) is \(top.navigationItem.title ?? "nil")")
                }
            }
        }
    }

    /// Where a navigation controller's top page rests, by UIKit's rule: the whole transition view (which
    /// spans the navigation controller's view) when the page extends under the bar (its top edge extended,
    /// and the bar translucent or the page extending under opaque bars) or the bar is hidden; else below it.
    private func restingFrame(of page: ViewController, in nav: NavigationController) -> CGRect {
        let bounds = nav.transitionView.bounds
        let extends = page.edgesForExtendedLayout.contains(.top)
            && (nav.navigationBar.isTranslucent || page.extendedLayoutIncludesOpaqueBars)
        guard !nav.isNavigationBarHidden, !extends else { return bounds }
        let bar = nav.navigationBar.frame.maxY
        return CGRect(x: bounds.minX, y: bounds.minY + bar, width: bounds.width, height: max(bounds.height - bar, 0))
    }

    // MARK: Once idle

    /// Whether the frame is at rest: no transition runs, no recognizer tracks a pointer (a finger holding a
    /// sheet between its detents moves it with no transition and no animation: it is where the finger puts
    /// it, not at a detent), and no layer animates (for longer than ``settleAllowance``: a failure).
    private func isIdle(time: Double, _ fail: (String, @autoclosure () -> String) -> Void) -> Bool {
        guard containers().allSatisfy({ $0.1 == nil }) else { animatedSince = nil; return false }
        guard window.trackingGestureRecognizers.isEmpty else { animatedSince = nil; return false }
        guard let animated = firstAnimatedLayer() else { animatedSince = nil; return true }
        let since = animatedSince ?? time
        animatedSince = since
        if time - since > Self.settleAllowance {
            fail("animations settle", "no transition runs but \(animated) has been animating for \(time - since) s")
        }
        return false
    }

    private func checkAtRest(_ fail: (String, @autoclosure () -> String) -> Void) {
        var layers = [window.layer]
        while let layer = layers.popLast() {
            if layer.renderedProperties != layer.model {
                fail("model equals presentation", "at rest, \(describe(layer))'s presentation differs from its model")
                return
            }
            if layer.timing != MediaTimingValues() {
                fail("plain layer timing", "at rest, \(describe(layer)) has timing \(layer.timing)")
                return
            }
            layers += layer.sublayers
        }
        // Appearance matches the state: the selected tab's top page and every sheet appeared, the rest not
        // (nor anything a full-screen sheet covers: its presenter's view left the window).
        let tabs = window.monkeyTabs
        let sheets = window.monkeySheets
        let removes = sheets.map { $0.presentationController?.shouldRemovePresentersView ?? false }
        var expected: [String: ViewController.AppearanceTracking] = [:]
        for (i, nav) in window.monkeyStacks.enumerated() {
            for page in nav.viewControllers { expected[window.monkeyID(of: page)] = .disappeared }
            if i == tabs.selectedIndex, removes.first != true, let top = nav.topViewController {
                expected[window.monkeyID(of: top)] = .appeared
            }
        }
        for (index, sheet) in sheets.enumerated() {
            let covered = index + 1 < removes.count && removes[index + 1]
            expected[window.monkeyID(of: sheet)] = covered ? .disappeared : .appeared
        }
        // The first id in order that differs (found without sorting every id ever seen: a run's sheets
        // never reuse an id, so sorting them all each idle frame made long runs slower and slower).
        if let (id, state) = appearance.filter({ $0.value != (expected[$0.key] ?? .disappeared) }).min(by: { $0.key < $1.key }) {
            fail("appearance matches state", "at rest \(id) is \(state), expected \(expected[id] ?? .disappeared)")
            return
        }
        // The window holds the tab bar controller's view (unless the first sheet is full screen, which takes
        // its presenter's view out), then each sheet's container view, each holding its sheet (unless the
        // sheet above is full screen).
        let expectedSubviews = (removes.first == true ? [] : [tabs.viewIfLoaded]) + sheets.map { $0.presentationController?.containerView }
        if window.subviews.count != expectedSubviews.count || !zip(window.subviews, expectedSubviews).allSatisfy({ $0 === $1 }) {
            fail("presented chain", "at rest the window holds \(window.subviews.count) views for \(sheets.count) sheets")
            return
        }
        for (index, sheet) in sheets.enumerated() {
            let covered = index + 1 < removes.count && removes[index + 1]
            guard let presentation = sheet.presentationController, let container = presentation.containerView,
                  let view = presentation.presentedView, (view.superview === container) != covered else {
                fail("presented chain", "at rest \(window.monkeyID(of: sheet))'s view is \(covered ? "still" : "not") in its container view"); return
            }
            // Where its layout puts it, untransformed (a page sheet above recedes it by a transform alone).
            let rest = presentation.frameOfPresentedViewInContainerView
            let untransformed = CGRect(x: view.center.x - view.bounds.width / 2, y: view.center.y - view.bounds.height / 2,
                                       width: view.bounds.width, height: view.bounds.height)
            let recededByTheSheetAbove = index + 1 < sheets.count && sheets[index + 1].presentationController is SheetPresentationController
            if !covered, untransformed != rest || (!recededByTheSheetAbove && view.transform != .identity) {
                fail("view within bounds", "at rest \(window.monkeyID(of: sheet)) at \(view.frame), expected \(rest)")
                return
            }
        }
    }

    // MARK: Helpers

    private func containers() -> [(String, ContainerTransition?)] {
        window.monkeyStacks.enumerated().map { ("navigation\($0.offset)", $0.element.currentTransition) }
            + [("tabs", window.monkeyTabs.currentTransition), ("modal", window.modalPresentations.currentTransition)]
    }

    private func firstAnimatedLayer() -> String? {
        var layers = [window.layer]
        while let layer = layers.popLast() {
            if layer.hasAnimations { return describe(layer) }
            layers += layer.sublayers
        }
        return nil
    }

    private func describe(_ layer: Layer) -> String {
        var path: [String] = []
        var current: Layer? = layer
        while let l = current {
            path.append(l.name ?? "layer")
            current = l.superlayer
        }
        return path.reversed().joined(separator: "/")
    }

    private func same(_ a: [ViewController], _ b: [ViewController]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    private func ids(_ controllers: [ViewController]) -> String {
        "[" + controllers.map(window.monkeyID).joined(separator: ", ") + "]"
    }
}

extension ViewController {
    /// A controller's appearance cycle as its callbacks tell it (the monkey's own, from the outside):
    /// disappeared -> appearing -> appeared -> disappearing -> disappeared, or back from appearing or
    /// disappearing when a transition is cancelled.
    enum AppearanceTracking: String, CustomStringConvertible {
        case disappeared, appearing, appeared, disappearing

        /// An appearance callback.
        enum Callback { case willAppear, didAppear, willDisappear, didDisappear }

        var description: String { rawValue }

        /// The state after `callback`, or nil when the callback is out of order.
        func after(_ callback: Callback) -> Self? {
            switch (self, callback) {
            case (.disappeared, .willAppear), (.disappearing, .willAppear): .appearing
            case (.appearing, .didAppear): .appeared
            case (.appeared, .willDisappear), (.appearing, .willDisappear): .disappearing
            case (.disappearing, .didDisappear): .disappeared
            default: nil
            }
        }
    }
}

/// An app the monkey runs: tabs of navigation stacks, sheets on top, and a log of appearance callbacks
/// (`<id>.viewWillAppear`...). The demo app and the gallery are.
@MainActor
protocol MonkeyScene: Window, TraceableScene {
    /// The tabs' navigation stacks, in tab order.
    var monkeyStacks: [NavigationController] { get }
    /// The tab bar controller (the root).
    var monkeyTabs: TabBarController { get }
    /// The sheets presented now, bottom first.
    var monkeySheets: [ViewController] { get }
    /// The id a controller has in the trace and the log.
    func monkeyID(of controller: ViewController) -> String
    /// The tab whose stack a page belongs in.
    func monkeyTab(of page: ViewController) -> Int?
    /// Whether Escape with no sheet quits (the monkey turns it off).
    var quitsOnEscape: Bool { get set }
}

extension DemoWindow: MonkeyScene {
    var monkeyStacks: [NavigationController] { stacks }
    var monkeyTabs: TabBarController { tabs }
    var monkeySheets: [ViewController] { sheets }
    func monkeyID(of controller: ViewController) -> String { Self.id(of: controller) }
    func monkeyTab(of page: ViewController) -> Int? { (page as? DemoPage)?.tab }
}

extension GalleryWindow: MonkeyScene {
    var monkeyStacks: [NavigationController] { stacks }
    var monkeyTabs: TabBarController { tabs }
    var monkeySheets: [ViewController] { sheets }
    func monkeyID(of controller: ViewController) -> String { Self.id(of: controller) }
    func monkeyTab(of page: ViewController) -> Int? {
        let prefix = Self.id(of: page).prefix { $0 != "." }
        return ["effects", "photos", "matched"].firstIndex(of: String(prefix))
    }
}
