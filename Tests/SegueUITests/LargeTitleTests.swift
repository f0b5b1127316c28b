import Testing
@testable import SegueAnimation
@testable import SegueUI
import SegueTestSupport

/// A page whose content is a list of `rows` rows of 44 points (the L page of the demo, in small).
@MainActor
final class ListPage: LoggingViewController, CollectionViewDataSource {
    static let rowHeight: CGFloat = 44
    var rows = 60
    private(set) var list: CollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = CollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        layout.itemSize = CGSize(width: view.bounds.width, height: Self.rowHeight)
        list = CollectionView(frame: view.bounds, collectionViewLayout: layout)
        list.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        list.register(CollectionViewCell.self, forCellWithReuseIdentifier: "row")
        list.dataSource = self
        view.addSubview(list)
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { rows }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
    }
}

/// Large titles (issue 39; iOS 27's measurements in gestures-and-timing.md): a 52-point title below the
/// 44-point bar row, collapsing 1:1 with the page's list, snapping at a release, and the inline title rising in
/// once it is under. The window is 400 x 600 with a translucent bar: at rest the bar's bottom and the list's
/// adjusted top inset are 44 + 52 = 96 and the list's offset is -96.
@MainActor
@Suite(.estimatedTextMeasurements) struct LargeTitleTests {
    let h = Harness()
    let log = CallLog()

    func largeStack(_ title: String = "Inbox") -> (NavigationController, ListPage) {
        let page = ListPage(title, log: log)
        page.title = title
        let nav = NavigationController(rootViewController: page)
        nav.navigationBar.prefersLargeTitles = true
        h.window.rootViewController = nav
        h.frames(1)
        return (nav, page)
    }

    /// How far the finger first moves: just past the list's 10-point slop (``CollectionView/scrollSlop``,
    /// iOS 27's), where the pan is recognized and the content has not moved yet.
    static let recognition: CGFloat = 11

    /// A vertical drag in the list from y 400 that scrolls the content `distance` points up (negative: down):
    /// the finger moves ``recognition`` points in one frame, then `distance` more in steps of `step` points a
    /// frame, is held `hold` seconds, and is released when `release`.
    func drag(by distance: CGFloat, step: CGFloat = 5, t0: Double = 10, hold: Double = 0.2, release: Bool = true) {
        let sign: CGFloat = distance > 0 ? -1 : 1
        h.down(200, 400, at: t0)
        var t = t0 + 1.0 / 60
        h.move(200, 400 + sign * Self.recognition, at: t)
        h.frames(1)
        var moved: CGFloat = 0
        while moved < abs(distance) {
            moved = min(moved + step, abs(distance))
            t += 1.0 / 60
            h.move(200, 400 + sign * (Self.recognition + moved), at: t)
            h.frames(1)
        }
        let y = 400 + sign * (Self.recognition + moved)
        h.move(200, y, at: t + hold)
        h.frames(Int((hold * 60).rounded()))
        if release { h.up(200, y, at: t + hold + 0.001) }
    }

    func settle() { h.frames(60) }

    @Test func aLargeTitlePageRestsWithItsTitleBelowTheBarAndItsListBelowTheTitle() {
        let (nav, page) = largeStack()
        #expect(nav.navigationBar.frame.height == 96)
        #expect(page.list.adjustedContentInset.top == 96)
        #expect(page.list.contentOffset.y == -96)
        #expect(page.view.safeAreaInsets.top == 96)
        #expect(nav.navigationBar.largeTitleLabel?.text == "Inbox")
        #expect(nav.navigationBar.titleLabel?.alpha == 0)   // the inline title waits until the large one is under
    }

    @Test func theLargeTitleFollowsTheListOneToOneWhileTheFingerHolds() {
        let (nav, page) = largeStack()
        drag(by: 20, release: false)
        #expect(isClose(page.list.contentOffset.y, -76))
        #expect(isClose(nav.navigationBar.frame.height, 76))
        #expect(isClose(page.list.adjustedContentInset.top, 76))
        #expect(isClose(page.view.safeAreaInsets.top, 76))
        #expect(isClose(Double(nav.navigationBar.largeTitleLabel?.superview?.frame.height ?? 0), 32))
    }

