import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

@MainActor
@Suite struct ViewControllerLifecycleTests {
    let h = Harness()
    let log = CallLog()

    @Test func viewLoadsLazilyOnce() {
        let vc = LoggingViewController("A", log: log)
        #expect(!vc.isViewLoaded)
        #expect(vc.viewIfLoaded == nil)
        let view = vc.view
        #expect(vc.isViewLoaded)
        #expect(vc.view === view)
        #expect(log.entries == ["A.viewDidLoad"])
        #expect(vc.view.frame == ViewController.defaultViewFrame)
    }

    /// UIKit's `loadView` makes a view the size of the screen; here, of the window it is loaded for: the
    /// window a root controller is installed in, that of a parent or presenter shown in one; with none,
    /// the default size.
    @Test func aViewLoadsAtTheSizeOfTheWindowItIsLoadedFor() {
        #expect(ViewController().view.frame == ViewController.defaultViewFrame)
        let other = Window(clock: VirtualClock(), size: CGSize(width: 1024, height: 768))
        other.makeKey()   // another window, key: not the one these controllers are loaded for
        final class SizeAtLoad: ViewController {
            var size: CGSize?
            override func viewDidLoad() { size = view.bounds.size }
        }
        let root = SizeAtLoad()
        h.window.rootViewController = root
        #expect(root.size == Harness.size)
        let nav = NavigationController(rootViewController: SizeAtLoad())
        let child = SizeAtLoad()
        root.addChild(child)
        #expect(child.view.frame.size == Harness.size)
        let presented = SizeAtLoad()
        presented.modalPresentationStyle = .overFullScreen
        root.present(nav, animated: false)
        h.frames(1)
        #expect((nav.viewControllers[0] as? SizeAtLoad)?.size == Harness.size)
        nav.present(presented, animated: false)
        h.frames(1)
        #expect(presented.size == Harness.size)
        _ = other
    }

    /// UIKit's page is screen-sized when a custom animator gets it: a presented controller's view in no
    /// superview takes the window's bounds when the presentation starts (a custom presentation animates
    /// from there), whatever size it was loaded at.
    @Test func aPresentedViewStartsAtTheWindowsBounds() {
        let root = ViewController()
        h.window.rootViewController = root
        let presented = ViewController()
        presented.modalPresentationStyle = .overFullScreen
        #expect(presented.view.frame == ViewController.defaultViewFrame)
        root.present(presented, animated: false)
        h.frames(1)
        #expect(presented.view.frame == CGRect(origin: .zero, size: Harness.size))
    }

