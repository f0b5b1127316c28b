import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

@MainActor
@Suite struct ControlsDemoTests {
    let h = Harness(size: CGSize(width: 1000, height: 700))
    let demo = ControlsDemoViewController()

    init() {
        h.window.rootViewController = demo
        h.frames(1)
    }

    func center(of id: String) -> CGPoint {
        func find(_ v: View) -> View? {
            if v.accessibilityIdentifier == id { return v }
            for s in v.subviews { if let f = find(s) { return f } }
            return nil
        }
        let view = find(h.window)!
        return view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    }

    @Test func clickingPlusCountsAndResetClears() {
        let plus = center(of: "controls.plus")
        for i in 0..<3 {
            h.down(plus.x, plus.y, at: Double(i))
            h.up(plus.x, plus.y, at: Double(i) + 0.1)
        }
        #expect(demo.clickCount == 3)
        let reset = center(of: "controls.reset")
        h.down(reset.x, reset.y, at: 5)
        h.up(reset.x, reset.y, at: 5.1)
        #expect(demo.clickCount == 0)
    }

    @Test func panelFollowsTheDragAndKeepsTheReleaseVelocity() {
        let start = demo.panelView.center
        // Drag at 600 pt/s rightwards, sampled at 120 Hz, then release.
        h.down(start.x, start.y, at: 1)
        for i in 1...12 { h.move(start.x + 5 * Double(i), start.y, at: 1 + Double(i) / 120) }
        #expect(isClose(demo.panelView.center, CGPoint(x: start.x + 60, y: start.y)))
        h.up(start.x + 60, start.y, at: 1 + 12.0 / 120)
        h.frames(1)
        let p0 = demo.panelView.layer.presentation().position.x
        h.frames(1)
        let p1 = demo.panelView.layer.presentation().position.x
        // The first frame of the fling moves at about the release speed (the spring decelerates).
        let speed = (p1 - p0) * h.clock.framesPerSecond
        #expect(speed > 500 && speed <= 600, "speed \(speed)")
        h.frames(120)
        #expect(demo.panelView.layer.presentation().position.x > start.x + 60 + 250)
    }

    @Test func escapeAsksTheWindowToQuit() {
        h.key(.escape)
        #expect(h.window.wantsToQuit)
    }
}
