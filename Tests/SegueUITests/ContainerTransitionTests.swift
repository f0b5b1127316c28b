import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

/// The custom container of the first seed article, ported by deleting the `UI` prefix and modernising the
/// names (`transitionFromViewController(_:toViewController:...)` -> `transition(from:to:...)`).
@MainActor
final class SeedContainerViewController: LoggingViewController, ViewControllerTransitioningDelegate {
    enum Orientation { case left, right }
    let container = View()
    var completions: [Bool] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        container.frame = view.bounds
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(container)
    }

    func swipeFromViewController(_ fromViewController: ViewController, toViewController: ViewController,
                                 orientation: Orientation) {
        fromViewController.willMove(toParent: nil)
        self.addChild(toViewController)
        toViewController.view.bounds = container.bounds
        let endCenter: CGPoint
        fromViewController.transitioningDelegate = self
        if orientation == Orientation.left {
            toViewController.view.center = CGPoint(x: self.view.bounds.size.width + toViewController.view.bounds.size.width / 2,
                                                 y: self.view.bounds.size.height / 2)
            endCenter = CGPoint(x: -self.view.bounds.size.width - toViewController.view.bounds.size.width / 2,
                              y: self.view.bounds.size.height / 2)
        } else {
            toViewController.view.center = CGPoint(x: -self.view.bounds.size.width - toViewController.view.bounds.size.width / 2,
                                                 y: self.view.bounds.size.height / 2)
            endCenter = CGPoint(x: self.view.bounds.size.width + toViewController.view.bounds.size.width / 2,
                              y: self.view.bounds.size.height / 2)
        }
        self.transition(from: fromViewController, to: toViewController, duration: 0.25,
                        options: ViewAnimationOptions.curveEaseInOut, animations: { () -> Void in
            toViewController.view.frame = fromViewController.view.frame
            fromViewController.view.center = endCenter
        }) { (completion) -> Void in
            self.completions.append(completion)
            toViewController.didMove(toParent: self)
            fromViewController.removeFromParent()
        }
    }
}

@MainActor
@Suite struct ContainerTransitionTests {
    let h = Harness()
    let log = CallLog()

    /// A seed container as the window's root, showing child A.
    func makeContainer() -> (SeedContainerViewController, LoggingViewController) {
        let container = SeedContainerViewController("K", log: log)
        h.window.rootViewController = container
        let a = LoggingViewController("A", log: log)
        container.addChild(a)
        a.view.frame = container.container.bounds
        container.container.addSubview(a.view)
        a.didMove(toParent: container)
        h.frames(1)
        return (container, a)
    }

