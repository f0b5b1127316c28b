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

    @Test func appearanceCallbacksAreBalanced() {
        let vc = LoggingViewController("A", log: log)
        _ = vc.view
        log.clear()
        vc.beginAppearanceTransition(true, animated: true)
        vc.beginAppearanceTransition(true, animated: true)
        vc.endAppearanceTransition()
        vc.endAppearanceTransition()
        vc.beginAppearanceTransition(true, animated: false)
        vc.endAppearanceTransition()
        vc.beginAppearanceTransition(false, animated: true)
        vc.endAppearanceTransition()
        vc.beginAppearanceTransition(false, animated: true)
        vc.endAppearanceTransition()
        #expect(log.entries == ["A.viewWillAppear(true)", "A.viewDidAppear(true)",
                                "A.viewWillDisappear(true)", "A.viewDidDisappear(true)"])
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
        #expect(vc.modalPresentationStyle == .fullScreen)
        #expect(!vc.isBeingPresented && !vc.isBeingDismissed)
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