    /// iOS 27: the list scrolls once the drag has gone 10 points, and from there 1:1 with no jump (UIKit's
    /// scroll views start from where the pan is recognized).
    @Test func theListWaitsForItsSlopThenFollowsTheFingerOneToOneFromThere() {
        let (nav, page) = largeStack()
        h.down(200, 400, at: 10)
        h.move(200, 391, at: 10.02)   // 9 points: not yet a scroll
        h.frames(2)
        #expect(page.list.contentOffset.y == -96)
        h.move(200, 388, at: 10.04)   // 12 points: recognized here, the content has not moved
        h.frames(2)
        #expect(page.list.contentOffset.y == -96)
        h.move(200, 378, at: 10.06)   // 10 points further: 10 points of scroll
        h.frames(2)
        #expect(page.list.contentOffset.y == -86)
        #expect(nav.navigationBar.frame.height == 86)
        h.move(200, 383, at: 10.08)   // back 5
        h.frames(2)
        #expect(page.list.contentOffset.y == -91)
    }

    /// The snap's spring is derived from the title transition (``NavigationBar/largeTitleSnapSpring(velocity:)``):
    /// released at rest it is critically damped with a response of `fastDuration` 0.45 s, so 20 points from
    /// its rest the offset is -96 + 20 (1 + ωt) e^(-ωt) with ω = 2π / 0.45 s (values computed by hand), and it
    /// is at rest 0.661 s after the release (within 0.1 % of its travel).
    @Test func aSnapFromRestFollowsTheTitleTransitionsSpringAndSettlesOnTime() throws {
        let (_, page) = largeStack()
        drag(by: 20, hold: 0.2)   // released in the drag's last frame: the spring starts there
        #expect(page.list.contentOffset.y == -76)
        h.frames(6)
        #expect(isClose(page.list.contentOffset.y, -84.13753, tolerance: 1e-4))
        h.frames(6)
        #expect(isClose(page.list.contentOffset.y, -91.35293, tolerance: 1e-4))
        h.frames(6)
        #expect(isClose(page.list.contentOffset.y, -94.42628, tolerance: 1e-4))
        h.frames(21)   // 0.65 s: within 0.03 points, not yet at rest
        #expect(page.list.contentOffset.y != -96 && isClose(page.list.contentOffset.y, -96, tolerance: 0.03))
        h.frames(1)    // 0.667 s: at rest
        #expect(page.list.contentOffset.y == -96)
    }

    /// Snapping under from 30 points (22 to go on the snap's spring, response 0.45 s, critically damped),
    /// the inline title starts to appear once the title is within half a point of fully under
    /// (``NavigationBar/largeTitleUnderTolerance``): 22 (1 + ωt) e^(-ωt) is 0.544 points at 24 frames and
    /// 0.446 at 25 (computed by hand), long before the spring's 0.661-s settle.
    @Test func aSnapUnderBringsTheInlineTitleInWithinHalfAPointOfTheEnd() {
        let (nav, _) = largeStack()
        let title = nav.navigationBar.titleLabel!
        drag(by: 30, hold: 0.2)   // released in the drag's last frame: the spring starts there
        h.frames(24)
        #expect(title.alpha == 0)
        h.frames(1)
        #expect(title.alpha == 1)
    }

    /// The title transition is shorter when the content moves faster (`minDurationFactor` 0.5 at
    /// `maxScrollVelocity` 2000 pt/s, `maxDurationFactor` 1 at rest): 13 points a frame is 780 pt/s, so the
    /// inline title takes 0.45 (1 - 0.5 x 780 / 2000) = 0.36225 s to appear (21.7 frames), where at 4 points a
    /// frame (240 pt/s) it takes 0.423 s (25.4 frames).
    @Test(arguments: [(13, 21, 22), (4, 25, 26)] as [(CGFloat, Int, Int)])
    func theInlineTitleAppearsFasterWhenTheContentScrollsFaster(step: CGFloat, stillMoving: Int, done: Int) {
        let (nav, _) = largeStack()
        let title = nav.navigationBar.titleLabel!
        drag(by: 52, step: step, hold: 0, release: false)
        h.frames(stillMoving)
        #expect(title.layer.renderedProperties.opacity < 1)
        h.frames(done - stillMoving)
        #expect(title.layer.renderedProperties.opacity == 1)
    }

