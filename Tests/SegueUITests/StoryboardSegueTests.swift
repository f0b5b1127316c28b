import Testing
@testable import SegueAnimation
@testable import SegueUI

/// A source controller that logs what the segue machinery asks it, and can refuse triggered segues.
@MainActor
final class SegueSourceController: LoggingViewController {
    var allowsSegues = true
    /// The segue handed to the last `prepare(for:sender:)`, and its destination's view state then.
    var prepared: StoryboardSegue?
    var destinationWasLoadedWhenPrepared: Bool?

    override func prepare(for segue: StoryboardSegue, sender: Any?) {
        log.add("\(name).prepare(\(segue.identifier ?? "nil"), sender: \(sender.map { "\($0)" } ?? "nil"))")
        prepared = segue
        destinationWasLoadedWhenPrepared = segue.destination.isViewLoaded
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        log.add("\(name).shouldPerformSegue(\(identifier))")
        return allowsSegues
    }
}

/// A custom segue that logs its performance in its source's log and presents its destination, unanimated.
@MainActor
final class LoggingSegue: StoryboardSegue {
    override func perform() {
        (source as? LoggingViewController)?.log.add("LoggingSegue.perform(\(identifier ?? "nil"))")
        source.present(destination, animated: false)
    }
}

/// A source whose `shouldPerformSegue` must not be asked.
@MainActor
final class UnaskedSegueSource: ViewController {
    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        preconditionFailure("shouldPerformSegue asked")
    }
}

/// A container of an app's own that takes over `show(_:sender:)` for its children, as UIKit's containers do.
@MainActor
final class ShowingContainer: ViewController {
    var shown: [ViewController] = []

    override func show(_ vc: ViewController, sender: Any?) { shown.append(vc) }
    override func handlesShowAction(_ action: ShowAction, sender: Any?) -> Bool { action == .show }
}

/// Segues registered in code (UIKit's `UIStoryboardSegue`, `performSegue`, `prepare(for:sender:)`,
/// `shouldPerformSegue`) and `show` / `showDetailViewController` routed through the containers.
@MainActor
@Suite struct StoryboardSegueTests {
    let h = Harness()
    let log = CallLog()

    func page(_ name: String) -> LoggingViewController { LoggingViewController(name, log: log) }

    /// The window's root controller, a source "A", shown, with the log cleared.
    func makeRootSource() -> SegueSourceController {
        h.showRoot(SegueSourceController("A", log: log), clearing: log)
    }

    /// A navigation controller with the source "A" at its root, shown, with the log cleared.
    func makeStackedSource() -> (NavigationController, SegueSourceController) {
        let a = SegueSourceController("A", log: log)
        return (h.showStack([a], clearing: log), a)
    }

    /// Runs frames until no push, pop, presentation or dismissal runs (at most `limit`).
    func settle(_ nav: NavigationController? = nil, limit: Int = 240) {
        for _ in 0..<limit where nav?.currentTransition != nil || h.window.modalPresentations.currentTransition != nil {
            h.frames(1)
        }
        h.frames(1)
    }

    // MARK: Order

    @Test func sourcePreparesTheSegueWithItsSenderBeforeItIsPerformed() throws {
        let a = makeRootSource()
        a.registerSegue(withIdentifier: "detail", kind: .custom(LoggingSegue.init)) { self.page("B") }
        a.performSegue(withIdentifier: "detail", sender: "tap")
        // All in the call, in UIKit's order: the destination is made, the source prepares, the segue performs
        // (its present loads the destination's view).
        #expect(log.entries == ["A.prepare(detail, sender: tap)", "LoggingSegue.perform(detail)", "B.viewDidLoad"])
        let segue = try #require(a.prepared)
        #expect(segue is LoggingSegue)
        #expect(segue.identifier == "detail" && segue.source === a)
        #expect(a.destinationWasLoadedWhenPrepared == false)
        #expect(a.presentedViewController === segue.destination)
    }

    @Test func eachPerformanceMakesANewSegueAndDestination() throws {
        let a = makeRootSource()
        a.registerSegue(withIdentifier: "next", kind: .custom { StoryboardSegue(identifier: $0, source: $1, destination: $2) }) {
            ViewController()
        }
        a.performSegue(withIdentifier: "next", sender: nil)
        let first = try #require(a.prepared)
        a.performSegue(withIdentifier: "next", sender: nil)
        let second = try #require(a.prepared)
        #expect(first !== second && first.destination !== second.destination)
    }

