// The tab code of seed article 001_962d51d132c96333.txt ("TabBarController 滑动切换": a tab bar delegate
// returning a SlideAnimationController for a `.TabTransition(direction)` and, while a pan drives, a
// UIPercentDrivenInteractiveTransition; the pan handler of the tab bar controller starts the switch by
// changing selectedIndex), written in Swift 2 in the article. Changes forced:
// - Swift 2 -> Swift 6 spellings of the same UIKit API (what Apple's SDK itself renamed in Swift 3):
//   `animateWithDuration` -> `animate(withDuration:)`, `containerView()` -> `containerView`,
//   `viewControllerForKey(UITransitionContextFromViewControllerKey)` -> `viewController(forKey: .from)`,
//   `transitionWasCancelled()` -> `transitionWasCancelled`, `CGAffineTransformMakeTranslation` ->
//   `CGAffineTransform(translationX:y:)`, `CGAffineTransformIdentity` -> `.identity`, `NSTimeInterval` ->
//   `TimeInterval`, `translationInView`/`velocityInView` -> `translation(in:)`/`velocity(in:)`, `.Began` ->
//   `.began`, `updateInteractiveTransition`/`finishInteractiveTransition`/`cancelInteractiveTransition` ->
//   `update`/`finish`/`cancel`, `.Push` -> `.push`; a `guard` on the now non-optional `containerView` split;
//   `viewControllers!.indexOf(fromVC)!` -> `viewControllers!.firstIndex { $0 === fromVC }!` (a Swift class
//   without Objective-C is not Equatable);
// - `import UIKit` -> `import SegueUIKit`; `NSObject` dropped as the delegate's superclass; the pan's
//   `#selector` -> `SDETabBarController.handlePan` (no `@objc`);
// - the types are nested in `enum Seed001Tabs` because seed 002's port, in the same test target, declares
//   its own `TabOperationDirection`. The article shows neither the delegate class nor the tab bar
//   controller class around its methods: they are the smallest classes that hold them.
import SegueUIKit
import Testing

enum Seed001Tabs {
    enum TabOperationDirection {
        case Left, Right
    }

    enum ModalOperation {
        case Presentation, Dismissal
    }

    enum SDETransitionType {
        case NavigationTransition(UINavigationController.Operation)
        case TabTransition(TabOperationDirection)
        case ModalTransition(ModalOperation)
    }

    @MainActor
    final class SDETabBarVCDelegate: UITabBarControllerDelegate {
        var interactive = false
        let interactionController = UIPercentDrivenInteractiveTransition()

        func tabBarController(_ tabBarController: UITabBarController,
                              animationControllerForTransitionFrom fromVC: UIViewController,
                              to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            let fromIndex = tabBarController.viewControllers!.firstIndex { $0 === fromVC }!
            let toIndex = tabBarController.viewControllers!.firstIndex { $0 === toVC }!

            let tabChangeDirection: TabOperationDirection = toIndex < fromIndex ? .Left : .Right
            let transitionType = SDETransitionType.TabTransition(tabChangeDirection)
            let slideAnimationController = SlideAnimationController(type: transitionType)
            return slideAnimationController
        }

        func tabBarController(_ tabBarController: UITabBarController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
            -> UIViewControllerInteractiveTransitioning? {
            return interactive ? interactionController : nil
        }
    }

    @MainActor
    final class SlideAnimationController: UIViewControllerAnimatedTransitioning {
        let transitionType: SDETransitionType
        init(type: SDETransitionType) { transitionType = type }

        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
            return 0.3
        }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            // The container
            let containerView = transitionContext.containerView
            // the current vc, the vc to go to
            guard let fromVC = transitionContext.viewController(forKey: .from),
                  let toVC = transitionContext.viewController(forKey: .to)
            else {
                return
            }

            let fromView = fromVC.view!
            let toView = toVC.view!

            var translation = containerView.frame.width
            var toViewTransform = CGAffineTransform.identity
            var fromViewTransform = CGAffineTransform.identity

            switch transitionType {
            case .NavigationTransition(let operation):
                translation = operation == .push ? translation : -translation
                toViewTransform = CGAffineTransform(translationX: translation, y: 0)
                fromViewTransform = CGAffineTransform(translationX: -translation, y: 0)
            case .TabTransition(let direction):
                // The transition delegate says whether it goes right or left.
                translation = direction == .Left ? translation : -translation
                fromViewTransform = CGAffineTransform(translationX: translation, y: 0)
                toViewTransform = CGAffineTransform(translationX: -translation, y: 0)
            case .ModalTransition(let operation):
                translation = containerView.frame.height
                toViewTransform = CGAffineTransform(translationX: 0, y: (operation == .Presentation ? translation : 0))
                fromViewTransform = CGAffineTransform(translationX: 0, y: (operation == .Presentation ? 0 : translation))
            }