    /// iOS 27 (gestures-and-timing.md): scrolled 10, 14, 18, 21 or 25 points and released at rest, the title
    /// snaps back out (offset -168 on the device, -96 here); 30 or 35 points, fully under (-116 there, -44 here).
    @Test(arguments: [(10, -96), (14, -96), (18, -96), (21, -96), (25, -96), (30, -44), (35, -44)] as [(CGFloat, CGFloat)])
    func aReleaseWithTheTitlePartlyUnderSnapsAsTheDeviceDoes(distance: CGFloat, rest: CGFloat) {
        let (nav, page) = largeStack()
        drag(by: distance)
        settle()
        #expect(isClose(page.list.contentOffset.y, rest))
        #expect(isClose(nav.navigationBar.frame.height, -rest))
        #expect(isClose(page.list.adjustedContentInset.top, -rest))
    }

    @Test func theInlineTitleRisesAndFadesInOnceTheLargeTitleIsUnder() {
        let (nav, _) = largeStack()
        let title = nav.navigationBar.titleLabel!
        // Hidden: transparent, 15 points down and blurred by 4 points (iOS 27's hiddenYOffset, blurRadius).
        #expect(title.alpha == 0 && title.transform.ty == 15 && title.layer.contentBlurRadius == 4)
        drag(by: 52, hold: 0, release: false)   // exactly under: the inline title starts to appear
        #expect(title.alpha == 1 && title.transform == .identity && title.layer.contentBlurRadius == 0)  // its model: shown
        h.frames(1)
        #expect(title.layer.renderedProperties.opacity < 0.2)
        #expect(title.layer.renderedProperties.transform.m42 > 10)         // still near 15 points down
        #expect(title.layer.renderedProperties.contentBlurRadius > 3)      // still near 4 points of blur
        h.frames(Int(NavigationBar.titleTransitionDuration * 60))
        #expect(title.layer.renderedProperties.opacity == 1)
        #expect(title.layer.renderedProperties.transform.m42 == 0)
        #expect(title.layer.renderedProperties.contentBlurRadius == 0)
    }

    @Test func pullingTheListDownBringsTheLargeTitleBack() {
        let (nav, page) = largeStack()
        drag(by: 80)   // 52 under, then 28 of rows
        settle()
        #expect(isClose(page.list.contentOffset.y, 28 - 44))   // -44 at the list's top, 28 beyond
        #expect(nav.navigationBar.frame.height == 44)
        drag(by: -40, t0: 20, release: false)   // back to the list's top (28), then 12 of title
        #expect(isClose(page.list.contentOffset.y, -56))
        #expect(isClose(nav.navigationBar.frame.height, 56))
        #expect(nav.navigationBar.titleLabel?.alpha == 0)
    }

