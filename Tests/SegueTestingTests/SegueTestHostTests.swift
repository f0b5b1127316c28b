import Foundation
import SegueAnimation
import SegueSDL
import SegueTesting
import SegueUI
import Testing

@MainActor
struct SegueTestHostTests {
    static let size = CGSize(width: 320, height: 480)

    func makeHost(_ root: @MainActor () -> ViewController = { NavigationController(rootViewController: Home()) }) throws -> SegueTestHost {
        try SegueTestHost(size: Self.size, rootViewController: root)
    }

    @Test func impossibleSizesAndUnknownKeysAreClearErrors() throws {
        #expect(throws: SegueTestHostError.impossibleSize(CGSize(width: 100, height: 480))) {
            try SegueTestHost(size: CGSize(width: 100, height: 480)) { ViewController() }
        }
        #expect(throws: SegueTestHostError.impossibleSize(CGSize(width: 320.5, height: 480))) {
            try SegueTestHost(size: CGSize(width: 320.5, height: 480)) { ViewController() }
        }
        #expect("\(SegueTestHostError.impossibleSize(CGSize(width: 100, height: 480)))"
                == "impossible window size 100.0x480.0: each side must be a whole number of points between 200 and 8192")
        let host = try makeHost()
        #expect(throws: SegueTestHostError.unknownKey("Enter")) { try host.press("Enter") }
        #expect(throws: SegueTestHostError.badInput("A drag's path needs at least two points, got 1")) {
            try host.drag(along: [CGPoint(x: 1, y: 1)], duration: 0.1)
        }
        #expect(throws: SegueTestHostError.timedOut(waitingFor: "a transition at 0.5", frames: 6)) {
            try host.run(untilTransitionPercent: 0.5, timeout: 0.1)
        }
    }

    @Test func itsFramesAreSteppedBySegueUIsHeadlessHost() throws {
        let host = try makeHost()
        #expect(host.host.clock === host.clock)
        #expect(host.host.scene === host.scene)
        host.advance(frames: 2)
        #expect(host.clock.frame == 2 && host.frame == 2)
    }

    @Test func theClockMovesOneSixtiethOfASecondAFrame() throws {
        let host = try makeHost()
        #expect(host.frame == 0 && host.time == 0)
        host.advance(frames: 3)
        #expect(host.frame == 3)
        host.advance(seconds: 0.5)
        #expect(host.frame == 33)
        #expect(abs(host.time - 33.0 / 60) < 1e-12)
        #expect(host.trace.map(\.frame) == Array(0...33))
        #expect(host.isIdle)
    }

    @Test func aTapGoesDownAtTheNextFrameAndUpAtTheOneAfter() throws {
        let host = try makeHost()
        try host.tap(CGPoint(x: Home.buttonFrame.midX, y: Home.buttonFrame.midY))
        #expect(host.frame == 2)
        #expect(host.script.events == [ReplayEvent(time: 1000.0 / 60, kind: .down(CGPoint(x: 160, y: 122))),
                                       ReplayEvent(time: 2000.0 / 60, kind: .up(CGPoint(x: 160, y: 122)))])
        let home = try #require((host.rootViewController as? NavigationController)?.viewControllers.first as? Home)
        #expect(home.buttonTaps == 1)
        #expect(host.transition?.kind == .push)
        try host.runUntilIdle()
        #expect(host.transition == nil)
        #expect(host.views.map(\.id) == ["Detail"])
        #expect(host.log == ["Home.viewWillAppear", "Home.viewDidAppear",
                             "transition.begin:push", "Home.viewWillDisappear", "Detail.viewWillAppear",
                             "Home.viewDidDisappear", "Detail.viewDidAppear", "transition.finish:push"])
    }

    @Test func aTapOnAViewTapsItsCentreAsDrawn() throws {
        let home = Home()
        let host = try makeHost { NavigationController(rootViewController: home) }
        let button = try #require(home.view.subviews.first { $0 is Button })
        try host.tap(button)
        #expect(home.buttonTaps == 1)
        #expect(host.script.events.first?.kind == .down(CGPoint(x: Home.buttonFrame.midX, y: Home.buttonFrame.midY)))
        try host.runUntilIdle()
        // Now off screen under the pushed page: not in the window any more.
        #expect(throws: SegueTestHostError.self) { try host.tap(button) }
    }

    @Test func aCancelledPointerCancelsThePan() throws {
        let page = PanPage<PanGestureRecognizer>()
        let host = try makeHost { page }
        try host.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 150, y: 200), duration: 0.1, release: false)
        try host.cancelPointer(at: CGPoint(x: 150, y: 200))
        #expect(page.reports.last?.state == .cancelled)
        host.gainFocus()
        #expect(host.script.events.last?.kind == .focusGained)
    }

    @Test func aDragMovesEvenlyAlongItsPathOneEventAFrame() throws {
        let page = PanPage<PanGestureRecognizer>()
        let host = try makeHost { page }
        // 100 pt right in 0.1 s: 6 moves of 16.67 pt, released with the last.
        try host.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 200, y: 200), duration: 0.1)
        #expect(host.frame == 7)
        #expect(page.reports.first?.state == .began)
        let ended = try #require(page.reports.last)
        #expect(ended.state == .ended)
        #expect(ended.translation == CGPoint(x: 100, y: 0))
        // Constant motion gives its exact velocity: 1000 pt/s.
        #expect(abs(ended.velocity.x - 1000) < 1e-6)
    }

    @Test func anEdgeSwipeIsReleasedAtTheVelocityAsked() throws {
        for velocity in [-300.0, 600.0, 1500.0] {
            let page = PanPage<ScreenEdgePanGestureRecognizer>()
            let host = try makeHost { page }
            try host.edgeSwipe(from: .left, distance: 150, duration: 0.4, releaseVelocity: velocity)
            let ended = try #require(page.reports.last)
            #expect(ended.state == .ended)
            #expect(abs(ended.velocity.x - velocity) < 1e-6, "asked \(velocity), got \(ended.velocity.x)")
            #expect(abs(ended.translation.x - 150) < 1e-9)
        }
        let page = PanPage<ScreenEdgePanGestureRecognizer>()
        let host = try makeHost { page }
        try host.edgeSwipe(from: .left, distance: 150, duration: 0.4)
        #expect(page.reports.last?.state == .ended)
        #expect(page.reports.last?.velocity == .zero)   // rested before the release
    }

    @Test func focusLossCancelsAHeldDrag() throws {
        let page = PanPage<PanGestureRecognizer>()
        let host = try makeHost { page }
        try host.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 150, y: 200), duration: 0.1, release: false)
        #expect(page.reports.last?.state == .changed)
        host.loseFocus()
        #expect(page.reports.last?.state == .cancelled)
    }

    @Test func anEmptyHostTakesARootControllerOrViewsLater() throws {
        let host = try SegueTestHost(size: Self.size)
        #expect(host.rootViewController == nil && host.views.isEmpty && host.frame == 0)
        let square = View(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        host.window.addSubview(square)
        host.advance(frames: 1)
        #expect(host.presentationFrame(of: square) == CGRect(x: 10, y: 20, width: 30, height: 40))
        host.window.rootViewController = Home()
        host.advance(frames: 1)
        #expect(host.views.map(\.id) == ["Home0"])
        #expect(host.log == ["Home0.viewWillAppear", "Home0.viewDidAppear"])
    }

    @Test func theSKeyIsTheHostsSlowMotionAsInAWindow() throws {
        let host = try makeHost()
        #expect(!host.isSlowMotionEnabled)
        try host.press("S")
        #expect(host.isSlowMotionEnabled)
        #expect(host.script.events.map(\.kind) == [.key("S")])
    }

    @Test func resizeReachesTheWindow() throws {
        let host = try makeHost()
        try host.resize(to: CGSize(width: 400, height: 300))
        #expect(host.windowSize == CGSize(width: 400, height: 300))
        #expect(host.window.bounds.size == CGSize(width: 400, height: 300))
        #expect(host.views.first?.frame == CGRect(x: 0, y: 0, width: 400, height: 300))
    }

    @Test func readsTheRunningTransitionAndThePresentationOfAnyView() throws {
        let home = Home()
        let host = try makeHost { NavigationController(rootViewController: home) }
        #expect(host.presentationFrame(of: home.square) == Home.squareFrame)
        #expect(host.opacity(of: home.square) == 1)
        try host.tap(CGPoint(x: 160, y: 122))
        try host.run(untilTransitionPercent: 0.5)
        let t = try #require(host.transition)
        #expect(t.kind == .push && !t.interactive && t.phase == .animating && t.percent >= 0.5)
        // The square rides with its page, which moves left under the push.
        let moved = try #require(host.presentationFrame(of: home.square))
        #expect(moved.minX < Home.squareFrame.minX && moved.minY == Home.squareFrame.minY)
    }

    @Test func theTraceIsTheOneSegueReplayWritesForTheSameInput() throws {
        let host = try makeHost()
        try host.tap(CGPoint(x: 160, y: 122))
        try host.runUntilIdle()
        host.advance(frames: 5)
        let path = NSTemporaryDirectory() + "segue-testing-trace-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = host.script
        #expect(ReplayTimeline.lastFrame(within: script.duration) == host.frame)
        _ = try ReplaySession.run(script, outputs: ReplayOutputs(trace: .file(path))) { clock, size in
            AppScene(clock: clock, size: size, rootViewController: NavigationController(rootViewController: Home()))
        }
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == host.traceText)
        #expect(host.traceText.split(separator: "\n").count == host.frame + 1)
    }

    @Test func aLoadedScriptIsPlayedFromTheNextFrame() throws {
        let page = PanPage<PanGestureRecognizer>()
        let script = ReplayScript(size: Self.size, duration: 200, events: [
            ReplayEvent(time: 10, kind: .down(CGPoint(x: 50, y: 50))),
            ReplayEvent(time: 40, kind: .move(CGPoint(x: 90, y: 50))),
            ReplayEvent(time: 60, kind: .up(CGPoint(x: 90, y: 50))),
        ])
        let host = try SegueTestHost(script: script) { page }
        #expect(page.reports.isEmpty)
        host.runScript()
        // Frame 1 is the script's 0 ms: 200 ms later is 16.67 + 200 = 216.67 ms, frame 13.
        #expect(host.frame == 13)
        #expect(page.reports.last?.state == .ended)
        #expect(page.reports.last?.translation == CGPoint(x: 40, y: 0))
    }

    @Test func slowMotionMakesThePushTenTimesLonger() throws {
        func pushFrames(slow: Bool) throws -> Int {
            let host = try SegueTestHost(size: Self.size, slowMotion: slow) { NavigationController(rootViewController: Home()) }
            try host.tap(CGPoint(x: 160, y: 122))
            let start = host.frame
            try host.runUntilIdle(timeout: 20)
            return host.frame - start
        }
        let normal = try pushFrames(slow: false), slow = try pushFrames(slow: true)
        #expect(slow > 9 * normal)
    }

    @Test func theImageIsTheWindowAsDrawn() throws {
        let host = try makeHost()
        let image = try host.image()
        #expect(image.width == 320 && image.height == 480)
        #expect(image[30, 210] == Pixel(r: 255, g: 0, b: 0, a: 255))   // in the red square
        #expect(image[10, 300] == Pixel(r: 255, g: 255, b: 255, a: 255))   // the white page
        let doubled = try host.image(scale: 2)
        #expect(doubled.width == 640 && doubled[60, 420] == Pixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func aFilmStripTilesTheTransitionAtItsFractions() throws {
        let host = try makeHost()
        let strip = try host.filmStrip(at: [0, 0.5, 1]) { try host.tap(CGPoint(x: 160, y: 122)) }
        #expect(strip.tiles.count == 3)
        let image = strip.image
        #expect(image.width == 3 * 320 + 2 * FilmStrip.gap && image.height == 480)
        #expect(image[320 + 3, 10] == FilmStrip.gapColour)
        // The first tile: Home untouched (its square); the last: the blue Detail page.
        #expect(image[30, 210] == Pixel(r: 255, g: 0, b: 0, a: 255))
        #expect(image[2 * (320 + FilmStrip.gap) + 30, 210] == Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(strip.frames.first! < strip.frames[1] && strip.frames[1] < strip.frames[2])
        #expect(throws: SegueTestHostError.self) { try host.filmStrip { host.advance(frames: 2) } }
    }

    @Test func aMotionCurveHasEveryFrameOfThePagesAndTheTrackedViews() throws {
        let home = Home()
        let host = try makeHost { NavigationController(rootViewController: home) }
        let curve = try host.recordMotion(tracking: ["square": home.square]) { try host.tap(CGPoint(x: 160, y: 122)) }
        #expect(curve.samples.map(\.frame) == Array(0..<curve.samples.count))
        #expect(curve.samples.first?.views["square"]?.frame == Home.squareFrame)
        #expect(curve.samples.last?.views.keys.sorted() == ["Detail"])
        #expect(curve.samples.last?.views["Detail"] == MotionCurve.Placement(frame: CGRect(x: 0, y: 0, width: 320, height: 480), alpha: 1))
        // The Detail page comes in from the right, never moving back.
        let xs = curve.samples.compactMap { $0.views["Detail"]?.frame.minX }
        #expect(xs.first! > 0 && zip(xs, xs.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(try MotionCurve(jsonText: curve.jsonText) == curve)
    }
}
