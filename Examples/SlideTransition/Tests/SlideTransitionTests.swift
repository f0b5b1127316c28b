// The slide transition's tests, written as in your own package: your app's code through
// `@testable import`, SegueTesting's host for the window, the gestures and the clock, and snapshots
// stored next to this file (__Snapshots__/SlideTransitionTests/). Record them anew after an intended
// change with `SEGUE_RECORD_SNAPSHOTS=1 swift test --filter SlideTransitionTests`.
import SegueTesting
import SegueUIKit
import Testing
@testable import SlideTransition

@MainActor
struct SlideTransitionTests {
    /// The app's window, 300 x 400 points (small snapshots), showing the first page.
    let host: SegueTestHost

    init() throws {
        host = try SegueTestHost(size: CGSize(width: 300, height: 400)) {
            UINavigationController(rootViewController: JWNTViewController())
        }
    }

    /// The centre of the first page's push button.
    let button = CGPoint(x: JWNTViewController.buttonFrame.midX, y: JWNTViewController.buttonFrame.midY)

    @Test func theButtonPushesTheSecondPageWithTheSlide() throws {
        let start = host.frame
        try host.tap(button)
        try host.run(untilTransitionPercent: 0.5)
        let transition = try #require(host.transition)
        #expect(transition.kind == .push && !transition.interactive && transition.phase == .animating)
        // Half way, both pages are on screen, the second coming in from the right.
        #expect(host.views.map(\.id) == ["First", "Second"])
        try host.runUntilIdle()
        #expect(host.views.map(\.id) == ["Second"])
        #expect(host.views.first?.frame == CGRect(x: 0, y: 0, width: 300, height: 400))
        #expect(host.log(after: start) == ["transition.begin:push", "First.viewWillDisappear", "Second.viewWillAppear",
                                           "First.viewDidDisappear", "Second.viewDidAppear", "transition.finish:push"])
    }

    @Test func anEdgeSwipePastTheThresholdPopsInteractively() throws {
        try pushTheSecondPage()
        let start = host.frame
        // The finger stays down and the pop follows it: its percent is the pan's translation over half the
        // width (150 pt), counted from the first move (100/18 pt in: past the 4 pt slop, the pan begins and
        // the example resets its translation). Released past half of that, the pop finishes.
        try host.edgeSwipe(from: .left, distance: 100, duration: 0.3, release: false)
        let transition = try #require(host.transition)
        #expect(transition.kind == .pop && transition.interactive && transition.phase == .interacting)
        #expect(abs(transition.percent - (100 - 100.0 / 18) / 150) < 0.001)
        try host.releasePointer(at: CGPoint(x: 102, y: 200))
        try host.runUntilIdle()
        #expect(host.views.map(\.id) == ["First"])
        #expect(host.log(after: start) == ["transition.begin:pop", "Second.viewWillDisappear", "First.viewWillAppear",
                                           "Second.viewDidDisappear", "First.viewDidAppear", "transition.finish:pop"])
    }

    @Test func anEdgeSwipeReleasedShortOfTheThresholdCancelsThePop() throws {
        try pushTheSecondPage()
        let start = host.frame
        // 40 pt in, flicked back towards the edge: the example decides by distance alone (a quarter of the
        // width), so the pop cancels and the second page slides back.
        try host.edgeSwipe(from: .left, distance: 40, duration: 0.3, releaseVelocity: -200)
        try host.runUntilIdle()
        #expect(host.views.map(\.id) == ["Second"])
        #expect(host.views.first?.frame == CGRect(x: 0, y: 0, width: 300, height: 400))
        #expect(host.log(after: start) == ["transition.begin:pop", "Second.viewWillDisappear", "First.viewWillAppear",
                                           "First.viewWillDisappear", "First.viewDidDisappear",
                                           "Second.viewWillAppear", "Second.viewDidAppear", "transition.cancel:pop"])
    }

    @Test func thePushAsAFilmStrip() throws {
        let strip = try host.filmStrip(at: [0, 0.25, 0.5, 0.75, 1]) { try host.tap(button) }
        assertSnapshot(of: strip.image, named: "push-film-strip")
    }

    @Test func thePushAsAMotionCurve() throws {
        let curve = try host.recordMotion { try host.tap(button) }
        assertMotion(of: curve, named: "push-motion")
    }

    private func pushTheSecondPage() throws {
        try host.tap(button)
        try host.runUntilIdle()
        try #require(host.views.map(\.id) == ["Second"])
    }
}
