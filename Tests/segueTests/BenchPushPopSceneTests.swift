import Foundation
import Testing
import SegueAnimation
import SegueUI
@testable import segue

/// `segue bench --scene pushpop`: the peers' workload run through a real window and navigation controller
/// on a virtual clock, the marker lines captured.
///
/// Geometry: the scene is made 1280 x 800 (the bench's window) and the host's first frame resizes it to
/// 400 x 600 (W = 400), so everything below must follow the resize. Stock push (uikit-semantics.md §6):
/// page 2's frame goes from x = W to 0 (its centre from 600 to 200), page 1's from 0 to -0.3 W = -120
/// (centre from 200 to 80).
@MainActor
@Suite struct BenchPushPopSceneTests {
    static let size = CGSize(width: 400, height: 600)
    let clock = VirtualClock()
    /// Frames run (every frame is "presented": the scene's counter for the harness).
    final class Counter { var frames = 0; var lines: [String] = [] }
    let counter = Counter()

    func makeScene(warmUp: Double = 100, duration: Double = 100, idle: Double = 100,
                   rasterized: Bool = true) -> BenchPushPopScene {
        let counter = counter, clock = clock
        return BenchPushPopScene(
            clock: clock, size: BenchCommand.windowSize, rasterized: rasterized,
            warmUp: warmUp, duration: duration, idle: idle,
            presentedFrames: { counter.frames }, describeRenderer: { ["back_end": "test"] },
            wallClock: { clock.now }, emit: { counter.lines.append($0) })
    }

    /// One host frame: the clock moves on, the frame runs (with `input`), it counts as presented.
    func frame(_ scene: BenchPushPopScene, input: [InputEvent] = []) {
        clock.advance(frames: 1)
        scene.runFrame(input: input)
        counter.frames += 1
    }

    @Test func pushSlidesPage2InFromTheTrailingEdgeThroughTheNavigationControllerThenPops() throws {
        let scene = makeScene()
        let nav = scene.navigation, page1 = scene.pages[0], page2 = scene.pages[1]
        let w = Self.size.width
        #expect(nav.isNavigationBarHidden)
        #expect(scene.window.rootViewController === nav && nav.topViewController === page1)
        // The host's first frame: its resize, then the first navigation (a push), started in that frame.
        frame(scene, input: [.window(.resized(Self.size))])
        #expect(nav.topViewController === page2)
        let push = try #require(nav.currentTransition)
        #expect(push.kind == .push && push.animator is NavigationTransitionAnimator && push.interactionController == nil)
        #expect(page2.view.layer.renderedProperties.position.x == w + w / 2)
        #expect(page1.view.layer.renderedProperties.position.x == w / 2)
        #expect(page1.view.layer.shouldRasterize && page2.view.layer.shouldRasterize)
        // Mid-transition (a fifth of the spring's settling time): both pages between their ends.
        let springDuration = TransitionSettings().springDuration
        let frames = Int(springDuration * 60)
        for _ in 0..<frames / 5 { frame(scene) }
        let x2 = page2.view.layer.renderedProperties.position.x
        let x1 = page1.view.layer.renderedProperties.position.x
        #expect(x2 > w / 2 && x2 < w + w / 2)
        #expect(x1 > w / 2 - 0.3 * w && x1 < w / 2)
        // The parallax: page 1 has moved 0.3 as far as page 2.
        #expect(abs((w / 2 - x1) - 0.3 * (w + w / 2 - x2)) < 1e-6)
        // The transition ends (about the spring's settling time); page 1 left the window, page 2 fills it.
        var count = frames / 5
        while nav.currentTransition === push, count < frames + 60 {
            frame(scene)
            count += 1
        }
        #expect(nav.currentTransition !== push)
        #expect(Double(count) >= springDuration * 60 - 1 && Double(count) <= springDuration * 60 + 2)
        #expect(page1.view.superview == nil)
        #expect(page2.view.frame == CGRect(x: 0, y: 0, width: w, height: Self.size.height))
        // The next navigation is a pop, asked for in the next frame's queued work.
        if nav.currentTransition == nil { frame(scene) }
        let pop = try #require(nav.currentTransition)
        #expect(pop.kind == .pop && nav.topViewController === page1)
        frame(scene)
        let y1 = page1.view.layer.renderedProperties.position.x, y2 = page2.view.layer.renderedProperties.position.x
        #expect(y2 > w / 2 && y2 < w + w / 2 && y1 > w / 2 - 0.3 * w && y1 < w / 2)
    }

