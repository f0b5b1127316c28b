import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

/// Work queued by input belongs to the window that handled it: input handed to a window between frames (a
/// test, a headless host) runs as part of that window's tree, so a completion it queues runs in that
/// window's next frame, not in the frame of whichever window runs first.
@MainActor
@Suite struct WindowOwnedCallbackTests {
    @Test func aCompletionQueuedByInputBetweenFramesRunsInItsOwnWindowsFrame() {
        let a = HeadlessHost(size: CGSize(width: 200, height: 200))
        let b = HeadlessHost(size: CGSize(width: 200, height: 200))
        let view = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        b.window.addSubview(view)
        var completed: [String] = []
        let tap = TapGestureRecognizer()
        tap.addAction { _ in
            // A block that changes nothing: its completion waits for the next frame of some tree.
            View.animate(withDuration: 0, animations: {}, completion: { _ in completed.append("done") })
        }
        view.addGestureRecognizer(tap)
        b.down(CGPoint(x: 10, y: 10), at: 1)
        b.up(CGPoint(x: 10, y: 10), at: 1.05)
        a.frames(1)
        #expect(completed.isEmpty)   // not in window A's frame
        b.frames(1)
        #expect(completed == ["done"])
    }

    @Test func aRootControllersLoadingQueuesForItsWindow() {
        let a = HeadlessHost(size: CGSize(width: 200, height: 200))
        let b = HeadlessHost(size: CGSize(width: 200, height: 200))
        final class Loading: ViewController {
            var completed = false
            override func viewDidLoad() {
                super.viewDidLoad()
                View.animate(withDuration: 0, animations: {}, completion: { [weak self] _ in self?.completed = true })
            }
        }
        let root = Loading()
        b.window.rootViewController = root
        a.frames(1)
        #expect(!root.completed)
        b.frames(1)
        #expect(root.completed)
    }

    @Test func anUnanimatedViewTransitionCompletesInItsViewsWindowAlsoOutsideEveryFrame() {
        let a = HeadlessHost(size: CGSize(width: 200, height: 200))
        let b = HeadlessHost(size: CGSize(width: 200, height: 200))
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        b.window.addSubview(view)
        var completed: [String] = []
        // No transition in the options: nothing animates, and the completion waits for a frame of the
        // view's window (queued outside every frame, it used to wait for the first tree's).
        View.transition(with: view, duration: 0.3, animations: { view.alpha = 0.5 },
                        completion: { _ in completed.append("with") })
        let from = View(frame: view.frame), to = View(frame: view.frame)
        b.window.addSubview(from)
        View.transition(from: from, to: to, duration: 0.3, completion: { _ in completed.append("from-to") })
        a.frames(1)
        #expect(completed.isEmpty)   // not in window A's frame
        b.frames(1)
        #expect(completed == ["with", "from-to"])
    }
}
