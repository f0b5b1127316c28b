import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

/// A view that logs its `layoutSubviews` calls by name and can run extra work in them.
@MainActor
final class NamedLayoutView: View {
    let name: String
    let log: CallLog
    var onLayout: (() -> Void)?

    init(_ name: String, log: CallLog, frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100)) {
        self.name = name
        self.log = log
        super.init(frame: frame)
        accessibilityIdentifier = name
    }

    override func layoutSubviews() {
        log.add(name)
        onLayout?()
    }
}

@MainActor
@Suite struct LayoutPassTests {
    let h = Harness()
    let layouts = CallLog()
    let visits = CallLog()

    /// window ─ a ─ b ─ deep
    ///            └ c
    ///        └ d
    func makeTree() -> (a: NamedLayoutView, b: NamedLayoutView, c: NamedLayoutView, d: NamedLayoutView,
                        deep: NamedLayoutView) {
        let a = NamedLayoutView("a", log: layouts), b = NamedLayoutView("b", log: layouts)
        let c = NamedLayoutView("c", log: layouts), d = NamedLayoutView("d", log: layouts)
        let deep = NamedLayoutView("deep", log: layouts)
        h.window.addSubview(a)
        a.addSubview(b)
        a.addSubview(c)
        b.addSubview(deep)
        h.window.addSubview(d)
        h.window.layoutVisitObserver = { [visits] view in visits.add(view.accessibilityIdentifier ?? "?") }
        h.window.accessibilityIdentifier = "window"
        return (a, b, c, d, deep)
    }

    @Test func firstPassLaysOutEveryNewViewTopDown() {
        _ = makeTree()
        h.frames(1)
        #expect(layouts.entries == ["a", "b", "deep", "c", "d"])
        #expect(visits.entries == ["window", "a", "b", "deep", "c", "d"])
    }

    @Test func idleFrameVisitsNoViewAndLaysOutNothing() {
        _ = makeTree()
        h.frames(1)
        layouts.clear()
        visits.clear()
        h.frames(3)
        #expect(layouts.entries.isEmpty)
        #expect(visits.entries.isEmpty)
    }

    @Test func setNeedsLayoutDeepInTheTreeLaysOutOnlyThatViewAndWalksOnlyItsPath() {
        let tree = makeTree()
        h.frames(1)
        layouts.clear()
        visits.clear()
        tree.deep.setNeedsLayout()
        h.frames(1)
        #expect(layouts.entries == ["deep"])
        #expect(visits.entries == ["window", "a", "b", "deep"])
    }

    @Test func subviewResizedByItsSuperviewsLayoutIsLaidOutInTheSamePass() {
        let tree = makeTree()
        h.frames(1)
        layouts.clear()
        visits.clear()
        tree.b.onLayout = { tree.deep.frame = CGRect(x: 0, y: 0, width: 50, height: 50) }
        tree.b.setNeedsLayout()
        h.window.layoutIfNeeded()
        #expect(layouts.entries == ["b", "deep"])
        #expect(visits.entries == ["window", "a", "b", "deep"])
    }

    @Test func viewMarkedByALaterSiblingsLayoutWaitsForTheNextPass() {
        // As before the walk was pruned: a pass does not go back to a view it has passed.
        let tree = makeTree()
        h.frames(1)
        layouts.clear()
        var marked = false
        tree.d.onLayout = {
            guard !marked else { return }
            marked = true
            tree.c.setNeedsLayout()
        }
        tree.d.setNeedsLayout()
        h.window.layoutIfNeeded()
        #expect(layouts.entries == ["d"])
        visits.clear()
        h.window.layoutIfNeeded()
        #expect(layouts.entries == ["d", "c"])
        #expect(visits.entries == ["window", "a", "c"])
    }

    @Test func addingASubtreeThatNeedsLayoutLaysOutOnlyTheNewViews() {
        let tree = makeTree()
        h.frames(1)
        layouts.clear()
        visits.clear()
        let branch = NamedLayoutView("branch", log: layouts), leaf = NamedLayoutView("leaf", log: layouts)
        branch.addSubview(leaf)
        tree.c.addSubview(branch)
        h.frames(1)
        #expect(layouts.entries == ["branch", "leaf"])
        #expect(visits.entries == ["window", "a", "c", "branch", "leaf"])
    }

    @Test func resizingTheWindowAutoresizesAndLaysOutOnlyTheViewsWhoseSizeChanged() {
        let tree = makeTree()
        tree.a.autoresizingMask = [.flexibleWidth]
        tree.b.autoresizingMask = [.flexibleWidth]
        tree.d.autoresizingMask = [.flexibleLeftMargin]
        h.frames(1)
        layouts.clear()
        visits.clear()
        h.window.handle(.window(.resized(CGSize(width: 500, height: 600))))
        #expect(tree.a.frame == CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(tree.b.frame == CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(tree.d.frame == CGRect(x: 100, y: 0, width: 100, height: 100))
        #expect(layouts.entries == ["a", "b"])
        #expect(visits.entries == ["window", "a", "b"])
        visits.clear()
        h.frames(1)
        #expect(visits.entries.isEmpty)
    }

    @Test func controllerLayoutCallbacksWrapItsRootViewsLayoutOnlyWhenItNeedsIt() {
        let vc = LayoutLoggingViewController(log: layouts)
        h.window.rootViewController = vc
        h.frames(1)
        #expect(layouts.entries == ["viewWillLayoutSubviews", "viewDidLayoutSubviews"])
        layouts.clear()
        h.frames(2)
        #expect(layouts.entries.isEmpty)
        vc.view.setNeedsLayout()
        h.frames(1)
        #expect(layouts.entries == ["viewWillLayoutSubviews", "viewDidLayoutSubviews"])
    }
}

@MainActor
final class LayoutLoggingViewController: ViewController {
    let log: CallLog
    init(log: CallLog) {
        self.log = log
        super.init()
    }
    override func viewWillLayoutSubviews() { log.add("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.add("viewDidLayoutSubviews") }
}