    // MARK: Custom segues

    @Test func customSubclassPerformRunsAndShowsItsDestination() throws {
        let a = makeRootSource()
        a.registerSegue(withIdentifier: "custom", kind: .custom(LoggingSegue.init)) { self.page("B") }
        a.performSegue(withIdentifier: "custom", sender: nil)
        settle()
        let b = try #require(a.presentedViewController as? LoggingViewController)
        #expect(b.name == "B" && b.appearanceState == .appeared)
        #expect(log.entries.contains("LoggingSegue.perform(custom)"))
    }

    @Test func segueWithPerformHandlerRunsItsHandler() {
        let a = makeRootSource()
        let log = self.log
        a.registerSegue(withIdentifier: "handled", kind: .custom { identifier, source, destination in
            StoryboardSegue(identifier: identifier, source: source, destination: destination) {
                log.add("handler(\(identifier ?? "nil"))")
            }
        }) { ViewController() }
        a.performSegue(withIdentifier: "handled", sender: nil)
        #expect(log.entries == ["A.prepare(handled, sender: nil)", "handler(handled)"])

        // Made directly, with and without a handler (the base class's perform does nothing, as in UIKit).
        log.clear()
        let b = ViewController()
        StoryboardSegue(identifier: nil, source: a, destination: b) { log.add("handler(direct)") }.perform()
        StoryboardSegue(identifier: nil, source: a, destination: b).perform()
        #expect(log.entries == ["handler(direct)"])
        #expect(a.presentedViewController == nil)
    }

    // MARK: Stock kinds, show and showDetail

    @Test func showSegueInsideANavigationControllerPushes() {
        let (nav, a) = makeStackedSource()
        a.registerSegue(withIdentifier: "next") { self.page("B") }
        a.performSegue(withIdentifier: "next", sender: nil)
        #expect(nav.viewControllers.count == 2)   // the stack changes when the push is asked for
        #expect(nav.currentTransition?.isAnimated == true)
        settle(nav)
        #expect((nav.topViewController as? LoggingViewController)?.name == "B")
        #expect(a.presentedViewController == nil)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func showFromAPageOfAStackPushesAndFromAControllerOutsideOnePresents() {
        let (nav, a) = makeStackedSource()
        let b = page("B")
        a.show(b, sender: nil)
        settle(nav)
        #expect(nav.topViewController === b && a.presentedViewController == nil)

        // The navigation controller's own show pushes too.
        let c = page("C")
        nav.show(c, sender: nil)
        settle(nav)
        #expect(nav.viewControllers.map { ($0 as? LoggingViewController)?.name } == ["A", "B", "C"])

        // Outside a stack: presented modally, animated.
        let h2 = Harness()
        let root = h2.showRoot(page("R"), clearing: log)
        let d = page("D")
        root.show(d, sender: nil)
        #expect(root.presentedViewController === d)
        #expect(h2.window.modalPresentations.currentTransition?.isAnimated == true)
    }

    @Test func showSegueOutsideANavigationControllerPresents() {
        let a = makeRootSource()
        a.registerSegue(withIdentifier: "next") { self.page("B") }
        a.performSegue(withIdentifier: "next", sender: nil)
        #expect(h.window.modalPresentations.currentTransition?.isAnimated == true)
        settle()
        #expect((a.presentedViewController as? LoggingViewController)?.name == "B")
        #expect(a.presentedViewController?.appearanceState == .appeared)
    }

    @Test func showDetailPresentsEvenInsideANavigationController() {
        let (nav, a) = makeStackedSource()
        a.registerSegue(withIdentifier: "detail", kind: .showDetail) { self.page("B") }
        a.performSegue(withIdentifier: "detail", sender: nil)
        settle(nav)
        #expect(nav.viewControllers.count == 1)
        #expect((a.presentedViewController as? LoggingViewController)?.name == "B")
        #expect(nav.presentedViewController === a.presentedViewController)
    }