    @Test func seedTransitionCallsLifecycleAndContainmentInOrder() {
        let (container, a) = makeContainer()
        let b = LoggingViewController("B", log: log)
        log.clear()
        container.swipeFromViewController(a, toViewController: b, orientation: .left)
        #expect(log.entries == ["A.willMove(toParent: nil)", "B.willMove(toParent: K)", "B.viewDidLoad",
                                "A.viewWillDisappear(true)", "B.viewWillAppear(true)"])
        log.clear()
        h.frames(20)
        #expect(log.entries == ["A.viewDidDisappear(true)", "B.viewDidAppear(true)",
                                "B.didMove(toParent: K)", "A.didMove(toParent: nil)"])
        #expect(container.completions == [true])
        #expect(container.children.count == 1 && container.children[0] === b)
        #expect(a.viewIfLoaded?.superview == nil)
        #expect(b.view.superview === container.container)
    }

    @Test func seedTransitionAnimatesOverItsDurationWithTheCurve() {
        let (container, a) = makeContainer()
        let b = LoggingViewController("B", log: log)
        let w = Harness.size.width
        let midY = Harness.size.height / 2
        container.swipeFromViewController(a, toViewController: b, orientation: .left)
        // The model holds the end values at once.
        #expect(b.view.center == CGPoint(x: w / 2, y: midY))
        #expect(a.view.center == CGPoint(x: -w - w / 2, y: midY))
        let duration = 0.25
        let frames = Int((duration * h.clock.framesPerSecond).rounded())
        var previous = Double.infinity
        for k in 0...frames {
            if k > 0 { h.frames(1) } else { h.window.runFrame() }
            if k == frames { break }
            let p = MediaTimingFunction.easeInEaseOut.value(at: Double(k) / Double(frames))
            let bx = b.view.layer.presentationValues().position.x
            // B slides from x = 1.5 W to 0.5 W.
            #expect(isClose(bx, w / 2 + w * (1 - p), tolerance: 1e-6), "frame \(k)")
            #expect(bx < previous || k == 0)
            previous = bx
            #expect(container.completions.isEmpty, "no completion before the end (frame \(k))")
        }
        #expect(container.completions == [true], "completion at exactly \(frames) frames")
        #expect(b.view.layer.presentationValues().position == CGPoint(x: w / 2, y: midY))
    }

    @Test func rightSwipeMovesTheOtherWay() {
        let (container, a) = makeContainer()
        let b = LoggingViewController("B", log: log)
        container.swipeFromViewController(a, toViewController: b, orientation: .right)
        h.window.runFrame()
        h.frames(7)
        let x = b.view.layer.presentationValues().position.x
        #expect(x < Harness.size.width / 2 && x > -Harness.size.width)
        h.frames(10)
        #expect(container.completions == [true])
    }

    @Test func crossDissolveFadesAndRestoresTheFromView() {
        let (container, a) = makeContainer()
        let b = LoggingViewController("B", log: log)
        a.willMove(toParent: nil)
        container.addChild(b)
        b.view.frame = a.view.frame
        var finished: Bool?
        container.transition(from: a, to: b, duration: 0.2, options: .transitionCrossDissolve, animations: nil) {
            finished = $0
            b.didMove(toParent: container)
            a.removeFromParent()
        }
        h.window.runFrame()
        h.frames(6)
        let bOpacity = b.view.layer.presentationValues().opacity
        #expect(bOpacity > 0 && bOpacity < 1)
        h.frames(10)
        #expect(finished == true)
        #expect(a.view.alpha == 1 && a.view.superview == nil)
        #expect(b.view.alpha == 1)
    }

    @Test func zeroDurationSwapsAtOnceAndCompletesInTheNextFrame() {
        let (container, a) = makeContainer()
        let b = LoggingViewController("B", log: log)
        log.clear()
        container.swipeFromViewController(a, toViewController: b, orientation: .left)
        // 0.25 s in the seed; here the same calls with no duration.
        let c = LoggingViewController("C", log: log)
        h.frames(20)
        log.clear()
        b.willMove(toParent: nil)
        container.addChild(c)
        container.transition(from: b, to: c, duration: 0, animations: { c.view.frame = b.view.frame }) { _ in
            c.didMove(toParent: container)
            b.removeFromParent()
        }
        #expect(log.entries == ["B.willMove(toParent: nil)", "C.willMove(toParent: K)", "C.viewDidLoad",
                                "B.viewWillDisappear(false)", "C.viewWillAppear(false)",
                                "B.viewDidDisappear(false)", "C.viewDidAppear(false)"])
        h.frames(1)   // the completion never runs inside the call
        #expect(log.entries == ["B.willMove(toParent: nil)", "C.willMove(toParent: K)", "C.viewDidLoad",
                                "B.viewWillDisappear(false)", "C.viewWillAppear(false)",
                                "B.viewDidDisappear(false)", "C.viewDidAppear(false)",
                                "C.didMove(toParent: K)", "B.didMove(toParent: nil)"])
    }

    @Test func transitionBetweenNonChildrenFailsLoudly() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let parent = ViewController()
                let a = ViewController()
                parent.view.addSubview(a.view)
                parent.addChild(a)
                parent.transition(from: a, to: ViewController(), duration: 0.1, animations: nil, completion: nil)
            }
        }
    }
}