    @Test func aListAddedDeepInAPageFoundWithoutOneIsFoundOnceAdded() {
        let page = LoggingViewController("Rows", log: log)
        let nav = NavigationController(rootViewController: page)
        h.window.rootViewController = nav
        h.frames(1)
        let rows = View(frame: page.view.bounds)
        for i in 0..<3 { rows.addSubview(View(frame: CGRect(x: 0, y: Double(i) * 44, width: 400, height: 44))) }
        page.view.addSubview(rows)
        let bar = nav.navigationBar
        #expect(bar.contentScrollView(of: page) == nil)
        #expect(bar.contentScrollView(of: page) == nil)   // asked again, nothing changed: still none
        let list = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 44), collectionViewLayout: CollectionViewFlowLayout())
        rows.subviews[2].addSubview(list)   // two levels below the page's view
        #expect(bar.contentScrollView(of: page) === list)
        list.removeFromSuperview()
        #expect(bar.contentScrollView(of: page) == nil)
    }

    @Test func onlyPagesWhoseModeResolvesToAlwaysShowALargeTitle() {
        let (nav, root) = largeStack()
        let inline = ListPage("Inline", log: log)
        inline.navigationItem.largeTitleDisplayMode = .never
        let automatic = ListPage("Automatic", log: log)   // after a .never page: inline too
        nav.pushViewController(inline, animated: false)
        nav.pushViewController(automatic, animated: false)
        h.frames(1)
        let bar = nav.navigationBar
        #expect(bar.resolvedLargeTitleMode(of: root) == .always)
        #expect(bar.resolvedLargeTitleMode(of: inline) == .never)
        #expect(bar.resolvedLargeTitleMode(of: automatic) == .never)
        #expect(bar.frame.height == 44 && bar.largeTitleLabel == nil)
        #expect(automatic.list.adjustedContentInset.top == 44)
        inline.navigationItem.largeTitleDisplayMode = .inline
        #expect(bar.resolvedLargeTitleMode(of: inline) == .never)
        automatic.navigationItem.largeTitleDisplayMode = .always
        nav.navigationBar.prefersLargeTitles = false
        #expect(bar.showsLargeTitle(automatic) == false)   // nothing is large unless the bar prefers it
    }

    @Test func aPushFromAnInlinePageToALargeOneGrowsTheBarAlongTheTransition() {
        let root = LoggingViewController("Root", log: log)
        root.title = "Root"
        root.navigationItem.largeTitleDisplayMode = .never
        let nav = NavigationController(rootViewController: root)
        nav.navigationBar.prefersLargeTitles = true
        h.window.rootViewController = nav
        h.frames(1)
        #expect(nav.navigationBar.frame.height == 44)
        let large = ListPage("Large", log: log)
        large.title = "Large"
        large.navigationItem.largeTitleDisplayMode = .always   // .automatic would follow the root's .never
        nav.pushViewController(large, animated: true)
        var heights: [CGFloat] = []
        for _ in 0..<40 where nav.currentTransition != nil || heights.isEmpty {
            h.frames(1)
            heights.append(nav.navigationBar.layer.renderedProperties.bounds.height)
        }
        h.frames(2)
        #expect(heights.first! < 60 && heights.contains { $0 > 60 && $0 < 90 })
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 <= $1 })   // grows, never shrinks
        #expect(nav.navigationBar.frame.height == 96)
        #expect(large.list.contentOffset.y == -96)
    }

    @Test func aCancelledInteractivePopPutsTheLargeTitleBackWithNoJump() {
        let (nav, _) = largeStack("Inbox")
        let detail = LoggingViewController("Detail", log: log)
        detail.title = "Detail"
        detail.navigationItem.largeTitleDisplayMode = .never
        nav.pushViewController(detail, animated: true)
        for _ in 0..<60 where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
        #expect(nav.navigationBar.frame.height == 44)
        // Scrub the pop to the middle and back, then let go at the start.
        h.down(5, 300, at: 20)
        var t = 20.0
        var heights: [CGFloat] = []
        for x in Array(stride(from: 30, through: 200, by: 10)) + Array(stride(from: 190, through: 10, by: -10)) {
            t += 1.0 / 60
            h.move(CGFloat(x), 300, at: t)
            h.frames(1)
            heights.append(nav.navigationBar.layer.renderedProperties.bounds.height)
        }
        #expect(heights.max()! > 60)   // half-way the large title's room had opened
        h.up(10, 300, at: t + 0.1)
        for _ in 0..<60 where nav.currentTransition != nil {
            h.frames(1)
            heights.append(nav.navigationBar.layer.renderedProperties.bounds.height)
        }
        h.frames(1)
        #expect(nav.topViewController === detail)
        #expect(nav.navigationBar.frame.height == 44)
        #expect(nav.navigationBar.title == "Detail" && nav.navigationBar.titleLabel?.layer.renderedProperties.opacity == 1)
        #expect(nav.navigationBar.backButton?.currentTitle == "Inbox")
        #expect(nav.navigationBar.backButton?.layer.renderedProperties.opacity == 1)
        #expect(zip(heights, heights.dropFirst()).allSatisfy { abs($0 - $1) < 8 })   // no jump
    }
}

