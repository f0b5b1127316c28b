import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

/// `HeadlessHost` steps any `HostedScene`, not only a window: the one way a replay, a test host or a tool
/// steps frames headless.
@MainActor
@Suite struct HeadlessHostSceneTests {
    /// A scene that is no window: a layer tree and a log of what each frame handed it.
    final class LogScene: HostedScene {
        let layerTree: LayerTree
        var handled: [InputEvent] = []
        var queuedWorkRuns = 0
        var wantsToQuit: Bool { false }
        init(clock: VirtualClock) { layerTree = LayerTree(clock: clock) }
        func handle(_ event: InputEvent) { handled.append(event) }
        func runQueuedWork() { queuedWorkRuns += 1 }
        func layoutIfNeeded() {}
    }

    @Test func runFrameRunsAtTheClocksTimeAndNextFrameMovesItFirst() {
        let clock = VirtualClock()
        let host = HeadlessHost(clock: clock, scene: LogScene(clock: clock))
        var rendered: [Int] = []
        host.runFrame(input: [.window(.resized(CGSize(width: 10, height: 10)))]) { _ in rendered.append(clock.frame) }
        host.nextFrame { _ in rendered.append(clock.frame) }
        host.frames(2)
        #expect(rendered == [0, 1])
        #expect(clock.frame == 3)
        #expect(host.scene.handled.count == 1)
        #expect(host.scene.queuedWorkRuns == 4)
    }

    @Test func aWindowsHostStillReportsIdle() {
        let host = HeadlessHost(size: CGSize(width: 100, height: 100))
        #expect(host.window === host.scene)
        host.runUntilIdle()
        #expect(host.isIdle)
    }
}