    @Test func markersComeInOrderWithTheNavigationsCountedAndTheIdleWindowRunsNoTransition() throws {
        let scene = makeScene(warmUp: 0.5, duration: 1.5, idle: 0.5)
        var began: [ContainerTransition.Kind] = []
        var finished = 0
        var finishedAtEnd: Int?
        scene.navigation.transitionObserver = { t, event in
            switch event {
            case .began: began.append(t.kind)
            case .finished: finished += 1
            case .cancelled: Issue.record("a bench navigation was cancelled")
            }
        }
        var finishedAtStart: Int?
        var phases: [BenchPushPopScene.Phase] = [scene.phase]
        var idleFrames = 0
        frame(scene, input: [.window(.resized(Self.size))])
        var n = 0
        while scene.phase != .done, n < 60 * 10 {
            let linesBefore = counter.lines.count
            let beganBefore = began.count
            let wasIdle = scene.phase == .idle
            frame(scene)
            n += 1
            #expect(scene.navigation.currentTransition == nil || began.count <= finished + 1)   // one at a time
            if counter.lines.count > linesBefore, let line = counter.lines.last {
                if line == "PEER_MEASURE_START" { finishedAtStart = finished }
                if line.hasPrefix("PEER_MEASURE_END ") { finishedAtEnd = finished }
            }
            if wasIdle {
                idleFrames += 1
                #expect(began.count == beganBefore && scene.navigation.currentTransition == nil)
                #expect(!scene.layerTree.root.isSubtreeAnimating)
            }
            if phases.last != scene.phase { phases.append(scene.phase) }
        }
        #expect(scene.phase == .done && scene.wantsToQuit)
        #expect(phases == [.warmUp, .measure, .drain, .settle, .idle, .done]
                || phases == [.warmUp, .measure, .settle, .idle, .done])
        #expect(idleFrames >= 29)   // 0.5 s at 60 Hz
        try #require(counter.lines.count == 4)
        #expect(counter.lines[0] == "PEER_MEASURE_START")
        #expect(counter.lines[2] == "PEER_IDLE_START")
        // Pushes and pops alternate, starting with a push.
        #expect(began.enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0 ? .push : .pop) })
        let end = try #require(counter.lines[1].split(separator: " ", maxSplits: 1).last)
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(end.utf8)) as? [String: Any])
        let navigations = try #require(fields["navigations"] as? Int)
        let start = try #require(finishedAtStart), stop = try #require(finishedAtEnd)
        #expect(navigations == stop - start)
        // Each navigation lasts the spring's settling time (plus up to a frame for the next one to start):
        // 1.5 s holds 1.5 / that of them, give or take one.
        let springDuration = TransitionSettings().springDuration
        #expect(Double(navigations) >= (1.5 / (springDuration + 2.0 / 60)).rounded(.down) - 1)
        #expect(Double(navigations) <= (1.5 / springDuration).rounded(.up))
        let median = try #require(fields["nav_ms_median"] as? Double)
        #expect(median >= springDuration * 1000 - 17 && median <= springDuration * 1000 + 34)
        #expect(fields["rasterized"] as? Bool == true && fields["back_end"] as? String == "test")
        let frames = try #require(fields["frames"] as? Int)
        #expect(abs(frames - 90) <= 2)   // 1.5 s at 60 Hz
        let idleEnd = try #require(counter.lines[3].split(separator: " ", maxSplits: 1).last)
        let idleFields = try #require(try JSONSerialization.jsonObject(with: Data(idleEnd.utf8)) as? [String: Any])
        #expect(abs((idleFields["frames"] as? Int ?? 0) - 30) <= 1)
    }

    @Test func pagesAreRowsOfSwatchesAndLabelsAndRasterizeOnlyWhenAsked() throws {
        let scene = makeScene(rasterized: false)
        frame(scene, input: [.window(.resized(Self.size))])
        let page = scene.pages[1]
        #expect(!page.view.layer.shouldRasterize)
        #expect(page.view.backgroundColor == Color(rgb: 0xEEF3FF))
        let column = try #require(page.view.subviews.first)
        #expect(column.subviews.count == 100 && column.frame.size == CGSize(width: 400, height: 3200))
        let row = column.subviews[9]
        #expect(row.frame == CGRect(x: 0, y: 288, width: 400, height: 32))
        let swatch = row.subviews[0], label = try #require(row.subviews[1] as? Label)
        #expect(swatch.frame == CGRect(x: 16, y: 4, width: 24, height: 24) && swatch.layer.cornerRadius == 4)
        #expect(label.text == "Page 2 · Row 10" && label.font.pointSize == 15)
        #expect(label.frame == CGRect(x: 52, y: 0, width: 348, height: 32))
    }
}
