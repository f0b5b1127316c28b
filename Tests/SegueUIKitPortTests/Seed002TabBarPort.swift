// The tab code of seed article 002_23d3013449054066.txt (demo 2: a UITabBarController subclass that adds a
// pan and a delegate; the delegate returns a slide animator and, while the pan drives, a
// UIPercentDrivenInteractiveTransition; the pan starts the switch by assigning selectedIndex), ported from
// Objective-C to Swift as an iOS developer would write it against UIKit. Changes Swift on Linux forces:
// - Objective-C -> Swift (`@interface`/`@implementation` -> classes, the lazy getters -> `lazy var`,
//   `NS_ENUM` -> `enum`, `CGAffineTransformMakeTranslation` -> `CGAffineTransform(translationX:y:)`,
//   `fabs` -> `abs`, `[tabBarController.viewControllers indexOfObject:]` -> `firstIndex { $0 === vc }`
//   (a Swift class without Objective-C is not Equatable), `self.viewControllers.count` ->
//   `self.viewControllers!.count` (an optional array in Swift, as in UIKit's Swift overlay));
// - `import UIKit` -> `import SegueUIKit`; `NSObject` dropped as the delegate's superclass (no Objective-C
//   runtime: the protocols are Swift protocols);
// - `@selector(handlePan:)` -> `EDTabBarController.handlePan` (no `@objc`).
import SegueUIKit
import Testing

@MainActor
final class EDTabBarController: UITabBarController {
    private lazy var tabbarDelegate = EDTabBarDelegate()

    override func viewDidLoad() {
        super.viewDidLoad()
        // Add the delegate and the gesture.
        self.delegate = self.tabbarDelegate
        let panGes = UIPanGestureRecognizer(target: self, action: EDTabBarController.handlePan)
        self.view.addGestureRecognizer(panGes)
    }

    func handlePan(_ panGes: UIPanGestureRecognizer) {
        // Compute the progress, then begin, update, finish or cancel.
        let translationX = panGes.translation(in: self.view).x
        let percent = abs(translationX) / self.view.frame.size.width

        switch panGes.state {
        case .began:
            // Start the transition by setting selectedIndex; the sign of the velocity says which way.
            let velocityX = panGes.velocity(in: self.view).x
            if velocityX > 0 {
                if self.selectedIndex > 0 {
                    self.tabbarDelegate.interactive = true
                    self.selectedIndex -= 1
                }
            } else {
                if self.selectedIndex < self.viewControllers!.count - 1 {
                    self.tabbarDelegate.interactive = true
                    self.selectedIndex += 1
                }
            }
        case .changed:
            // Update the progress.
            self.tabbarDelegate.interactionController.update(percent)
        case .ended, .cancelled:
            self.tabbarDelegate.interactionController.completionSpeed = 0.99
            if percent > 0.3 {
                self.tabbarDelegate.interactionController.finish()
            } else {
                self.tabbarDelegate.interactionController.cancel()
            }
            self.tabbarDelegate.interactive = false
        default:
            break
        }
    }
}

@MainActor
final class EDTabBarDelegate: UITabBarControllerDelegate {
    lazy var interactionController = UIPercentDrivenInteractiveTransition()
    var interactive = false

    // The animation controller.
    func tabBarController(_ tabBarController: UITabBarController,
                          animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let fromIndex = tabBarController.viewControllers!.firstIndex { $0 === fromVC }!
        let toIndex = tabBarController.viewControllers!.firstIndex { $0 === toVC }!
        let operation: TabOperationDirection = fromIndex > toIndex ? .left : .right
        let animator = EDTabbarTransitionAnimator()
        animator.operation = operation
        return animator
    }

    // The interaction controller.
    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        self.interactive ? self.interactionController : nil
    }
}

enum TabOperationDirection {
    case left   // scroll to the left
    case right  // scroll to the right
}

@MainActor
final class EDTabbarTransitionAnimator: UIViewControllerAnimatedTransitioning {
    var operation: TabOperationDirection = .left

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.3
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromVC = transitionContext.viewController(forKey: .from)!
        let toVC = transitionContext.viewController(forKey: .to)!

        let containerView = transitionContext.containerView
        let fromView = fromVC.view!
        let toView = toVC.view!

        var toViewTransform = CGAffineTransform.identity
        var fromViewTransform = CGAffineTransform.identity
        var translation = containerView.frame.size.width
        if self.operation == .left {
            translation *= -1
        }
        toViewTransform = CGAffineTransform(translationX: translation, y: 0)
        fromViewTransform = CGAffineTransform(translationX: -translation, y: 0)
        // Add the to view to the container.
        containerView.addSubview(toView)