    @Test func presentModallySeguePresentsInTheDestinationsStyle() {
        let (nav, a) = makeStackedSource()
        a.registerSegue(withIdentifier: "sheet", kind: .presentModally) {
            let b = self.page("B")
            b.modalPresentationStyle = .overFullScreen
            return b
        }
        a.performSegue(withIdentifier: "sheet", sender: nil)
        settle(nav)
        #expect(nav.viewControllers.count == 1)
        #expect(a.presentedViewController?.presentationController?.presentationStyle == .overFullScreen)
        #expect(nav.view.superview === h.window)   // over full screen keeps the presenter's view
    }

    @Test func showSegueAskedForDuringAPushIsQueuedBehindIt() {
        let (nav, a) = makeStackedSource()
        let b = page("B")
        a.registerSegue(withIdentifier: "next") { self.page("C") }
        nav.pushViewController(b, animated: true)
        a.performSegue(withIdentifier: "next", sender: nil)
        #expect(nav.viewControllers.count == 2)   // C waits for B's push
        settle(nav)
        settle(nav)
        #expect(nav.viewControllers.map { ($0 as? LoggingViewController)?.name } == ["A", "B", "C"])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func showGoesToTheNearestAncestorThatHandlesIt() {
        let container = ShowingContainer()
        let child = page("Child")
        container.addChild(child)
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        h.window.rootViewController = container
        h.frames(1)
        #expect(child.targetViewController(forAction: .show, sender: nil) === container)
        #expect(child.targetViewController(forAction: .showDetail, sender: nil) == nil)
        let b = page("B")
        child.show(b, sender: nil)
        #expect(container.shown.count == 1 && container.shown.first === b)
        #expect(container.presentedViewController == nil)

        // A controller presented over a navigation stack is outside it: its show presents.
        let (nav, a) = makeStackedSource()
        let presented = page("P")
        a.present(presented, animated: false)
        settle(nav)
        #expect(presented.targetViewController(forAction: .show, sender: nil) == nil)
        let c = page("C")
        presented.show(c, sender: nil)
        settle(nav)
        #expect(presented.presentedViewController === c && nav.viewControllers.count == 1)
    }

    // MARK: shouldPerformSegue

    @Test func triggeredSegueAsksShouldPerformAndPerformSegueDoesNot() {
        let a = makeRootSource()
        a.registerSegue(withIdentifier: "next", kind: .custom { StoryboardSegue(identifier: $0, source: $1, destination: $2) }) {
            ViewController()
        }
        a.allowsSegues = false
        #expect(a.triggerSegue(withIdentifier: "next", sender: "button") == false)
        #expect(log.entries == ["A.shouldPerformSegue(next)"])
        a.performSegue(withIdentifier: "next", sender: "code")
        #expect(log.entries == ["A.shouldPerformSegue(next)", "A.prepare(next, sender: code)"])
        log.clear()
        a.allowsSegues = true
        #expect(a.triggerSegue(withIdentifier: "next", sender: "button"))
        #expect(log.entries == ["A.shouldPerformSegue(next)", "A.prepare(next, sender: button)"])
    }

    // MARK: Unknown identifiers

    @Test func unregisteredIdentifierHasNoSegue() {
        let a = makeRootSource()
        a.registerSegue(withIdentifier: "next") { ViewController() }
        #expect(a.makeSegue(withIdentifier: "missing") == nil)
        #expect(a.makeSegue(withIdentifier: "next")?.identifier == "next")
        #expect(log.entries.isEmpty)   // making a segue neither prepares nor performs it
        // Registering again replaces the segue.
        a.registerSegue(withIdentifier: "next", kind: .custom(LoggingSegue.init)) { ViewController() }
        #expect(a.makeSegue(withIdentifier: "next") is LoggingSegue)
    }

    @Test func performingAnUnregisteredIdentifierFailsWithUIKitsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let vc = ViewController()
                vc.registerSegue(withIdentifier: "next") { ViewController() }
                vc.performSegue(withIdentifier: "missing", sender: nil)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Receiver (<ViewController: 0x"))
        #expect(message.contains(") has no segue with identifier 'missing'"))
    }

    @Test func triggeringAnUnregisteredIdentifierFailsBeforeAskingShouldPerform() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = UnaskedSegueSource().triggerSegue(withIdentifier: "missing", sender: nil)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Receiver (<UnaskedSegueSource: 0x") && message.contains("has no segue with identifier 'missing'"))
        #expect(!message.contains("shouldPerformSegue asked"))
    }
}
