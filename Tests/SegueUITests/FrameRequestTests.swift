import Foundation
import Testing
import SegueAnimation
@testable import SegueUI

/// What a window asks its host for between frames (frames on demand).
@MainActor
@Suite struct FrameRequestTests {
    @Test func aStillWindowAsksForNoFrameUntilInput() {
        let h = Harness()
        h.frames(2)
        #expect(h.window.nextFrameRequest == .onInput)
    }

    @Test func queuedWorkAsksForTheNextFrame() {
        let h = Harness()
        h.frames(1)
        h.window.enqueue {}
        #expect(h.window.nextFrameRequest == .nextFrame)
        h.frames(1)
        #expect(h.window.nextFrameRequest == .onInput)
    }

    @Test func anAnimatedPushAsksForFramesUntilItEnds() {
        let h = Harness()
        let nav = NavigationController(rootViewController: ViewController())
        h.window.rootViewController = nav
        h.frames(1)
        nav.pushViewController(ViewController(), animated: true)
        var framesAsked = 0
        while h.window.nextFrameRequest == .nextFrame && framesAsked < 600 {
            h.frames(1)
            framesAsked += 1
        }
        #expect(nav.viewControllers.count == 2 && nav.currentTransition == nil)
        #expect(framesAsked > 10 && framesAsked < 600)
        #expect(h.window.nextFrameRequest == .onInput)
    }

    @Test func theEarliestRequestWins() {
        #expect(FrameRequest.onInput.earliest(.at(2)) == .at(2))
        #expect(FrameRequest.at(3).earliest(.at(2)) == .at(2))
        #expect(FrameRequest.at(3).earliest(.nextFrame) == .nextFrame)
        #expect(FrameRequest.onInput.earliest(.onInput) == .onInput)
        #expect(FrameRequest.nextFrame.earliest(.onInput) == .nextFrame)
    }
}
