import Testing
@testable import SegueAnimation
@testable import SegueUI

/// Bars and safe areas as UIKit lays them out: a translucent bar's pages and transition container span the
/// whole container under it, with the bar in their safe area; an opaque bar puts them below it.
@MainActor
@Suite struct SafeAreaTests {
    let h = Harness()   // 400 x 600
    let log = CallLog()

    final class InsetsPage: LoggingViewController {
        var changes: [EdgeInsets] = []
        override func viewSafeAreaInsetsDidChange() { changes.append(view.safeAreaInsets) }
    }

    func stack(translucent: Bool, tabs: Bool = false) -> (NavigationController, InsetsPage, TabBarController?) {
        let page = InsetsPage("A", log: log)
        let nav = NavigationController(rootViewController: page)
        nav.navigationBar.isTranslucent = translucent
        if tabs {
            let t = TabBarController()
            t.tabBar.isTranslucent = translucent
            t.viewControllers = [nav]
            h.window.rootViewController = t
            h.frames(1)
            return (nav, page, t)
        }
        h.window.rootViewController = nav
        h.frames(1)
        return (nav, page, nil)
    }

    @Test func underATranslucentBarThePageAndTheContainerSpanTheWholeViewWithTheBarInTheSafeArea() {
        let (nav, page, _) = stack(translucent: true)
        #expect(nav.transitionView.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(page.view.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(page.view.safeAreaInsets == EdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
        #expect(page.view.safeAreaFrame == CGRect(x: 0, y: 44, width: 400, height: 556))
        #expect(page.changes == [EdgeInsets(top: 44, left: 0, bottom: 0, right: 0)])
        // A subview that starts below the bar is outside the safe area's inset.
        let label = View(frame: CGRect(x: 0, y: 30, width: 100, height: 40))
        page.view.addSubview(label)
        #expect(label.safeAreaInsets == EdgeInsets(top: 14, left: 0, bottom: 0, right: 0))
    }

    @Test func anOpaqueBarPutsThePageBelowItInAContainerThatSpansTheWholeView() {
        // UIKit: under an opaque bar a page's view starts at the bar's bottom in the transition view.
        let (nav, page, _) = stack(translucent: false)
        #expect(nav.transitionView.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(page.view.frame == CGRect(x: 0, y: 44, width: 400, height: 556))
        #expect(page.view.safeAreaInsets == .zero && page.changes.isEmpty)
    }

    @Test func aPushedPageExtendingUnderAnOpaqueBarSpansTheWholeViewWithTheBarBottomAsItsSafeAreaTop() throws {
        let (nav, root, _) = stack(translucent: false)
        let extending = InsetsPage("B", log: log)
        extending.extendedLayoutIncludesOpaqueBars = true   // edgesForExtendedLayout stays .all
        nav.pushViewController(extending, animated: true)
        // Both pages share the transition: the root below the bar, the pushed page under it.
        let t = try #require(nav.currentTransition)
        #expect(t.finalFrame(for: extending) == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(t.initialFrame(for: root) == CGRect(x: 0, y: 44, width: 400, height: 556))
        h.settle { nav.currentTransition != nil }
        #expect(nav.currentTransition == nil)
        #expect(extending.view.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(extending.view.convert(extending.view.bounds, to: nav.view) == nav.view.bounds)
        #expect(extending.view.safeAreaInsets == EdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
        #expect(abs(extending.view.safeAreaInsets.top - nav.navigationBar.frame.maxY) < 1e-9)
        #expect(extending.changes == [EdgeInsets(top: 44, left: 0, bottom: 0, right: 0)])
        // Popped back, the root rests below the bar again.
        nav.popViewController(animated: false)
        h.frames(1)
        #expect(root.view.frame == CGRect(x: 0, y: 44, width: 400, height: 556) && root.view.safeAreaInsets == .zero)
    }

