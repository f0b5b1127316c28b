// CACurrentMediaTime() reads the key window's clock; makeKeyAndVisible() picks the key window.
import Testing
import SegueUIKit

@MainActor
@Suite struct CACurrentMediaTimeTests {
    /// A window size for tests, in points (any size will do).
    static let size = CGSize(width: 320, height: 480)

    @Test func currentMediaTimeFollowsTheKeyWindowsClock() {
        let clockA = VirtualClock()
        let a = UIWindow(clock: clockA, size: Self.size)
        a.makeKeyAndVisible()
        clockA.advance(frames: 30)
        #expect(CACurrentMediaTime() == 0.5)

        let clockB = VirtualClock(frame: 120)
        let b = UIWindow(clock: clockB, size: Self.size)
        #expect(a.isKeyWindow && !b.isKeyWindow)   // A window created while there is a key window stays out.
        #expect(CACurrentMediaTime() == 0.5)

        b.makeKeyAndVisible()
        #expect(b.isKeyWindow && !a.isKeyWindow)
        #expect(CACurrentMediaTime() == 2)
        clockB.advance(frames: 6)
        #expect(CACurrentMediaTime() == 2.1)
    }

    @Test func currentMediaTimeRunsSlowerWithSlowAnimations() {
        let clock = VirtualClock()
        let window = UIWindow(clock: clock, size: Self.size)
        window.makeKeyAndVisible()
        window.layerTree.timeScale = 0.5
        clock.advance(frames: 60)
        #expect(CACurrentMediaTime() == 0.5)
    }

    @Test func aWindowCreatedWhenThereIsNoKeyWindowBecomesKey() {
        do {
            let released = UIWindow(clock: VirtualClock(), size: Self.size)
            released.makeKeyAndVisible()
        }
        #expect(UIWindow.keyWindow == nil)   // Held weakly.
        #expect(CACurrentMediaTime() == 0)
        let window = UIWindow(clock: VirtualClock(frame: 60), size: Self.size)
        #expect(window.isKeyWindow)
        #expect(CACurrentMediaTime() == 1)
    }
}