    @Test func rootControllerAppearsAndFillsTheWindow() {
        let vc = LoggingViewController("A", log: log)
        h.window.rootViewController = vc
        #expect(log.entries == ["A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)"])
        #expect(vc.view.frame == CGRect(origin: .zero, size: Harness.size))
        h.window.resize(to: CGSize(width: 800, height: 500))
        #expect(vc.view.frame == CGRect(x: 0, y: 0, width: 800, height: 500))
        log.clear()
        h.window.rootViewController = LoggingViewController("B", log: log)
        #expect(log.entries == ["A.viewWillDisappear(false)", "A.viewDidDisappear(false)",
                                "B.viewDidLoad", "B.viewWillAppear(false)", "B.viewDidAppear(false)"])
    }

    @Test func addingAChildInAWindowFollowsUIKitsOrder() {
        let parent = LoggingViewController("P", log: log)
        h.window.rootViewController = parent
        let child = LoggingViewController("C", log: log)
        log.clear()
        parent.addChild(child)
        #expect(child.isMovingToParent)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(!child.isMovingToParent)
        #expect(log.entries == ["C.willMove(toParent: P)", "C.viewDidLoad", "C.viewWillAppear(false)",
                                "C.viewDidAppear(false)", "C.didMove(toParent: P)"])
        #expect(parent.children.count == 1 && parent.children[0] === child && child.parent === parent)
    }

    @Test func removingAChildFollowsUIKitsOrder() {
        let parent = LoggingViewController("P", log: log)
        h.window.rootViewController = parent
        let child = LoggingViewController("C", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        log.clear()
        child.willMove(toParent: nil)
        #expect(child.isMovingFromParent)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(!child.isMovingFromParent)
        #expect(log.entries == ["C.willMove(toParent: nil)", "C.viewWillDisappear(false)",
                                "C.viewDidDisappear(false)", "C.didMove(toParent: nil)"])
        #expect(parent.children.isEmpty && child.parent == nil)
    }

    @Test func rootAppearanceIsForwardedToChildrenParentFirst() {
        let parent = LoggingViewController("P", log: log)
        let child = LoggingViewController("C", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        log.clear()
        h.window.rootViewController = parent
        #expect(log.entries == ["P.viewWillAppear(false)", "C.viewWillAppear(false)",
                                "P.viewDidAppear(false)", "C.viewDidAppear(false)"])
        log.clear()
        h.window.rootViewController = nil
        #expect(log.entries == ["P.viewWillDisappear(false)", "C.viewWillDisappear(false)",
                                "P.viewDidDisappear(false)", "C.viewDidDisappear(false)"])
    }

    @Test func explicitAppearanceCallsComeInWillDidPairs() {
        let vc = LoggingViewController("A", log: log)
        _ = vc.view
        log.clear()
        vc.beginAppearanceTransition(true, animated: true)
        vc.endAppearanceTransition()
        vc.beginAppearanceTransition(false, animated: false)
        vc.endAppearanceTransition()
        vc.beginAppearanceTransition(true, animated: false)
        vc.endAppearanceTransition()
        #expect(log.entries == ["A.viewWillAppear(true)", "A.viewDidAppear(true)",
                                "A.viewWillDisappear(false)", "A.viewDidDisappear(false)",
                                "A.viewWillAppear(false)", "A.viewDidAppear(false)"])
    }

    @Test func cancelledAppearanceReversesInUIKitsOrder() {
        let a = LoggingViewController("A", log: log)
        h.window.rootViewController = a
        let b = LoggingViewController("B", log: log)
        _ = b.view
        log.clear()
        // An interactive transition that is cancelled (spec §5).
        a.beginAppearanceTransition(false, animated: true)
        b.beginAppearanceTransition(true, animated: true)
        b.beginAppearanceTransition(false, animated: true)
        b.endAppearanceTransition()
        a.beginAppearanceTransition(true, animated: true)
        a.endAppearanceTransition()
        #expect(log.entries == ["A.viewWillDisappear(true)", "B.viewWillAppear(true)",
                                "B.viewWillDisappear(true)", "B.viewDidDisappear(true)",
                                "A.viewWillAppear(true)", "A.viewDidAppear(true)"])
    }

    @Test func customContainerThatDoesNotForwardDrivesItsChildren() {
        final class Container: LoggingViewController {
            override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
        }
        let container = Container("K", log: log)
        h.window.rootViewController = container
        let child = LoggingViewController("C", log: log)
        log.clear()
        container.addChild(child)
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        #expect(log.entries == ["C.willMove(toParent: K)", "C.viewDidLoad", "C.didMove(toParent: K)"])
        log.clear()
        child.beginAppearanceTransition(true, animated: true)
        child.endAppearanceTransition()
        #expect(log.entries == ["C.viewWillAppear(true)", "C.viewDidAppear(true)"])
    }

    @Test func addingAChildOfAnotherParentMovesIt() {
        let p1 = LoggingViewController("P1", log: log)
        let p2 = LoggingViewController("P2", log: log)
        let child = LoggingViewController("C", log: log)
        p1.addChild(child)
        child.didMove(toParent: p1)
        log.clear()
        p2.addChild(child)
        #expect(log.entries == ["C.didMove(toParent: nil)", "C.willMove(toParent: P2)"])
        #expect(p1.children.isEmpty && p2.children.count == 1 && child.parent === p2)
    }

    @Test func settingTheTitleSetsTheItemsTitles() {
        let vc = ViewController()
        vc.title = "Inbox"
        #expect(vc.navigationItem.title == "Inbox")
        #expect(vc.tabBarItem.title == "Inbox")
        #expect(vc.modalPresentationStyle == .automatic)   // UIKit's default since iOS 13
        #expect(!vc.isBeingPresented && !vc.isBeingDismissed)
    }

    /// The standard error of an exit test as text.
    static func text(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    /// UIKit's rule (the old fail-fast became UIKit's log): an unbalanced call is ignored (no callback, no
    /// change of state) and counted by the controller's window.
    @Test func unbalancedAppearanceCallsAreIgnoredAndCountedByTheWindow() {
        let vc = LoggingViewController("A", log: log)
        h.window.rootViewController = vc
        log.clear()
        #expect(h.window.unbalancedAppearanceCallCount == 0)
        vc.beginAppearanceTransition(true, animated: true)   // already appeared
        #expect(h.window.unbalancedAppearanceCallCount == 1)
        vc.endAppearanceTransition()   // nothing in progress
        #expect(h.window.unbalancedAppearanceCallCount == 2)
        #expect(log.entries.isEmpty)
        #expect(vc.appearanceState == .appeared)
        // Balanced calls still work after them.
        vc.beginAppearanceTransition(false, animated: true)
        vc.beginAppearanceTransition(false, animated: true)   // again while disappearing
        vc.endAppearanceTransition()
        #expect(log.entries == ["A.viewWillDisappear(true)", "A.viewDidDisappear(true)"])
        #expect(h.window.unbalancedAppearanceCallCount == 3)
    }

    /// Segue's containers and transitions never make an unbalanced call: a push, a pop, a present and a
    /// dismiss leave the count at 0.
    @Test func segueOwnContainersMakeNoUnbalancedCall() {
        let nav = NavigationController(rootViewController: ViewController())
        h.window.rootViewController = nav
        nav.pushViewController(ViewController(), animated: true)
        h.frames(60)
        _ = nav.popViewController(animated: true)
        h.frames(60)
        nav.present(ViewController(), animated: true)
        h.frames(60)
        nav.dismiss(animated: true)
        h.frames(60)
        #expect(nav.viewControllers.count == 1 && nav.presentedViewController == nil)
        #expect(h.window.unbalancedAppearanceCallCount == 0)
    }

    /// UIKit's console line, once per controller however many unbalanced calls it gets (in a child
    /// process, to read its standard error); the program goes on.
    @Test func anUnbalancedCallLogsUIKitsLineOncePerController() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let vc = ViewController()
                vc.beginAppearanceTransition(true, animated: true)
                vc.beginAppearanceTransition(true, animated: true)
                vc.beginAppearanceTransition(true, animated: true)
                ViewController().endAppearanceTransition()
            }
        }
        let lines = Self.text(result).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Segue: Unbalanced calls to begin/end appearance transitions for <ViewController>. "
                                       + "(beginAppearanceTransition(true, animated:) called again while appearing") == true)
        #expect(lines.last?.hasPrefix("Segue: Unbalanced calls to begin/end appearance transitions for <ViewController>. "
                                      + "(endAppearanceTransition() with no appearance transition in progress") == true)
    }

    @Test func addingAControllerAsItsOwnChildFailsLoudly() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let vc = ViewController()
                vc.addChild(vc)
            }
        }
    }
}