    @Test func aPageWithoutTheTopEdgeStartsBelowATranslucentBarAndOneExtendingUnderOpaqueBarsGoesUnderIt() {
        let under = InsetsPage("B", log: log)
        under.edgesForExtendedLayout = [.bottom]
        let (nav, _, _) = stack(translucent: true)
        nav.pushViewController(under, animated: false)
        h.frames(1)
        #expect(under.view.frame == CGRect(x: 0, y: 44, width: 400, height: 556) && under.view.safeAreaInsets == .zero)

        let opaque = NavigationController(rootViewController: InsetsPage("C", log: log))
        let extending = InsetsPage("D", log: log)
        extending.extendedLayoutIncludesOpaqueBars = true
        opaque.setViewControllers([extending], animated: false)
        h.window.rootViewController = opaque
        h.frames(1)
        #expect(opaque.transitionView.frame.minY == 0 && extending.view.frame.minY == 0)
        #expect(extending.view.safeAreaInsets.top == 44)
    }

    @Test func aTransitionsContainerViewIsTheWholeViewUnderATranslucentBar() {
        // Apple's PhotoTransitioning computes progress from containerView.bounds.height: a 300 pt drag is
        // half of a 600 pt container.
        let (nav, _, _) = stack(translucent: true)
        nav.pushViewController(InsetsPage("B", log: log), animated: true)
        #expect(nav.currentTransition?.containerView.bounds.height == 600)
        #expect(300 / (nav.currentTransition?.containerView.bounds.height ?? 0) == 0.5)
    }

    @Test func aTranslucentTabBarAddsItsHeightBelowAndAdditionalInsetsAddUp() {
        let (nav, page, tabs) = stack(translucent: true, tabs: true)
        #expect(tabs?.transitionView.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(nav.view.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(nav.view.safeAreaInsets == EdgeInsets(top: 0, left: 0, bottom: 49, right: 0))
        #expect(page.view.safeAreaInsets == EdgeInsets(top: 44, left: 0, bottom: 49, right: 0))
        page.additionalSafeAreaInsets = EdgeInsets(top: 10, left: 5, bottom: 0, right: 0)
        #expect(page.view.safeAreaInsets == EdgeInsets(top: 54, left: 5, bottom: 49, right: 0))
        #expect(page.changes.last == EdgeInsets(top: 54, left: 5, bottom: 49, right: 0))
    }

    @Test func hidingTheBarTakesItOutOfTheSafeArea() {
        let (nav, page, _) = stack(translucent: true)
        nav.isNavigationBarHidden = true
        h.frames(1)
        #expect(page.view.safeAreaInsets == .zero)
        #expect(page.changes == [EdgeInsets(top: 44, left: 0, bottom: 0, right: 0), .zero])
    }

    @Test func aCollectionViewUnderATranslucentBarStartsItsContentBelowItAndScrollsUnderIt() {
        let grid = GridController(itemSize: CGSize(width: 100, height: 100), count: 40)
        let nav = NavigationController(rootViewController: grid)
        h.window.rootViewController = nav
        h.frames(1)
        let view = grid.collectionView!
        #expect(view.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(view.adjustedContentInset == EdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
        #expect(view.contentOffset.y == -44)   // the first row just below the bar
        #expect(view.clamped(CGPoint(x: 0, y: -100), contentHeight: view.contentSize.height).y == -44)
        // Without adjustment the content starts under the bar.
        view.contentInsetAdjustmentBehavior = .never
        #expect(view.adjustedContentInset == .zero && view.contentOffset.y == 0)
    }

    final class SizeWatcher: LoggingViewController {
        var sizes: [CGSize] = []
        override func viewWillTransition(to size: CGSize, with coordinator: any ViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            sizes.append(size)
        }
    }

    @Test func aResizeReachesThePagesWithTheSizeTheirContainersGiveThem() {
        let translucentPage = SizeWatcher("T", log: log), opaquePage = SizeWatcher("O", log: log)
        let translucent = NavigationController(rootViewController: translucentPage)
        let opaque = NavigationController(rootViewController: opaquePage)
        opaque.navigationBar.isTranslucent = false
        let tabs = TabBarController()
        tabs.tabBar.isTranslucent = false
        tabs.viewControllers = [translucent, opaque]
        h.window.rootViewController = tabs
        h.frames(1)
        h.window.handle(.window(.resized(CGSize(width: 500, height: 700))))
        // The opaque tab bar takes 49 pt; the translucent navigation bar none, the opaque one 44 pt.
        #expect(translucentPage.sizes == [CGSize(width: 500, height: 651)])
        #expect(opaquePage.sizes == [CGSize(width: 500, height: 607)])
        h.frames(1)
        #expect(translucentPage.view.frame.size == CGSize(width: 500, height: 651))
    }
}