/// The bar's layout from measured text (issue 39): under the estimate every character of 17 points is
/// 9.35 points wide, so a 400-point bar centres a title of n characters at (400 - 9.35 n) / 2, and a back
/// button showing t characters is 9.35 (chevron) + 5 + 9.35 t + 8 points wide from x = 7 (iOS 27's
/// `backButtonLeadingPadding`; its `backButtonTrailingPadding` 8 and `titleControlPadding` 12 too).
@MainActor
@Suite(.estimatedTextMeasurements) struct NavigationBarLayoutTests {
    let h = Harness()
    let log = CallLog()

    func push(title: String, below: String?, configure: (NavigationItem, NavigationItem) -> Void = { _, _ in }) -> NavigationBar {
        let first = LoggingViewController("First", log: log)
        first.title = below
        let second = LoggingViewController("Second", log: log)
        second.title = title
        configure(first.navigationItem, second.navigationItem)
        let nav = NavigationController(rootViewController: first)
        nav.pushViewController(second, animated: false)
        h.window.rootViewController = nav
        h.frames(1)
        return nav.navigationBar
    }

    @Test func theBackButtonShowsThePreviousTitleWhenItFits() {
        let bar = push(title: "Second", below: "First")
        // "First": 9.35 + 5 + 46.75 + 8 = 69.1 wide from 7, its end at 76.1, 12 before the title's start 171.95.
        #expect(bar.backButton?.currentTitle == "First")
        #expect(bar.backButton!.frame.minX == 7)
        #expect(isClose(bar.backButton!.frame.width, 69.1, tolerance: 1e-9))
        #expect(isClose(bar.titleLabel!.frame.minX, 171.95, tolerance: 1e-9))
        #expect(isClose(bar.titleLabel!.frame.width, 56.1, tolerance: 1e-9))
    }

    @Test func aBackTitleWiderThanTheBackButtonsSlotBecomesBack() {
        // 26 characters: 243.1 points, more than the 120-point slot.
        let bar = push(title: "Second", below: "A very long previous title")
        #expect(bar.backButton?.currentTitle == "Back")
    }

    @Test func aTitleThatLeavesNoRoomForBackLeavesTheChevronAlone() {
        // 30 characters: 280.5 points, starting at 59.75; "Back" would end at 66.75 (+ 12 > 59.75); the chevron
        // alone ends at 24.35.
        let bar = push(title: String(repeating: "T", count: 30), below: "First")
        #expect(bar.backButton?.currentTitle == "")
        #expect(isClose(bar.backButton!.frame.width, 17.35, tolerance: 1e-9))
    }