            switch transitionType {
            case .ModalTransition(let operation):
                switch operation {
                case .Presentation: containerView.addSubview(toView)
                // In a dismissal, do not add toView, or the screen goes black.
                case .Dismissal: break
                }
            default: containerView.addSubview(toView)
            }

            toView.transform = toViewTransform
            // Start the animation
            UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                fromView.transform = fromViewTransform
                toView.transform = .identity
            }, completion: { finished in
                fromView.transform = .identity
                toView.transform = .identity

                let isCancelled = transitionContext.transitionWasCancelled
                transitionContext.completeTransition(!isCancelled)
            })
        }
    }

    @MainActor
    final class SDETabBarController: UITabBarController {
        let tabBarVCDelegate = SDETabBarVCDelegate()
        var subViewControllerCount: Int { viewControllers?.count ?? 0 }

        override func viewDidLoad() {
            super.viewDidLoad()
            delegate = tabBarVCDelegate
            view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: SDETabBarController.handlePan))
        }

        func handlePan(_ panGesture: UIPanGestureRecognizer) {
            let translationX = panGesture.translation(in: view).x
            let translationAbs = translationX > 0 ? translationX : -translationX
            let progress = translationAbs / view.frame.width
            switch panGesture.state {
            case .began:
                // Update the interaction state
                tabBarVCDelegate.interactive = true
                let velocityX = panGesture.velocity(in: view).x
                if velocityX < 0 {
                    if selectedIndex < subViewControllerCount - 1 {
                        selectedIndex += 1
                    }
                } else {
                    if selectedIndex > 0 {
                        selectedIndex -= 1
                    }
                }
            // 2. Update the progress:
            case .changed:
                tabBarVCDelegate.interactionController.update(progress)
            case .cancelled, .ended:
                if progress > 0.3 {
                    // Finish the transition.
                    tabBarVCDelegate.interactionController.completionSpeed = 0.99
                    tabBarVCDelegate.interactionController.finish()
                } else {
                    // Or cancel it.
                    tabBarVCDelegate.interactionController.completionSpeed = 0.99
                    tabBarVCDelegate.interactionController.cancel()
                }
                // Whatever the outcome, back to non-interactive.
                tabBarVCDelegate.interactive = false
            default: break
            }
        }
    }
}

@MainActor
@Suite struct Seed001TabBarPortTests {
    let h = PortHarness()
    let log = SharedLog()

    func shown() -> (Seed001Tabs.SDETabBarController, [TabPortPage]) {
        let pages = ["A", "B", "C"].map { TabPortPage($0, log: log) }
        let tabs = Seed001Tabs.SDETabBarController()
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

    @Test func aLeftwardPanSlidesTheNextTabInFromTheRightAndFinishesPastPointThree() {
        let (tabs, pages) = shown()
        drag(from: 300, [290, 260, 220, 180], release: false)
        h.frames(1)
        let f = CAMediaTimingFunction(name: .easeInEaseOut).value(at: 0.3)
        #expect(abs(pages[1].view.layer.presentation()!.transform.m41 - 400 * (1 - f)) < 1e-6)
        #expect(abs(pages[0].view.layer.presentation()!.transform.m41 + 400 * f) < 1e-6)
        h.move(160, 300, at: 11)
        h.up(160, 300, at: 11.2)   // p = 0.35
        settle(tabs)
        #expect(tabs.selectedViewController === pages[1] && !tabs.tabBarVCDelegate.interactive)
        #expect(log.entries == ["A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewDidAppear"])
        #expect(pages[1].view.transform == .identity && pages[0].view.superview == nil)
    }

    @Test func aPanShortOfPointThreeCancelsAndAPanTowardsNoTabDoesNothing() {
        let (tabs, pages) = shown()
        drag(from: 300, [290, 260, 220, 220])   // p = 0.2
        settle(tabs)
        #expect(tabs.selectedViewController === pages[0])
        #expect(log.entries == ["A.viewWillDisappear", "B.viewWillAppear",
                                "B.viewWillDisappear", "B.viewDidDisappear", "A.viewWillAppear", "A.viewDidAppear"])
        log.entries.removeAll()
        drag(from: 100, [110, 150, 200, 260])   // rightward at the first tab
        h.frames(2)
        #expect(tabs.transitionCoordinator == nil && log.entries.isEmpty && tabs.selectedIndex == 0)
        #expect(pages[0].view.transform == .identity && pages[0].view.frame == tabs.transitionView.bounds)
    }
}
