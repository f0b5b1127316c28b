// The custom container of seed article 000_e271df9d564bfbf8.txt (its iOS 5 `transitionFromViewController`
// version), through `import SegueUIKit`. Changes from the article's code, all forced:
// - Swift 2 -> Swift 6 spellings: `willMoveToParentViewController(nil)` -> `willMove(toParent: nil)`,
//   `addChildViewController` -> `addChild`, `didMoveToParentViewController` -> `didMove(toParent:)`,
//   `removeFromParentViewController` -> `removeFromParent`, `transitionFromViewController(_:toViewController:...)`
//   -> `transition(from:to:...)`, `UIViewAnimationOptions.CurveEaseInOut` -> `.curveEaseInOut`,
//   `CGPointMake` -> `CGPoint(x:y:)`.
// - `import UIKit` -> `import SegueUIKit`.
import SegueUIKit
import Testing

@MainActor
final class ContainerViewController: UIViewController {
    enum Orientation { case left, right }
    let container = UIView()
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        container.frame = view.bounds
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(container)
    }

    func swipeFromViewController(_ fromViewController: UIViewController, toViewController: UIViewController,
                                 withOrientation orientation: Orientation) {
        fromViewController.willMove(toParent: nil)
        self.addChild(toViewController)
        toViewController.view.bounds = container.bounds
        let endCenter: CGPoint
        if orientation == .left {
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
                        options: UIView.AnimationOptions.curveEaseInOut, animations: { () -> Void in
            toViewController.view.frame = fromViewController.view.frame
            fromViewController.view.center = endCenter
        }) { (finished) -> Void in
            self.log.append("completion(\(finished))")
            toViewController.didMove(toParent: self)
            fromViewController.removeFromParent()
        }
    }
}

/// A child that logs its appearance.
@MainActor
final class PageViewController: UIViewController {
    let name: String
    let record: (String) -> Void
    init(_ name: String, record: @escaping (String) -> Void) {
        self.name = name
        self.record = record
        super.init()
    }
    override func viewWillAppear(_ animated: Bool) { record("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { record("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { record("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { record("\(name).viewDidDisappear") }
}

@MainActor
@Suite struct Seed000ContainerPortTests {
    @Test func seedContainerSwapsChildrenWithUIKitsCallbacksAndEndsWhereItsAnimationSays() {
        let h = PortHarness()
        let containerVC = ContainerViewController()
        h.window.rootViewController = containerVC
        let a = PageViewController("A") { containerVC.log.append($0) }
        containerVC.addChild(a)
        a.view.frame = containerVC.container.bounds
        containerVC.container.addSubview(a.view)
        a.didMove(toParent: containerVC)
        h.frames(1)
        containerVC.log.removeAll()

        let b = PageViewController("B") { containerVC.log.append($0) }
        containerVC.swipeFromViewController(a, toViewController: b, withOrientation: .left)
        #expect(containerVC.log == ["A.viewWillDisappear", "B.viewWillAppear"])
        h.frames(8)   // mid-flight: B is on its way in from the right
        let midX = b.view.layer.renderedProperties.position.x
        #expect(midX > 200 && midX < 600)
        h.frames(8)   // 0.25 s = 15 frames: done
        #expect(containerVC.log == ["A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear",
                                    "B.viewDidAppear", "completion(true)"])
        #expect(containerVC.children.count == 1 && containerVC.children[0] === b)
        #expect(a.viewIfLoaded?.superview == nil)
        #expect(b.view.frame == containerVC.container.bounds)
        #expect(b.view.layer.renderedProperties.position == CGPoint(x: 200, y: 300))
    }
}