    @Test func theDisplayModeGenericShowsBackAndMinimalTheChevron() {
        #expect(push(title: "Second", below: "First") { _, item in item.backButtonDisplayMode = .generic }
                    .backButton?.currentTitle == "Back")
        #expect(push(title: "Second", below: "First") { _, item in item.backButtonDisplayMode = .minimal }
                    .backButton?.currentTitle == "")
    }

    @Test func theBackTitleComesFromBackButtonTitleThenTheBackItemThenTheTitle() {
        #expect(push(title: "Second", below: "First") { below, _ in below.backBarButtonItem = BarButtonItem(title: "Items") }
                    .backButton?.currentTitle == "Items")
        #expect(push(title: "Second", below: "First") { below, _ in
            below.backBarButtonItem = BarButtonItem(title: "Items")
            below.backButtonTitle = "Mail"
        }.backButton?.currentTitle == "Mail")
    }

    @Test func aTitleTooWideForTheBarIsShortenedBetweenTheChevronAndTheMargin() {
        // 50 characters (467.5): the chevron ends at 24.35, so the title runs from 36.35 to 384 (347.65
        // points), holding 36 characters and the ellipsis (37 x 9.35 = 345.95).
        let bar = push(title: String(repeating: "W", count: 50), below: "First")
        #expect(isClose(bar.titleLabel!.frame.minX, 36.35, tolerance: 1e-9))
        #expect(isClose(bar.titleLabel!.frame.width, 347.65, tolerance: 1e-9))
        #expect(bar.titleLabel!.displayedText == String(repeating: "W", count: 36) + "…")
    }

    /// During a page's zoom (its ``ViewController/preferredTransition``) UIKit's bar cross-fades: the
    /// incoming title and back button fade in at their resting places and the outgoing title fades where it
    /// is; a stock push slides them (the title comes from 0.3 of the bar's width to the trailing side).
    @Test(arguments: [true, false])
    func duringAZoomPushTheBarFadesInPlaceWhereAStockPushSlides(zooms: Bool) {
        let grid = GridPage()
        grid.title = "Photos"
        let nav = NavigationController(rootViewController: grid)
        h.window.rootViewController = nav
        h.frames(1)
        let oldTitle = nav.navigationBar.titleLabel!
        let detail = ZoomedPage(item: 4)
        detail.title = "Photo"
        if zooms { detail.preferredTransition = .zoom { [unowned grid] _ in grid.cells[4] } }
        nav.pushViewController(detail, animated: true)
        h.frames(6)
        #expect(nav.currentTransition != nil)
        let title = nav.navigationBar.titleLabel!, back = nav.navigationBar.backButton!.titleLabel
        #expect(title !== oldTitle)
        let opacity = title.layer.renderedProperties.opacity
        #expect(opacity > 0 && opacity < 1)
        let drawnX = title.layer.renderedProperties.frame.minX, restingX = title.frame.minX
        if zooms {
            #expect(drawnX == restingX)
            #expect(back.layer.renderedProperties.frame == back.frame)
            #expect(oldTitle.layer.renderedProperties.frame == oldTitle.frame)
            #expect(oldTitle.layer.renderedProperties.opacity < 1)
        } else {
            #expect(drawnX > restingX + 10)   // still on its way from 120 points to the trailing side
            // The old title on its way into the back button's place, its model there already.
            #expect(oldTitle.layer.renderedProperties.frame.minX > oldTitle.frame.minX + 10)
        }
        h.settle { nav.currentTransition != nil }
        #expect(nav.topViewController === detail && title.layer.renderedProperties.opacity == 1)
    }
}

/// Appearances (issue 39): the scroll-edge look while the content is at its top edge, the standard one once
/// ``NavigationBar/scrollEdgeBlendDistance`` (10) points of it are under the bar, blended between.
@MainActor
@Suite(.estimatedTextMeasurements) struct NavigationBarAppearanceTests {
    let h = Harness()
    let log = CallLog()

    @Test func theBarBlendsFromTheScrollEdgeLookToTheStandardOneAsTheListScrollsUnderIt() {
        let page = ListPage("List", log: log)
        let nav = NavigationController(rootViewController: page)
        let standard = NavigationBarAppearance()
        standard.configureWithOpaqueBackground()
        standard.backgroundColor = Color(red: 0, green: 0, blue: 1)
        let edge = NavigationBarAppearance()
        edge.configureWithOpaqueBackground()
        edge.backgroundColor = Color(red: 1, green: 0, blue: 0)
        page.navigationItem.standardAppearance = standard
        page.navigationItem.scrollEdgeAppearance = edge
        h.window.rootViewController = nav
        h.frames(1)
        #expect(nav.navigationBar.currentTintColor == Color(red: 1, green: 0, blue: 0))
        page.list.contentOffset.y += 5   // half-way through the blend
        #expect(nav.navigationBar.currentTintColor == Color(red: 0.5, green: 0, blue: 0.5))
        page.list.contentOffset.y += 20
        #expect(nav.navigationBar.currentTintColor == Color(red: 0, green: 0, blue: 1))
    }

    @Test func withNoScrollEdgeAppearanceTheEdgeIsTheStandardLookWithoutBackground() {
        let page = ListPage("List", log: log)
        let nav = NavigationController(rootViewController: page)
        nav.navigationBar.standardAppearance.configureWithOpaqueBackground()
        nav.navigationBar.standardAppearance = nav.navigationBar.standardAppearance
        h.window.rootViewController = nav
        h.frames(1)
        #expect(nav.navigationBar.currentTintColor == .clear)
        page.list.contentOffset.y += 30
        #expect(nav.navigationBar.currentTintColor == NavigationBarAppearance.opaqueBackgroundColor)
    }