        // A simple animation: both views move.
        toView.transform = toViewTransform
        UIView.animate(withDuration: self.transitionDuration(using: transitionContext), animations: {
            fromView.transform = fromViewTransform
            toView.transform = .identity
        }, completion: { finished in
            fromView.transform = .identity
            toView.transform = .identity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    func animationEnded(_ transitionCompleted: Bool) {
        // Called after the animation ends.
    }
}

/// A page that records its appearance callbacks (the test's, not the seed's).
@MainActor
final class TabPortPage: UIViewController {
    let name: String
    let log: SharedLog
    init(_ name: String, log: SharedLog) {
        self.name = name
        self.log = log
        super.init()
    }
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log.append("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log.append("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log.append("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log.append("\(name).viewDidDisappear") }
}

@MainActor
@Suite struct Seed002TabBarPortTests {
    let h = PortHarness()
    let log = SharedLog()

    /// The seed's tab bar controller with three pages, shown, the first selected.
    func shown() -> (EDTabBarController, [TabPortPage]) {
        let pages = ["A", "B", "C"].map { TabPortPage($0, log: log) }
        let tabs = EDTabBarController()
        tabs.viewControllers = pages
        h.window.rootViewController = tabs
        h.frames(1)
        log.entries.removeAll()
        return (tabs, pages)
    }

    func settle(_ tabs: UITabBarController) {
        for _ in 0..<120 where tabs.transitionCoordinator != nil { h.frames(1) }
        h.frames(1)
    }

    /// Drags from (x0, 300) through `xs`, one move a frame, and releases at rest at the last.
    func drag(from x0: CGFloat, _ xs: [CGFloat], release: Bool = true) {
        h.down(x0, 300, at: 10)
        var t = 10.0
        for x in xs {
            t += 1.0 / 60
            h.move(x, 300, at: t)
            h.frames(1)
        }
        if release { h.up(xs.last!, 300, at: t + 0.2) }
    }

    @Test func aLeftwardPanScrubsTheNextPageAlongTheDefaultCurveAndFinishesPastPointThree() {
        let (tabs, pages) = shown()
        let w: CGFloat = 400
        drag(from: 300, [290, 260, 220, 180], release: false)
        h.frames(1)
        // Scrubbed at p = 0.3 along UIView.animate's default ease-in-ease-out.
        let f = CAMediaTimingFunction(name: .easeInEaseOut).value(at: 0.3)
        #expect(tabs.selectedIndex == 1 && tabs.transitionCoordinator?.isInteractive == true)
        #expect(abs(pages[1].view.layer.presentation()!.transform.m41 - w * (1 - f)) < 1e-6)
        #expect(abs(pages[0].view.layer.presentation()!.transform.m41 + w * f) < 1e-6)
        h.move(160, 300, at: 11)
        h.up(160, 300, at: 11.2)   // p = 0.35
        settle(tabs)
        #expect(tabs.selectedViewController === pages[1] && tabs.transitionCoordinator == nil)
        #expect(log.entries == ["A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewDidAppear"])
        #expect(pages[0].view.transform == .identity && pages[1].view.transform == .identity)
        #expect(pages[0].view.superview == nil && pages[1].view.superview === tabs.transitionView)
    }

    @Test func aPanShortOfPointThreeCancelsAndTheSelectionStays() {
        let (tabs, pages) = shown()
        drag(from: 300, [290, 260, 220, 220])   // p = 0.2
        settle(tabs)
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === pages[0])
        #expect(log.entries == ["A.viewWillDisappear", "B.viewWillAppear",
                                "B.viewWillDisappear", "B.viewDidDisappear", "A.viewWillAppear", "A.viewDidAppear"])
        #expect(pages[0].view.transform == .identity && pages[1].view.superview == nil)
        #expect(pages[0].view.layer.presentation()!.transform.m41 == 0)
    }

    @Test func aRightwardPanSelectsThePreviousPageAndNothingHappensAtTheFirst() {
        let (tabs, pages) = shown()
        drag(from: 100, [110, 150, 200, 260])
        h.frames(2)
        #expect(tabs.transitionCoordinator == nil && log.entries.isEmpty)
        tabs.selectedIndex = 2   // in code: the seed's delegate gives its animator, so this slides (not interactive)
        settle(tabs)
        log.entries.removeAll()
        drag(from: 100, [110, 150, 200, 260])
        settle(tabs)
        #expect(tabs.selectedViewController === pages[1])
        #expect(log.entries == ["C.viewWillDisappear", "B.viewWillAppear", "C.viewDidDisappear", "B.viewDidAppear"])
    }
}
