import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

@MainActor
final class KeyLoggingViewController: LoggingViewController {
    var firstResponderAllowed = true
    override var canBecomeFirstResponder: Bool { firstResponderAllowed }
    override func pressesBegan(_ event: KeyEvent) { log.add("\(name).pressesBegan(\(event.key))") }
}

@MainActor
final class LayoutCountingView: View {
    var layouts = 0
    override func layoutSubviews() { layouts += 1 }
}

@MainActor
@Suite struct WindowDispatchTests {
    let h = Harness()
    let log = CallLog()

    @Test func touchesTravelUpTheResponderChainToTheController() {
        let vc = TouchLoggingViewController()
        h.window.rootViewController = vc
        let inner = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        vc.view.addSubview(inner)
        h.down(20, 20, at: 0)
        h.move(25, 20, at: 0.01)
        h.up(25, 20, at: 0.02)
        #expect(vc.touches == ["began", "moved", "ended"])
    }

    @Test func keyCommandsAreFoundFromTheFirstResponderUp() {
        let parent = KeyLoggingViewController("P", log: log)
        h.window.rootViewController = parent
        let child = KeyLoggingViewController("C", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        parent.addKeyCommand(KeyCommand(input: .left) { [log] in log.add("P.left") })
        child.addKeyCommand(KeyCommand(input: .right) { [log] in log.add("C.right") })
        #expect(child.becomeFirstResponder())
        #expect(child.isFirstResponder)
        log.clear()
        h.key(.right)
        h.key(.left)
        h.key(.space)
        h.key(.left, down: false)
        #expect(log.entries == ["C.right", "P.left", "C.pressesBegan(Space)"])
    }

    @Test func withoutAFirstResponderKeysGoToTheRootController() {
        let root = KeyLoggingViewController("R", log: log)
        h.window.rootViewController = root
        root.addKeyCommand(KeyCommand(input: .escape) { [log] in log.add("R.escape") })
        log.clear()
        h.key(.escape)
        #expect(log.entries == ["R.escape"])
    }

    @Test func aResponderOutsideAWindowCannotBecomeFirstResponder() {
        let vc = KeyLoggingViewController("A", log: log)
        #expect(!vc.becomeFirstResponder())
        h.window.rootViewController = vc
        vc.firstResponderAllowed = false
        #expect(!vc.becomeFirstResponder())
    }

    @Test func leavingTheWindowResignsFirstResponder() {
        let vc = KeyLoggingViewController("A", log: log)
        h.window.rootViewController = vc
        #expect(vc.becomeFirstResponder())
        h.window.rootViewController = nil
        #expect(h.window.firstResponder == nil)
    }

    @Test func repeatedPressesCanBeIgnored() {
        let vc = KeyLoggingViewController("A", log: log)
        h.window.rootViewController = vc
        vc.addKeyCommand(KeyCommand(input: .right, repeats: false) { [log] in log.add("right") })
        log.clear()
        h.key(.right)
        h.window.handle(.key(KeyEvent(key: .right, isRepeat: true, timestamp: 0.5)))
        #expect(log.entries == ["right", "A.pressesBegan(Right)"])
    }

    @Test func resizeFollowsAutoresizingMasksAndLaysOut() {
        let vc = ViewController()
        h.window.rootViewController = vc
        let page = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        page.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        vc.view.addSubview(page)
        let bar = View(frame: CGRect(x: 0, y: 550, width: 400, height: 50))
        bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        page.addSubview(bar)
        let badge = View(frame: CGRect(x: 350, y: 10, width: 40, height: 40))
        badge.autoresizingMask = [.flexibleLeftMargin]
        page.addSubview(badge)
        let centred = View(frame: CGRect(x: 100, y: 200, width: 200, height: 100))
        centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        page.addSubview(centred)
        h.frames(1)
        let before = page.layouts
        h.window.handle(.window(.resized(CGSize(width: 800, height: 700))))
        #expect(page.frame == CGRect(x: 0, y: 0, width: 800, height: 700))
        #expect(bar.frame == CGRect(x: 0, y: 650, width: 800, height: 50))
        #expect(badge.frame == CGRect(x: 750, y: 10, width: 40, height: 40))
        #expect(centred.frame == CGRect(x: 300, y: 200, width: 200, height: 100))
        #expect(page.layouts == before + 1, "the window lays out on resize")
    }

    @Test func layoutRunsOnlyWhenNeededAndOncePerFrame() {
        let view = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(view)
        h.frames(1)
        let settled = view.layouts
        h.frames(3)
        #expect(view.layouts == settled)
        view.setNeedsLayout()
        view.setNeedsLayout()
        h.frames(1)
        #expect(view.layouts == settled + 1)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.layouts == settled + 2)
    }

    @Test func queuedWorkRunsInOrderInTheNextFramesPass() {
        var ran: [Int] = []
        h.window.enqueue { ran.append(1) }
        h.window.enqueue { [h] in
            ran.append(2)
            h.window.enqueue { ran.append(3) }
        }
        #expect(ran.isEmpty)
        h.window.runQueuedWork()
        #expect(ran == [1, 2], "work queued while running waits for the next frame")
        h.window.runQueuedWork()
        #expect(ran == [1, 2, 3])
    }

    @Test func closeRequestAsksToQuit() {
        #expect(!h.window.wantsToQuit)
        h.window.handle(.window(.closeRequested))
        #expect(h.window.wantsToQuit)
    }

    @Test func snapshotViewPicturesTheSourceLayer() {
        let view = View(frame: CGRect(x: 10, y: 20, width: 120, height: 80))
        view.accessibilityIdentifier = "card"
        let snapshot = view.snapshotView(afterScreenUpdates: false)
        #expect(snapshot.frame == CGRect(x: 0, y: 0, width: 120, height: 80))
        guard case .snapshot(let picture) = snapshot.layer.contents else {
            Issue.record("no snapshot contents")
            return
        }
        #expect(picture.source === view.layer)
        #expect(picture.size == CGSize(width: 120, height: 80))
        #expect(view.layer.name == "card")
    }

    @Test func viewsUnderAnAnimationWithoutAllowUserInteractionIgnorePointers() {
        let button = Button(frame: CGRect(x: 0, y: 0, width: 100, height: 40), title: "Go")
        h.window.addSubview(button)
        var taps = 0
        button.addAction({ _ in taps += 1 }, for: .touchUpInside)
        View.animate(withDuration: 1, animations: { button.center = CGPoint(x: 60, y: 30) })
        h.frames(1)
        h.down(50, 20, at: 0)
        h.up(50, 20, at: 0.05)
        #expect(taps == 0)
        View.animate(withDuration: 1, options: .allowUserInteraction, animations: { button.alpha = 0.5 })
        button.layer.removeAllAnimations()
        View.animate(withDuration: 1, options: .allowUserInteraction, animations: { button.center = CGPoint(x: 50, y: 20) })
        h.frames(1)
        h.down(50, 20, at: 1)
        h.up(50, 20, at: 1.05)
        #expect(taps == 1)
    }
}

@MainActor
final class TouchLoggingViewController: ViewController {
    var touches: [String] = []
    override func touchesBegan(_ t: Set<Touch>, with e: Event?) { touches.append("began") }
    override func touchesMoved(_ t: Set<Touch>, with e: Event?) { touches.append("moved") }
    override func touchesEnded(_ t: Set<Touch>, with e: Event?) { touches.append("ended") }
    override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { touches.append("cancelled") }
}