    @Test func titleAttributesColourTheTitles() {
        let page = LoggingViewController("Page", log: log)
        page.title = "Page"
        let appearance = NavigationBarAppearance()
        appearance.titleTextAttributes = [.foregroundColor: Color.red]
        page.navigationItem.standardAppearance = appearance
        page.navigationItem.scrollEdgeAppearance = appearance
        let nav = NavigationController(rootViewController: page)
        h.window.rootViewController = nav
        h.frames(1)
        #expect(nav.navigationBar.titleLabel?.textColor == .red)
    }

    /// The attributes' fonts lay the titles out (estimated measurements, 0.55 em a character): "Inbox" at
    /// 20 pt is 5 x 0.55 x 20 = 55 wide, centred in the 400-point bar at 172.5; the large title takes its
    /// 40-point font; the back button keeps the bar's 17-point bold font.
    @Test func attributeFontsSetTheTitlesFontsAndTheirLayout() {
        let root = LoggingViewController("Root", log: log)
        root.title = "Mail"
        let page = LoggingViewController("Page", log: log)
        page.title = "Inbox"
        let appearance = NavigationBarAppearance()
        appearance.titleTextAttributes = [.font: Font.systemFont(ofSize: 20)]
        appearance.largeTitleTextAttributes = [.font: Font.boldSystemFont(ofSize: 40)]
        page.navigationItem.standardAppearance = appearance
        let nav = NavigationController(rootViewController: root)
        nav.navigationBar.prefersLargeTitles = true
        nav.pushViewController(page, animated: false)
        h.window.rootViewController = nav
        h.frames(1)
        let bar = nav.navigationBar
        #expect(bar.titleLabel?.font.pointSize == 20)
        #expect(isClose(bar.titleLabel!.frame.width, 55, tolerance: 1e-9))
        #expect(isClose(bar.titleLabel!.frame.minX, 172.5, tolerance: 1e-9))
        #expect(bar.largeTitleLabel?.font == Font.boldSystemFont(ofSize: 40))
        #expect(bar.backButton?.titleLabel.font == Font.boldSystemFont(ofSize: 17))
    }

    /// The bar's own `titleTextAttributes` and `largeTitleTextAttributes` (the pre-iOS 13 way) are set on its
    /// appearances, as UIKit does since iOS 13: they colour and size the titles at the scroll edge too (where
    /// no scroll-edge appearance is set, the standard one's attributes show); a page's own appearance wins.
    @Test func theBarsOwnTitleAttributesGoToItsAppearancesAndAPagesAppearanceWins() {
        let root = LoggingViewController("Root", log: log)
        root.title = "Inbox"
        let nav = NavigationController(rootViewController: root)
        nav.navigationBar.prefersLargeTitles = true
        h.window.rootViewController = nav
        h.frames(1)
        nav.navigationBar.titleTextAttributes = [.foregroundColor: Color.blue]
        nav.navigationBar.largeTitleTextAttributes = [.foregroundColor: Color.blue, .font: Font.boldSystemFont(ofSize: 40)]
        h.frames(1)
        let bar = nav.navigationBar
        #expect(bar.standardAppearance.titleTextAttributes[.foregroundColor] as? Color == .blue)
        #expect(bar.titleTextAttributes?[.foregroundColor] as? Color == .blue)
        #expect(bar.titleLabel?.textColor == .blue)
        #expect(bar.largeTitleLabel?.textColor == .blue)
        #expect(bar.largeTitleLabel?.font.pointSize == 40)
        let page = LoggingViewController("Page", log: log)
        page.title = "Message"
        let own = NavigationBarAppearance()
        own.titleTextAttributes = [.foregroundColor: Color.red]
        page.navigationItem.standardAppearance = own
        page.navigationItem.largeTitleDisplayMode = .never
        nav.pushViewController(page, animated: false)
        h.frames(1)
        #expect(bar.titleLabel?.textColor == .red)
    }
}
